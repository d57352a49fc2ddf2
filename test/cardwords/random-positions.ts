// Seeded random positions on small tables for the cross-check and invariance tests.
import type { CardTable } from '../../core/formats/types.js';
import type { Board, Card } from '../../core/games/cardwords/types.js';
import { Rng } from '../../core/random.js';
import { MoveGenerator, MoveList, type GenContext, type GenerateOptions, type GeneratedMove } from '../../core/robots/cardwords/generate.js';
import type { WordStore } from '../../core/words/store.js';
import { bonusMap, makeTable, randomWords, store } from './fixtures.js';

export interface RandomPosition {
  seed: number;
  letters: string[];
  words: string[];
  store: WordStore;
  table: CardTable;
  bonus: Map<number, number>;
  board: Board;
  hand: Card[];
}

const ALL = 'AEINRSTBO'.split('');

// One generator for every random position, to make it and to search it: generateMoves
// (generate.ts) keeps a generator per word store, each with its own WebAssembly instance,
// and a new store per position made thousands of instances a file: 2 ms of CPU each, and
// V8 collecting garbage to free their memory reservations (a quarter of these files' CPU).
// The same search, the same moves in the same order (wasm-search.test.ts); it goes from
// one store and table to the next as a server's does from one game to the next.
const gen = new MoveGenerator();
const list = new MoveList();

/** generateMoves (generate.ts) through the positions' one generator. */
export function movesOf(ctx: GenContext, board: Board, hand: readonly Card[], opts: Partial<GenerateOptions> = {}): GeneratedMove[] {
  gen.generate(ctx, board, hand, { mode: 'all', ...opts }, list);
  return list.moves();
}

/** listMoves (generate.ts) through the positions' one generator: its list, until the next search. */
export function listOf(ctx: GenContext, board: Board, hand: readonly Card[]): MoveList {
  gen.generate(ctx, board, hand, { mode: 'all' }, list);
  return list;
}

/** bestMoves (generate.ts) through the positions' one generator. */
export function bestOf(ctx: GenContext, board: Board, hand: readonly Card[], opts: Partial<GenerateOptions> = {}): GeneratedMove[] {
  return movesOf(ctx, board, hand, { ...opts, mode: 'best' });
}

export function randomPosition(seed: number, opts: { maxSide?: number; maxHand?: number } = {}): RandomPosition {
  const rng = Rng.fromSeed(`pos-${seed}`);
  const nLetters = 3 + rng.int(3);
  const letters = ALL.slice(0, nLetters);
  const words = randomWords(rng, letters, 15 + rng.int(60), 2 + rng.int(5));
  const maxSide = opts.maxSide ?? 11;
  const W = 5 + rng.int(maxSide - 4);
  const H = 5 + rng.int(maxSide - 4);
  const cells: Record<string, { blocked?: boolean; points?: number; letterFactor?: number; wordFactor?: number }> = {};
  for (let r = 0; r < H; r++) {
    for (let c = 0; c < W; c++) {
      const x = rng.int(100);
      if (x < 8) cells[`${c},${r}`] = { blocked: true };
      else if (x < 14) cells[`${c},${r}`] = { points: rng.int(9) - 3 };
      else if (x < 20) cells[`${c},${r}`] = { letterFactor: 2 + rng.int(2) };
      else if (x < 26) cells[`${c},${r}`] = { wordFactor: 2 + rng.int(2) };
      else if (x < 28) cells[`${c},${r}`] = { points: rng.int(5), letterFactor: 2, wordFactor: 2 };
    }
  }
  const kind = rng.int(4);
  const touchColumn = kind === 0 || kind === 2 ? rng.int(W) : null;
  const touchRow = kind === 1 || kind === 2 ? rng.int(H) : null;
  if (kind === 2) cells[`${touchColumn},${touchRow}`] = {}; // keep the start cell free
  const table = makeTable({ width: W, height: H, touchColumn, touchRow, cells });
  const maxHand = opts.maxHand ?? 5;
  const handSize = 1 + rng.int(maxHand);
  const bonusKind = rng.int(3);
  const bonus = bonusMap(handSize, (k) => (bonusKind === 0 ? 0 : bonusKind === 1 ? (k > 0 ? k * k : k - 1) : rng.int(21) - 10));
  const ws = store(letters, words);
  const randomCard = (): Card => {
    const x = rng.int(100);
    if (x < 12) return { char: null, points: rng.int(5) - 2 };
    return { char: letters[rng.int(letters.length)]!, points: rng.int(8) - 2 };
  };
  const board: Board = { width: W, height: H, cells: new Array<Card | null>(W * H).fill(null) };
  // some legal moves from random hands, then sometimes a few stray cards
  const plays = rng.int(4);
  for (let i = 0; i < plays; i++) {
    const h = Array.from({ length: 1 + rng.int(5) }, randomCard);
    gen.generate({ table, bonus, store: ws }, board, h, { mode: 'all' }, list);
    if (list.count === 0) continue;
    const m = list.move(rng.int(list.count));
    for (const t of m.tiles) board.cells[t.cell] = t.card;
  }
  if (rng.int(4) === 0) {
    for (let i = 0; i < 1 + rng.int(3); i++) {
      const c = rng.int(W * H);
      if (!table.cells[c]!.blocked && board.cells[c] === null) {
        const card = randomCard();
        board.cells[c] = card.char === null ? { ...card, meaning: letters[rng.int(letters.length)]! } : card;
      }
    }
  }
  const hand = Array.from({ length: handSize }, randomCard);
  // sometimes duplicate cards in the hand
  if (hand.length > 1 && rng.int(3) === 0) hand[1] = { ...hand[0]! };
  return { seed, letters, words, store: ws, table, bonus, board, hand };
}
