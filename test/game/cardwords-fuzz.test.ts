// 10,000 seeded malformed or illegal messages against a running Cardwords game on a real
// server: wrong types, odd and large payloads (within and beyond the message limit), bogus
// notation, moves and trades with cards not in the hand, actions out of turn, owner-only
// messages from players, random bytes and text frames. Each is answered with an error; the
// server does not crash; nobody's decoded state changes and the durable log does not grow;
// the connections survive; then the game is played to its end. Seeded: a failure replays.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../core/random.js';
import { getJSON, startServer, until, type Msg, type ServerProcess } from '../support/game-server.js';
import { chooseText, copySample, cwCreate, cwJoin, genContext, handOf, loadTestRuleset, seatOf, type CwPlayer } from './cardwords-helpers.js';

const COUNT = 10_000;
const MAX_BYTES = 8 * 1024;

const KEYS = ['type', 'text', 'cards', 'card', 'col', 'row', 'char', 'points', 'meaning', 'word', 'words', 'name', 'id', 'player', 'add', 'z'];

function randomValue(rng: Rng, depth = 0): unknown {
  switch (rng.int(depth > 2 ? 7 : 9)) {
    case 0:
      return null;
    case 1:
      return rng.int(2000) - 1000;
    case 2:
      return rng.next() * 1e12 * (rng.int(2) ? 1 : -1);
    case 3:
      return 'x'.repeat(rng.int(40)) + String.fromCharCode(rng.int(0x3000));
    case 4:
      return rng.int(2) === 0;
    case 5:
      return [NaN, Infinity, -0, 2 ** 53 + 1, '', '\u0000', '[A 1]', '3,3'][rng.int(8)];
    case 6:
      return rng.int(3) === 0 ? undefined : 'move';
    case 7:
      return Array.from({ length: rng.int(5) }, () => randomValue(rng, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = rng.int(5); i > 0; i--) o[KEYS[rng.int(KEYS.length)]!] = randomValue(rng, depth + 1);
      return o;
    }
  }
}

/** A card that is in no hand: the deck has no card worth 77..99 or less than 0 points. */
function foreignCard(rng: Rng): { char: string | null; points: number } {
  const chars = ['A', 'B', 'E', 'Q', 'Z', null, 'ß', '', 'AB'];
  return { char: chars[rng.int(chars.length)]!, points: rng.int(2) ? 77 + rng.int(23) : -1 - rng.int(50) };
}

const BOGUS_TEXT = ['move', 'move three', 'move 3,3', 'move 3,3 [', 'move 3,3 [A]', 'move 99,99 [A 1]', 'move -1,0 [A 1]', 'move 3,3 [A 1] 3,3 [A 1]', 'trade', 'trade []', 'trade [A', 'trade [ 0]x', 'fly', 'PASSING', 'pass pass', '', ' ', '\n', 'move\u0000', '[A 1]', 'swap [A 1]', 'move 3;3 [A 1]'];

/** Text that is never a legal action of the sender (never a bare `pass`). */
function bogusText(rng: Rng): string {
  switch (rng.int(4)) {
    case 0:
      return BOGUS_TEXT[rng.int(BOGUS_TEXT.length)]!;
    case 1: {
      // well-formed, but with cards nobody holds
      const cards = Array.from({ length: 1 + rng.int(4) }, () => foreignCard(rng));
      const fmt = (c: { char: string | null; points: number }) => `[${c.char ?? ' '} ${c.points}]`;
      return rng.int(2) ? `move ${cards.map((c, i) => `${3 + i},3 ${fmt(c)}`).join(' ')}` : `trade ${cards.map(fmt).join(' ')}`;
    }
    case 2: {
      let s = '';
      for (let i = rng.int(60); i > 0; i--) s += String.fromCharCode(rng.int(128));
      return /^\s*pass\s*$/i.test(s) ? 'pas' : s;
    }
    default:
      // big, within the limit
      return `move ${'3,3 [A 1] '.repeat(rng.int(700))}`;
  }
}

/** An action payload that is illegal whoever sends it. */
function badAction(rng: Rng): unknown {
  switch (rng.int(6)) {
    case 0:
      return { text: bogusText(rng) };
    case 1:
      return { type: 'move', cards: Array.from({ length: rng.int(4) }, () => ({ col: rng.int(20) - 3, row: rng.int(20) - 3, card: foreignCard(rng) })) };
    case 2:
      return { type: 'trade', cards: rng.int(3) === 0 ? [] : Array.from({ length: 1 + rng.int(3) }, () => foreignCard(rng)) };
    case 3:
      return { type: [7, null, 'jump', 'Pass', '', ['pass'], { t: 1 }][rng.int(7)], text: rng.int(2) ? 7 : undefined };
    case 4:
      return { text: randomValue(rng) === null ? null : [1, 2] };
    default: {
      const v = randomValue(rng);
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
        const o = v as Record<string, unknown>;
        if (o.type === 'pass' || o.type === 'move' || o.type === 'trade') o.type = 'jump';
        if (typeof o.text === 'string') o.text = bogusText(rng);
        return o;
      }
      return v;
    }
  }
}

/** One malformed or illegal message from `p` (whose turn it is when `onTurn`). */
function fire(rng: Rng, p: CwPlayer, onTurn: boolean, i: number): void {
  const kind = rng.int(10);
  if (kind <= 2) p.room.send('action', badAction(rng));
  else if (kind === 3 && !onTurn) p.room.send('action', rng.int(2) ? { text: 'pass' } : { type: 'pass' }); // legal, but out of turn
  else if (kind === 3 || kind === 4) p.room.send(['end', 'remove', 'approve', 'reject', 'rematch'][rng.int(5)]!, rng.int(2) ? randomValue(rng) : { name: 'Robot1', word: 'AB', words: ['AB'] });
  else if (kind === 5) p.room.send(`no-such-${rng.int(100)}`, randomValue(rng));
  else if (kind === 6) {
    // a user frame (ROOM_DATA, code 13) with random bytes after its code
    const bytes = new Uint8Array(1 + rng.int(40));
    bytes[0] = 13;
    for (let k = 1; k < bytes.length; k++) bytes[k] = rng.int(256);
    p.raw.send(bytes);
  } else if (kind === 7) p.raw.transport.ws.send(`text ${i}`);
  else if (kind === 8) p.room.send('action', { text: 'x'.repeat(MAX_BYTES + rng.int(4000)) }); // beyond the limit: too-large
  else p.room.send(rng.int(1000), randomValue(rng));
}

function logLines(dataDir: string, id: string): number {
  return readFileSync(join(dataDir, 'games', `${id}.log`), 'utf8').trim().split('\n').length;
}

describe('cardwords fuzz', () => {
  let srv: ServerProcess;
  let rulesetDir: string;
  beforeAll(async () => {
    rulesetDir = copySample('tiny');
    srv = await startServer({ args: ['--ruleset', rulesetDir, '--rate', '100000', '--robot-delay', '5'] });
  });
  afterAll(async () => {
    await srv?.stop();
  });

  it(`answers ${COUNT} malformed or illegal messages with errors; no crash, no state change; the game still plays to the end`, async () => {
    const gctx = genContext(await loadTestRuleset(rulesetDir));
    const owner = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 2, robots: 1, seed: 'cardwords-fuzz-1' });
    const id = owner.room.roomId;
    const fuzzy = await cwJoin(srv.url, id, { name: 'Fuzzy' });
    const other = await cwJoin(srv.url, id, { name: 'Other' });
    await until(() => fuzzy.state.status === 'playing' && handOf(fuzzy).length > 0 && handOf(other).length > 0, 10_000, 'the start');
    expect(seatOf(fuzzy)).toBe(0);
    expect(fuzzy.state.turn).toBe(0); // Fuzzy's turn: nothing moves until Fuzzy does

    const snapshot = () => [owner, fuzzy, other].map((p) => JSON.stringify(p.state.toJSON()));
    // the owner's view too has the start (its patches came later under load): the three see
    // the same table, players and turn, their hands aside
    const publicView = (p: CwPlayer) => {
      const j = p.state.toJSON() as { players: Array<{ hand?: unknown }> };
      for (const pl of j.players) delete pl.hand;
      return JSON.stringify(j);
    };
    await until(() => new Set([owner, fuzzy, other].map(publicView)).size === 1, 10_000, 'the same start for all three');
    // every greeting in first: the ruleset's files can reach a client after its first state
    // (a clean run counted them as a reply to the fuzz)
    for (const p of [fuzzy, other]) await p.next((m) => m.type === 'ruleset');
    const before = snapshot();
    const linesBefore = logLines(srv.dataDir, id);
    const rng = Rng.fromSeed('cardwords-fuzz-1');
    const from = [fuzzy.messages.length, other.messages.length];
    const sent = [0, 0];
    for (let i = 0; i < COUNT; i++) {
      // three in four from the player on turn (illegal moves), the rest out of turn
      const who = rng.int(4) === 0 ? 1 : 0;
      fire(rng, who === 0 ? fuzzy : other, who === 0, i);
      sent[who]!++;
      if (i % 250 === 249) await new Promise((r) => setTimeout(r, 5)); // let the sockets drain
    }
    await until(() => fuzzy.messages.length - from[0]! >= sent[0]! && other.messages.length - from[1]! >= sent[1]!, 60_000, `${COUNT} replies`);
    // nothing more comes: every reply to the fuzz arrives before the barriers' replies
    await Promise.all([fuzzy.barrier(), other.barrier()]);
    const notBarrier = (m: Msg) => !String(m.payload?.id ?? '').startsWith('barrier-');
    const replies = [...fuzzy.messages.slice(from[0]), ...other.messages.slice(from[1])].filter(notBarrier);
    const notErrors = replies.filter((m) => m.type !== 'error');
    expect(notErrors, JSON.stringify(notErrors.slice(0, 3))).toEqual([]);
    expect(replies).toHaveLength(COUNT);
    const codes = new Map<string, number>();
    for (const m of replies) codes.set(String(m.payload.code), (codes.get(String(m.payload.code)) ?? 0) + 1);
    // the kinds of refusal the fuzz reached (each must occur)
    for (const c of ['malformed', 'too-large', 'unknown-message', 'not-owner', 'not-your-turn', 'not-in-hand', 'move/syntax', 'bad-action']) expect(codes.get(c) ?? 0, `${c} in ${JSON.stringify([...codes])}`).toBeGreaterThan(0);
    expect(fuzzy.left).toBeNull();
    expect(other.left).toBeNull();
    expect(owner.left).toBeNull();
    expect(snapshot()).toEqual(before);
    expect(logLines(srv.dataDir, id)).toBe(linesBefore);
    expect(((await getJSON<{ rooms: number }>(`${srv.url}/health`)).body).rooms).toBeGreaterThan(0);
    expect(srv.proc.exitCode).toBeNull();

    // the game goes on: both humans play (core's robot picks their moves) to the end
    const play = async (p: CwPlayer) => {
      let turn = 0;
      for (;;) {
        await until(() => p.state.status !== 'playing' || p.state.turn === seatOf(p), 60_000, `${p.name}'s turn`);
        if (p.state.status !== 'playing') return;
        const text = chooseText(p, gctx, 'good', turn++);
        const r = await p.request('action', { text });
        expect(r.type, `${text}: ${JSON.stringify(r.payload)}`).toBe('ack');
      }
    };
    await Promise.all([play(fuzzy), play(other)]);
    await owner.next((m) => m.type === 'results', 10_000);
    expect(logLines(srv.dataDir, id)).toBeGreaterThan(linesBefore);
    await Promise.all([fuzzy.leave(), other.leave(), owner.leave()]);
  }, 120_000);
});
