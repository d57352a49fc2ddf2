// The text notation of cards and moves (docs/notation.md).
//   card      `[A 6]`  `[E -1]`  `[  0]` (wildcard)  `[ E-2]` (wildcard played as E worth -2)
//   cell      `col,row`, 0-based as in the card-table file
//   move      `move 7,7 [C 3] 8,7 [A 1] 9,7 [ T0]`
//   trade     `trade [Q 10] [  0]`
//   pass      `pass`
import type { Card, PlacedCard } from './types.js';

export class NotationError extends Error {
  constructor(
    readonly code: 'card/syntax' | 'card/unknown-char' | 'card/meaning-on-card' | 'move/syntax' | 'cell/syntax' | 'action/unknown',
    message: string,
  ) {
    super(message);
  }
}

export function formatCard(card: Card): string {
  if (card.char !== null) return `[${card.char} ${card.points}]`;
  return card.meaning !== undefined ? `[ ${card.meaning}${card.points}]` : `[  ${card.points}]`;
}

export function formatCards(cards: readonly Card[]): string {
  return cards.map(formatCard).join(' ');
}

/** Folds one written character to canonical; undefined if it is not in the charset. */
export type Fold = (ch: string) => string | undefined;

const CARD = /\[(.)(.)(-?\d+)\]/uy;

/** Parses one card at `text[pos]`; returns it and the position after it. */
function cardAt(text: string, pos: number, fold: Fold): { card: Card; end: number } {
  CARD.lastIndex = pos;
  const m = CARD.exec(text);
  if (!m) {
    const shown = text.slice(pos, pos + 12);
    throw new NotationError('card/syntax', `expected a card such as [A 6], [  0] or [ E-2] at '${shown}'`);
  }
  const [, x, y, num] = m as unknown as [string, string, string, string];
  const points = Number(num);
  if (!Number.isSafeInteger(points)) throw new NotationError('card/syntax', `card points out of range in ${m[0]}`);
  if (x === ' ') {
    if (y === ' ') return { card: { char: null, points }, end: CARD.lastIndex };
    const meaning = fold(y);
    if (meaning === undefined) throw new NotationError('card/unknown-char', `the wildcard meaning '${y}' in ${m[0]} is not in the charset`);
    return { card: { char: null, points, meaning }, end: CARD.lastIndex };
  }
  if (y !== ' ') throw new NotationError('card/meaning-on-card', `${m[0]}: only a wildcard has a meaning; a card is written [${x} ${num}]`);
  const char = fold(x);
  if (char === undefined) throw new NotationError('card/unknown-char', `the card character '${x}' in ${m[0]} is not in the charset`);
  return { card: { char, points }, end: CARD.lastIndex };
}

/** Parses one card, the whole text. */
export function parseCard(text: string, fold: Fold): Card {
  const t = text.trim();
  const { card, end } = cardAt(t, 0, fold);
  if (end !== t.length) throw new NotationError('card/syntax', `unexpected text after the card: '${t.slice(end)}'`);
  return card;
}

/** Parses cards separated by white space or by nothing (`[E -1][K 19]`). */
export function parseCards(text: string, fold: Fold): Card[] {
  const out: Card[] = [];
  let pos = 0;
  for (;;) {
    while (pos < text.length && /\s/.test(text[pos]!)) pos++;
    if (pos >= text.length) return out;
    const { card, end } = cardAt(text, pos, fold);
    out.push(card);
    pos = end;
  }
}

export function parseCell(text: string): { col: number; row: number } {
  const m = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(text);
  if (!m) throw new NotationError('cell/syntax', `expected a cell 'col,row' (0-based), not '${text}'`);
  return { col: Number(m[1]), row: Number(m[2]) };
}

export function formatPlacement(cards: readonly PlacedCard[]): string {
  return cards.map((p) => `${p.col},${p.row} ${formatCard(p.card)}`).join(' ');
}

/** Parses `c,r [X n] c,r [X n] ...` (the cards of a move). */
export function parsePlacement(text: string, fold: Fold): PlacedCard[] {
  const out: PlacedCard[] = [];
  let pos = 0;
  const cell = /\s*(\d+)\s*,\s*(\d+)\s*/y;
  for (;;) {
    while (pos < text.length && /\s/.test(text[pos]!)) pos++;
    if (pos >= text.length) break;
    cell.lastIndex = pos;
    const m = cell.exec(text);
    if (!m) throw new NotationError('move/syntax', `expected a cell 'col,row' at '${text.slice(pos, pos + 12)}'`);
    const { card, end } = cardAt(text, cell.lastIndex, fold);
    out.push({ col: Number(m[1]), row: Number(m[2]), card });
    pos = end;
  }
  if (out.length === 0) throw new NotationError('move/syntax', 'a move lays at least one card');
  return out;
}
