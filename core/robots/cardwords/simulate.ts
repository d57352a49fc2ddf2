// A light playing model for the champion's look-ahead (simulation and endgame search): the
// table, every hand, the pile, the scores and the idle count, with the engine's turn rules
// (draw after laying, a trade's cards shuffled back into the pile, the end when a player goes
// out with the pile empty or after 2 x players turns without a move, the end adjustment).
// It trusts the moves it is given (they come from the move generator), so it skips the
// engine's checks and its copies of the whole game record.
import type { Rng } from '../../random.js';
import { passScore, tradeScore } from '../../games/cardwords/scoring.js';
import type { Board, Card } from '../../games/cardwords/types.js';
import { bestMoves, sortMoves, type GenContext } from './generate.js';
import { withoutCards } from '../../games/cardwords/engine.js';
import type { RobotChoice } from './choice.js';

export interface SimPosition {
  board: Board;
  hands: Card[][];
  pile: Card[];
  scores: number[];
  turn: number;
  idle: number;
  over: boolean;
}

export function handPoints(hand: readonly Card[]): number {
  let s = 0;
  for (const c of hand) s += c.points;
  return s;
}

export function clonePosition(p: SimPosition): SimPosition {
  return { board: p.board, hands: p.hands.map((h) => h.slice()), pile: p.pile.slice(), scores: p.scores.slice(), turn: p.turn, idle: p.idle, over: p.over };
}

/** Plays one turn of the player to move, in place (the board is replaced, never mutated). */
export function playChoice(ctx: GenContext, p: SimPosition, choice: RobotChoice, rng: Rng): void {
  const seat = p.turn;
  const n = p.hands.length;
  const hand = p.hands[seat]!;
  p.scores[seat]! += choice.score;
  if (choice.kind === 'move') {
    const cells = p.board.cells.slice();
    for (const t of choice.move.tiles) cells[t.cell] = t.card;
    p.board = { width: p.board.width, height: p.board.height, cells };
    const kept = withoutCards(hand, choice.move.tiles.map((t) => t.card));
    const drawn = Math.min(choice.move.tiles.length, p.pile.length);
    p.hands[seat] = kept.concat(p.pile.slice(0, drawn));
    p.pile = p.pile.slice(drawn);
    p.idle = 0;
    p.turn = (seat + 1) % n;
    if (p.hands[seat]!.length === 0 && p.pile.length === 0) finish(p, seat);
    return;
  }
  if (choice.kind === 'trade') {
    const i = choice.cards.length;
    const kept = withoutCards(hand, choice.cards);
    p.hands[seat] = kept.concat(p.pile.slice(0, i));
    p.pile = rng.shuffle(p.pile.slice(i).concat(choice.cards.map((c) => ({ char: c.char, points: c.points }))));
  }
  p.idle++;
  p.turn = (seat + 1) % n;
  if (p.idle >= 2 * n) finish(p, null);
}

/** The end adjustment: every player loses their hand's points, the one who went out gains them all. */
function finish(p: SimPosition, out: number | null): void {
  const pts = p.hands.map(handPoints);
  const total = pts.reduce((a, b) => a + b, 0);
  for (let s = 0; s < p.hands.length; s++) p.scores[s]! += -pts[s]! + (s === out ? total - pts[s]! : 0);
  p.over = true;
}

/**
 * The highest score there is (the `best` level's choice, without its trade cards' order):
 * the simulated opponents play it, as it is the cheapest strong reply to compute.
 */
export function greedyChoice(ctx: GenContext, board: Board, hand: readonly Card[], pile: number): RobotChoice {
  const m = sortMoves(bestMoves(ctx, board, hand))[0];
  let other: RobotChoice = { kind: 'pass', score: passScore(ctx.bonus) };
  const max = Math.min(hand.length, pile);
  if (max > 0) {
    const order = hand.slice().sort((a, b) => (a.char === null ? 1 : 0) - (b.char === null ? 1 : 0) || a.points - b.points);
    for (let i = 1; i <= max; i++) {
      const s = tradeScore(ctx.bonus, i);
      if (s > other.score) other = { kind: 'trade', cards: order.slice(0, i), score: s };
    }
  }
  return m && m.score >= other.score ? { kind: 'move', move: m, score: m.score } : other;
}

/** The cards a player cannot see: the deck minus their hand and the cards on the table (wildcards by points). */
export function unseenCards(deck: readonly Card[], hand: readonly Card[], board: Board): Card[] {
  const seen: Card[] = hand.slice();
  for (const c of board.cells) if (c) seen.push(c);
  return withoutCards(deck, seen);
}
