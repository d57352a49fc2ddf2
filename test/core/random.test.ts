import { describe, expect, it } from 'vitest';
import { Rng, seedState } from '../../core/random.js';

describe('Rng', () => {
  it('is deterministic per seed and differs between seeds', () => {
    const a = Rng.fromSeed('game-1');
    const b = Rng.fromSeed('game-1');
    const c = Rng.fromSeed('game-2');
    const xs = Array.from({ length: 8 }, () => a.nextUint32());
    expect(Array.from({ length: 8 }, () => b.nextUint32())).toEqual(xs);
    expect(Array.from({ length: 8 }, () => c.nextUint32())).not.toEqual(xs);
  });

  it('resumes exactly from a stored state', () => {
    const a = Rng.fromSeed(42);
    for (let i = 0; i < 100; i++) a.next();
    const resumed = new Rng(a.state);
    expect(Array.from({ length: 20 }, () => resumed.int(1000))).toEqual(Array.from({ length: 20 }, () => a.int(1000)));
  });

  it('int(n) is uniform enough: a chi-square test over 6 faces', () => {
    const rng = new Rng(seedState(7));
    const counts = [0, 0, 0, 0, 0, 0];
    const n = 60_000;
    for (let i = 0; i < n; i++) counts[rng.int(6)]!++;
    const expected = n / 6;
    const chi2 = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(20.5); // p = 0.001 for 5 degrees of freedom
  });

  it('rejects bad bounds', () => {
    expect(() => Rng.fromSeed(1).int(0)).toThrow(RangeError);
    expect(() => Rng.fromSeed(1).int(2.5)).toThrow(RangeError);
  });

  it('shuffle is a permutation', () => {
    const xs = Array.from({ length: 50 }, (_, i) => i);
    const ys = Rng.fromSeed(3).shuffle([...xs]);
    expect([...ys].sort((p, q) => p - q)).toEqual(xs);
    expect(ys).not.toEqual(xs);
  });
});
