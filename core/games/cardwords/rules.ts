// The one validator of Cardwords moves: every refusal with its reason (docs/rules.md#cardwords-moves).
import { scoreMove, type MoveScore } from './scoring.js';
import { boardIsEmpty, formatCard, type Board, type Card, type PlacedCard, type RulesContext } from './types.js';
import type { StartCondition } from '../../formats/types.js';
import { meetsStart } from '../../formats/cardtable.js';

export type MoveError =
  | { code: 'no-cards'; message: string }
  | { code: 'off-table'; col: number; row: number; message: string }
  | { code: 'blocked'; col: number; row: number; message: string }
  | { code: 'occupied'; col: number; row: number; message: string }
  | { code: 'same-cell'; col: number; row: number; message: string }
  | { code: 'not-in-line'; message: string }
  | { code: 'gap'; col: number; row: number; message: string }
  | { code: 'not-in-hand'; card: string; message: string }
  | { code: 'wildcard-without-meaning'; col: number; row: number; message: string }
  | { code: 'meaning-on-card'; col: number; row: number; message: string }
  | { code: 'unknown-char'; col: number; row: number; message: string }
  | { code: 'start-condition'; message: string }
  | { code: 'not-touching'; message: string }
  | { code: 'no-word'; message: string }
  | { code: 'unknown-words'; words: string[]; message: string };

export type MoveCheck = { ok: true; score: MoveScore; words: string[] } | { ok: false; errors: MoveError[] };

/** Identity of a card for hand matching and for telling moves apart (its notation). */
export function cardKey(card: Card): string {
  return card.char !== null ? `${card.char}\u0000${card.points}` : `\u0001${card.points}`;
}

/** Whether the hand holds every card of the list (as a multiset; wildcards by points). */
export function missingFromHand(hand: readonly Card[], cards: readonly Card[]): Card[] {
  const counts = new Map<string, number>();
  for (const c of hand) counts.set(cardKey(c), (counts.get(cardKey(c)) ?? 0) + 1);
  const missing: Card[] = [];
  for (const c of cards) {
    const k = cardKey(c);
    const n = counts.get(k) ?? 0;
    if (n > 0) counts.set(k, n - 1);
    else missing.push(c);
  }
  return missing;
}

/**
 * Whether a card on (col, row) meets the start condition: the cell itself, or any free cell
 * of the column or row it names (a blocked cell takes no card: never starred). False when
 * there is none (no cell is marked as the start).
 */
export function isStartCell(table: { start: Pick<StartCondition, 'touchColumn' | 'touchRow'>; width: number; cells: ReadonlyArray<{ blocked: boolean }> }, col: number, row: number): boolean {
  const { start } = table;
  return (start.touchColumn !== null || start.touchRow !== null) && meetsStart(start, col, row) && table.cells[row * table.width + col]?.blocked !== true;
}

export function describeStart(ctx: RulesContext): string {
  const { touchColumn: c, touchRow: r } = ctx.table.start;
  if (c !== null && r !== null) return `the first move must cover cell ${c},${r}`;
  if (c !== null) return `the first move must touch column ${c}`;
  if (r !== null) return `the first move must touch row ${r}`;
  return 'no start condition';
}

/**
 * Checks a move: structure first (cells, line, gaps, hand, wildcards), then placement
 * (start condition or touching), then words. Structural errors stop before the word check.
 */
export function checkMove(ctx: RulesContext, board: Board, hand: readonly Card[], placed: readonly PlacedCard[], isWord: (word: string) => boolean): MoveCheck {
  const errors: MoveError[] = [];
  const { table } = ctx;
  const W = table.width;
  const H = table.height;
  if (placed.length === 0) return { ok: false, errors: [{ code: 'no-cards', message: 'a move lays at least one card' }] };
  const cells = new Set<number>();
  for (const { col, row, card } of placed) {
    const where = `${col},${row}`;
    if (!(Number.isInteger(col) && Number.isInteger(row) && col >= 0 && row >= 0 && col < W && row < H)) {
      errors.push({ code: 'off-table', col, row, message: `cell ${where} is off the ${W}*${H} table` });
      continue;
    }
    const c = row * W + col;
    if (table.cells[c]?.blocked) errors.push({ code: 'blocked', col, row, message: `cell ${where} is blocked` });
    else if (board.cells[c]) errors.push({ code: 'occupied', col, row, message: `cell ${where} already holds a card` });
    if (cells.has(c)) errors.push({ code: 'same-cell', col, row, message: `two cards on cell ${where}` });
    cells.add(c);
    if (card.char === null && card.meaning === undefined) errors.push({ code: 'wildcard-without-meaning', col, row, message: `the wildcard on ${where} needs a meaning, e.g. [ E${card.points}]` });
    if (card.char !== null && card.meaning !== undefined) errors.push({ code: 'meaning-on-card', col, row, message: `only a wildcard has a meaning (cell ${where})` });
    const shown = card.char ?? card.meaning;
    if (shown !== undefined && !ctx.isChar(shown)) errors.push({ code: 'unknown-char', col, row, message: `'${shown}' on ${where} is not in the charset` });
  }
  const missing = missingFromHand(
    hand,
    placed.map((p) => (p.card.char === null ? { char: null, points: p.card.points } : p.card)),
  );
  for (const m of missing) errors.push({ code: 'not-in-hand', card: formatCard(m), message: `${formatCard(m)} is not in the hand` });

  const cols = new Set(placed.map((p) => p.col));
  const rows = new Set(placed.map((p) => p.row));
  if (cols.size > 1 && rows.size > 1) errors.push({ code: 'not-in-line', message: 'the cards are not in one row or one column' });
  else if (!errors.some((e) => e.code === 'off-table')) {
    // no free cell between the cards
    const across = rows.size === 1;
    const fixed = across ? placed[0]!.row : placed[0]!.col;
    const along = placed.map((p) => (across ? p.col : p.row));
    const lo = Math.min(...along);
    const hi = Math.max(...along);
    for (let i = lo; i <= hi; i++) {
      const col = across ? i : fixed;
      const row = across ? fixed : i;
      const c = row * W + col;
      if (!cells.has(c) && !board.cells[c]) {
        errors.push({ code: 'gap', col, row, message: `cell ${col},${row} between the cards is free` });
        break;
      }
    }
  }
  if (errors.length) return { ok: false, errors };

  if (boardIsEmpty(board)) {
    const ok = placed.some((p) => meetsStart(table.start, p.col, p.row));
    if (!ok) errors.push({ code: 'start-condition', message: describeStart(ctx) });
  } else {
    const touches = placed.some(({ col, row }) =>
      [
        [col - 1, row],
        [col + 1, row],
        [col, row - 1],
        [col, row + 1],
      ].some(([c, r]) => c! >= 0 && r! >= 0 && c! < W && r! < H && board.cells[r! * W + c!] !== null),
    );
    if (!touches) errors.push({ code: 'not-touching', message: 'the move touches no card on the table' });
  }
  if (errors.length) return { ok: false, errors };

  const score = scoreMove(table, ctx.bonus, board, placed);
  if (score.words.length === 0) return { ok: false, errors: [{ code: 'no-word', message: 'the move creates no word of 2 or more cards' }] };
  const unknown = [...new Set(score.words.map((w) => w.word).filter((w) => !isWord(w)))];
  if (unknown.length) {
    return { ok: false, errors: [{ code: 'unknown-words', words: unknown, message: `unknown word${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}` }] };
  }
  return { ok: true, score, words: score.words.map((w) => w.word) };
}
