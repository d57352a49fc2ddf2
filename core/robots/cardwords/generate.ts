// The move generator's entry points (the generator itself: move-generator.ts; its moves
// buffer: move-list.ts). `generateMoves` and `bestMoves` return objects; callers that list
// many positions (robots, analysis) can keep a MoveList and read it without objects.
import { emptyBoard, type Board, type Card } from '../../games/cardwords/types.js';
import type { WordStore } from '../../words/store.js';
import { MoveGenerator, type GenContext, type GenerateOptions } from './move-generator.js';
import { MoveList, type GeneratedMove, type Tile } from './move-list.js';

export { MoveGenerator, MoveList, type GenContext, type GenerateOptions, type GeneratedMove, type Tile };

/** One generator per word store, reused by every call (its cross-sets follow the board). */
const generators = new WeakMap<WordStore, MoveGenerator>();
const lists = new WeakMap<MoveGenerator, MoveList>();

/** The shared generator of a store (a fresh one while it is busy, e.g. called from a visitor). */
export function generatorFor(store: WordStore): MoveGenerator {
  let g = generators.get(store);
  if (!g) generators.set(store, (g = new MoveGenerator()));
  return g.busy ? new MoveGenerator() : g;
}

function listFor(g: MoveGenerator): MoveList {
  let l = lists.get(g);
  if (!l) lists.set(g, (l = new MoveList()));
  return l;
}

/**
 * Readies the store's generator for this table (its WebAssembly search compiled and the
 * graph copied in, laid out for hands of `handSize` cards), so that the first call does not
 * pay it: for a server loading a ruleset. It then searches once around one card in the
 * table's middle with a hand of four letters and two wildcards: V8 compiles each
 * WebAssembly function when it is first called, and optimises the hot ones only after they
 * have run a while, and runs JavaScript in its interpreter at first, all of which a first
 * real call would pay. A fresh process's first call after the setup, by 0 / 1 / 2
 * wildcards: 1.3 / 3.8 / 12 ms without this search, 0.4 / 1.2 / 4.6 ms after it (English;
 * the search takes about 15 ms, 20 for German). Then once for the best move only, whose
 * functions (the bounds, the anchors' order) the first search does not run: a robot's first
 * move, by 0 / 1 / 2 wildcards, 0.76 / 1.09 / 1.39 ms without it, 0.37 / 0.71 / 1.08 ms
 * after it (for about 2.5 ms more here). Around one card, so that its size does not
 * grow with the table (an empty table without a single start cell has moves all over it:
 * seconds on a large one). True when the WebAssembly search holds the
 * words and table; false when the JavaScript search takes these calls (a wide graph, or no
 * WebAssembly here). Never throws: it only saves time.
 */
export function prepareSearch(ctx: GenContext, handSize = 0): boolean {
  const g = generatorFor(ctx.store);
  try {
    if (g.isWarm(ctx, handSize)) return true;
    if (!g.warmUp(ctx, handSize)) return false;
    const board = warmUpBoard(ctx);
    if (board) {
      const hand: Card[] = [{ char: null, points: 0 }, { char: null, points: 0 }, ...ctx.store.alphabet.chars.slice(0, 4).map((char) => ({ char, points: 1 }))];
      // through listMoves, as the robots and `cardwords moves` call: its first run alone
      // took 0.15 ms of a first call in a fresh process
      listMoves(ctx, board, hand, { mode: 'all' });
      listMoves(ctx, board, hand, { mode: 'best' });
      // then the driver's JavaScript (a board's changed cells written in, the moves copied
      // out), which V8 runs in its interpreter until it has run a while: a dozen calls
      // between two boards that differ in several cells, with a hand of natural letters.
      // A fresh process's first call (English, natural hands, median): its JavaScript 50 to
      // 57 us before, 25 to 30 after, for about 2 ms more here (docs/performance.md, 2026-12-01)
      const lined = warmUpLine(ctx, board);
      const chars = ctx.store.alphabet.chars;
      const letters: Card[] = Array.from({ length: 7 }, (_, k) => ({ char: chars[(k * 4) % chars.length]!, points: 1 }));
      for (let i = 0; i < 12; i++) listMoves(ctx, i % 2 ? board : lined, letters, { mode: i % 4 < 2 ? 'all' : 'best' });
      listFor(g).clear();
    }
  } catch {
    // the search still works; its first call pays what was not done here
  }
  return g.isWarm(ctx, handSize);
}

/** A table with one card (the alphabet's first letter) on the unblocked cell nearest its middle, or null. */
function warmUpBoard(ctx: GenContext): Board | null {
  const { table, store } = ctx;
  const first = store.alphabet.chars[0];
  if (first === undefined) return null;
  const W = table.width;
  const H = table.height;
  const mid = Math.floor(H / 2) * W + Math.floor(W / 2);
  let cell = -1;
  for (let d = 0; d < W * H && cell < 0; d++) {
    for (const c of [mid + d, mid - d]) if (c >= 0 && c < W * H && !table.cells[c]?.blocked) cell = c;
  }
  if (cell < 0) return null;
  const board = emptyBoard(table);
  board.cells[cell] = { char: first, points: 1 };
  return board;
}

/** The warm-up board with up to four more cards below its one (letters spread over the alphabet; they need not make words). */
function warmUpLine(ctx: GenContext, board: Board): Board {
  const { table } = ctx;
  const chars = ctx.store.alphabet.chars;
  const cells = board.cells.slice();
  const at = cells.findIndex((c) => c);
  for (let k = 1; k < 5; k++) {
    const c = at + k * table.width;
    if (c >= cells.length || table.cells[c]?.blocked) break;
    cells[c] = { char: chars[(k * 5) % chars.length]!, points: 1 };
  }
  return { ...board, cells };
}

/** Whether the store's generator has the WebAssembly search set up for this table (and hands of `handSize` cards) now. */
export function searchReady(ctx: GenContext, handSize = 0): boolean {
  return generatorFor(ctx.store).isWarm(ctx, handSize);
}

/**
 * Every legal move into `out` (cleared first; mode 'best': only the best ones, all that
 * tie). No object is made per move: read `out` directly, or `out.move(i)` for the few kept.
 */
export function generateInto(ctx: GenContext, board: Board, hand: readonly Card[], out: MoveList, opts: Partial<GenerateOptions> = {}): MoveList {
  generatorFor(ctx.store).generate(ctx, board, hand, { mode: 'all', ...opts }, out);
  return out;
}

/**
 * Every legal move (mode 'best': the best ones) into the generator's own MoveList, which
 * the next call on the same word store overwrites: read it, or take objects, before then.
 */
export function listMoves(ctx: GenContext, board: Board, hand: readonly Card[], opts: Partial<GenerateOptions> = {}): MoveList {
  const g = generatorFor(ctx.store);
  const out = listFor(g);
  g.generate(ctx, board, hand, { mode: 'all', ...opts }, out);
  return out;
}

/** Every legal laying move (each distinct (cell, card) set once), unsorted. */
export function generateMoves(ctx: GenContext, board: Board, hand: readonly Card[], opts: Partial<GenerateOptions> = {}): GeneratedMove[] {
  return listMoves(ctx, board, hand, opts).moves();
}

/** The highest-scoring laying moves (all those that tie), or none. */
export function bestMoves(ctx: GenContext, board: Board, hand: readonly Card[], opts: Partial<GenerateOptions> = {}): GeneratedMove[] {
  return listMoves(ctx, board, hand, { ...opts, mode: 'best' }).moves();
}

/** A stable key of a move: its cells and cards (for sorting ties and for comparing sets). */
export function moveKey(m: { tiles: readonly Tile[] }): string {
  return m.tiles.map((t) => `${t.cell}:${t.card.char ?? ' '}${t.card.meaning ?? ''}${t.card.points}`).join(' ');
}

/** Sorts moves best first, ties by key (deterministic). */
export function sortMoves<T extends GeneratedMove>(moves: T[]): T[] {
  const keys = new Map<T, string>();
  const key = (m: T) => {
    let k = keys.get(m);
    if (k === undefined) keys.set(m, (k = moveKey(m)));
    return k;
  };
  return moves.sort((a, b) => b.score - a.score || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
