// The card set file: the total number of cards, then cards `[x #]` (x a charset character
// or a space for a wildcard, one required space, integer points), separated by white space
// or nothing. After a syntax error the parser resynchronises at the next `[`.
import {
  DiagnosticSink, Line, ZERO_RANGE, charAt, describeChar, isControl, isDigit, isWhite, LineReader, quote, readInt,
} from './text.js';
import { msg, type Message } from '../l10n/message.js';
import { checkingCharset, digraphExample } from './charset.js';
import { unknownCharMessage } from './lookalike.js';
import type { Card, CardsetCard, Cardset, Charset, ParseResult, Position } from './types.js';

const OPEN = 0x5b; // [
const CLOSE = 0x5d; // ]
const SPACE = 0x20;
const MINUS = 0x2d;

/** Points outside this range are legal but do not fit a two-character card face. */
export const CARD_POINTS_MIN = -9;
export const CARD_POINTS_MAX = 99;

export function parseCardset(text: string, given?: Charset): ParseResult<Cardset> {
  const charset = checkingCharset(given);
  const sink = new DiagnosticSink();
  const reader = new LineReader(text);
  const cards: CardsetCard[] = [];
  let declaredCount: number | null = null;
  let countRange = ZERO_RANGE;
  let expectCount = true;
  let broken = 0; // cards with syntax errors: counted, but not in the model
  // Stray text between cards, possibly over several lines, reported once per stretch.
  let junkStart: Position | null = null;
  let junkEndLine: Line | null = null; // where the stretch ends so far (the range is built once)
  let junkEnd = 0;
  const flushJunk = () => {
    const start = junkStart;
    const line = junkEndLine;
    if (start !== null && line !== null) {
      sink.error(() => ({ start, end: line.range(junkEnd, junkEnd).end }), 'cardset/unexpected-text', msg('cardset/unexpected-text'));
    }
    junkStart = junkEndLine = null;
  };

  for (let written = reader.next(); written !== null; written = reader.next()) {
    const line = new Line(reader.index, written);
    const s = line.text;
    const len = s.length;
    let i = 0;
    while (i < len) {
      const c = s.charCodeAt(i);
      if (isWhite(c)) {
        i++;
        continue;
      }
      if (expectCount) {
        expectCount = false;
        if (c === OPEN) {
          sink.error(line.range(i, i + 1), 'cardset/missing-count', msg('cardset/missing-count'));
          continue;
        }
        let j = i;
        while (j < len && !isWhite(s.charCodeAt(j)) && s.charCodeAt(j) !== OPEN) j++;
        const int = readInt(s, i, false);
        countRange = line.range(i, j);
        if (int === null || int.end !== j) {
          sink.error(countRange, 'cardset/invalid-count', msg('cardset/invalid-count', quote(s.slice(i, j))));
        } else if (int.value === null) {
          sink.error(countRange, 'cardset/number-too-large', msg('cardset/number-too-large', quote(s.slice(i, j))));
        } else declaredCount = int.value;
        i = j;
        continue;
      }
      if (c !== OPEN) {
        if (junkStart === null) junkStart = line.position(i);
        let j = i;
        while (j < len && s.charCodeAt(j) !== OPEN) j++;
        let k = j;
        while (k > i && isWhite(s.charCodeAt(k - 1))) k--;
        junkEndLine = line;
        junkEnd = k;
        i = j;
        continue;
      }
      flushJunk();
      i = readCard(line, i, sink, charset, cards, () => broken++);
    }
  }
  flushJunk();

  if (expectCount) {
    sink.error(ZERO_RANGE, 'cardset/missing-count', msg('cardset/missing-count.empty'));
  } else if (declaredCount !== null && declaredCount !== cards.length + broken) {
    const listed = cards.length + broken;
    sink.error(countRange, 'cardset/count-mismatch', msg('cardset/count-mismatch', declaredCount, listed));
  }
  return { value: { declaredCount, cards, broken }, diagnostics: sink.list };
}

/** Reads one card starting at the `[` at `p`; returns the offset after it (or where to resync). */
function readCard(line: Line, p: number, sink: DiagnosticSink, charset: Charset | undefined, cards: CardsetCard[], broke: () => void): number {
  const s = line.text;
  const len = s.length;
  // Where this card's text ends for recovery: the next `[` on the line, or the line end.
  let stop = p + 1;
  while (stop < len && s.charCodeAt(stop) !== OPEN) stop++;
  let close = p + 1;
  while (close < stop && s.charCodeAt(close) !== CLOSE) close++;
  const closed = close < stop;
  const after = closed ? close + 1 : stop;
  const fail = (from: number, to: number, code: string, message: Message | (() => Message)): number => {
    sink.error(() => line.range(from, to), code, message);
    broke();
    return after;
  };
  if (!closed) {
    let e = stop;
    while (e > p + 1 && isWhite(s.charCodeAt(e - 1))) e--;
    return fail(p, e, 'cardset/unterminated-card', msg('cardset/unterminated-card'));
  }
  const q = p + 1;
  if (q === close) return fail(p, close + 1, 'cardset/empty-card', msg('cardset/empty-card'));

  let char: string | null;
  let numStart: number;
  const c = s.charCodeAt(q);
  if (c === SPACE) {
    char = null;
    const m = s.charCodeAt(q + 1);
    if (m === SPACE) numStart = q + 2;
    else if (q + 1 === close) return fail(close, close + 1, 'cardset/invalid-points', msg('cardset/invalid-points.wildcard'));
    else if (m === MINUS || isDigit(m)) {
      return fail(q + 1, q + 2, 'cardset/missing-space', msg('cardset/missing-space.wildcard'));
    } else {
      const ch = charAt(s, q + 1);
      const rest = s.slice(q + 1 + ch.length, close);
      // `[ E 1]`: a space typed before the character, more likely than a wildcard's meaning
      const spaced = /^\s+\+?(-?\d{1,9})\s*$/.exec(rest);
      if (spaced) return fail(q + 1, q + 1 + ch.length, 'cardset/wildcard-meaning', () => msg('cardset/wildcard-meaning.space', ch, Number(spaced[1]), quote(ch)));
      // the points written, in the card to write (it said `[  -2]` of every such card)
      const points = /^-?\d{1,9}$/.test(rest) ? Number(rest) : 0;
      return fail(q + 1, q + 1 + ch.length, 'cardset/wildcard-meaning', () => msg('cardset/wildcard-meaning', ch, points));
    }
  } else {
    const ch = charAt(s, q);
    if (isWhite(c) || isControl(c)) {
      return fail(q, q + ch.length, 'cardset/invalid-character', () => msg('cardset/invalid-character', describeChar(ch)));
    }
    char = ch;
    const after = q + ch.length;
    if (after === close) return fail(close, close + 1, 'cardset/invalid-points', msg('cardset/invalid-points'));
    if (s.charCodeAt(after) !== SPACE) {
      const found = charAt(s, after);
      // two equivalents of one letter (`[Qq 10]` under `Qq`): the author wrote the letter twice,
      // not a digraph
      const entry = charset?.index.get(ch);
      if (entry !== undefined && entry === charset?.index.get(found)) {
        const points = s.slice(after + found.length, close).trim();
        return fail(after, after + found.length, 'cardset/missing-space', () => msg('cardset/missing-space.equivalents', describeChar(found), ch, found, `[${ch} ${/^-?\d+$/.test(points) ? points : '#'}]`));
      }
      // a letter after the character: a digraph (`[CH 5]`), which no card can hold
      return fail(after, after + found.length, 'cardset/missing-space', () => (/\p{L}/u.test(found) && /\p{L}/u.test(ch) ? msg('cardset/missing-space.digraph', describeChar(found), `${ch}${found}`, digraphExample(`${ch}${found}`, (c) => charset?.index.has(c) ?? false)) : msg('cardset/missing-space', describeChar(found))));
    }
    numStart = after + 1;
  }

  const int = readInt(s, numStart);
  if (int === null || int.end !== close) {
    if (numStart === close) return fail(close, close + 1, 'cardset/invalid-points', msg('cardset/invalid-points'));
    // an integer with spaces around it or a `+` (`[A 1 ]`, `[A  1]`, `[A +1]`): the card to write
    const meant = /^\s*\+?(-?\d{1,9})\s*$/.exec(s.slice(numStart, close));
    if (meant) return fail(numStart, close, 'cardset/invalid-points', () => msg('cardset/invalid-points.meant', quote(s.slice(numStart, close)), `[${char ?? ' '} ${Number(meant[1])}]`));
    return fail(numStart, close, 'cardset/invalid-points', () => msg('cardset/invalid-points.notInteger', quote(s.slice(numStart, close))));
  }
  if (int.value === null) return fail(numStart, close, 'cardset/number-too-large', () => msg('cardset/number-too-large', quote(s.slice(numStart, close))));
  const points = int.value;
  if (points < CARD_POINTS_MIN || points > CARD_POINTS_MAX) {
    sink.warning(() => line.range(numStart, close), 'cardset/points-range', () => msg('cardset/points-range', points, CARD_POINTS_MIN, CARD_POINTS_MAX));
  }
  if (char !== null && charset !== undefined && !charset.index.has(char)) {
    sink.error(() => line.range(q, q + char.length), 'cardset/unknown-character', () => unknownCharMessage('cardset', char, (c) => charset.index.has(c)));
  }
  cards.push({ char, points, range: line.range(p, close + 1) });
  return after;
}

function cardText(card: Card): string {
  return `[${card.char ?? ' '} ${card.points}]`;
}

/** Cards per line at most in the canonical form. */
const CARDS_PER_LINE = 10;

/**
 * Canonical form: the count on the first line; then the cards in file order, one space
 * apart, a new line whenever the character changes (wildcards count as one character)
 * and after every 10 cards; `\n` endings. With the ruleset's charset, equivalents are one
 * character: `[A 1] [a 1]` are cards of one kind and stay on one line, each spelled as
 * the author wrote it (without a charset the printer cannot know, and goes by spelling).
 */
export function printCardset(cardset: Cardset, charset?: Charset): string {
  // a charset entry's index, else the character as written; null for wildcards
  const kindOf = (c: string | null): number | string | null => (c === null ? null : charset?.index.get(c) ?? c);
  let out = `${cardset.declaredCount ?? cardset.cards.length}\n`;
  let onLine = 0;
  let prev: number | string | null | undefined;
  for (const card of cardset.cards) {
    const kind = kindOf(card.char);
    if (onLine > 0 && (kind !== prev || onLine === CARDS_PER_LINE)) {
      out += '\n';
      onLine = 0;
    }
    out += (onLine > 0 ? ' ' : '') + cardText(card);
    onLine++;
    prev = kind;
  }
  if (onLine > 0) out += '\n';
  return out;
}
