// The Lines engine (docs/rules.md#lines): a deterministic state machine
// `(state, action) -> state or a typed error`. The seeded generator's state is part of the
// game state, so a game is its seed, its options and its actions (see `replay`).
//
// Cells are numbered row by row: index = y * width + x, (0,0) the upper left. A cell holds
// 0 (empty) or a colour 1..colors.

import { Rng, seedState, type RngState } from '../../random.js';
import {
  isDefaultOptions,
  linesError,
  validateOptions,
  type LinesError,
  type LinesOptions,
  type LinesResult,
} from './options.js';

export type LinesAction =
  /** Move the chip at `from` to the empty cell `to` along a free 4-neighbour path. */
  | { type: 'move'; from: number; to: number }
  /** Take back the last player move, with the throw that followed it. */
  | { type: 'undo' }
  /** Records that the player asked for a hint (no change on the board; the game leaves the high-score table). */
  | { type: 'hint' };

/** What the last action did, for clients that animate it. */
export interface LinesTurn {
  from: number;
  to: number;
  /** The path the chip took, `from` first and `to` last. */
  path: number[];
  /** Chips removed by the move (sorted cell indices; empty when it did not score). */
  removed: number[];
  /** Points of the move's removal (0 when none). */
  points: number;
  /** Cells of the chips thrown after the move (empty when the move scored, unless it cleared the board). */
  thrown: number[];
  /** Chips removed right after the throw, and their points. */
  thrownRemoved: number[];
  throwPoints: number;
}

export interface LinesState {
  readonly options: LinesOptions;
  readonly seed: string;
  /** width * height cells, 0 = empty, 1..colors = a chip. */
  readonly board: readonly number[];
  readonly rng: RngState;
  /** The colours of the next throw (drawn in advance, so the preview option changes nothing else). */
  readonly next: readonly number[];
  readonly score: number;
  /**
   * Scoring player moves since the last throw: the `b` of the next scoring move
   * (0 for the first, 1 for the second, ...). Every throw resets it.
   */
  readonly streak: number;
  /** Player moves made (undo takes them back). */
  readonly moves: number;
  readonly over: boolean;
  /** Undo was used in this game at some point (sticky: the game leaves the high-score table). */
  readonly undone: boolean;
  /** A hint was asked for (sticky, as `undone`). */
  readonly assisted: boolean;
  /** What the last move did (null at the start and after undo). */
  readonly last: LinesTurn | null;
  /** The state before the last player move, for undo (null at the start). */
  readonly prev: LinesState | null;
  /**
   * What the game's first throw did, for a client to say it: the cells thrown (the first throw's
   * `firstThrow` chips, then any throws after one whose line emptied the board), the chips its
   * lines removed and their points (the game's score before the first move).
   */
  readonly opening: LinesOpening;
}

export interface LinesOpening {
  thrown: number[];
  removed: number[];
  points: number;
}

/** A whole game as data: replaying it rebuilds the same state. */
export interface LinesRecord {
  seed: string;
  options: LinesOptions;
  actions: LinesAction[];
}

export const DIRECTIONS: readonly (readonly [number, number])[] = [
  [1, 0], // horizontal
  [0, 1], // vertical
  [1, 1], // diagonal down-right
  [1, -1], // diagonal up-right
];

export function cellIndex(o: LinesOptions, x: number, y: number): number {
  return y * o.width + x;
}

/** Starts a game: validates the options, seeds the generator and makes the first throw. */
export function newGame(seed: string | number, options: Partial<LinesOptions> = {}): LinesResult<LinesState> {
  const v = validateOptions(options);
  if (!v.ok) return v;
  const o = v.value;
  const board = new Array<number>(o.width * o.height).fill(0);
  // The first throw's colours come from the seeded generator like every later throw's.
  const rng = new Rng(seedState(seed));
  const first = drawColors(rng, o, o.firstThrow);
  const base: LinesState = {
    options: o,
    seed: String(seed),
    board,
    rng: rng.state,
    next: first,
    score: 0,
    streak: 0,
    moves: 0,
    over: false,
    undone: false,
    assisted: false,
    last: null,
    prev: null,
    opening: { thrown: [], removed: [], points: 0 },
  };
  const t = throwChips(base, board);
  const opening = { thrown: t.thrown, removed: t.removed, points: t.points };
  return { ok: true, value: { ...base, board: t.board, rng: t.rng, next: t.next, score: t.points, over: t.over, opening } };
}

/** Applies one action; on a refused action the given state is untouched and an error is returned. */
export function apply(state: LinesState, action: LinesAction): LinesResult<LinesState> {
  switch (action?.type) {
    case 'move':
      return move(state, action.from, action.to);
    case 'undo':
      return undo(state);
    case 'hint':
      if (state.over) return fail('game-over', 'the game is over');
      return { ok: true, value: { ...state, assisted: true } };
    default:
      return fail('bad-action', `unknown action ${JSON.stringify(action)}`);
  }
}

/** Rebuilds a game from its record; the error names the first refused action. */
export function replay(record: LinesRecord): LinesResult<LinesState> {
  const g = newGame(record.seed, record.options);
  if (!g.ok) return g;
  let s = g.value;
  for (let i = 0; i < record.actions.length; i++) {
    const r = apply(s, record.actions[i]!);
    if (!r.ok) return { ok: false, error: { ...r.error, actionIndex: i } };
    s = r.value;
  }
  return { ok: true, value: s };
}

/** High scores are kept only for default settings and games without undo or hints. */
export function isHighScoreEligible(state: LinesState): boolean {
  return isDefaultOptions(state.options) && !state.undone && !state.assisted;
}

/**
 * Whether an eligible game's score becomes the player's record (docs/rules.md#lines-high-scores):
 * a game left at 0 never does (it was entered and praised as "a new personal record" when
 * it was the first); otherwise with no record yet (`null`) it does, else only when strictly
 * higher. The one rule for the terminal client's score file, the Emacs bridge and the web panel.
 */
export function beatsRecord(score: number, record: number | null): boolean {
  return score > 0 && (record === null || score > record);
}

/** Points for removing `n` chips at once: n + n*(n-min) + b*b (docs/rules.md#lines-scoring). */
export function removalPoints(n: number, minLine: number, b: number): number {
  return n === 0 ? 0 : n + n * (n - minLine) + b * b;
}

/**
 * A shortest path of empty cells (4 neighbours) from the chip at `from` to the empty cell
 * `to`, both included; null when there is none. Breadth-first search.
 */
export function findPath(board: readonly number[], width: number, height: number, from: number, to: number): number[] | null {
  const n = width * height;
  if (from === to || board[to] !== 0) return null;
  const prev = new Int32Array(n).fill(-1);
  prev[from] = from;
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  queue[tail++] = from;
  while (head < tail) {
    const c = queue[head++]!;
    const x = c % width;
    const y = (c - x) / width;
    for (let d = 0; d < 4; d++) {
      let nx = x;
      let ny = y;
      if (d === 0) nx++;
      else if (d === 1) nx--;
      else if (d === 2) ny++;
      else ny--;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const nc = ny * width + nx;
      if (prev[nc] !== -1 || board[nc] !== 0) continue;
      prev[nc] = c;
      if (nc === to) {
        const path = [to];
        let p = to;
        while (p !== from) {
          p = prev[p]!;
          path.push(p);
        }
        return path.reverse();
      }
      queue[tail++] = nc;
    }
  }
  return null;
}

/**
 * Every chip in a straight line (4 directions) of at least `minLine` chips of one colour
 * through one of `cells`; each chip once, sorted.
 */
export function linesThrough(board: readonly number[], width: number, height: number, cells: readonly number[], minLine: number): number[] {
  const hit = new Set<number>();
  for (const c of cells) {
    const color = board[c];
    if (!color) continue;
    const x = c % width;
    const y = (c - x) / width;
    for (const [dx, dy] of DIRECTIONS) {
      let lo = 0;
      while (at(board, width, height, x - (lo + 1) * dx, y - (lo + 1) * dy) === color) lo++;
      let hi = 0;
      while (at(board, width, height, x + (hi + 1) * dx, y + (hi + 1) * dy) === color) hi++;
      if (lo + hi + 1 >= minLine) {
        for (let k = -lo; k <= hi; k++) hit.add((y + k * dy) * width + x + k * dx);
      }
    }
  }
  return [...hit].sort((a, b) => a - b);
}

/** Every legal move as [from, to] pairs (for robots and tests). */
export function legalMoves(state: LinesState): [number, number][] {
  if (state.over) return [];
  const { width, height } = state.options;
  const comp = emptyComponents(state.board, width, height);
  const byComp = new Map<number, number[]>();
  state.board.forEach((v, i) => {
    if (v === 0) {
      const k = comp[i]!;
      let list = byComp.get(k);
      if (!list) byComp.set(k, (list = []));
      list.push(i);
    }
  });
  const out: [number, number][] = [];
  state.board.forEach((v, i) => {
    if (v === 0) return;
    for (const k of neighbourComponents(comp, width, height, i)) for (const t of byComp.get(k) ?? []) out.push([i, t]);
  });
  return out;
}

/** Labels the 4-connected regions of empty cells (label >= 0; -1 for chips). */
export function emptyComponents(board: readonly number[], width: number, height: number): Int32Array {
  const n = width * height;
  const comp = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  let label = 0;
  let sp = 0;
  const visit = (d: number) => {
    if (board[d] === 0 && comp[d] === -1) {
      comp[d] = label;
      stack[sp++] = d;
    }
  };
  for (let s = 0; s < n; s++) {
    if (board[s] !== 0 || comp[s] !== -1) continue;
    sp = 0;
    stack[sp++] = s;
    comp[s] = label;
    while (sp > 0) {
      const c = stack[--sp]!;
      const x = c % width;
      if (x > 0) visit(c - 1);
      if (x < width - 1) visit(c + 1);
      if (c >= width) visit(c - width);
      if (c + width < n) visit(c + width);
    }
    label++;
  }
  return comp;
}

/** The distinct empty-region labels next to cell `c`. */
export function neighbourComponents(comp: Int32Array, width: number, height: number, c: number): number[] {
  const out: number[] = [];
  const x = c % width;
  const add = (k: number) => {
    if (k >= 0 && !out.includes(k)) out.push(k);
  };
  if (x > 0) add(comp[c - 1]!);
  if (x < width - 1) add(comp[c + 1]!);
  if (c >= width) add(comp[c - width]!);
  if (c + width < width * height) add(comp[c + width]!);
  return out;
}

// ---------------------------------------------------------------- internals

function fail(code: LinesError['code'], message: string): LinesResult<never> {
  return { ok: false, error: linesError(code, message) };
}

function at(board: readonly number[], width: number, height: number, x: number, y: number): number {
  return x < 0 || y < 0 || x >= width || y >= height ? -1 : board[y * width + x]!;
}

function drawColors(rng: Rng, o: LinesOptions, count: number): number[] {
  return Array.from({ length: count }, () => 1 + rng.int(o.colors));
}

interface ThrowOutcome {
  board: number[];
  rng: RngState;
  next: number[];
  thrown: number[];
  removed: number[];
  points: number;
  over: boolean;
}

/**
 * The computer's turn: throws the colours `state.next` onto random free cells, draws the
 * next colours, removes the lines the thrown chips make (scored with b = 0). The game is
 * over when the throw does not fit (then nothing is thrown) or the board is full after
 * it. When the removals leave no chip at all, the player could not move: the computer
 * throws again (a decision of ours; the original would wait forever).
 */
function throwChips(state: LinesState, boardIn: readonly number[]): ThrowOutcome {
  const o = state.options;
  const rng = new Rng(state.rng);
  let board = boardIn.slice();
  let colors = state.next.slice();
  const thrown: number[] = [];
  const removed: number[] = [];
  let points = 0;
  for (;;) {
    const free: number[] = [];
    for (let i = 0; i < board.length; i++) if (board[i] === 0) free.push(i);
    if (free.length < colors.length) {
      return { board, rng: rng.state, next: colors, thrown, removed, points, over: true };
    }
    const placed: number[] = [];
    for (const color of colors) {
      const k = rng.int(free.length);
      const cell = free[k]!;
      free[k] = free[free.length - 1]!;
      free.pop();
      board[cell] = color;
      placed.push(cell);
    }
    thrown.push(...placed);
    colors = drawColors(rng, o, o.throwCount);
    const lines = linesThrough(board, o.width, o.height, placed, o.minLine);
    if (lines.length) {
      points += removalPoints(lines.length, o.minLine, 0);
      board = board.slice();
      for (const c of lines) board[c] = 0;
      removed.push(...lines);
    }
    const chips = board.reduce((n, v) => n + (v ? 1 : 0), 0);
    if (chips === board.length) return { board, rng: rng.state, next: colors, thrown, removed: removed.sort((a, b) => a - b), points, over: true };
    if (chips > 0 || o.throwCount === 0) {
      return { board, rng: rng.state, next: colors, thrown, removed: removed.sort((a, b) => a - b), points, over: chips === 0 };
    }
  }
}

function move(state: LinesState, from: number, to: number): LinesResult<LinesState> {
  const o = state.options;
  const n = o.width * o.height;
  if (state.over) return fail('game-over', 'the game is over');
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < 0 || from >= n || to >= n) {
    return fail('off-board', `cells must be integers in 0..${n - 1}, got ${from} -> ${to}`);
  }
  if (state.board[from] === 0) return fail('empty-cell', `there is no chip at ${cellName(o, from)}`);
  if (state.board[to] !== 0) return fail('occupied', `${cellName(o, to)} is not empty`);
  const path = findPath(state.board, o.width, o.height, from, to);
  if (!path) return fail('unreachable', `no free path from ${cellName(o, from)} to ${cellName(o, to)}`);

  const board = state.board.slice();
  board[to] = board[from]!;
  board[from] = 0;
  const removed = linesThrough(board, o.width, o.height, [to], o.minLine);
  const turn: LinesTurn = { from, to, path, removed, points: 0, thrown: [], thrownRemoved: [], throwPoints: 0 };
  const base = { ...state, moves: state.moves + 1, prev: state };
  if (removed.length) {
    for (const c of removed) board[c] = 0;
    turn.points = removalPoints(removed.length, o.minLine, state.streak);
    // a move that clears the board leaves nothing to move: the computer throws, as when a
    // throw's removals clear it (a decision of ours: the game stood still, not over)
    if (board.some((v) => v !== 0)) return { ok: true, value: { ...base, board, score: state.score + turn.points, streak: state.streak + 1, last: turn } };
  }
  const t = throwChips(state, board);
  turn.thrown = t.thrown;
  turn.thrownRemoved = t.removed;
  turn.throwPoints = t.points;
  return {
    ok: true,
    value: { ...base, board: t.board, rng: t.rng, next: t.next, score: state.score + turn.points + t.points, streak: 0, over: t.over, last: turn },
  };
}

function undo(state: LinesState): LinesResult<LinesState> {
  const p = state.prev;
  if (!p) return fail('nothing-to-undo', 'there is no move to take back');
  return { ok: true, value: { ...p, undone: true, assisted: state.assisted || p.assisted, last: null } };
}

/** A cell as `(x,y)`, 0-based, for messages. */
export function cellName(o: Pick<LinesOptions, 'width'>, c: number): string {
  const x = c % o.width;
  const y = Math.floor(c / o.width);
  return `(${x},${y})`;
}

/**
 * Why a game is over, for every client to say (null while it goes on): the next throw's
 * `chips` do not fit the `free` cells, or (free 0) the board is full. "Game over" alone,
 * with two cells free on the board, read as a fault.
 */
export function overReason(state: LinesState): { free: number; chips: number } | null {
  if (!state.over) return null;
  return { free: state.board.reduce((n, v) => n + (v === 0 ? 1 : 0), 0), chips: state.next.length };
}
