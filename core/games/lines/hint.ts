// The Lines hint: proposes a move by a one-ply heuristic.
//
// 1. A move that completes a line wins, the one with the most points first.
// 2. Otherwise every legal move is scored by how it changes the board's "potential": each
//    window of `minLine` cells in a row (4 directions) that holds chips of one colour only
//    is worth WEIGHT[k] for its k chips; windows with two colours are dead. Moving a chip
//    takes its colour out of the windows at the source and puts it into those at the
//    target (which also kills other colours' windows there). Computed from per-window
//    colour counts, so a candidate costs O(windows through two cells).
// 3. The best few are then charged for the space they cut off: empty cells outside the
//    largest empty region after the move are hard to use.
// All deterministic (ties go to the lowest cells), about 1 ms a move on 9x9.

import { Rng } from '../../random.js';
import { apply, emptyComponents, linesThrough, neighbourComponents, newGame, removalPoints, type LinesState } from './engine.js';
import { DIRECTIONS } from './engine.js';
import type { LinesOptions } from './options.js';

export interface LinesMove {
  from: number;
  to: number;
}

interface Geometry {
  /** Cells of every window, window w at [w*m, (w+1)*m). */
  cells: Int32Array;
  count: number;
  /** Windows through each cell. */
  byCell: Int32Array[];
}

const geometryCache = new Map<string, Geometry>();

function geometry(width: number, height: number, m: number): Geometry {
  const key = `${width}x${height}/${m}`;
  const cached = geometryCache.get(key);
  if (cached) return cached;
  const list: number[] = [];
  const by: number[][] = Array.from({ length: width * height }, () => []);
  let count = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (const [dx, dy] of DIRECTIONS) {
        const ex = x + dx * (m - 1);
        const ey = y + dy * (m - 1);
        if (ex < 0 || ey < 0 || ex >= width || ey >= height) continue;
        for (let k = 0; k < m; k++) {
          const c = (y + dy * k) * width + x + dx * k;
          list.push(c);
          by[c]!.push(count);
        }
        count++;
      }
    }
  }
  const g: Geometry = { cells: Int32Array.from(list), count, byCell: by.map((l) => Int32Array.from(l)) };
  if (geometryCache.size > 32) geometryCache.clear();
  geometryCache.set(key, g);
  return g;
}

/** Tunables of the heuristic (exported for the benchmark and tests). */
export interface HintWeights {
  /** Base of the window weight: a window with k chips of one colour is worth base^(k-1). */
  base: number;
  /** Cost of each empty cell outside the largest empty region. */
  isolation: number;
  /** How many of the best candidates get the (slower) isolation check. */
  refine: number;
}

export const DEFAULT_HINT_WEIGHTS: HintWeights = { base: 4, isolation: 3, refine: 16 };

/** The proposed move, or null when there is none (game over, or no chip can move). */
export function hint(state: LinesState, weights: HintWeights = DEFAULT_HINT_WEIGHTS): LinesMove | null {
  if (state.over) return null;
  const o = state.options;
  const { width, height, minLine: m, colors: C } = o;
  const n = width * height;
  const board = state.board;
  const g = geometry(width, height, m);
  const C1 = C + 1;

  const weight = new Float64Array(m + 2);
  for (let k = 1; k <= m + 1; k++) weight[k] = Math.pow(weights.base, k - 1);
  const V = (distinct: number, total: number) => (distinct === 1 ? weight[total]! : 0);

  // Per-window colour counts.
  const cnt = new Int32Array(g.count * C1);
  const total = new Int32Array(g.count);
  const distinct = new Int32Array(g.count);
  for (let w = 0; w < g.count; w++) {
    for (let k = 0; k < m; k++) {
      const v = board[g.cells[w * m + k]!]!;
      if (v) {
        if (cnt[w * C1 + v]!++ === 0) distinct[w]!++;
        total[w]!++;
      }
    }
  }
  const removeDelta = (w: number, c: number) => {
    const d = distinct[w]! - (cnt[w * C1 + c] === 1 ? 1 : 0);
    return V(d, total[w]! - 1) - V(distinct[w]!, total[w]!);
  };
  const addDelta = (w: number, c: number) => {
    const d = distinct[w]! + (cnt[w * C1 + c] === 0 ? 1 : 0);
    return V(d, total[w]! + 1) - V(distinct[w]!, total[w]!);
  };

  const comp = emptyComponents(board, width, height);
  const byComp: number[][] = [];
  for (let i = 0; i < n; i++) {
    const k = comp[i]!;
    if (k >= 0) (byComp[k] ??= []).push(i);
  }

  // Per empty target and colour: the potential change of putting that colour there (a sum
  // over the windows through the target; each window's change depends only on its counts),
  // and whether it would complete a line (some window through it then holds m chips of
  // that colour).
  const toDelta = new Float64Array(n * C1);
  const lineSize = new Uint8Array(n * C1);
  let anyLine = false;
  for (let w = 0; w < g.count; w++) {
    const tw = total[w]!;
    if (tw === m) continue;
    const dw = distinct[w]!;
    const before = V(dw, tw);
    const base = w * m;
    for (let c = 1; c <= C; c++) {
      const delta = V(dw + (cnt[w * C1 + c] === 0 ? 1 : 0), tw + 1) - before;
      const completes = tw === m - 1 && dw === 1 && cnt[w * C1 + c] === m - 1;
      if (delta === 0 && !completes) continue;
      for (let k = 0; k < m; k++) {
        const t = g.cells[base + k]!;
        if (board[t] !== 0) continue;
        toDelta[t * C1 + c]! += delta;
        if (completes) {
          lineSize[t * C1 + c] = 1;
          anyLine = true;
        }
      }
    }
  }
  const mark = new Int32Array(g.count);
  let stamp = 0;

  // 1. Moves that complete a line (checked exactly: the moved chip may have been in the run).
  let bestScoring: { move: LinesMove; value: number } | null = null;
  if (anyLine) {
    for (let f = 0; f < n; f++) {
      const c = board[f]!;
      if (!c) continue;
      for (const k of neighbourComponents(comp, width, height, f)) {
        for (const t of byComp[k]!) {
          if (lineSize[t * C1 + c] === 0) continue;
          const b2 = board.slice();
          b2[f] = 0;
          b2[t] = c;
          const removed = linesThrough(b2, width, height, [t], m).length;
          if (removed === 0) continue;
          const value = removalPoints(removed, m, state.streak) * 1000 - t;
          if (!bestScoring || value > bestScoring.value) bestScoring = { move: { from: f, to: t }, value };
        }
      }
    }
    if (bestScoring) return bestScoring.move;
  }

  // 2. The best `refine` other moves by potential, kept sorted (best first).
  const K = Math.max(1, weights.refine);
  const topFrom = new Int32Array(K);
  const topTo = new Int32Array(K);
  const topValue = new Float64Array(K).fill(-Infinity);
  let topCount = 0;
  for (let f = 0; f < n; f++) {
    const c = board[f]!;
    if (!c) continue;
    const comps = neighbourComponents(comp, width, height, f);
    if (comps.length === 0) continue;
    const fx = f % width;
    const fy = (f - fx) / width;
    let fromDelta = 0;
    stamp++;
    const fws = g.byCell[f]!;
    for (let i = 0; i < fws.length; i++) {
      const w = fws[i]!;
      fromDelta += removeDelta(w, c);
      mark[w] = stamp;
    }
    for (let ci = 0; ci < comps.length; ci++) {
      const targets = byComp[comps[ci]!]!;
      for (let ti = 0; ti < targets.length; ti++) {
        const t = targets[ti]!;
        let value = fromDelta + toDelta[t * C1 + c]!;
        const tx = t % width;
        const ty = (t - tx) / width;
        const ax = tx > fx ? tx - fx : fx - tx;
        const ay = ty > fy ? ty - fy : fy - ty;
        if ((ax === 0 || ay === 0 || ax === ay) && ax < m && ay < m) {
          // Windows holding both cells: the chip only moves inside them, no change.
          const tws = g.byCell[t]!;
          for (let i = 0; i < tws.length; i++) {
            const w = tws[i]!;
            if (mark[w] === stamp) value -= removeDelta(w, c) + addDelta(w, c);
          }
        }
        if (topCount === K && value <= topValue[K - 1]!) continue;
        let i = topCount < K ? topCount++ : K - 1;
        while (i > 0 && topValue[i - 1]! < value) {
          topValue[i] = topValue[i - 1]!;
          topFrom[i] = topFrom[i - 1]!;
          topTo[i] = topTo[i - 1]!;
          i--;
        }
        topValue[i] = value;
        topFrom[i] = f;
        topTo[i] = t;
      }
    }
  }
  if (topCount === 0) return null;

  let best = 0;
  if (weights.isolation > 0 && topCount > 1) {
    const b2 = board.slice();
    let bestValue = -Infinity;
    for (let i = 0; i < topCount; i++) {
      const from = topFrom[i]!;
      const to = topTo[i]!;
      b2[to] = b2[from]!;
      b2[from] = 0;
      const value = topValue[i]! - weights.isolation * isolatedCells(b2, width, height);
      b2[from] = b2[to]!;
      b2[to] = 0;
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    }
  }
  return { from: topFrom[best]!, to: topTo[best]! };
}

/** Empty cells outside the largest empty region. */
function isolatedCells(board: readonly number[], width: number, height: number): number {
  const comp = emptyComponents(board, width, height);
  const sizes: number[] = [];
  let empty = 0;
  for (let i = 0; i < comp.length; i++) {
    const k = comp[i]!;
    if (k >= 0) {
      sizes[k] = (sizes[k] ?? 0) + 1;
      empty++;
    }
  }
  let largest = 0;
  for (const s of sizes) if (s !== undefined && s > largest) largest = s;
  return empty - largest;
}

/** A uniformly random legal move (the baseline the hint is measured against). */
export function randomMove(state: LinesState, rng: Rng): LinesMove | null {
  if (state.over) return null;
  const { width, height } = state.options;
  const n = width * height;
  const comp = emptyComponents(state.board, width, height);
  const byComp: number[][] = [];
  for (let i = 0; i < n; i++) {
    const k = comp[i]!;
    if (k >= 0) (byComp[k] ??= []).push(i);
  }
  let count = 0;
  const sources: { from: number; targets: number }[] = [];
  for (let f = 0; f < n; f++) {
    if (!state.board[f]) continue;
    let targets = 0;
    for (const k of neighbourComponents(comp, width, height, f)) targets += byComp[k]!.length;
    if (targets) sources.push({ from: f, targets });
    count += targets;
  }
  if (count === 0) return null;
  let r = rng.int(count);
  for (const s of sources) {
    if (r >= s.targets) {
      r -= s.targets;
      continue;
    }
    for (const k of neighbourComponents(comp, width, height, s.from)) {
      const list = byComp[k]!;
      if (r < list.length) return { from: s.from, to: list[r]! };
      r -= list.length;
    }
  }
  return null;
}

export interface PlayedGame {
  score: number;
  moves: number;
}

/**
 * Plays a whole game with a move chooser (the hint, the random mover...). Stops at game
 * over, when the chooser has no move, or after `maxMoves`.
 */
export function playGame(
  seed: string | number,
  choose: (s: LinesState) => LinesMove | null,
  options: Partial<LinesOptions> = {},
  maxMoves = 100_000,
): PlayedGame {
  const g = newGame(seed, options);
  if (!g.ok) throw new Error(g.error.message);
  let s: LinesState = g.value;
  while (!s.over && s.moves < maxMoves) {
    const mv = choose(s);
    if (!mv) break;
    const r = apply(s, { type: 'move', from: mv.from, to: mv.to });
    if (!r.ok) throw new Error(`chooser proposed an illegal move: ${r.error.message}`);
    // Drop the undo history: long simulated games would keep every state alive.
    s = { ...r.value, prev: null };
  }
  return { score: s.score, moves: s.moves };
}
