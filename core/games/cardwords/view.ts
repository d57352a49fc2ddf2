// What one player, or a watcher, may see of a Cardwords game (docs/rules.md#cardwords-watchers:
// watchers see the table and the scores, never a hand).
//
// A view is built field by field from the state, never by copying the state: it holds the
// table, the scores, how many cards each player holds, how many cards are in the pile, whose
// turn it is, what the last action did and, for a player, their own hand. It never holds
// another player's hand, the pile's cards or order, the generator's state or the seed (with
// the seed and the actions anyone could replay the deal).
import type { CardwordsState, GameEnd, TurnSummary } from './engine.js';
import type { RulesetIdentity } from './setup.js';
import type { Board, Card, PlacedCard } from './types.js';

export interface PlayerSummary {
  readonly name: string;
  readonly score: number;
  /** How many cards the player holds. */
  readonly cards: number;
}

export interface CardwordsView {
  readonly game: 'cardwords';
  readonly ruleset: RulesetIdentity;
  /** The seat of the player this view is for, or null for a watcher. */
  readonly viewer: number | null;
  readonly players: readonly PlayerSummary[];
  readonly board: Board;
  /** Cards left in the pile. */
  readonly pile: number;
  readonly turn: number;
  /** Turns in a row without a move. */
  readonly idle: number;
  readonly over: boolean;
  readonly end: GameEnd | null;
  readonly last: TurnSummary | null;
  /** Actions so far. */
  readonly actions: number;
  /** The viewer's own hand; null for a watcher. */
  readonly hand: readonly Card[] | null;
}

function copyCard(c: Card): Card {
  return c.meaning === undefined ? { char: c.char, points: c.points } : { char: c.char, points: c.points, meaning: c.meaning };
}

function copyPlaced(p: PlacedCard): PlacedCard {
  return { col: p.col, row: p.row, card: copyCard(p.card) };
}

/** The view of seat `viewer` (a player), or of a watcher (null). */
export function viewOf(state: CardwordsState, viewer: number | null): CardwordsView {
  if (viewer !== null && !(Number.isInteger(viewer) && viewer >= 0 && viewer < state.players.length)) throw new RangeError(`no seat ${viewer}`);
  const last = state.last;
  const end = state.end;
  return {
    game: 'cardwords',
    ruleset: { name: state.ruleset.name, digest: state.ruleset.digest },
    viewer,
    players: state.players.map((p) => ({ name: p.name, score: p.score, cards: p.hand.length })),
    board: { width: state.board.width, height: state.board.height, cells: state.board.cells.map((c) => (c ? copyCard(c) : null)) },
    pile: state.pile.length,
    turn: state.turn,
    idle: state.idle,
    over: state.over,
    end: end && {
      reason: end.reason,
      out: end.out,
      handPoints: end.handPoints.slice(),
      adjustments: end.adjustments.slice(),
      winners: end.winners.slice(),
    },
    last: last && {
      player: last.player,
      type: last.type,
      score: last.score,
      laid: last.laid.map(copyPlaced),
      words: last.words.slice(),
      traded: last.traded,
      drawn: last.drawn,
    },
    actions: state.actions.length,
    hand: viewer === null ? null : state.players[viewer]!.hand.map(copyCard),
  };
}
