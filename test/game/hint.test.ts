// The hint answer carries the 10 best actions by equity (core/robots/cardwords/equity.ts),
// the hint itself the first of them, which the review after the game shows too; on a real
// `cardwords serve` process with a real SDK client.
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rulesFromRuleset } from '../../core/games/cardwords/setup.js';
import { LEAVES_VERSION, kindKey } from '../../core/robots/cardwords/leaves.js';
import { leavesFile, leavesKey } from '../../server/robots/leaves.js';
import { startServer, tempDir, until, type ServerProcess } from '../support/game-server.js';
import { copySample, cwCreate, cwJoin, handOf, loadTestRuleset, seatOf } from './cardwords-helpers.js';

let srv: ServerProcess;
beforeAll(async () => {
  srv = await startServer({ args: ['--ruleset', copySample('tiny'), '--rate', '1000', '--robot-delay', '5'] });
});
afterAll(async () => {
  await srv?.stop();
});

it('hint: the top 10 by equity (score + leave), best first, the hint itself the first, from the seat\'s own hand', async () => {
  const owner = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 1, robots: ['best'], watchers: 1, seed: 'hint-1' });
  const ann = await cwJoin(srv.url, owner.room.roomId, { name: 'Ann' });
  await until(() => ann.state.status === 'playing' && handOf(ann).length > 0, 10_000, 'the start');
  expect(seatOf(ann)).toBe(0);
  const hand = handOf(ann).map((c) => `${c.char ?? ''}${c.points}`).sort();
  ann.room.send('hint', { id: 'h1' });
  const m = await ann.next((x) => x.type === 'hint' && x.payload.id === 'h1');
  const p = m.payload as unknown as { score: number; ranked: Array<{ kind: string; score: number; leave: number; equity: number; kept: Array<{ char: string | null; points: number }> }> };
  expect(p.ranked.length).toBe(10);
  for (let i = 1; i < p.ranked.length; i++) expect(p.ranked[i - 1]!.equity).toBeGreaterThanOrEqual(p.ranked[i]!.equity);
  for (const r of p.ranked) {
    expect(r.equity).toBeCloseTo(r.score + r.leave, 1);
    // what is kept comes out of the seat's own hand
    const left = hand.slice();
    for (const k of r.kept) {
      const i = left.indexOf(`${k.char ?? ''}${k.points}`);
      expect(i).toBeGreaterThanOrEqual(0);
      left.splice(i, 1);
    }
  }
  // the hint itself is the first of them (the review's measure too): its score and its cards
  const action = (m.payload as unknown as { action: { type: string; cards?: Array<{ col: number; row: number; card: unknown }> } }).action;
  expect(p.score).toBe(p.ranked[0]!.score);
  expect(action.type).toBe(p.ranked[0]!.kind);
  expect(action.cards ?? []).toEqual((p.ranked[0] as unknown as { cards: unknown[] }).cards);
  await ann.leave();
  await owner.leave();
});

it('the hint is what the review shows after the game: the first by equity, with learned leave values that make it differ from the highest score', async () => {
  // a model of learned leave values in the server's cache: every card kept is worth 8 points,
  // so keeping the hand (a pass) ranks above the highest-scoring move
  const dir = copySample('tiny');
  const ruleset = await loadTestRuleset(dir);
  const rules = rulesFromRuleset(ruleset);
  const cache = tempDir();
  const key = leavesKey(ruleset, rules);
  const kinds = [...new Set(rules.deck.map(kindKey))];
  writeFileSync(leavesFile(key, cache), JSON.stringify({ version: LEAVES_VERSION, key, kinds, single: kinds.map(() => 8), pairs: [], triples: [], games: 1, samples: 1 }));
  const s = await startServer({ args: ['--ruleset', dir, '--rate', '1000', '--robot-delay', '5'], env: { CARDWORDS_CACHE_DIR: cache } });
  try {
    const ann = await cwCreate(s.url, { owner: s.ownerToken, ruleset: 'tiny', humans: 1, robots: ['best'], name: 'Ann', seed: 'hint-2' });
    await until(() => ann.state.status === 'playing' && ann.state.turn === 0 && handOf(ann).length > 0, 10_000, "Ann's turn");
    type Hint = { moves: number; score: number; action: { type: string; cards?: unknown[] }; ranked: Array<{ kind: string; score: number; leave: number; cards: unknown[] }> };
    let hint: Hint | null = null;
    let n = 0;
    // the values are read from the cache as the game is made: polled for, not waited for
    await until(async () => {
      ann.room.send('hint', { id: `h${++n}` });
      hint = (await ann.next((m) => m.type === 'hint' && m.payload.id === `h${n}`)).payload as unknown as Hint;
      return hint.ranked[0]!.leave > 0;
    }, 10_000, 'the learned values in use');
    const h = hint!;
    const first = h.ranked[0]!;
    // the learned values decide: the first by equity scores less than the best score listed
    expect(Math.max(...h.ranked.map((r) => r.score))).toBeGreaterThan(first.score);
    // the hint itself is that first one (the panels put it in the action area)
    expect({ type: h.action.type, score: h.score }).toEqual({ type: first.kind, score: first.score });
    // Ann plays something else; the owner ends the game: the review's choice at her turn is the hint's
    const other = await ann.request('action', first.kind === 'pass' ? { type: 'trade', cards: [handOf(ann)[0]!] } : { type: 'pass' });
    expect(other.type, JSON.stringify(other.payload)).toBe('ack');
    await until(() => ann.state.turn === 0 || ann.state.status !== 'playing', 10_000, "the robot's turn played");
    expect((await ann.request('end')).type).toBe('ack');
    const review = (await ann.next((m) => m.type === 'history' && (m.payload as { id?: string }).id === undefined)).payload as unknown as { turns: Array<{ player: number; best?: { type: string; score: number; cards?: unknown[] } }> };
    expect(review.turns[0]!.player).toBe(0);
    expect(review.turns[0]!.best).toMatchObject({ type: first.kind, score: first.score });
    expect(review.turns[0]!.best!.cards ?? []).toEqual(first.kind === 'move' ? first.cards : []);
  } finally {
    await s.stop();
  }
});
