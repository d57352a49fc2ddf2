// Robot players: choose a move, a trade or a pass. Levels:
//   best    always the highest score (a trade or pass when its score beats every move)
//   good    a strong human: a random move among those within 80% of the best score
//   casual  a casual human: short words (<= 5 cards in the word), up to 3 cards laid, a
//           random move from the better half of those
//   champion static equity (score + learned leave value) and simulation of the best
//           candidates, an endgame search at the end (champion.ts); it needs the deck and
//           the ruleset's learned leaves in its context, and without them plays static
//           equity with every leave worth 0
// Randomness comes from the caller's seeded generator (the game state's), so robot games
// replay exactly.
import type { Rng } from '../../random.js';
import type { CardwordsAction } from '../../games/cardwords/engine.js';
import type { CardwordsView } from '../../games/cardwords/view.js';
import { createdWords, mainWordFirst, passScore, tradeScore } from '../../games/cardwords/scoring.js';
import { shownChar, type Board, type Card, type PlacedCard } from '../../games/cardwords/types.js';
import type { RobotChoice } from './choice.js';
import { bestMoves, generateMoves, sortMoves, type GenContext, type GeneratedMove } from './generate.js';
import { championDecide, positionOfView, type ChampionOptions } from './champion.js';
import { bestAction } from './equity.js';
import { Leaves } from './leaves.js';

export type RobotLevel = 'best' | 'good' | 'casual' | 'champion';
export const ROBOT_LEVELS: readonly RobotLevel[] = ['best', 'good', 'casual', 'champion'];

/** A robot's context: the champion also reads the deck, its learned leaves and its options. */
export interface RobotContext extends GenContext {
  deck?: readonly Card[];
  leaves?: Leaves;
  champion?: ChampionOptions;
  /**
   * The `best` level chooses among its equal best moves from the game's generator, not the
   * first in cell order (robot games for statistics: the playtest's table heat map leaned to
   * the upper left, where the first of equal moves lies, on a table symmetric about its start).
   */
  shuffleTies?: boolean;
}

export type { RobotChoice } from './choice.js';

export function tilesToPlaced(width: number, move: GeneratedMove): PlacedCard[] {
  return move.tiles.map((t) => ({ col: t.cell % width, row: Math.floor(t.cell / width), card: t.card }));
}

/** The words a generated move creates, main word first. */
export function moveWords(ctx: GenContext, board: Board, move: GeneratedMove): string[] {
  const placed = tilesToPlaced(board.width, move);
  const fresh = new Map(move.tiles.map((t) => [t.cell, t.card] as const));
  const words = createdWords(ctx.table, board, placed).map((w) => ({
    direction: w.direction,
    word: w.cells.map((c) => shownChar(board.cells[c] ?? fresh.get(c)!)).join(''),
  }));
  // in the order the game says a move's words (the review's best beside the move played)
  return mainWordFirst(words, placed);
}

/** The best trade or pass available (trading needs as many cards in the pile). */
export function bestNonMove(bonus: ReadonlyMap<number, number>, hand: readonly Card[], pile: number | null): RobotChoice {
  let best: RobotChoice = { kind: 'pass', score: passScore(bonus) };
  const max = Math.min(hand.length, pile ?? hand.length);
  // trade the lowest cards first, wildcards last
  const order = hand.slice().sort((a, b) => (a.char === null ? 1 : 0) - (b.char === null ? 1 : 0) || a.points - b.points);
  for (let i = 1; i <= max; i++) {
    const s = tradeScore(bonus, i);
    if (s > best.score || (s === best.score && best.kind === 'trade')) best = { kind: 'trade', cards: order.slice(0, i), score: s };
  }
  return best;
}

export function chooseAction(ctx: GenContext, board: Board, hand: readonly Card[], pile: number | null, level: RobotLevel, rng: Rng): RobotChoice {
  if (level === 'champion') return bestAction(ctx, board, hand, pile, (ctx as RobotContext).leaves ?? Leaves.zero()).choice;
  const other = bestNonMove(ctx.bonus, hand, pile);
  if (level === 'best') {
    const sorted = sortMoves(bestMoves(ctx, board, hand));
    let best = sorted[0];
    if (best && (ctx as RobotContext).shuffleTies) {
      let ties = 1;
      while (ties < sorted.length && sorted[ties]!.score === best.score) ties++;
      if (ties > 1) best = sorted[rng.int(ties)]!;
    }
    if (!best || other.score > best.score) return other;
    return { kind: 'move', move: best, score: best.score };
  }
  if (level === 'good') {
    const moves = sortMoves(generateMoves(ctx, board, hand));
    const top = moves[0];
    if (!top || other.score > top.score) return other;
    const floor = top.score >= 0 ? top.score * 0.8 : top.score;
    const pool = moves.filter((m) => m.score >= floor);
    const m = pool[rng.int(pool.length)]!;
    return { kind: 'move', move: m, score: m.score };
  }
  const moves = sortMoves(generateMoves(ctx, board, hand, { acceptWord: (len) => len <= 5, maxTiles: 3 }));
  if (moves.length === 0) return other;
  const pool = moves.slice(0, Math.max(1, Math.ceil(moves.length / 2)));
  const m = pool[rng.int(pool.length)]!;
  if (other.score > m.score && other.score > moves[0]!.score) return other;
  return { kind: 'move', move: m, score: m.score };
}

/** The engine action for a robot's choice. */
export function choiceToAction(seat: number, width: number, choice: RobotChoice): CardwordsAction {
  switch (choice.kind) {
    case 'move':
      return { type: 'move', player: seat, cards: tilesToPlaced(width, choice.move) };
    case 'trade':
      return { type: 'trade', player: seat, cards: choice.cards.map((c) => ({ char: c.char, points: c.points })) };
    case 'pass':
      return { type: 'pass', player: seat };
  }
}

/**
 * What a robot plays in a seat, from that seat's view only (its hand, the table, the pile's
 * size): it knows no more than a human in its place.
 */
export function robotAction(ctx: RobotContext, view: CardwordsView, level: RobotLevel, rng: Rng): CardwordsAction {
  if (view.viewer === null || view.hand === null) throw new RangeError('a robot plays a seat, not a watcher\'s view');
  if (level === 'champion' && ctx.deck) {
    const cc = { ...ctx, deck: ctx.deck, leaves: ctx.leaves ?? Leaves.zero() };
    return choiceToAction(view.viewer, view.board.width, championDecide(cc, positionOfView(view), rng, ctx.champion).choice);
  }
  return choiceToAction(view.viewer, view.board.width, chooseAction(ctx, view.board, view.hand, view.pile, level, rng));
}
