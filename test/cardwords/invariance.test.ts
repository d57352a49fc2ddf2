// Invariance of the move generator (issue 3, "Correctness"): transposing the table with its
// attributes and start condition gives the same moves and best score; reordering the hand
// changes nothing; adding a word never lowers the best score; adding then removing a word
// (or removing then adding it back) restores every result. Full move lists are compared.
import { describe, expect, it } from 'vitest';
import type { CardTable } from '../../core/formats/types.js';
import type { Board, Card } from '../../core/games/cardwords/types.js';
import { Rng } from '../../core/random.js';
import { generateMoves, type GenContext, type GeneratedMove } from '../../core/robots/cardwords/generate.js';
import { TIER_WORDS, WordStore } from '../../core/words/store.js';
import { robotGame, sample } from './games.js';
import { bestOf, movesOf, randomPosition } from './random-positions.js';
import { CPU_BOUND } from '../support/timeouts.js';

function transposeTable(t: CardTable): CardTable {
  const W = t.width;
  const H = t.height;
  const cells = new Array<CardTable['cells'][number]>(W * H);
  for (let r = 0; r < H; r++) for (let c = 0; c < W; c++) cells[c * H + r] = t.cells[r * W + c]!;
  return {
    width: H,
    height: W,
    start: { column: t.start.row, row: t.start.column, touchColumn: t.start.touchRow, touchRow: t.start.touchColumn },
    endTag: t.endTag && { column: t.endTag.row, row: t.endTag.column },
    cells,
    lines: [],
  };
}

function transposeBoard(b: Board): Board {
  const cells = new Array<Card | null>(b.width * b.height);
  for (let r = 0; r < b.height; r++) for (let c = 0; c < b.width; c++) cells[c * b.height + r] = b.cells[r * b.width + c]!;
  return { width: b.height, height: b.width, cells };
}

const cardText = (c: Card) => `${c.char ?? ' '}${c.meaning ?? ''}${c.points}`;

/** Every move as "col,row:card ..." (sorted) -> score; `swap` names cells transposed. */
function moveMap(moves: GeneratedMove[], width: number, swap = false): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of moves) {
    const key = m.tiles
      .map((t) => {
        const c = t.cell % width;
        const r = Math.floor(t.cell / width);
        return swap ? `${r},${c}:${cardText(t.card)}` : `${c},${r}:${cardText(t.card)}`;
      })
      .sort()
      .join(' ');
    if (out.has(key)) throw new Error(`move listed twice: ${key}`);
    out.set(key, m.score);
  }
  return out;
}

/** Equal move maps (a quick string comparison first; toEqual only to show a difference). */
function sameMoves(a: Map<string, number>, b: Map<string, number>, name: string): void {
  const text = (m: Map<string, number>) => [...m].map(([k, v]) => `${k}=${v}`).sort().join('\n');
  if (text(a) !== text(b)) expect(a, name).toEqual(b);
}

const best = (moves: GeneratedMove[]) => (moves.length ? Math.max(...moves.map((m) => m.score)) : null);

/** Positions for the checks: seeded random small tables, and states of English robot games. */
let cached: Promise<Array<{ name: string; ctx: GenContext; board: Board; hand: Card[]; letters: string[] }>> | null = null;
function positions(): Promise<Array<{ name: string; ctx: GenContext; board: Board; hand: Card[]; letters: string[] }>> {
  cached ??= makePositions();
  return cached;
}

async function makePositions(): Promise<Array<{ name: string; ctx: GenContext; board: Board; hand: Card[]; letters: string[] }>> {
  const out: Array<{ name: string; ctx: GenContext; board: Board; hand: Card[]; letters: string[] }> = [];
  for (let seed = 20_000; seed < 20_400; seed++) {
    const p = randomPosition(seed);
    out.push({ name: `random ${seed}`, ctx: { table: p.table, bonus: p.bonus, store: p.store }, board: p.board, hand: p.hand, letters: p.letters });
  }
  const english = await sample('samples/english');
  const { states } = robotGame(english, 'invariance', ['best', 'casual'], true);
  const ctx = { table: english.rules.table, bonus: english.rules.bonus, store: english.store };
  for (const k of [0, 3, 8, 14]) {
    const s = states[Math.min(k, states.length - 1)]!;
    const hand = s.players[s.turn]!.hand.slice();
    if (k === 8) hand[0] = { char: null, points: 0 };
    out.push({ name: `english after ${k}`, ctx, board: s.board, hand, letters: english.rules.chars.slice() });
  }
  return out;
}

describe('move generator invariance', () => {
  it('transposing the table, its attributes, start condition and cards gives the same moves and scores', CPU_BOUND, async () => {
    for (const p of await positions()) {
      const moves = moveMap(movesOf(p.ctx, p.board, p.hand), p.board.width);
      const tctx = { ...p.ctx, table: transposeTable(p.ctx.table) };
      const tboard = transposeBoard(p.board);
      const tmoves = moveMap(movesOf(tctx, tboard, p.hand), tboard.width, true);
      sameMoves(tmoves, moves, p.name);
      expect(best(bestOf(tctx, tboard, p.hand)), p.name).toBe(best(bestOf(p.ctx, p.board, p.hand)));
    }
  });

  it('reordering the hand changes nothing', async () => {
    const rng = Rng.fromSeed('hand order');
    for (const p of await positions()) {
      const moves = moveMap(movesOf(p.ctx, p.board, p.hand), p.board.width);
      for (let i = 0; i < 2; i++) {
        const hand = rng.shuffle(p.hand.slice());
        sameMoves(moveMap(movesOf(p.ctx, p.board, hand), p.board.width), moves, p.name);
        expect(best(bestOf(p.ctx, p.board, hand))).toBe(best(bestOf(p.ctx, p.board, p.hand)));
      }
    }
  });

  it('adding a word never lowers the best score, keeps every move, and matches a rebuilt graph', () => {
    const rng = Rng.fromSeed('add a word');
    let raised = 0;
    for (let seed = 30_000; seed < 30_300; seed++) {
      const p = randomPosition(seed);
      const ctx = { table: p.table, bonus: p.bonus, store: p.store };
      const before = moveMap(movesOf(ctx, p.board, p.hand), p.table.width);
      const bestBefore = best(bestOf(ctx, p.board, p.hand));
      let word = '';
      do {
        word = '';
        const len = 2 + rng.int(4);
        for (let i = 0; i < len; i++) word += p.letters[rng.int(p.letters.length)]!;
      } while (p.store.has(word));
      expect(p.store.add(word)).toBe(true);
      const after = moveMap(movesOf(ctx, p.board, p.hand), p.table.width);
      for (const [k, s] of before) if (after.get(k) !== s) throw new Error(`seed ${seed}: ${k} scored ${s}, after adding ${word}: ${after.get(k)}`);
      const bestAfter = best(bestOf(ctx, p.board, p.hand));
      if (bestBefore !== null) expect(bestAfter!).toBeGreaterThanOrEqual(bestBefore);
      if (bestAfter !== bestBefore) raised++;
      const rebuilt = { ...ctx, store: WordStore.build(p.letters, [...p.words, word]) };
      sameMoves(after, moveMap(movesOf(rebuilt, p.board, p.hand), p.table.width), `seed ${seed}`);
    }
    expect(raised).toBeGreaterThan(0);
  });

  it(`many added words (several overlay tiers of ${TIER_WORDS}), some removed again: the same moves as a rebuilt graph`, () => {
    const rng = Rng.fromSeed('many added words');
    let threeTiers = 0;
    for (let seed = 31_000; seed < 31_040; seed++) {
      const p = randomPosition(seed);
      const ctx = { table: p.table, bonus: p.bonus, store: p.store };
      const words = new Set(p.words);
      const added: string[] = [];
      // up to 3 tiers' worth; short words, so that many of them are playable here
      for (let tries = 0; added.length < 2.5 * TIER_WORDS && tries < 5000; tries++) {
        let word = '';
        const len = 2 + rng.int(3);
        for (let i = 0; i < len; i++) word += p.letters[rng.int(p.letters.length)]!;
        if (words.has(word)) continue;
        expect(p.store.add(word)).toBe(true);
        words.add(word);
        added.push(word);
      }
      if (added.length > 2 * TIER_WORDS) threeTiers++;
      // remove every third added word (from every tier), then add a few back into the holes
      for (let i = 0; i < added.length; i += 3) {
        expect(p.store.remove(added[i]!)).toBe(true);
        words.delete(added[i]!);
      }
      for (let i = 0; i < added.length && i < 30; i += 6) {
        expect(p.store.add(added[i]!)).toBe(true);
        words.add(added[i]!);
      }
      for (const w of words) expect(p.store.has(w), w).toBe(true);
      for (let i = 3; i < added.length; i += 6) expect(p.store.has(added[i]!), added[i]).toBe(false);
      const rebuilt = { ...ctx, store: WordStore.build(p.letters, [...words]) };
      sameMoves(moveMap(movesOf(ctx, p.board, p.hand), p.table.width), moveMap(movesOf(rebuilt, p.board, p.hand), p.table.width), `seed ${seed}`);
    }
    expect(threeTiers).toBeGreaterThan(20);
  });

  it('adding then removing a word, or removing then adding it back, restores every result', async () => {
    const rng = Rng.fromSeed('add and remove');
    let changed = 0;
    for (let seed = 40_000; seed < 40_300; seed++) {
      const p = randomPosition(seed);
      const ctx = { table: p.table, bonus: p.bonus, store: p.store };
      const all = () => moveMap(movesOf(ctx, p.board, p.hand), p.table.width);
      const top = () => bestOf(ctx, p.board, p.hand).map((m) => moveMap([m], p.table.width));
      const before = all();
      const bestBefore = top();
      const fresh = p.letters[rng.int(p.letters.length)]! + p.letters[rng.int(p.letters.length)]! + p.letters[rng.int(p.letters.length)]!;
      if (p.store.add(fresh)) {
        if (JSON.stringify([...all()]) !== JSON.stringify([...before])) changed++;
        expect(p.store.remove(fresh)).toBe(true);
      }
      sameMoves(all(), before, `seed ${seed}`);
      expect(top()).toEqual(bestBefore);
      const old = p.words[rng.int(p.words.length)]!;
      expect(p.store.remove(old)).toBe(true);
      const without = all();
      const rebuilt = { ...ctx, store: WordStore.build(p.letters, p.words.filter((w) => w !== old)) };
      sameMoves(without, moveMap(movesOf(rebuilt, p.board, p.hand), p.table.width), `seed ${seed}`);
      expect(p.store.add(old)).toBe(true);
      sameMoves(all(), before, `seed ${seed}`);
      expect(top()).toEqual(bestBefore);
      expect(p.store.hasOverlay).toBe(false);
    }
    expect(changed).toBeGreaterThan(0);
    // on the English graph too
    const english = await sample('samples/english');
    const { states } = robotGame(english, 'add-remove', ['best', 'best'], true);
    const s = states[Math.min(6, states.length - 1)]!;
    const ctx = { table: english.rules.table, bonus: english.rules.bonus, store: english.store };
    const hand = s.players[s.turn]!.hand;
    const before = moveMap(generateMoves(ctx, s.board, hand), s.board.width);
    for (const w of ['QQ', 'ZZXQ', 'AEIOU']) {
      if (english.store.add(w)) expect(english.store.remove(w)).toBe(true);
    }
    expect(english.store.remove('THE')).toBe(true);
    expect(english.store.add('THE')).toBe(true);
    sameMoves(moveMap(generateMoves(ctx, s.board, hand), s.board.width), before, 'english');
  });
});
