// Split brain on Redis (docs/server.md "Several processes: Redis", fencing): a process that
// lost a game's lease while still running (Redis out of its reach, or the process stalled,
// for longer than the lease) must neither append to the game's log nor acknowledge an
// action once another process has taken the game over. Real redis-server, real processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { LeaseLostError, RedisGameStore, type GameHeader } from '../../server/game/store.js';
import { CLOSE, MOVED_MESSAGE } from '../../core/protocol/messages.js';
import { Player, getJSON, logRecord, startServer, until, type ServerProcess } from '../support/game-server.js';
import { startRedis, type RedisProcess } from '../support/redis.js';
import { copySample, heldQuestion } from './cardwords-helpers.js';

describe('fencing a game taken over by another process', () => {
  let redis: RedisProcess;
  let r: Redis;
  beforeAll(async () => {
    redis = await startRedis();
    r = new Redis(redis.url);
  });
  afterAll(async () => {
    r?.disconnect();
    await redis?.stop();
  });

  it('the store: the old holder appends until another takes the game, then nothing; it cannot finish or release the game', async () => {
    // leases long enough that no renewal runs during the test: the test ends the lease itself
    const ca = new Redis(redis.url);
    const cb = new Redis(redis.url);
    const a = new RedisGameStore(ca, 'proc-a', 600_000);
    const b = new RedisGameStore(cb, 'proc-b', 600_000);
    try {
      const id = 'fence-store';
      const header: GameHeader = { v: 1, id, kind: 'yatzee', seed: 's', created: 0, options: {} };
      const logA = await a.create(header);
      let lost = 0;
      logA.onLost = () => lost++;
      await logA.append({ t: 1 });
      // A's lease ends (as its expiry would); nobody has taken the game yet: A goes on
      await r.del(`cardwords:claim:${id}`);
      await logA.append({ t: 2 });
      // B takes the game over and reads it
      expect(await b.claim(id, 'proc-b')).toBe(true);
      const opened = (await b.open(id))!;
      expect(opened.game.entries.map((e) => e.t)).toEqual([1, 2]);
      // A is fenced off: refused, told once, and Redis is not blamed
      await expect(logA.append({ t: 3 })).rejects.toBeInstanceOf(LeaseLostError);
      await expect(logA.append({ t: 4 })).rejects.toBeInstanceOf(LeaseLostError);
      expect(lost).toBe(1);
      expect(a.problem).toBeNull();
      await opened.log.append({ t: 5 });
      // nor can A end the game, release B's lease, or open the game while B holds it
      await expect(logA.finish('owner')).rejects.toBeInstanceOf(LeaseLostError);
      await logA.close();
      expect(await r.get(`cardwords:claim:${id}`)).toBe('proc-b');
      expect(await a.open(id)).toBeNull();
      const records = await r.lrange(`cardwords:game:${id}`, 0, -1);
      expect(records.slice(1).map((l) => logRecord(l).t)).toEqual([1, 2, 5]);
      expect(await r.sismember('cardwords:games:open', id)).toBe(1);
      // the holder ends it
      await opened.log.finish('owner');
      expect(await r.sismember('cardwords:games:open', id)).toBe(0);
      expect(await r.exists(`cardwords:claim:${id}`)).toBe(0);
      // the counter stays: a stale holder is still refused after the end
      expect(await r.get(`cardwords:fence:${id}`)).toBe('2');
      expect(await r.exists(`cardwords:holder:${id}`)).toBe(0);

      // At a process's start: a game whose lease lapsed while its holder's process key is
      // there (a renewal late: a stall, an outage) waits a lease, as one found free later does
      // (it was taken at once, and a living holder lost its game); a holder known dead's is
      // taken at once, and so is the game of the process this one follows on its data folder
      // (a restart), even while that one's lease runs.
      await a.start();
      expect(await r.pttl('cardwords:process:proc-a')).toBeGreaterThan(0);
      const late = 'fence-start';
      await a.create({ ...header, id: late });
      await r.del(`cardwords:claim:${late}`); // A's lease lapsed: A is late, not dead
      expect(await b.claimAtStart(late, null)).toBe('wait');
      expect(await b.claimAtStart(late, 'proc-x')).toBe('wait');
      expect(await r.exists(`cardwords:claim:${late}`)).toBe(0);
      await a.close(); // A stops: its process key goes (as it expires when A dies)
      expect(await r.exists('cardwords:process:proc-a')).toBe(0);
      expect(await b.claimAtStart(late, null)).toBe('claimed');
      expect(await r.get(`cardwords:claim:${late}`)).toBe('proc-b');
      expect(await a.claimAtStart(late, null)).toBe('held');
      // B restarts as proc-b2 on its data folder: its game comes back at once, B fenced off
      const b2 = new RedisGameStore(ca, 'proc-b2', 600_000);
      expect(await b2.claimAtStart(late, 'proc-b')).toBe('claimed');
      expect(await r.get(`cardwords:claim:${late}`)).toBe('proc-b2');
      expect(await r.get(`cardwords:holder:${late}`)).toBe('proc-b2');
      expect(await r.get(`cardwords:fence:${late}`)).toBe('3');
      await (await b2.open(late))!.log.finish('owner');
    } finally {
      await a.close();
      await b.close();
      ca.disconnect();
      cb.disconnect();
    }
  });

  it('the store: Redis without its data refuses every write (none acknowledged into a list no restart restores) and says so until the games held are written again', async () => {
    const c = new Redis(redis.url);
    const store = new RedisGameStore(c, 'proc-lost', 600_000);
    store.say = () => undefined;
    let release = () => {};
    // the server's part of the rewrite (owner token, listings) waits for the test: the store is not whole meanwhile
    store.restoreOthers = () => new Promise<void>((resolve) => (release = resolve));
    try {
      await store.start();
      const id = 'lost-data';
      const log = await store.create({ v: 1, id, kind: 'yatzee', seed: 's', created: 0, options: {} });
      let lost = 0;
      log.onLost = () => lost++;
      await log.append({ t: 1 });
      const before = await r.lrange(`cardwords:game:${id}`, 0, -1);
      await r.flushall(); // as a Redis restarted without persistence
      await expect(log.append({ t: 2 })).rejects.toThrow(/Redis lost its data/);
      expect(store.problem).toMatch(/Redis lost its data/);
      await until(async () => (await r.lrange(`cardwords:game:${id}`, 0, -1)).length === before.length, 5000, 'the game written again');
      expect(await r.lrange(`cardwords:game:${id}`, 0, -1)).toEqual(before);
      expect(store.problem).toMatch(/Redis lost its data/);
      release();
      await store.check();
      expect(store.problem).toBeNull();
      expect(await r.get(`cardwords:claim:${id}`)).toBe('proc-lost');
      expect(await r.sismember('cardwords:games:open', id)).toBe(1);
      await log.append({ t: 3 });
      expect((await r.lrange(`cardwords:game:${id}`, 0, -1)).slice(1).map((l) => logRecord(l).t)).toEqual([1, 3]);
      expect(lost).toBe(0);
      await log.finish('owner');
    } finally {
      release();
      await store.close();
      c.disconnect();
    }
  });

  /** Two processes (lease 2 s) with the tiny ruleset, shared by the tests below, each leaving them as it found them. */
  let pair: ServerProcess[] | null = null;
  const tiny = copySample('tiny');
  async function twoProcesses(): Promise<ServerProcess[]> {
    const env = { REDIS_URL: redis.url };
    const args = ['--rate', '1000', '--lease-timeout', '2000', '--ruleset', tiny];
    pair ??= [await startServer({ env, args }), await startServer({ env, args })];
    return pair;
  }
  afterAll(async () => {
    for (const s of pair ?? []) await s.stop();
  });
  const health = async (s: ServerProcess) => (await getJSON<{ rooms: number; processId: string; adopting?: string[] }>(`${s.url}/health`)).body;

  /** Stops the holder of game `id` (SIGSTOP) until the other process has taken the game over, runs `meanwhile`, then lets it go on. */
  async function stallPastLease(holder: ServerProcess, other: ServerProcess, id: string, meanwhile: () => void): Promise<void> {
    const otherId = (await health(other)).processId;
    const rooms = (await health(other)).rooms;
    process.kill(holder.proc.pid!, 'SIGSTOP');
    try {
      // (more than one room: the stalled holder may also hold an earlier test's game, which
      // the other process takes over too; `=== rooms + 1` then never held, a red run)
      await until(async () => (await r.get(`cardwords:claim:${id}`)) === otherId && (await health(other)).rooms > rooms, 20_000, 'the take-over');
      meanwhile();
    } finally {
      process.kill(holder.proc.pid!, 'SIGCONT');
    }
  }

  it('two processes: the stalled holder refuses the action, its room closes, and the game goes on at the process that took it over', async () => {
    const servers = await twoProcesses();
    {
      const ann = await Player.create(servers[0]!.url, 'yatzee', { owner: servers[0]!.ownerToken, name: 'Ann' });
      const key = (await ann.next((m) => m.type === 'welcome')).payload.key!;
      const id = ann.room.roomId;
      expect((await ann.request('action', { type: 'throw' })).type).toBe('ack');
      const seen = (await ann.request('action', { type: 'hold', dice: [1] })).payload.moves!;
      const holder = (await health(servers[0]!)).rooms > 0 ? servers[0]! : servers[1]!;
      const other = holder === servers[0] ? servers[1]! : servers[0]!;
      expect(await r.get(`cardwords:claim:${id}`)).toBe((await health(holder)).processId);
      const before = await r.lrange(`cardwords:game:${id}`, 0, -1);

      // the holder stalls for longer than its lease: the other process takes the game over;
      // an action reaches the stalled holder (its room is still open there)
      await stallPastLease(holder, other, id, () => ann.room.send('action', { type: 'hold', dice: [2], id: 'late' }));
      await until(() => ann.left !== null, 20_000, "the old holder's room to close");
      // the close comes after every message of the room: the action was never acknowledged
      expect(ann.left).toBe(CLOSE.SERVER_STOPPING);
      const reply = ann.messages.find((m) => (m.type === 'ack' || m.type === 'error') && m.payload.id === 'late');
      expect(reply?.type).not.toBe('ack');
      // refused by the log (fenced) or, when the lost lease was seen first, by the closing room
      if (reply) expect(['storage-failed', 'server-stopping']).toContain(reply.payload.code);
      // said as a move, not as a stop ("the server is stopping", its process going on)
      if (reply) expect(reply.payload.message).toMatch(/the game moved to another server process/);
      expect(ann.messages.find((m) => m.type === 'stopping')?.payload.message).toBe(MOVED_MESSAGE);
      expect(holder.proc.exitCode).toBeNull();
      await until(() => holder.output().includes(`game ${id} was taken over by another process`), 10_000, "the old holder's log line");
      // nothing of the old holder's after the take-over
      expect(await r.lrange(`cardwords:game:${id}`, 0, -1)).toEqual(before);

      // Ann takes her seat back at the new holder; Bob joins through the old one: the listing is the new holder's
      const back = await Player.join(other.url, id, { name: 'Ann', key });
      await back.next((m) => m.type === 'welcome');
      expect(back.state.moves).toBe(seen);
      const bob = await Player.join(holder.url, id, { name: 'Bob' });
      await bob.next((m) => m.type === 'welcome');
      expect((await back.request('action', { type: 'hold', dice: [2] })).type).toBe('ack');
      const after = await r.lrange(`cardwords:game:${id}`, 0, -1);
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after.slice(before.length).map((l) => logRecord<{ a: unknown }>(l).a)).toEqual([
        { type: 'join', name: 'Bob' },
        { type: 'hold', player: 'Ann', dice: [2] },
      ]);
      await Promise.all([back.leave(), bob.leave()]);
    }
  });

  it('a holder that renews within a lease of its game being found free keeps it: the other process does not take a game whose process lives', async () => {
    // an outage (or a stall) longer than the lease: the adoption raced the holder's renewal
    // and moved 1 of 6 games, then 1 of 27, though every process lived
    const servers = await twoProcesses();
    const ann = await Player.create(servers[0]!.url, 'yatzee', { owner: servers[0]!.ownerToken, name: 'Ann' });
    await ann.next((m) => m.type === 'welcome');
    const id = ann.room.roomId;
    expect((await ann.request('action', { type: 'throw' })).type).toBe('ack');
    const claimed = (await r.get(`cardwords:claim:${id}`))!;
    const holder = (await health(servers[0]!)).processId === claimed ? servers[0]! : servers[1]!;
    const other = holder === servers[0] ? servers[1]! : servers[0]!;
    process.kill(holder.proc.pid!, 'SIGSTOP');
    try {
      // the lease lapses; the other process finds the game free (or, before the fix, takes it)
      await until(async () => (await health(other)).adopting?.includes(id) === true || ![claimed, null].includes(await r.get(`cardwords:claim:${id}`)), 20_000, 'the game found free');
    } finally {
      process.kill(holder.proc.pid!, 'SIGCONT');
    }
    await until(async () => !(await health(other)).adopting?.includes(id), 10_000, 'the other process to see the lease renewed');
    expect(await r.get(`cardwords:claim:${id}`)).toBe(claimed);
    expect(holder.output()).not.toContain(`game ${id} was taken over`);
    expect(ann.left).toBeNull();
    expect((await ann.request('action', { type: 'hold', dice: [0] })).type).toBe('ack');
    await ann.leave();
  });

  it("a stale holder's end carries no question of the game on: the owner is not told a word held back from a round that goes on elsewhere", async () => {
    const servers = await twoProcesses();
    // the owner plays Ann: Bob's unknown words wait for the end of the round
    const { ann, bob } = await heldQuestion(servers[0]!.url, servers[0]!.ownerToken, tiny);
    const id = ann.room.roomId;
    const claimed = await r.get(`cardwords:claim:${id}`);
    const holder = (await health(servers[0]!)).processId === claimed ? servers[0]! : servers[1]!;
    const other = holder === servers[0] ? servers[1]! : servers[0]!;
    const heard: string[] = [];
    const probe = new Redis(redis.url);
    probe.on('message', (_c: string, text: string) => heard.push(text));
    await probe.subscribe('cardwords:questions');
    try {
      // the owner's end reaches the holder while it stalls past its lease and the game moves
      await stallPastLease(holder, other, id, () => ann.room.send('end', { id: 'late-end' }));
      await until(() => ann.left !== null, 20_000, "the old holder's room to close");
      await until(() => holder.output().includes(`game ${id} was taken over by another process`), 10_000, "the old holder's log line");
      expect(ann.left).toBe(CLOSE.SERVER_STOPPING);
      expect(ann.messages.some((m) => m.type === 'ack' && m.payload.id === 'late-end')).toBe(false);
      expect(ann.messages.some((m) => m.type === 'results' || m.type === 'ended')).toBe(false);
      // a round trip through Redis after the holder's room closed: nothing kept, nothing said
      await r.publish('cardwords:questions', 'barrier');
      await until(() => heard.includes('barrier'), 5000, 'the barrier');
      expect(heard).toEqual(['barrier']);
      expect(await r.hgetall('cardwords:questions:tiny')).toEqual({});
      expect(await r.sismember('cardwords:games:open', id)).toBe(1);
    } finally {
      probe.disconnect();
      bob.room.reconnection.enabled = false;
      await Promise.all([ann.leave().catch(() => undefined), bob.leave().catch(() => undefined)]);
    }
  });
});
