// Approved words on several processes (server/game/shared-words.ts): two server processes
// on one real redis-server, each with its own copy of a ruleset folder (so nothing passes
// through the disk). A word the owner approves in a game on one process is a word in the
// games of the other: one that loads the ruleset afterwards, and one already running. And a
// question to the owner that a game on one process leaves open when it ends reaches the
// owner's game on the other at once (server/game/carried-questions.ts).
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { generateMoves } from '../../core/robots/cardwords/generate.js';
import { moveWords, tilesToPlaced } from '../../core/robots/cardwords/robot.js';
import { formatAction } from '../../core/games/cardwords/notation.js';
import { getJSON, startServer, until, type ServerProcess } from '../support/game-server.js';
import { startRedis, type RedisProcess } from '../support/redis.js';
import { aaRuleset, boardOf, copySample, cwCreate, genContext, handOf, heldQuestion, loadTestRuleset, Recorder, seatOf, sorted, type CwJSON, type CwPlayer } from './cardwords-helpers.js';

/** A move of the player's hand whose words are exactly `words` (in any order). */
function moveMaking(p: CwPlayer, ctxWords: readonly string[], want: string, ruleset: Awaited<ReturnType<typeof loadTestRuleset>>): string | null {
  const gen = genContext(ruleset, ctxWords);
  const board = boardOf(p.state);
  const m = generateMoves(gen, board, handOf(p)).find((mv) => moveWords(gen, board, mv).includes(want));
  return m ? formatAction({ type: 'move', player: seatOf(p), cards: tilesToPlaced(board.width, m) }) : null;
}

/**
 * Sends the move until it is taken (the word may reach this process a moment later) and
 * returns the state its own patch brought, which comes before the ack: by the time the test
 * reads `p.state`, the robot may already have answered (its patch can come in the same read).
 */
async function playUntilTaken(p: CwPlayer, text: string, ms: number, what: string): Promise<CwJSON> {
  const rec = new Recorder(p);
  let moves = -1;
  await until(async () => {
    const r = await p.request('action', { text });
    if (r.type === 'ack') moves = r.payload.moves as number;
    return r.type === 'ack';
  }, ms, what);
  const taken = rec.states.find((s) => s.moves === moves);
  if (!taken) throw new Error(`${what}: no state with ${moves} moves among ${rec.states.length}`);
  return taken;
}

/**
 * X (ruleset folder `dirX`) with Ann's game, then Y (its own folder) with Bob's, both on the
 * Redis at `url`; `text` is a move of Bob's that lays AA (not a word yet).
 */
async function xThenY(url: string, dirX: string, servers: ServerProcess[]) {
  const env = { REDIS_URL: url };
  const args = (dir: string) => ['--ruleset', dir, '--robot-delay', '5', '--rate', '1000'];
  const ruleset = await loadTestRuleset(dirX);
  const x = await startServer({ env, args: args(dirX) });
  servers.push(x);
  const ann = await cwCreate(x.url, { owner: x.ownerToken, ruleset: 'aa', humans: 1, robots: ['best'], name: 'Ann', seed: 'words-3' });
  await until(() => ann.state.status === 'playing', 5000, 'the start on X');
  // Y's first game goes to Y once X's room count is on Redis (Colyseus: within a second)
  const r = new Redis(url);
  await until(async () => Object.values(await r.hgetall('roomcount')).some((v) => v.startsWith('1,')), 5000, "X's room count on Redis");
  r.disconnect();
  const y = await startServer({ env, args: args(aaRuleset()) });
  servers.push(y);
  const bob = await cwCreate(y.url, { owner: y.ownerToken, ruleset: 'aa', humans: 1, robots: ['best'], name: 'Bob', seed: 'words-4' });
  await until(() => bob.state.status === 'playing' && bob.state.turn === 0, 5000, 'the start on Y');
  return { env, args, x, y, ann, bob, text: moveMaking(bob, ['AA'], 'AA', ruleset)! };
}

describe('approved words on two processes', () => {
  let redis: RedisProcess | null = null;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
    await redis?.stop();
  });

  it('a word approved on one process is playable at once on the other, for humans and robots', async () => {
    redis = await startRedis();
    const env = { REDIS_URL: redis.url };
    const dirX = aaRuleset();
    const dirY = aaRuleset();
    const ruleset = await loadTestRuleset(dirX);
    const rooms = async (s: ServerProcess) => (await getJSON<{ rooms: number }>(`${s.url}/health`)).body.rooms;

    // X alone: the owner's game there approves AA
    const x = await startServer({ env, args: ['--ruleset', dirX, '--robot-delay', '5', '--rate', '1000'] });
    servers.push(x);
    const ann = await cwCreate(x.url, { owner: x.ownerToken, ruleset: 'aa', humans: 1, robots: ['best'], name: 'Ann', seed: 'words-1' });
    await until(() => ann.state.status === 'playing', 5000, 'the start on X');
    expect((await ann.request('approve', { word: 'aa' })).type).toBe('ack');
    expect(readFileSync(join(dirX, 'aa.personal.dict'), 'utf8').split('\n')).toContain('AA');

    // Y starts afterwards, with a folder that never heard of AA; its first game goes there
    // (the least busy process: once X's room count is on Redis, which Colyseus does within a second)
    const r = new Redis(redis.url);
    await until(async () => Object.values(await r.hgetall('roomcount')).some((v) => v.startsWith('1,')), 5000, "X's room count on Redis");
    r.disconnect();
    const y = await startServer({ env, args: ['--ruleset', dirY, '--robot-delay', '5', '--rate', '1000'] });
    servers.push(y);
    const bob = await cwCreate(y.url, { owner: y.ownerToken, ruleset: 'aa', humans: 1, robots: ['best'], name: 'Bob', seed: 'words-2' });
    await until(() => bob.state.status === 'playing' && bob.state.turn === 0, 5000, 'the start on Y');
    expect(await rooms(y)).toBe(1);
    expect(existsSync(join(dirY, 'aa.personal.dict'))).toBe(false);
    // Bob lays AA: no question to the owner
    const first = moveMaking(bob, ['AA'], 'AA', ruleset)!;
    const r1 = await bob.request('action', { text: first });
    expect(r1.type, JSON.stringify(r1.payload)).toBe('ack');
    // Y's robot (its own thread) knows AA too: it lays one
    await until(() => bob.state.moves >= 2 && bob.state.turn === 0, 5000, "Y's robot");
    expect(bob.state.last).toMatchObject({ player: 1, type: 'move' });
    expect([...bob.state.last.words]).toContain('AA');
    // and it was Y's robot thread that knew it (the main-thread fallback says so once)
    expect(y.output()).not.toContain("robots' thread is not available");

    // Y is running now: AAA approved on X reaches it at once
    const withAaa = moveMaking(bob, ['AA', 'AAA'], 'AAA', ruleset)!;
    expect(withAaa).not.toBeNull();
    const refused = await bob.request('action', { text: withAaa });
    expect(refused.payload).toMatchObject({ code: 'unknown-words' });
    expect((await ann.request('approve', { word: 'AAA' })).type).toBe('ack');
    const taken = await playUntilTaken(bob, withAaa, 5000, 'AAA on Y');
    expect(taken.last).toMatchObject({ player: 0, type: 'move' });
    expect([...taken.last.words]).toContain('AAA');
    await Promise.all([ann.leave(), bob.leave()]);
  });

  it('a word approved while Redis is away reaches the other process once Redis is back', async () => {
    const r0 = await startRedis();
    let r1: RedisProcess | null = null;
    try {
      const { x, ann, bob, text } = await xThenY(r0.url, aaRuleset(), servers);

      // Redis goes away; the owner approves AA on X (playable there at once, kept to send)
      await r0.stop();
      expect((await ann.request('approve', { word: 'AA' }, 30_000)).type).toBe('ack');
      await until(() => x.output().includes("'AA' (aa) is not on Redis yet"), 10_000, 'the note that AA waits');
      // Redis is back (empty): X sends AA again, and Bob's move on Y is accepted
      r1 = await startRedis(r0.port);
      const taken = await playUntilTaken(bob, text, 30_000, 'AA on Y');
      expect([...taken.last.words]).toContain('AA');
      await Promise.all([ann.leave().catch(() => undefined), bob.leave().catch(() => undefined)]);
    } finally {
      for (const s of servers.splice(0)) await s.stop();
      await r1?.stop();
      await r0.stop();
    }
  }, 90_000);

  it("a word approved while Redis was away, on a process that died before it came back, is shared when that process loads the ruleset again", async () => {
    const r0 = await startRedis();
    let r1: RedisProcess | null = null;
    const dirX = aaRuleset();
    try {
      const first = await xThenY(r0.url, dirX, servers);
      const { env, args, ann, bob, text } = first;
      let x = first.x;

      // Redis goes away; AA is approved on X, which then dies: only X's dictionary file has it
      await r0.stop();
      expect((await ann.request('approve', { word: 'AA' }, 30_000)).type).toBe('ack');
      // Ann's client goes with X for good (no tries to reach it again after the test)
      ann.room.reconnection.enabled = false;
      await x.kill9();
      expect(readFileSync(join(dirX, 'aa.personal.dict'), 'utf8').split('\n')).toContain('AA');
      r1 = await startRedis(r0.port);
      // Y is back on Redis (its subscription is the only one: X is dead), and has not heard of it
      const probe = new Redis(r1.url);
      try {
        await until(async () => ((await probe.pubsub('NUMSUB', 'cardwords:words')) as [string, number])[1] >= 1, 30_000, 'Y subscribed again');
      } finally {
        probe.disconnect();
      }
      expect((await bob.request('action', { text })).payload).toMatchObject({ code: 'unknown-words' });
      // X comes back; its first game loads the ruleset and shares its own dictionary
      x = await startServer({ env, args: args(dirX) });
      servers.push(x);
      const cleo = await cwCreate(x.url, { owner: x.ownerToken, ruleset: 'aa', humans: 1, robots: ['best'], name: 'Cleo', seed: 'words-7' });
      await until(() => cleo.state.status === 'playing', 5000, 'the start on X again');
      await until(async () => (await bob.request('action', { text })).type === 'ack', 10_000, 'AA on Y');
      await Promise.all([cleo.leave().catch(() => undefined), bob.leave().catch(() => undefined)]);
    } finally {
      for (const s of servers.splice(0)) await s.kill9();
      await r1?.stop();
      await r0.stop();
    }
  }, 90_000);

  it("a question still open when the owner ends a game on one process is asked at once in the owner's game of the ruleset on the other", async () => {
    const r0 = await startRedis();
    try {
      const env = { REDIS_URL: r0.url };
      const args = (dir: string) => ['--ruleset', dir, '--robot-delay', '5', '--rate', '1000'];
      const dirX = copySample('tiny');
      const x = await startServer({ env, args: args(dirX) });
      servers.push(x);
      // on X (alone): Bob's unknown words wait for the end of the round, the owner playing Ann
      const { ann, unknown } = await heldQuestion(x.url, x.ownerToken, dirX);
      const r = new Redis(r0.url);
      await until(async () => Object.values(await r.hgetall('roomcount')).some((v) => v.startsWith('1,')), 5000, "X's room count on Redis");
      r.disconnect();
      // Y, with its own folder: the owner's other game of the ruleset goes there (the least busy process)
      const y = await startServer({ env, args: args(copySample('tiny')) });
      servers.push(y);
      const next = await cwCreate(y.url, { owner: y.ownerToken, ruleset: 'tiny', humans: 1, robots: ['best'], watchers: 1 });
      expect((await getJSON<{ rooms: number }>(`${y.url}/health`)).body.rooms).toBe(1);
      await next.barrier();
      expect(next.messages.filter((m) => m.type === 'word-request')).toEqual([]);
      // the owner ends the game on X: Y's game asks at once, in Bob's name
      await ann.request('end');
      const q = await next.next((m) => m.type === 'word-request');
      expect(q.payload).toMatchObject({ player: 'Bob', ruleset: 'tiny', earlier: true });
      expect(sorted(q.payload.words)).toEqual(unknown);
      await next.request('end');
    } finally {
      for (const s of servers.splice(0)) await s.stop();
      await r0.stop();
    }
  }, 90_000);
});
