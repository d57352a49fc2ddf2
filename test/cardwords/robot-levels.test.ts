// Robot levels: `best` always takes the highest score there is (a move, a trade or a
// pass); the weaker levels score less on average over seeded games.
import { describe, expect, it } from 'vitest';
import { checkMove } from '../../core/games/cardwords/rules.js';
import { passScore, tradeScore } from '../../core/games/cardwords/scoring.js';
import { Rng } from '../../core/random.js';
import { generateMoves } from '../../core/robots/cardwords/generate.js';
import { chooseAction, tilesToPlaced, type RobotLevel } from '../../core/robots/cardwords/robot.js';
import { robotGame, sample } from './games.js';
import { randomPosition } from './random-positions.js';

describe('robot levels', () => {
  it('best takes the highest score among every move, trade and pass', () => {
    const rng = Rng.fromSeed('levels');
    let trades = 0;
    let moves = 0;
    for (let seed = 50_000; seed < 50_400; seed++) {
      const p = randomPosition(seed);
      const ctx = { table: p.table, bonus: p.bonus, store: p.store };
      const pile = seed % 3 === 0 ? rng.int(3) : null;
      const choice = chooseAction(ctx, p.board, p.hand, pile, 'best', rng);
      let max = passScore(p.bonus);
      for (let i = 1; i <= Math.min(p.hand.length, pile ?? p.hand.length); i++) max = Math.max(max, tradeScore(p.bonus, i));
      for (const m of generateMoves(ctx, p.board, p.hand)) max = Math.max(max, m.score);
      expect(choice.score, `seed ${seed}`).toBe(max);
      if (choice.kind === 'move') {
        moves++;
        const set = new Set(p.words);
        const r = checkMove({ table: p.table, bonus: p.bonus, isChar: (c) => p.letters.includes(c) }, p.board, p.hand, tilesToPlaced(p.table.width, choice.move), (w) => set.has(w));
        expect(r.ok && r.score.total).toBe(choice.score);
      } else if (choice.kind === 'trade') {
        trades++;
        expect(choice.cards.length).toBeLessThanOrEqual(pile ?? p.hand.length);
      }
    }
    expect(moves).toBeGreaterThan(100);
    expect(trades).toBeGreaterThan(0);
  });

  it('best, good and casual score in that order over seeded English games', async () => {
    const english = await sample('samples/english');
    const levels: RobotLevel[] = ['best', 'good', 'casual'];
    const scores: Record<RobotLevel, number[]> = { best: [], good: [], casual: [], champion: [] };
    let bestBeatsCasual = 0;
    const games = 24;
    for (let g = 0; g < games; g++) {
      // every level sits in every seat equally often
      const seats = [0, 1, 2].map((i) => levels[(g + i) % 3]!);
      const { final } = robotGame(english, `levels-${g}`, seats);
      seats.forEach((l, i) => scores[l].push(final.players[i]!.score));
      if (final.players[seats.indexOf('best')]!.score > final.players[seats.indexOf('casual')]!.score) bestBeatsCasual++;
    }
    const avg = (l: RobotLevel) => scores[l].reduce((a, b) => a + b, 0) / games;
    // measured: best about 420, good 350, casual 140 points a game
    expect(avg('best')).toBeGreaterThan(avg('good') * 1.05);
    expect(avg('good')).toBeGreaterThan(avg('casual') * 1.5);
    expect(bestBeatsCasual).toBeGreaterThanOrEqual(games - 1);
  });
});
