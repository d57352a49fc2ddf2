// Hand secrecy on the wire. Every raw WebSocket frame each client receives (two human
// players, one of them the owner, and a watcher) through a whole Cardwords game with two
// robots is recorded below the SDK, then checked apart from the SDK's own decoding:
//
// 1. The wire's own schema. The JOIN_ROOM handshake carries the state's reflection (every
//    type and field the server may send). It must have exactly one card type (fields
//    `char`, `points`), referenced only by the seat's `hand`; `pile` is a number. So a hand
//    is the only way a card can travel, and the pile can only travel as a count.
// 2. A full, view-less decoder. A fresh `Reflection.decode` decoder (not the SDK's) decodes
//    every ROOM_STATE / ROOM_STATE_PATCH frame: it applies whatever bytes arrive, whatever
//    the server's views meant to filter. We count every card instance the bytes create
//    (`createInstanceOfType`) and, after each frame, every card instance in the decoded
//    state: each must sit in the receiving seat's own hand; another seat's hand is always
//    empty; a watcher never gets one card instance at all.
// 3. An independent ground truth. The durable game log (seed + accepted actions) is replayed
//    with core's engine, giving every card each seat ever held. The cards a player's client
//    ever received (by content, as a multiset) must be among the cards dealt to its own seat,
//    and its final decoded hand must be the engine's. Why not search the frames for the
//    bytes of other seats' cards: a card encodes as a one-character string and a small int,
//    byte patterns that also occur in board cards, names and the player's own hand, so a
//    byte search would be unsound both ways; the reflection (1) proves cards travel only
//    as card instances, so counting instances (2) and checking their contents against the
//    engine's deal (3) covers every byte that could carry a card.
//
// The test can fail: it asserts that each player's recorder does see its own hand's cards,
// and as a negative control it runs the same checks on Ann's frames as if she sat in Bob's
// seat (her own cards then count as another seat's): they must report the leak.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decoder, Reflection, type Iterator, decode } from '@colyseus/schema';
import { WebSocketTransport } from '@colyseus/sdk/transport/WebSocketTransport';
import { ANY_WORD, apply, newGame, type CardwordsState } from '../../core/games/cardwords/engine.js';
import { rulesFromRuleset } from '../../core/games/cardwords/setup.js';
import { logRecord, startServer, until, type ServerProcess } from '../support/game-server.js';
import { chooseText, copySample, cwCreate, cwJoin, genContext, handOf, loadTestRuleset, seatOf, type CwPlayer } from './cardwords-helpers.js';

const JOIN_ROOM = 10;
const ROOM_STATE = 14;
const ROOM_STATE_PATCH = 15;
const CODE_MASK = 0x1f; // the low bits: the protocol code (the high bits are modifiers)
const TIMED = 128;

/** Every frame one client's socket received, in order (raw bytes, before the SDK). */
type Frames = Uint8Array[];

// The SDK's WebSocket transport, instrumented: each socket it opens records its frames into
// the recorder that was pending when the client joined (and keeps it across reconnections).
let pending: Frames | null = null;
const recorders = new WeakMap<object, Frames>();
type TransportLike = { ws: { onmessage: ((ev: { data: unknown }) => void) | null } };
const proto = WebSocketTransport.prototype as unknown as { connect(this: TransportLike, url: string, headers?: unknown): void };
const originalConnect = proto.connect;
proto.connect = function (this: TransportLike, url: string, headers?: unknown): void {
  originalConnect.call(this, url, headers);
  const frames = recorders.get(this) ?? pending;
  if (!frames) return;
  recorders.set(this, frames);
  const inner = this.ws.onmessage;
  this.ws.onmessage = (ev) => {
    const d = ev.data;
    frames.push(d instanceof ArrayBuffer ? new Uint8Array(d.slice(0)) : new Uint8Array(d as Uint8Array));
    inner?.(ev);
  };
};

async function recorded<T>(frames: Frames, join: () => Promise<T>): Promise<T> {
  pending = frames;
  try {
    return await join();
  } finally {
    pending = null;
  }
}

interface FieldInfo {
  name: string;
  type: unknown;
}
type Ctor = (new () => object) & Record<symbol, unknown>;

function fieldsOf(type: Ctor): FieldInfo[] {
  const md = type[Symbol.metadata] as Record<string, FieldInfo> | null | undefined;
  if (!md) return [];
  return Object.keys(md)
    .filter((k) => /^\d+$/.test(k))
    .map((k) => md[k]!);
}

interface Card {
  char: string;
  points: number;
}
interface Seat {
  hand?: Card[];
}
interface State {
  players: Seat[];
  pile: unknown;
  status: string;
}

interface Analysis {
  /** Card instances the bytes created, by content, in order. */
  cards: Card[];
  /** Decoded state frames (full + patches). */
  stateFrames: number;
  /** The last decoded state. */
  final: State;
  /** Violations found (empty when secret). */
  problems: string[];
}

/** Decodes one client's frames with a fresh view-less decoder and checks every frame. */
function analyse(frames: Frames, ownSeat: number | null): Analysis {
  const problems: string[] = [];
  const cards: Card[] = [];
  let decoder: Decoder | null = null;
  let cardType: Ctor | null = null;
  let created: object[] = [];
  let stateFrames = 0;
  for (const buf of frames) {
    const it: Iterator = { offset: 1 };
    if (buf[0]! & TIMED) it.offset += 8;
    const code = buf[0]! & CODE_MASK;
    if (code === JOIN_ROOM) {
      it.offset += buf[it.offset]! + 1; // reconnection token
      it.offset += buf[it.offset]! + 1; // serializer id
      const len = decode.number(buf, it);
      if (len === 0) continue;
      if (decoder) {
        problems.push('a second handshake (reconnection): not expected in this test');
        continue;
      }
      decoder = Reflection.decode(buf.subarray(0, it.offset + len), it);
      // the wire's schema: one card type, only in hands; the pile a number
      const types = Object.values((decoder.context as unknown as { types: Record<number, Ctor> }).types);
      const cardTypes = types.filter((t) => fieldsOf(t).map((f) => f.name).sort().join() === 'char,points');
      if (cardTypes.length !== 1) problems.push(`${cardTypes.length} card types in the reflection`);
      cardType = cardTypes[0] ?? null;
      let cardFields = 0;
      for (const t of types) {
        for (const f of fieldsOf(t)) {
          const refs = JSON.stringify(f.type, (_k, v: unknown) => (typeof v === 'function' ? (v === cardType ? 'CARD' : 'type') : v));
          if (refs.includes('CARD')) cardFields++;
          if (refs.includes('CARD') && f.name !== 'hand') problems.push(`cards in field '${f.name}'`);
          if (f.name === 'pile' && f.type !== 'uint16') problems.push(`pile is sent as ${JSON.stringify(f.type)}`);
        }
      }
      if (cardFields !== 1) problems.push(`${cardFields} fields hold cards (expected only the seat's hand)`);
      const make = decoder.createInstanceOfType.bind(decoder);
      decoder.createInstanceOfType = (type) => {
        const inst = make(type);
        if ((type as unknown) === cardType) created.push(inst);
        return inst;
      };
      continue;
    }
    if (code !== ROOM_STATE && code !== ROOM_STATE_PATCH) continue;
    if (!decoder) {
      problems.push('state before the handshake');
      continue;
    }
    stateFrames++;
    created = [];
    decoder.decode(buf, it);
    const state = decoder.state as unknown as State;
    const own = ownSeat === null ? null : state.players[ownSeat];
    const ownHand = own?.hand ? [...own.hand] : [];
    for (const c of created) {
      const card = c as Card;
      cards.push({ char: card.char, points: card.points });
      if (!ownHand.includes(card)) problems.push(`frame ${stateFrames}: a card ${JSON.stringify(card)} outside the own hand`);
    }
    state.players.forEach((p, i) => {
      if (i !== ownSeat && p.hand && p.hand.length > 0) problems.push(`frame ${stateFrames}: seat ${i}'s hand (${p.hand.length} cards) reached ${ownSeat === null ? 'a watcher' : `seat ${ownSeat}`}`);
    });
    if (typeof state.pile !== 'number') problems.push(`frame ${stateFrames}: the pile is ${typeof state.pile}`);
  }
  if (!decoder) throw new Error('no handshake recorded');
  return { cards, stateFrames, final: decoder.state as unknown as State, problems };
}

const key = (c: { char: string | null; points: number }) => `${c.char ?? ''}:${c.points}`;

/** Every card each seat was ever dealt, from the durable log replayed by the engine, and the final hands. */
function dealt(dataDir: string, id: string, names: string[], rules: Parameters<typeof newGame>[0]): { dealt: string[][]; hands: string[][] } {
  const lines = readFileSync(join(dataDir, 'games', `${id}.log`), 'utf8').trim().split('\n').map((l) => logRecord(l));
  const header = lines[0] as { seed: string };
  const g0 = newGame(rules, { seed: header.seed, players: names });
  if (!g0.ok) throw new Error(g0.error.message);
  let g: CardwordsState = g0.state;
  const got = g.players.map((p) => p.hand.map(key));
  for (const e of lines.slice(1)) {
    if (e.a === undefined) continue;
    const a = e.a as { player: number; type: string; cards?: unknown[] };
    const before = g.players[a.player]!.hand.length;
    const r = apply(rules, g, a, ANY_WORD);
    if (!r.ok) throw new Error(`the log does not replay: ${r.error.message}`);
    g = r.state;
    const hand = g.players[a.player]!.hand;
    const gone = a.type === 'pass' ? 0 : (a.cards?.length ?? 0);
    const drawn = hand.length - (before - gone);
    got[a.player]!.push(...hand.slice(hand.length - drawn).map(key));
  }
  return { dealt: got, hands: g.players.map((p) => p.hand.map(key)) };
}

/** True when `sub` (a multiset) is contained in `all`. */
function within(sub: string[], all: string[]): boolean {
  const left = new Map<string, number>();
  for (const k of all) left.set(k, (left.get(k) ?? 0) + 1);
  for (const k of sub) {
    const n = left.get(k) ?? 0;
    if (n === 0) return false;
    left.set(k, n - 1);
  }
  return true;
}

async function playAll(p: CwPlayer, gctx: ReturnType<typeof genContext>): Promise<number> {
  let turns = 0;
  for (;;) {
    await until(() => p.state.status !== 'playing' || p.state.turn === seatOf(p), 60_000, `${p.name}'s turn or the end`);
    if (p.state.status !== 'playing') return turns;
    const text = chooseText(p, gctx, 'good', turns);
    const r = await p.request('action', { text });
    expect(r.type, `${text}: ${JSON.stringify(r.payload)}`).toBe('ack');
    turns++;
  }
}

describe('hand secrecy on the wire', () => {
  let srv: ServerProcess;
  let rulesetDir: string;
  beforeAll(async () => {
    rulesetDir = copySample('tiny');
    srv = await startServer({ args: ['--ruleset', rulesetDir, '--rate', '1000', '--robot-delay', '5'] });
  });
  afterAll(async () => {
    await srv?.stop();
  });

  it('no client ever receives a card of another seat; watchers none; the pile only as a count', async () => {
    const ruleset = await loadTestRuleset(rulesetDir);
    const gctx = genContext(ruleset);
    const annFrames: Frames = [];
    const bobFrames: Frames = [];
    const watchFrames: Frames = [];
    const ann = await recorded(annFrames, () => cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 2, robots: ['good', 'casual'], watchers: 1, name: 'Ann', seed: 'wire-1' }));
    const id = ann.room.roomId;
    const watcher = await recorded(watchFrames, () => cwJoin(srv.url, id, { watch: true }));
    const bob = await recorded(bobFrames, () => cwJoin(srv.url, id, { name: 'Bob' }));
    await until(() => ann.state.status === 'playing' && handOf(ann).length > 0 && handOf(bob).length > 0, 10_000, 'the start');
    const [annTurns, bobTurns] = await Promise.all([playAll(ann, gctx), playAll(bob, gctx)]);
    expect(annTurns + bobTurns).toBeGreaterThan(0);
    await until(() => watcher.state.status === 'over' && ann.state.status === 'over' && bob.state.status === 'over', 10_000, 'the end everywhere');

    const names = [...ann.state.players].map((p) => p.name);
    expect(names).toEqual(['Ann', 'Bob', 'Robot1', 'Robot2']);
    const truth = dealt(srv.dataDir, id, names, rulesFromRuleset(ruleset));

    const a = analyse(annFrames, 0);
    const b = analyse(bobFrames, 1);
    const w = analyse(watchFrames, null);
    expect(a.problems).toEqual([]);
    expect(b.problems).toEqual([]);
    expect(w.problems).toEqual([]);

    // sanity: the recorder does see each player's own cards (so the checks can fail)
    // (how many patches a game takes depends on timing: changes close together share one)
    expect(a.stateFrames).toBeGreaterThan(1);
    expect(a.cards.length).toBeGreaterThanOrEqual(ruleset.handSize);
    expect(b.cards.length).toBeGreaterThanOrEqual(ruleset.handSize);
    // a watcher: the table, never a card instance
    expect(w.stateFrames).toBeGreaterThan(1);
    expect(w.cards).toEqual([]);

    // ground truth: what each player received is among what its own seat was dealt ...
    expect(within(a.cards.map(key), truth.dealt[0]!), `Ann got ${a.cards.map(key).join(' ')}; dealt ${truth.dealt[0]!.join(' ')}`).toBe(true);
    expect(within(b.cards.map(key), truth.dealt[1]!), `Bob got ${b.cards.map(key).join(' ')}; dealt ${truth.dealt[1]!.join(' ')}`).toBe(true);
    for (const [own, rec] of [[0, a], [1, b]] as const) {
      // the final decoded own hand is the engine's
      expect((rec.final.players[own]!.hand ?? []).map(key)).toEqual(truth.hands[own]);
    }
    // negative control: Ann's frames read as if she held seat 1 must show a leak
    const control = analyse(annFrames, 1);
    expect(control.problems.some((m) => /seat 0's hand/.test(m))).toBe(true);
    expect(control.problems.some((m) => /outside the own hand/.test(m))).toBe(true);
    // the SDK's view agrees
    expect(handOf(ann).map(key)).toEqual(truth.hands[0]);
    await Promise.all([ann.leave(), bob.leave(), watcher.leave()]);
  });
});
