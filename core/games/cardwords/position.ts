// A position for analysis (the `cardwords moves --position FILE` format):
//   {"table": {"3,4": "[A 6]", "4,4": "[ E-2]"}, "hand": "[A 6] [  0] [E -1]", "pile": 40}
// keys "col,row" 0-based as in the card-table file; values in card notation (wildcards on
// the table with their meaning). "pile" (optional) is the number of cards left to draw.
import type { CardTable } from '../../formats/types.js';
import { NotationError, parseCard, parseCards, parseCell, type Fold } from './notation.js';
import { cardKey, missingFromHand } from './rules.js';
import { formatCard, type Board, type Card } from './types.js';

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

/** What a ruleset allows of a position: its hand size, and its deck (null: no card set, any card goes). */
export interface PositionLimits {
  handSize: number;
  deck: readonly Card[] | null;
}

/**
 * Checks a parsed position against the ruleset: a hand over the hand size, or a card the
 * card set does not hold (or holds fewer of, hand and table together), is refused, since
 * any move or trade with it is one no game can make (a hand of 8 traded all at once scored
 * 0: the bonus file has no key for it). Returns warnings for what analysis can still do:
 * a table whose cards are not all joined (no game lays one; a move need only touch one
 * card, so the moves are still exact). A table spelling no word stays silent: a game's
 * approved words can lay one.
 */
export function checkPosition(position: Position, limits: PositionLimits): string[] {
  const { board, hand } = position;
  if (hand.length > limits.handSize) throw new PositionError('position/hand', `hand: ${hand.length} cards, but the ruleset's hand size is ${limits.handSize}`);
  if (limits.deck) {
    const W = board.width;
    const all: Array<{ where: string; card: Card }> = [];
    board.cells.forEach((c, i) => c && all.push({ where: `table cell ${i % W},${Math.floor(i / W)}`, card: c }));
    for (const card of hand) all.push({ where: 'hand', card });
    const kinds = new Set(limits.deck.map(cardKey));
    for (const { where, card } of all) {
      if (kinds.has(cardKey(card))) continue;
      const same = limits.deck.filter((d) => d.char === card.char);
      const shown = [...new Set(same.map((d) => formatCard(d)))].join(' ');
      // a wildcard on the table is named as the card set writes it, its meaning aside
      const plain = formatCard({ char: card.char, points: card.points });
      throw new PositionError('position/card', `${where}: the card set has no ${plain}${shown ? ` (it has ${shown})` : ''}`);
    }
    const over = missingFromHand(limits.deck, all.map((x) => x.card));
    if (over.length > 0) {
      const c = { char: over[0]!.char, points: over[0]!.points };
      const n = (cards: readonly Card[]) => cards.filter((x) => cardKey(x) === cardKey(c)).length;
      throw new PositionError('position/card', `${n(all.map((x) => x.card))} cards ${formatCard(c)} on the table and in the hand, but the card set holds ${n(limits.deck)}`);
    }
  }
  const groups = tableGroups(board);
  return groups > 1 ? [`the table's cards lie in ${groups} groups not joined to each other, which no game lays; the moves are listed all the same [position/disconnected]`] : [];
}

/** The number of groups of cards on the table joined side by side. */
function tableGroups(board: Board): number {
  const W = board.width;
  const seen = new Uint8Array(board.cells.length);
  let groups = 0;
  for (let start = 0; start < board.cells.length; start++) {
    if (!board.cells[start] || seen[start]) continue;
    groups++;
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const i = stack.pop()!;
      const col = i % W;
      for (const j of [col > 0 ? i - 1 : -1, col < W - 1 ? i + 1 : -1, i - W, i + W]) {
        if (j >= 0 && j < board.cells.length && board.cells[j] && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
  }
  return groups;
}
