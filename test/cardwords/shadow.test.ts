// The best move found with shadow pruning (anchors searched best bound first, stopping when
// no bound reaches the best score; with wildcards, the bounds of each start and end also cut
// the anchor's search) against the best of all moves, on seeded random positions
// with up to 7 cards in hand and wildcards, and on English robot-game positions; and that
// it prunes (the words the search reaches, against all moves').
import { describe, expect, it } from 'vitest';
import { bestMoves, generateMoves, generatorFor, moveKey, type GeneratedMove } from '../../core/robots/cardwords/generate.js';
import { robotGame, sample } from './games.js';
import { bestOf, movesOf, randomPosition } from './random-positions.js';
import { CPU_BOUND } from '../support/timeouts.js';

function topOfAll(moves: GeneratedMove[]): { score: number | null; keys: string[] } {
  if (moves.length === 0) return { score: null, keys: [] };
  const score = Math.max(...moves.map((m) => m.score));
  return { score, keys: moves.filter((m) => m.score === score).map(moveKey).sort() };
}

describe('best move with shadow pruning', () => {
  it('equals the best of all moves (every tie) on 3,000 random positions, wildcards included', CPU_BOUND, () => {
    let withWild = 0;
    let withMoves = 0;
    for (let seed = 60_000; seed < 63_000; seed++) {
      const p = randomPosition(seed, { maxHand: 7 });
      const ctx = { table: p.table, bonus: p.bonus, store: p.store };
      const all = topOfAll(movesOf(ctx, p.board, p.hand));
      const best = bestOf(ctx, p.board, p.hand);
      const got = best.map(moveKey).sort();
      if (all.score === null) expect(best, `seed ${seed}`).toEqual([]);
      else {
        withMoves++;
        for (const b of best) expect(b.score, `seed ${seed}`).toBe(all.score);
        if (got.join('|') !== all.keys.join('|')) expect(got, `seed ${seed}`).toEqual(all.keys);
      }
      if (p.hand.some((c) => c.char === null)) withWild++;
    }
    expect(withWild).toBeGreaterThan(1000);
    expect(withMoves).toBeGreaterThan(1500);
  });

  it('equals the best of all moves on English game positions with 0, 1 and 2 wildcards', async () => {
    const english = await sample('samples/english');
    const ctx = { table: english.rules.table, bonus: english.rules.bonus, store: english.store };
    const gen = generatorFor(english.store);
    // words the search reached, all moves against the best move, by wildcards in hand
    const reachedAll = [0, 0, 0];
    const reachedBest = [0, 0, 0];
    for (const seed of ['shadow-a', 'shadow-b']) {
      const { states } = robotGame(english, seed, ['best', 'good'], true);
      for (let k = 0; k < states.length; k += 3) {
        const s = states[k]!;
        const natural = s.players[s.turn]!.hand.filter((c) => c.char !== null);
        for (let wild = 0; wild <= 2; wild++) {
          const hand = [...Array.from({ length: wild }, () => ({ char: null, points: 0 })), ...natural.slice(wild)];
          const all = topOfAll(generateMoves(ctx, s.board, hand));
          reachedAll[wild]! += gen.wordsReached;
          const got = bestMoves(ctx, s.board, hand).map(moveKey).sort();
          reachedBest[wild]! += gen.wordsReached;
          expect(got, `${seed} state ${k}, ${wild} wildcards`).toEqual(all.keys);
        }
      }
    }
    // and it prunes: the best move reaches a fraction of the words. Anchors whose bound cannot
    // beat the best found are left (without: every word, a ratio of 1); with wildcards the
    // bounds of starts and steps cut inside an anchor too (measured 0.46 / 0.29 / 0.23;
    // without the cuts inside an anchor 0.37 and 0.33 with 1 and 2 wildcards)
    const ratio = reachedBest.map((b, w) => b / reachedAll[w]!);
    expect(reachedAll[0]).toBeGreaterThan(5000);
    expect(ratio[0], 'natural hands').toBeLessThan(0.6);
    expect(ratio[1], '1 wildcard').toBeLessThan(0.33);
    expect(ratio[2], '2 wildcards').toBeLessThan(0.28);
  });
});
