// bestAction (equity.ts: the best action by static equity read from a MoveList, a leave
// valued once per set of cards kept) against the first of rankActions (every action as an
// object, sorted): the same action and the same numbers, ties and the end of the pile
// included, on seeded random positions with random leave values and on English game positions.
import { describe, expect, it } from 'vitest';
import type { Card } from '../../core/games/cardwords/types.js';
import { Rng } from '../../core/random.js';
import { bestAction, rankActions, type RankedAction } from '../../core/robots/cardwords/equity.js';
import { kindKey, Leaves, LEAVES_VERSION } from '../../core/robots/cardwords/leaves.js';
import { robotGame, sample } from './games.js';
import { listOf, movesOf, randomPosition } from './random-positions.js';
import { CPU_BOUND } from '../support/timeouts.js';

/** Leave values over the kinds of these cards: halves, so that equities tie often. */
function randomLeaves(rng: Rng, cards: readonly Card[]): Leaves {
  const kinds = [...new Set(cards.map(kindKey))];
  const half = () => (rng.int(21) - 10) / 2;
  const pairs: Array<[number, number, number]> = [];
  const triples: Array<[number, number]> = [];
  for (let i = 0; i < kinds.length; i++) {
    for (let j = i; j < kinds.length; j++) if (rng.int(3) === 0) pairs.push([i, j, half()]);
    if (rng.int(3) === 0) triples.push([i, half()]);
  }
  return new Leaves({ version: LEAVES_VERSION, key: 'test', kinds, single: kinds.map(half), pairs, triples, games: 0, samples: 0 });
}

describe('best action by static equity', () => {
  it('equals the first of rankActions on 1,500 random positions (ties, trades, the pass, the end of the pile)', CPU_BOUND, () => {
    const seen = { moveTies: 0, trade: 0, pass: 0, move: 0, endOfPile: 0 };
    for (let seed = 80_000; seed < 81_500; seed++) {
      const p = randomPosition(seed, { maxHand: 7 });
      const rng = Rng.fromSeed(`best-action-${seed}`);
      const leaves = randomLeaves(rng, [...p.hand, { char: null, points: 0 }, { char: p.letters[0]!, points: 1 }]);
      const pile = [null, 0, 1, 2, 3, 40][rng.int(6)]!;
      const opts = { unseenPoints: rng.int(30) };
      const ctx = { table: p.table, bonus: p.bonus, store: p.store };
      // through the random positions' one generator (a generator per position's word store
      // was half this test's CPU, mostly garbage collection); the English positions below
      // take bestAction's own
      const ranked = rankActions(ctx, p.board, p.hand, pile, leaves, opts, movesOf(ctx, p.board, p.hand));
      const got = bestAction(ctx, p.board, p.hand, pile, leaves, opts, listOf(ctx, p.board, p.hand));
      expect(got, `seed ${seed}`).toEqual(ranked[0]);
      const first = ranked[0]!;
      seen[first.choice.kind]++;
      const same = (a: RankedAction) => a.choice.kind === 'move' && a.equity === first.equity && a.score === first.score;
      if (first.choice.kind === 'move' && ranked.filter(same).length > 1) seen.moveTies++;
      if (pile !== null && pile <= p.hand.length) seen.endOfPile++;
    }
    // every branch was met, many times
    expect(seen.move).toBeGreaterThan(500);
    expect(seen.trade).toBeGreaterThan(50);
    expect(seen.pass).toBeGreaterThan(20);
    expect(seen.moveTies).toBeGreaterThan(50);
    expect(seen.endOfPile).toBeGreaterThan(300);
  });

  it('equals the first of rankActions on English game positions, with 0, 1 and 2 wildcards', async () => {
    const english = await sample('samples/english');
    const ctx = { table: english.rules.table, bonus: english.rules.bonus, store: english.store };
    const rng = Rng.fromSeed('best-action-english');
    const leaves = randomLeaves(rng, english.rules.deck);
    const { states } = robotGame(english, 'best-action', ['best', 'good'], true);
    let compared = 0;
    for (let k = 0; k < states.length; k += 2) {
      const s = states[k]!;
      const natural = s.players[s.turn]!.hand.filter((c) => c.char !== null);
      for (let wild = 0; wild <= 2; wild++) {
        const hand = [...Array.from({ length: wild }, () => ({ char: null, points: 0 })), ...natural.slice(wild)];
        const pile = s.pile.length;
        const ranked = rankActions(ctx, s.board, hand, pile, leaves, { unseenPoints: 20 });
        expect(bestAction(ctx, s.board, hand, pile, leaves, { unseenPoints: 20 }), `state ${k}, ${wild} wildcards`).toEqual(ranked[0]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(30);
  });
});
