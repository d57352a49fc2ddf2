// The solver's inner loops, as one self-contained factory: it refers to nothing outside its
// own body but its argument and JavaScript built-ins, so server/yatzee can start a worker
// thread from its source text (`createKernel.toString()`) in the CLI bundle and in tests
// alike. Everything else about the solver is in solver.ts.

/** The precomputed dice tables (dice.ts, solver.ts), all plain typed arrays. */
export interface KernelTables {
  CHILD: Int16Array;
  PARENT_START: Int32Array;
  PARENTS: Int16Array;
  ROLL_PROB: Float64Array;
  SCORE: Uint8Array;
  FACE_COUNT: Uint8Array;
  NZ_START: Int32Array;
  NZ_ROLL: Int16Array;
  /** Representative upper sums per upper mask, and each reachable sum's representative (solver.ts). */
  UP_REP_START: Int32Array;
  UP_REP: Int8Array;
  UP_MAP: Int8Array;
  /** The WebAssembly module of kernel.wat (the SIMD loops of throwPass). */
  WASM: Uint8Array;
}

/**
 * Scratch arrays for one thread. The round is solved for all upper sums of one mask at
 * once: row `id` of `k`/`m` holds the values of multiset `id` for each of the `n` sums,
 * so the inner loops run over contiguous memory.
 */
export interface Scratch {
  k: Float64Array;
  m: Float64Array;
  /** u[(c * 6 + cnt) * n + j]: value of transferring to c with cnt dice of its face (lower: cnt = 0, base), for sum j. */
  u: Float64Array;
  /** Per-sum rows: the best zero-score transfer; the values before throw 1. */
  zero: Float64Array;
  acc: Float64Array;
  ups: Int32Array;
  /** k, m and acc live in this instance's memory; the offsets (bytes) of what it reads. */
  wasm: { avg: WasmAvg; maxParents: WasmMaxParents; kOff: number; mOff: number; accOff: number; chOff: number; psOff: number; ppOff: number; probOff: number };
}

type WasmAvg = (k: number, ch: number, rowBytes: number, last: number) => void;
type WasmMaxParents = (k: number, m: number, out: number, ps: number, pp: number, rowBytes: number, from: number, to: number, acc: number, prob: number, roll0: number) => void;

export interface Kernel {
  newScratch(): Scratch;
  /** Rows ROLL0.. of s.k: the best transfer of every final roll, for the n sums in s.ups. */
  finalRollValues(v: Float64Array, mask: number, n: number, s: Scratch): void;
  /** One throw backwards (see solver.ts). */
  throwPass(n: number, s: Scratch, acc: Float64Array | null): void;
  /** s.acc[j] = V(mask, s.ups[j]) for j < n. */
  solveUps(v: Float64Array, mask: number, n: number, s: Scratch): void;
  /** Solves every reachable upper sum of a mask into v; returns the states solved. */
  solveMask(v: Float64Array, mask: number, s: Scratch): number;
  /** One state, scalar (for the robot); see the function. */
  analyzeOne(v: Float64Array, mask: number, up: number, s: Scratch, final: Float64Array, keep3: Float64Array, keep2: Float64Array): number;
}

export function createKernel(t: KernelTables): Kernel {
  const { CHILD, PARENT_START, PARENTS, ROLL_PROB, SCORE, FACE_COUNT, NZ_START, NZ_ROLL, UP_REP_START, UP_REP, UP_MAP } = t;
  const NCAT = 15;
  const UPPER_COUNT = 6;
  const KEEPS = 462;
  const ROLLS = 252;
  const ROLL0 = 210;
  const UPS = 64;
  const BONUS = 50;
  const BONUS_THRESHOLD = 63;
  const FULL_MASK = (1 << NCAT) - 1;
  const SIXTH = 1 / 6;

  const wasmModule = new WebAssembly.Module(t.WASM as Uint8Array<ArrayBuffer>);

  /** Scratch rows in a fresh instance's memory, with the dice tables copied in once. */
  function newScratch(): Scratch {
    const inst = new WebAssembly.Instance(wasmModule, {});
    const ex = inst.exports as unknown as { mem: WebAssembly.Memory; avg: WasmAvg; maxParents: WasmMaxParents };
    let top = 0;
    const take = (bytes: number) => {
      const at = top;
      top += (bytes + 15) & ~15; // 16-byte aligned rows for v128 loads
      return at;
    };
    const chOff = take(CHILD.length * 4);
    const psOff = take(PARENT_START.length * 4);
    const ppOff = take(PARENTS.length * 4);
    const probOff = take(ROLL_PROB.length * 8);
    const kOff = take(KEEPS * UPS * 8);
    const mOff = take(KEEPS * UPS * 8);
    const accOff = take(UPS * 8);
    const pages = Math.ceil(top / 65536) - ex.mem.buffer.byteLength / 65536;
    if (pages > 0) ex.mem.grow(pages);
    const buf = ex.mem.buffer;
    new Int32Array(buf, chOff, CHILD.length).set(CHILD);
    new Int32Array(buf, psOff, PARENT_START.length).set(PARENT_START);
    new Int32Array(buf, ppOff, PARENTS.length).set(PARENTS);
    new Float64Array(buf, probOff, ROLL_PROB.length).set(ROLL_PROB);
    return {
      k: new Float64Array(buf, kOff, KEEPS * UPS),
      m: new Float64Array(buf, mOff, KEEPS * UPS),
      u: new Float64Array(NCAT * 6 * UPS),
      zero: new Float64Array(UPS),
      acc: new Float64Array(buf, accOff, UPS),
      ups: new Int32Array(UPS),
      wasm: { avg: ex.avg, maxParents: ex.maxParents, kOff, mOff, accOff, chOff, psOff, ppOff, probOff },
    };
  }

  /** Rows of k and m hold an even number of sums, so the SIMD loops take two at a time. */
  const stride = (n: number) => n + (n & 1);

  /** Rows ROLL0.. of k: the best transfer value of every final roll, for each of the n sums in s.ups. */
  function finalRollValues(v: Float64Array, mask: number, n: number, s: Scratch): void {
    const { k, u, zero, ups } = s;
    const ns = stride(n);
    // First the value of each open category for each count of its face (upper) or as a
    // base to add its points to (lower), and the best transfer worth no points ("zero").
    zero.fill(-Infinity, 0, n);
    for (let c = 0; c < NCAT; c++) {
      const bit = 1 << c;
      if (mask & bit) continue;
      const next = (mask | bit) * UPS;
      if (c < UPPER_COUNT) {
        const f = c + 1;
        for (let cnt = 0; cnt <= 5; cnt++) {
          const o = (c * 6 + cnt) * n;
          for (let j = 0; j < n; j++) {
            const up = ups[j]!;
            const nu = up + cnt * f;
            const bonus = up < BONUS_THRESHOLD && nu >= BONUS_THRESHOLD ? BONUS : 0;
            u[o + j] = cnt * f + bonus + v[next + (nu > BONUS_THRESHOLD ? BONUS_THRESHOLD : nu)]!;
          }
        }
      } else {
        const o = c * 6 * n;
        for (let j = 0; j < n; j++) u[o + j] = v[next + ups[j]!]!;
      }
      const o = c * 6 * n;
      for (let j = 0; j < n; j++) if (u[o + j]! > zero[j]!) zero[j] = u[o + j]!;
    }
    for (let r = 0; r < ROLLS; r++) {
      const row = (ROLL0 + r) * ns;
      for (let j = 0; j < n; j++) k[row + j] = zero[j]!;
    }
    // Then every roll where a category is worth more than its zero.
    for (let c = 0; c < NCAT; c++) {
      if (mask & (1 << c)) continue;
      const nzEnd = NZ_START[c + 1]!;
      const off = c * ROLLS;
      if (c < UPPER_COUNT) {
        for (let p = NZ_START[c]!; p < nzEnd; p++) {
          const r = NZ_ROLL[p]!;
          const o = (c * 6 + FACE_COUNT[off + r]!) * n;
          const row = (ROLL0 + r) * ns;
          for (let j = 0; j < n; j++) {
            const x = u[o + j]!;
            if (x > k[row + j]!) k[row + j] = x;
          }
        }
      } else {
        const o = c * 6 * n;
        for (let p = NZ_START[c]!; p < nzEnd; p++) {
          const r = NZ_ROLL[p]!;
          const pts = SCORE[off + r]!;
          const row = (ROLL0 + r) * ns;
          for (let j = 0; j < n; j++) {
            const x = pts + u[o + j]!;
            if (x > k[row + j]!) k[row + j] = x;
          }
        }
      }
    }
  }

  /**
   * One throw backwards: rows ROLL0.. of k hold roll values after the throw; afterwards rows
   * id < ROLL0 hold the value of keeping each multiset before the throw and rows ROLL0.. the
   * value of each roll before that throw (its best sub-multiset; keeping all five = transfer).
   * With `acc`, the roll values are not stored but summed, weighted by their probability,
   * into acc[0..n) (the value before the round's first throw).
   */
  function throwPass(n: number, s: Scratch, acc: Float64Array | null): void {
    const w = s.wasm;
    const ns = stride(n);
    const rowBytes = ns * 8;
    // k[id] for every keep of 0..4 dice: the mean over the next die (kernel.wat avg)
    w.avg(w.kOff, w.chOff, rowBytes, ROLL0 - 1);
    // m[id] = best keep within multiset id: its own value or its parents' (one die fewer)
    const { k, m } = s;
    for (let j = 0; j < ns; j++) m[j] = k[j]!; // the empty keep has no parent
    w.maxParents(w.kOff, w.mOff, w.mOff, w.psOff, w.ppOff, rowBytes, 1, ROLL0, -1, w.probOff, ROLL0);
    // rolls: their best keep, stored (first throw) or summed by probability into acc
    if (acc) acc.fill(0, 0, ns);
    w.maxParents(w.kOff, w.mOff, w.kOff, w.psOff, w.ppOff, rowBytes, ROLL0, KEEPS, acc ? w.accOff : -1, w.probOff, ROLL0);
  }

  /** Solves the n sums in s.ups of one mask; s.acc[j] receives V(mask, ups[j]). */
  function solveUps(v: Float64Array, mask: number, n: number, s: Scratch): void {
    finalRollValues(v, mask, n, s);
    throwPass(n, s, null);
    throwPass(n, s, s.acc);
  }

  /** Solves every reachable upper sum of one mask into `v` (the level above must be solved). */
  function solveMask(v: Float64Array, mask: number, s: Scratch): number {
    const upper = mask & 63;
    const base = mask * UPS;
    const r0 = UP_REP_START[upper]!;
    const n = UP_REP_START[upper + 1]! - r0;
    for (let j = 0; j < n; j++) s.ups[j] = UP_REP[r0 + j]!;
    if (mask === FULL_MASK) s.acc.fill(0, 0, n);
    else solveUps(v, mask, n, s);
    for (let j = 0; j < n; j++) v[base + s.ups[j]!] = s.acc[j]!;
    for (let up = 0; up < UPS; up++) {
      const rep = UP_MAP[upper * UPS + up]!;
      if (rep >= 0 && rep !== up) v[base + up] = v[base + rep]!;
    }
    return n;
  }

  /**
   * One state (mask, up), scalar: the same arithmetic as finalRollValues + throwPass with
   * n = 1, in the same order (so the same numbers), without the inner loops. For the robot,
   * which analyses one state per round. Fills final (252), keep3 and keep2 (210 each) and
   * returns the value before the first throw.
   */
  function analyzeOne(v: Float64Array, mask: number, up: number, s: Scratch, final: Float64Array, keep3: Float64Array, keep2: Float64Array): number {
    const { k, m, u } = s;
    let zero = -Infinity;
    for (let c = 0; c < NCAT; c++) {
      const bit = 1 << c;
      if (mask & bit) continue;
      const next = (mask | bit) * UPS;
      if (c < UPPER_COUNT) {
        const f = c + 1;
        for (let cnt = 0; cnt <= 5; cnt++) {
          const nu = up + cnt * f;
          const bonus = up < BONUS_THRESHOLD && nu >= BONUS_THRESHOLD ? BONUS : 0;
          u[c * 6 + cnt] = cnt * f + bonus + v[next + (nu > BONUS_THRESHOLD ? BONUS_THRESHOLD : nu)]!;
        }
      } else u[c * 6] = v[next + up]!;
      if (u[c * 6]! > zero) zero = u[c * 6]!;
    }
    k.fill(zero, ROLL0, KEEPS);
    for (let c = 0; c < NCAT; c++) {
      if (mask & (1 << c)) continue;
      const nzEnd = NZ_START[c + 1]!;
      const off = c * ROLLS;
      for (let p = NZ_START[c]!; p < nzEnd; p++) {
        const r = NZ_ROLL[p]!;
        const x = c < UPPER_COUNT ? u[c * 6 + FACE_COUNT[off + r]!]! : SCORE[off + r]! + u[c * 6]!;
        if (x > k[ROLL0 + r]!) k[ROLL0 + r] = x;
      }
    }
    for (let r = 0; r < ROLLS; r++) final[r] = k[ROLL0 + r]!;
    let value = 0;
    for (let pass = 0; pass < 2; pass++) {
      for (let id = ROLL0 - 1; id >= 0; id--) {
        const o = id * 6;
        k[id] = (k[CHILD[o]!]! + k[CHILD[o + 1]!]! + k[CHILD[o + 2]!]! + k[CHILD[o + 3]!]! + k[CHILD[o + 4]!]! + k[CHILD[o + 5]!]!) * SIXTH;
      }
      const keep = pass === 0 ? keep3 : keep2;
      for (let id = 0; id < ROLL0; id++) keep[id] = k[id]!;
      m[0] = k[0]!;
      for (let id = 1; id < KEEPS; id++) {
        let x = k[id]!;
        const end = PARENT_START[id + 1]!;
        for (let p = PARENT_START[id]!; p < end; p++) {
          const y = m[PARENTS[p]!]!;
          if (y > x) x = y;
        }
        if (id < ROLL0) m[id] = x;
        else if (pass === 0) k[id] = x;
        else value += ROLL_PROB[id - ROLL0]! * x;
      }
    }
    return value;
  }

  return { newScratch, finalRollValues, throwPass, solveUps, solveMask, analyzeOne };
}
