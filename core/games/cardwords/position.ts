// A position for analysis (the `cardwords moves --position FILE` format):
//   {"table": {"3,4": "[A 6]", "4,4": "[ E-2]"}, "hand": "[A 6] [  0] [E -1]", "pile": 40}
// keys "col,row" 0-based as in the card-table file; values in card notation (wildcards on
// the table with their meaning). "pile" (optional) is the number of cards left to draw.
import type { CardTable } from '../../formats/types.js';
import { NotationError, parseCard, parseCards, parseCell, type Fold } from './notation.js';
import type { Board, Card } from './types.js';

export class PositionError extends Error {
  constructor(
    readonly code: 'position/json' | 'position/shape' | 'position/cell' | 'position/card' | 'position/hand',
    message: string,
  ) {
    super(message);
  }
}

export interface Position {
  board: Board;
  hand: Card[];
  pile: number | null;
}

export function parsePosition(text: string, table: CardTable, fold: Fold): Position {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new PositionError('position/json', `not valid JSON: ${(e as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new PositionError('position/shape', 'a position is an object with "table" and "hand"');
  const obj = data as Record<string, unknown>;
  for (const k of Object.keys(obj)) if (!['table', 'hand', 'pile'].includes(k)) throw new PositionError('position/shape', `unknown key "${k}" (expected "table", "hand", "pile")`);
  const tableObj = obj.table ?? {};
  if (typeof tableObj !== 'object' || tableObj === null || Array.isArray(tableObj)) throw new PositionError('position/shape', '"table" must be an object {"col,row": "[X n]"}');
  const W = table.width;
  const H = table.height;
  const board: Board = { width: W, height: H, cells: new Array<Card | null>(W * H).fill(null) };
  for (const [key, value] of Object.entries(tableObj as Record<string, unknown>)) {
    let cell: { col: number; row: number };
    try {
      cell = parseCell(key);
    } catch (e) {
      throw new PositionError('position/cell', `table key "${key}": ${(e as Error).message}`);
    }
    const { col, row } = cell;
    if (col >= W || row >= H) throw new PositionError('position/cell', `table cell ${key} is off the ${W}*${H} table`);
    if (table.cells[row * W + col]?.blocked) throw new PositionError('position/cell', `table cell ${key} is blocked`);
    if (typeof value !== 'string') throw new PositionError('position/card', `table cell ${key}: the card must be a string such as "[A 6]"`);
    let card: Card;
    try {
      card = parseCard(value, fold);
    } catch (e) {
      throw new PositionError('position/card', `table cell ${key}: ${(e as NotationError).message}`);
    }
    if (card.char === null && card.meaning === undefined) throw new PositionError('position/card', `table cell ${key}: a wildcard on the table needs its meaning, e.g. [ E${card.points}]`);
    if (board.cells[row * W + col]) throw new PositionError('position/cell', `table cell ${key} is given twice`);
    board.cells[row * W + col] = card;
  }
  if (typeof obj.hand !== 'string') throw new PositionError('position/hand', '"hand" must be a string of cards such as "[A 6] [  0]"');
  let hand: Card[];
  try {
    hand = parseCards(obj.hand, fold);
  } catch (e) {
    throw new PositionError('position/hand', `hand: ${(e as Error).message}`);
  }
  for (const c of hand) if (c.meaning !== undefined) throw new PositionError('position/hand', 'hand: a wildcard in the hand has no meaning yet: write [  0]');
  let pile: number | null = null;
  if (obj.pile !== undefined) {
    if (typeof obj.pile !== 'number' || !Number.isInteger(obj.pile) || obj.pile < 0) throw new PositionError('position/shape', '"pile" must be a whole number >= 0');
    pile = obj.pile;
  }
  return { board, hand, pile };
}
