// The robot against the independent exhaustive enumerator on thousands of seeded random
// positions: the same set of legal moves, each once, with the same score.
import { describe, expect, it } from 'vitest';
import { moveKey } from '../../core/robots/cardwords/generate.js';
import { enumerateAll } from './reference/enumerate.js';
import { bestOf, movesOf, randomPosition } from './random-positions.js';
import { CPU_BOUND } from '../support/timeouts.js';

// Two files (this and exhaustive-b) split the seeds so that vitest runs them on both cores.
const COUNT = Number(process.env.CW_EXHAUSTIVE ?? 1000);
const FIRST = 100_000;

describe('move generator against the exhaustive enumerator', () => {
  it(`agrees on ${COUNT} random positions`, CPU_BOUND, () => {
    let totalMoves = 0;
    let withMoves = 0;
    const kinds = new Set<string>();
    for (let seed = FIRST; seed < FIRST + COUNT; seed++) {
      const p = randomPosition(seed);
      const ref = enumerateAll(p.table, p.bonus, p.board, p.hand, new Set(p.words), p.letters);
      const got = movesOf({ table: p.table, bonus: p.bonus, store: p.store }, p.board, p.hand);
      const gotMap = new Map<string, number>();
      for (const m of got) {
        const k = moveKey(m);
        if (gotMap.has(k)) throw new Error(`seed ${seed}: move listed twice: ${k}`);
        gotMap.set(k, m.score);
      }
      const missing = [...ref.keys()].filter((k) => !gotMap.has(k));
      const extra = [...gotMap.keys()].filter((k) => !ref.has(k));
      if (missing.length || extra.length) {
        throw new Error(`seed ${seed}: ${missing.length} missing (${missing.slice(0, 3).join(' | ')}), ${extra.length} extra (${extra.slice(0, 3).join(' | ')})`);
      }
      for (const [k, s] of gotMap) {
        if (ref.get(k)!.score !== s) throw new Error(`seed ${seed}: ${k}: robot ${s}, reference ${ref.get(k)!.score}`);
      }
      // best only: the maximum of all
      const best = bestOf({ table: p.table, bonus: p.bonus, store: p.store }, p.board, p.hand);
      const max = Math.max(...[...ref.values()].map((m) => m.score));
      if (ref.size === 0) expect(best).toEqual([]);
      else {
        expect(best.length).toBeGreaterThan(0);
        for (const b of best) expect(b.score).toBe(max);
      }
      totalMoves += got.length;
      if (got.length) withMoves++;
      kinds.add(`${p.table.start.touchColumn === null ? '-' : 'c'}${p.table.start.touchRow === null ? '-' : 'r'}`);
    }
    // the sample is not trivial
    expect(withMoves).toBeGreaterThan(COUNT / 3);
    expect(totalMoves).toBeGreaterThan(COUNT * 5);
    expect(kinds.size).toBe(4);
  });
});
