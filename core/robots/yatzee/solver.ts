// The optimal solitaire Yatzee strategy by dynamic programming (docs/rules.md#yatzee-optimal-score).
//
// A state between rounds is (set of filled categories, upper sum capped at 63): 2^15 masks
// x 64 upper sums. V[state] is the expected number of points still to come (the 50 bonus
// is counted in the round that reaches 63). Within a round the solver works on the 462
// dice multisets (dice.ts): the value of each final roll is its best transfer; the value
// of keeping a multiset is the mean over one more die (recursively, 6 children each); the
// value of a roll before a throw is the best of its sub-multisets (propagated one die at a
// time). Two such passes give the values after throws 2 and 1; their probability-weighted
// mean is V. States are solved level by level (number of filled categories, 14 down to 0);
// a level depends only on the level above, so it can be split across workers.
//
// Pruning: only upper sums reachable with the filled upper categories are solved, and sums
// from which 63 can no longer be reached are all worth the same as sum 0 (copied).
import { BONUS, BONUS_THRESHOLD, CATEGORIES, UPPER_COUNT, scoreCounts } from '../../games/yatzee/rules.js';
import { CHILD, FACE_COUNT, NCAT, PARENTS, PARENT_START, ROLL0, ROLLS, ROLL_PROB, SCORE } from './dice.js';
export { ROLL0, ROLLS } from './dice.js';
import { createKernel, type KernelTables, type Scratch } from './kernel.js';
import { KERNEL_WASM_BASE64 } from './kernel-wasm.js';

export type { Scratch } from './kernel.js';

export const MASKS = 1 << NCAT;
export const UPS = BONUS_THRESHOLD + 1; // upper sums 0..63, 63 meaning "63 or more"
export const TABLE_LENGTH = MASKS * UPS;
export const FULL_MASK = MASKS - 1;

export function stateIndex(mask: number, up: number): number {
  return mask * UPS + Math.min(up, BONUS_THRESHOLD);
}

/** REACH[upperMask * 64 + up] = 1 when the filled upper categories can sum to `up` (capped). */
export const REACH = new Uint8Array(64 * UPS);
/**
 * Equivalent upper sums. With open upper categories O, the upper points still to come are
 * some g in S(O) (sums of n x face, n = 0..5, over O). Two sums u, u' are worth the same
 * when u + g >= 63 exactly when u' + g >= 63 for every g in S(O) (partial sums are in
 * S(O) too, so the states they lead to are equivalent as well). All sums from which 63 is
 * out of reach form one class, for example. UP_REP[UP_REP_START[m] ..] lists one reachable
 * representative per class for upper mask m; UP_MAP[m * 64 + up] is the representative of
 * a reachable sum (-1 when unreachable).
 */
const UP_REP_START = new Int32Array(65);
let UP_REP = new Int8Array(0);
const UP_MAP = new Int8Array(64 * UPS).fill(-1);
{
  REACH[0] = 1;
  for (let m = 1; m < 64; m++) {
    for (let c = 0; c < UPPER_COUNT; c++) {
      if (!(m & (1 << c))) continue;
      const prev = m & ~(1 << c);
      for (let up = 0; up < UPS; up++) {
        if (!REACH[prev * UPS + up]) continue;
        for (let n = 0; n <= 5; n++) REACH[m * UPS + Math.min(BONUS_THRESHOLD, up + n * (c + 1))] = 1;
      }
    }
  }
  const reps: number[] = [];
  for (let m = 0; m < 64; m++) {
    let gains = new Set<number>([0]);
    for (let c = 0; c < UPPER_COUNT; c++) {
      if (m & (1 << c)) continue;
      const next = new Set<number>();
      for (const g of gains) for (let n = 0; n <= 5; n++) next.add(g + n * (c + 1));
      gains = next;
    }
    UP_REP_START[m] = reps.length;
    const repOfKey = new Map<number, number>();
    for (let up = 0; up < UPS; up++) {
      if (!REACH[m * UPS + up]) continue;
      let key = 0;
      for (const g of gains) if (up + g >= BONUS_THRESHOLD) key++;
      let rep = repOfKey.get(key);
      if (rep === undefined) {
        rep = up;
        repOfKey.set(key, up);
        reps.push(up);
      }
      UP_MAP[m * UPS + up] = rep;
    }
  }
  UP_REP_START[64] = reps.length;
  UP_REP = Int8Array.from(reps);
}

function popcount(x: number): number {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

/** The masks with `level` filled categories, in increasing order. */
export function masksOfLevel(level: number): Int32Array {
  const out: number[] = [];
  for (let m = 0; m < MASKS; m++) if (popcount(m) === level) out.push(m);
  return Int32Array.from(out);
}

/** Rolls where a category is not "zero" (lower: scores points; upper: shows the face at least once). */
const NZ_START = new Int32Array(NCAT + 1);
let NZ_ROLL = new Int16Array(0);
{
  const list: number[] = [];
  for (let c = 0; c < NCAT; c++) {
    NZ_START[c] = list.length;
    for (let r = 0; r < ROLLS; r++) {
      const nz = c < UPPER_COUNT ? FACE_COUNT[c * ROLLS + r]! > 0 : SCORE[c * ROLLS + r]! > 0;
      if (nz) list.push(r);
    }
  }
  NZ_START[NCAT] = list.length;
  NZ_ROLL = Int16Array.from(list);
}

/** Every table the kernel needs; plain typed arrays, so they can be sent to a worker. */
const WASM = Uint8Array.from(atob(KERNEL_WASM_BASE64), (c) => c.charCodeAt(0));
export const KERNEL_TABLES: KernelTables = { CHILD, PARENT_START, PARENTS, ROLL_PROB, SCORE, FACE_COUNT, NZ_START, NZ_ROLL, UP_REP_START, UP_REP, UP_MAP, WASM };
const kernel = createKernel(KERNEL_TABLES);

export function newScratch(): Scratch {
  return kernel.newScratch();
}

/** Solves every reachable upper sum of one mask into `v` (the level above must be solved). */
export function solveMask(v: Float64Array, mask: number, s: Scratch): number {
  return kernel.solveMask(v, mask, s);
}

/** The expected points still to come from (mask, up) before the round's first throw. */
export function solveState(v: Float64Array, mask: number, up: number, s: Scratch = newScratch()): number {
  if (mask === FULL_MASK) return 0;
  s.ups[0] = Math.min(up, BONUS_THRESHOLD);
  kernel.solveUps(v, mask, 1, s);
  return s.acc[0]!;
}

export interface SolveProgress {
  /** Levels done (0..15). */
  levels: number;
  /** States solved so far. */
  states: number;
}

/** The whole table, single-threaded. `onLevel` is called after each level. */
export function solveAll(onLevel?: (p: SolveProgress) => void): Float64Array {
  const v = new Float64Array(TABLE_LENGTH);
  const s = newScratch();
  let states = 0;
  for (let level = NCAT - 1; level >= 0; level--) {
    for (const mask of masksOfLevel(level)) states += solveMask(v, mask, s);
    onLevel?.({ levels: NCAT - level, states });
  }
  return v;
}

/** Expected final score of a fresh sheet. */
export function startValue(v: Float64Array): number {
  return v[0]!;
}

/** The (mask, capped upper sum) of a sheet's scores (null = open). */
export function sheetState(scores: readonly (number | null)[]): { mask: number; up: number } {
  let mask = 0;
  let up = 0;
  for (let c = 0; c < NCAT; c++) {
    const x = scores[c];
    if (x === null || x === undefined) continue;
    mask |= 1 << c;
    if (c < UPPER_COUNT) up += x;
  }
  return { mask, up: Math.min(up, BONUS_THRESHOLD) };
}

/**
 * Within one round at (mask, up): the values the robot decides with.
 * - `final[r]`: best transfer value of roll r (points + bonus + V of the next state).
 * - `keep3[id]`: value of keeping multiset id (< ROLL0) and throwing the rest for throw 3.
 * - `keep2[id]`: the same for throw 2.
 * - `value`: expected points still to come before throw 1 (= V[mask, up]).
 */
export interface RoundAnalysis {
  mask: number;
  up: number;
  final: Float64Array;
  keep3: Float64Array;
  keep2: Float64Array;
  value: number;
}

export function analyzeRound(v: Float64Array, mask: number, up: number, s: Scratch = newScratch(), into?: RoundAnalysis): RoundAnalysis {
  if (mask === FULL_MASK) throw new RangeError('the sheet is full');
  up = Math.min(up, BONUS_THRESHOLD);
  const a: RoundAnalysis = into ?? { mask, up, final: new Float64Array(ROLLS), keep3: new Float64Array(ROLL0), keep2: new Float64Array(ROLL0), value: 0 };
  a.mask = mask;
  a.up = up;
  a.value = kernel.analyzeOne(v, mask, up, s, a.final, a.keep3, a.keep2);
  return a;
}

export interface CategoryValue {
  category: (typeof CATEGORIES)[number];
  points: number;
  /** Bonus this transfer earns (50 when it lifts the upper sum to 63). */
  bonus: number;
  /** points + bonus + expected points of the rest of the game after this transfer. */
  value: number;
}

/** What each open category is worth for these dice from (mask, up), best first. */
export function categoryValues(v: Float64Array, mask: number, up: number, dice: readonly number[]): CategoryValue[] {
  up = Math.min(up, BONUS_THRESHOLD);
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const d of dice) counts[d]!++;
  const out: CategoryValue[] = [];
  for (let c = 0; c < NCAT; c++) {
    if (mask & (1 << c)) continue;
    const points = scoreCounts(c, counts);
    let nu = up;
    let bonus = 0;
    if (c < UPPER_COUNT) {
      nu = Math.min(BONUS_THRESHOLD, up + points);
      bonus = up < BONUS_THRESHOLD && up + points >= BONUS_THRESHOLD ? BONUS : 0;
    }
    const rest = v[(mask | (1 << c)) * UPS + nu]!;
    out.push({ category: CATEGORIES[c]!, points, bonus, value: points + bonus + rest });
  }
  out.sort((a, b) => b.value - a.value || CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category));
  return out;
}
