// The model of a Cardwords position: cards, the table's cards, moves.
import type { CardTable } from '../../formats/types.js';

/**
 * A card. `char` is the canonical character, or null for a wildcard. A wildcard on the
 * table or in a move carries its `meaning` (the character it stands for); in a hand it has
 * none. Notation: `[A 6]`, `[  0]` (wildcard), `[ E-2]` (wildcard played as E, worth -2).
 *
 * Identity: two cards are the same card when their notation is the same, i.e. the same
 * (character, points) pair, or for wildcards the same (points, meaning). Two identical
 * cards in a hand therefore give one move, not two.
 */
export interface Card {
  char: string | null;
  points: number;
  meaning?: string;
}

/** A card in the notation: `[A 6]`, `[  0]`, `[ E-2]` (docs/rules.md#cardwords-notation). */
export function formatCard(card: Card): string {
  if (card.char !== null) return `[${card.char} ${card.points}]`;
  return card.meaning !== undefined ? `[ ${card.meaning}${card.points}]` : `[  ${card.points}]`;
}

/** The letter a card shows on the table: its character, or a wildcard's meaning. */
export function shownChar(card: Card): string | undefined {
  return card.char ?? card.meaning;
}

/** The cards on the table, row-major like the card table: cells[row * width + col]. */
export interface Board {
  width: number;
  height: number;
  cells: Array<Card | null>;
}

export interface PlacedCard {
  col: number;
  row: number;
  card: Card;
}

/** What the rules need from a ruleset besides the words. */
export interface RulesContext {
  table: CardTable;
  /** Bonus values: -i trading i cards, 0 passing, i laying i cards. */
  bonus: ReadonlyMap<number, number>;
  /** Whether a canonical character is in the charset (wildcard meanings). */
  isChar(ch: string): boolean;
}

export function emptyBoard(table: CardTable): Board {
  return { width: table.width, height: table.height, cells: new Array<Card | null>(table.width * table.height).fill(null) };
}

export function boardIsEmpty(board: Board): boolean {
  return board.cells.every((c) => c === null);
}
