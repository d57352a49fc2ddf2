// The generator's pruning options give exactly the moves the plain generator gives,
// filtered afterwards: maxTiles (a search limit) must not lose or add a move.
import { describe, expect, it } from 'vitest';
import { moveKey } from '../../core/robots/cardwords/generate.js';
import { movesOf, randomPosition } from './random-positions.js';

describe('generator options', () => {
  it('maxTiles N lists exactly the moves of at most N cards, with the same scores (300 random positions)', () => {
    let compared = 0;
    for (let seed = 5000; seed < 5300; seed++) {
      const p = randomPosition(seed);
      const ctx = { table: p.table, bonus: p.bonus, store: p.store };
      const all = movesOf(ctx, p.board, p.hand);
      for (const max of [0, 1, 2, 3]) {
        const want = new Map(all.filter((m) => m.tiles.length <= max).map((m) => [moveKey(m), m.score]));
        const got = new Map(movesOf(ctx, p.board, p.hand, { maxTiles: max }).map((m) => [moveKey(m), m.score]));
        expect(got, `seed ${seed}, maxTiles ${max}`).toEqual(want);
        compared += want.size;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
