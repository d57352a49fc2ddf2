// The WebAssembly search (core/robots/cardwords/wasm-search.ts) lists exactly the moves of
// the generator's own search, in the same order with the same scores: on thousands of
// random positions (wildcards, negative points and factors, blocked cells, start rules,
// lay bonuses, maxTiles, a word filter, words added to and removed from the store) and along English games with 0 to 2
// wildcards in hand, where its board and cross-sets follow the game and words are added
// half-way and removed three quarters in; it leaves a wide graph to the JavaScript search;
// and the committed module was compiled from its source as it is (the hashes it records).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../core/random.js';
import { MoveGenerator, MoveList, type GenContext, type GenerateOptions } from '../../core/robots/cardwords/generate.js';
import type { Board, Card } from '../../core/games/cardwords/types.js';
import { moduleText } from '../../scripts/make-movegen-wasm.mjs';
import { SEARCH_WASM_BASE64 } from '../../core/robots/cardwords/search-wasm.js';
import { WordStore } from '../../core/words/store.js';
import { bonusMap, makeTable, randomWords } from './fixtures.js';
import { robotGame, sample } from './games.js';
import { randomPosition } from './random-positions.js';
import { CPU_BOUND } from '../support/timeouts.js';

/** '' when the two lists hold the same numbers in the same order, else the first difference. */
function diff(a: MoveList, b: MoveList): string {
  if (a.count !== b.count || a.tileCount !== b.tileCount) return `${a.count} moves of ${a.tileCount} tiles against ${b.count} of ${b.tileCount}`;
  const arrays = ['scores', 'dirs', 'firsts', 'sizes'] as const;
  for (const k of arrays) for (let i = 0; i < a.count; i++) if (a[k][i] !== b[k][i]) return `move ${i}: ${k} ${a[k][i]} against ${b[k][i]}`;
  const tiles = ['cells', 'letters', 'points', 'wilds'] as const;
  for (const k of tiles) for (let t = 0; t < a.tileCount; t++) if (a[k][t] !== b[k][t]) return `tile ${t}: ${k} ${a[k][t]} against ${b[k][t]}`;
  return '';
}

/**
 * How the search gives the hand's cards to the letters it laid: one card's points per
 * letter and no wildcard (simple), the same with one kind of wildcard (oneKind), or any
 * other hand (mixed: wildcards at different points, a letter at two points).
 */
function handKind(hand: readonly Card[]): 'simple' | 'oneKind' | 'mixed' {
  const wilds = new Set(hand.filter((c) => c.char === null).map((c) => c.points));
  const kinds = new Map<string, Set<number>>();
  for (const c of hand) if (c.char !== null) kinds.set(c.char, (kinds.get(c.char) ?? new Set()).add(c.points));
  const letters = [...kinds.values()];
  if (!letters.every((k) => k.size === 1) || wilds.size > 1) return 'mixed';
  return wilds.size === 0 ? 'simple' : 'oneKind';
}

describe('the WebAssembly move search', () => {
  it('core/robots/cardwords/search-wasm.ts is current with assembly/search.ts (run scripts/make-movegen-wasm.mjs)', () => {
    // what the script writes for these bytes now: the hash of the source, compiler and
    // options it was compiled from, and of the bytes (compiling here took 15 s of the suite)
    expect(readFileSync('core/robots/cardwords/search-wasm.ts', 'utf8')).toBe(moduleText(SEARCH_WASM_BASE64));
  });

  it('lists the moves of the generator’s own search on 2,000 random positions, every move and the best', CPU_BOUND, () => {
    const wasm = new MoveGenerator();
    const js = new MoveGenerator({ wasm: false });
    const a = new MoveList();
    const b = new MoveList();
    const rng = Rng.fromSeed('wasm-random');
    let moves = 0;
    let wild = 0;
    let added = 0;
    let removed = 0;
    const hands = { simple: 0, oneKind: 0, mixed: 0 };
    for (let seed = 0; seed < 2000; seed++) {
      const p = randomPosition(seed, { maxHand: 7 });
      // a third of the stores learn words after their build (overlay graphs, searched too)
      if (seed % 3 === 1) for (const w of randomWords(rng, p.letters, 1 + rng.int(30), 2 + rng.int(5))) if (p.store.add(w)) added++;
      // and a fifth forget some of their words
      if (seed % 5 === 2) for (const w of rng.shuffle(p.words.slice()).slice(0, 1 + rng.int(8))) if (p.store.remove(w)) removed++;
      const ctx: GenContext = { table: p.table, bonus: p.bonus, store: p.store };
      const opts: GenerateOptions = { mode: seed % 3 === 0 ? 'best' : 'all' };
      if (rng.int(5) === 0) opts.maxTiles = rng.int(4);
      if (rng.int(5) === 0) {
        const longest = 2 + rng.int(5);
        opts.acceptWord = (len) => len <= longest;
      }
      const before = wasm.wasm!.calls;
      wasm.generate(ctx, p.board, p.hand, opts, a);
      js.generate(ctx, p.board, p.hand, opts, b);
      expect(wasm.wasm!.calls, `seed ${seed}`).toBe(before + 1);
      expect(diff(a, b), `seed ${seed} ${opts.mode}`).toBe('');
      if (opts.mode === 'best') expect(wasm.bestScore).toBe(js.bestScore);
      // the same search: the same words reached (pruned alike)
      expect(wasm.wordsReached, `seed ${seed} ${opts.mode}`).toBe(js.wordsReached);
      moves += a.count;
      if (p.hand.some((c) => c.char === null) && a.count) wild++;
      if (a.count) hands[handKind(p.hand)]++;
    }
    expect(moves).toBeGreaterThan(20_000);
    expect(wild).toBeGreaterThan(200);
    // each of the search's ways of giving cards to the letters laid is taken
    expect(hands.simple).toBeGreaterThan(200);
    expect(hands.oneKind).toBeGreaterThan(100);
    expect(hands.mixed).toBeGreaterThan(100);
    expect(added).toBeGreaterThan(3_000);
    expect(removed).toBeGreaterThan(1_000);
  });

  it('reads maxTiles alike: negative, fractional, NaN and infinite limits', () => {
    const wasm = new MoveGenerator();
    const js = new MoveGenerator({ wasm: false });
    const a = new MoveList();
    const b = new MoveList();
    const limits = [-1, 0, 1.5, 2.5, NaN, Infinity, 2 ** 32];
    let nonEmpty = 0;
    for (let seed = 0; seed < 200; seed++) {
      const p = randomPosition(seed, { maxHand: 7 });
      const ctx: GenContext = { table: p.table, bonus: p.bonus, store: p.store };
      for (const maxTiles of limits) {
        for (const mode of ['all', 'best'] as const) {
          wasm.generate(ctx, p.board, p.hand, { mode, maxTiles }, a);
          js.generate(ctx, p.board, p.hand, { mode, maxTiles }, b);
          expect(diff(a, b), `seed ${seed} maxTiles ${maxTiles} ${mode}`).toBe('');
          if (maxTiles === 2.5) for (let i = 0; i < a.count; i++) expect(a.sizes[i]).toBeLessThanOrEqual(2);
          if (a.count > 0 && !(maxTiles >= 1)) throw new Error(`seed ${seed}: moves with maxTiles ${maxTiles}`);
          if (a.count > 0) nonEmpty++;
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(500);
    expect(wasm.wasm!.calls).toBe(200 * limits.length * 2);
  });

  it('throws the JavaScript search’s errors for cards outside the alphabet, leaving the list empty', () => {
    const p = randomPosition(7, { maxHand: 7 });
    const ctx: GenContext = { table: p.table, bonus: p.bonus, store: p.store };
    for (const gen of [new MoveGenerator(), new MoveGenerator({ wasm: false })]) {
      const out = new MoveList();
      gen.generate(ctx, p.board, [{ char: p.letters[0]!, points: 1 }, { char: null, points: 0 }], { mode: 'all' }, out);
      expect(out.count).toBeGreaterThan(0);
      expect(() => gen.generate(ctx, p.board, [{ char: 'Ω', points: 1 }], { mode: 'all' }, out)).toThrow('the hand card [Ω 1] is not in the alphabet');
      expect(out.count).toBe(0);
      const board = { ...p.board, cells: p.board.cells.slice() };
      board.cells[0] = { char: 'Ω', points: 1 };
      expect(() => gen.generate(ctx, board, p.hand, { mode: 'all' }, out)).toThrow('the card on cell 0,0 is not in the alphabet');
      // and the generator goes on with the position it had
      gen.generate(ctx, p.board, p.hand, { mode: 'all' }, out);
      const again = new MoveList();
      new MoveGenerator({ wasm: false }).generate(ctx, p.board, p.hand, { mode: 'all' }, again);
      expect(diff(out, again)).toBe('');
      // a call that throws on its last cell after a change on an earlier one: the next call,
      // with that change and without the bad card, sees the change (the driver writes only
      // the cells that differ from the board it wrote last)
      const free = p.board.cells.findIndex((c, i) => c === null && !p.table.cells[i]?.blocked && i < p.board.cells.length - 1);
      const changed = { ...p.board, cells: p.board.cells.slice() };
      changed.cells[free] = { char: p.letters[0]!, points: 3 };
      const bad = { ...changed, cells: changed.cells.slice() };
      bad.cells[bad.cells.length - 1] = { char: 'Ω', points: 1 };
      expect(() => gen.generate(ctx, bad, p.hand, { mode: 'all' }, out)).toThrow('is not in the alphabet');
      gen.generate(ctx, changed, p.hand, { mode: 'all' }, out);
      new MoveGenerator({ wasm: false }).generate(ctx, changed, p.hand, { mode: 'all' }, again);
      expect(diff(out, again)).toBe('');
    }
  });

  it('follows English games (in order and jumping back) with 0, 1 and 2 wildcards in hand', async () => {
    const english = await sample('samples/english');
    const ctx: GenContext = { table: english.rules.table, bonus: english.rules.bonus, store: english.store };
    const wasm = new MoveGenerator();
    const js = new MoveGenerator({ wasm: false });
    const a = new MoveList();
    const b = new MoveList();
    const rng = Rng.fromSeed('wasm-games');
    let compared = 0;
    const { states } = robotGame(english, 'wasm-a', ['good', 'good'], true);
    const order = [...states.keys(), ...rng.shuffle([...states.keys()]).slice(0, 10)];
    // half-way, words of 2 to 4 letters are added (some make new moves and cross words)
    const learned = randomWords(rng, english.store.alphabet.chars, 300, 4).filter((w) => w.length >= 2 && !english.store.has(w));
    expect(learned.length).toBeGreaterThan(100);
    // three quarters in, every dictionary word of two letters is removed (hooks and parallel plays go)
    const chars = english.store.alphabet.chars;
    const twos = chars.flatMap((x) => chars.map((y) => x + y)).filter((w) => english.store.has(w));
    expect(twos.length).toBeGreaterThan(50);
    let i = 0;
    try {
    for (const k of order) {
      if (i === order.length >> 1) for (const w of learned) expect(english.store.add(w)).toBe(true);
      if (i === (3 * order.length) >> 2) for (const w of twos) expect(english.store.remove(w)).toBe(true);
      i++;
      const s = states[k]!;
      const natural = s.players[s.turn]!.hand;
      const wilds = k % 3;
      const hand: Card[] = natural.map((c, i) => (i < wilds ? { char: null, points: 0 } : c));
      const board: Board = s.board;
      for (const mode of ['all', 'best'] as const) {
        wasm.generate(ctx, board, hand, { mode }, a);
        js.generate(ctx, board, hand, { mode }, b);
        expect(diff(a, b), `state ${k} ${wilds} wildcards ${mode}`).toBe('');
        expect(wasm.wordsReached, `state ${k} ${wilds} wildcards ${mode}`).toBe(js.wordsReached);
        compared++;
      }
    }
    } finally {
      for (const w of learned) english.store.remove(w);
      for (const w of twos) english.store.add(w);
    }
    expect(english.store.hasOverlay).toBe(false);
    expect(compared).toBeGreaterThan(40);
    expect(wasm.wasm!.calls).toBe(compared);
  }, 60_000);

  it('lists more moves than the room it starts with (65,536 moves, 393,216 tiles) as the generator’s own search does, before and after', async () => {
    const english = await sample('samples/english');
    const ctx: GenContext = { table: english.rules.table, bonus: english.rules.bonus, store: english.store };
    const { states } = robotGame(english, 'wasm-a', ['good', 'good'], true);
    const s = states[1]!;
    const natural = s.players[s.turn]!.hand;
    const wasm = new MoveGenerator();
    const js = new MoveGenerator({ wasm: false });
    const a = new MoveList();
    const b = new MoveList();
    const counts: number[] = [];
    const tiles: number[] = [];
    // two wildcards (36,534 moves: within the room), three (102,286 moves of 421,478 tiles:
    // past it, the regions move), then two again
    for (const wilds of [2, 3, 2]) {
      const hand: Card[] = natural.map((c, i) => (i < wilds ? { char: null, points: 0 } : c));
      wasm.generate(ctx, s.board, hand, { mode: 'all' }, a);
      js.generate(ctx, s.board, hand, { mode: 'all' }, b);
      expect(diff(a, b), `${wilds} wildcards`).toBe('');
      counts.push(a.count);
      tiles.push(a.tileCount);
    }
    expect(wasm.wasm!.calls).toBe(3);
    expect(counts[0]).toBeLessThan(65_536);
    expect(counts[1]).toBeGreaterThan(65_536);
    expect(tiles[1]).toBeGreaterThan(393_216);
    expect(counts[2]).toBe(counts[0]);
  }, 120_000);

  it('leaves a wide graph (letter codes past 255) to the generator’s own search', () => {
    const chars = Array.from({ length: 300 }, (_, i) => String.fromCodePoint(0x4e00 + i));
    const words = ['\u4e00\u4f2b', '\u4f2b\u4e00\u4e01', '\u4e01\u4f2b'];
    const store = WordStore.build(chars, words);
    expect(store.graph.letters).not.toBeNull();
    const table = makeTable({ width: 5, height: 5, touchColumn: 2, touchRow: 2, cells: {} });
    const ctx: GenContext = { table, bonus: bonusMap(3), store };
    const hand: Card[] = [{ char: '\u4e00', points: 1 }, { char: '\u4f2b', points: 2 }, { char: null, points: 0 }];
    const gen = new MoveGenerator();
    const out = new MoveList();
    gen.generate(ctx, { width: 5, height: 5, cells: new Array<Card | null>(25).fill(null) }, hand, { mode: 'all' }, out);
    expect(out.count).toBeGreaterThan(0);
    expect(gen.wasm!.calls).toBe(0);
  });
});
