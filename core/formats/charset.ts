// The charset file: a count `n`, then `n` lines of equivalent characters, canonical first.
import {
  DiagnosticSink, Line, ZERO_RANGE, charAt, describeChar, isControl, isWhite, LineReader, MAX_DIAGNOSTICS, quote, trimBounds, wholeInt,
} from './text.js';
import type { Charset, CharsetEntry, ParseResult, Range } from './types.js';

const MARK = /^\p{M}$/u;

export function parseCharset(text: string): ParseResult<Charset> {
  const sink = new DiagnosticSink();
  const reader = new LineReader(text);
  const entries: CharsetEntry[] = [];
  const index = new Map<string, number>();
  /** Character -> line where it was first listed. */
  const firstLine = new Map<string, number>();
  /** The same for characters below U+0300 (line + 1, 0 for none): no hashing in the hot loop. */
  const firstLineLow = new Int32Array(0x300);
  let declaredCount: number | null = null;
  let countRange = ZERO_RANGE;
  let sawCount = false;
  let entryLines = 0;
  // Blank lines are reported once a non-blank line follows (trailing ones are fine).
  const blanks: Range[] = [];

  for (let written = reader.next(); written !== null; written = reader.next()) {
    const n = reader.index;
    const line = new Line(n, written);
    const s = line.text;
    const [a, b] = trimBounds(s);
    if (a === b) {
      if (blanks.length <= MAX_DIAGNOSTICS) blanks.push(line.range(0, s.length));
      continue;
    }
    for (const r of blanks) sink.warning(r, 'charset/blank-line', 'blank line ignored: every line after the count lists one character and its equivalents');
    blanks.length = 0;
    if (a > 0) sink.warning(line.range(0, a), 'charset/trailing-whitespace', 'white space at the start of a line is ignored');
    if (b < s.length) sink.warning(line.range(b, s.length), 'charset/trailing-whitespace', 'white space at the end of a line is ignored');

    if (!sawCount) {
      sawCount = true;
      const token = s.slice(a, b);
      const int = wholeInt(token);
      if (int !== null && token.charCodeAt(0) !== 0x2d) {
        countRange = line.range(a, b);
        if (int.value === null) sink.error(countRange, 'charset/count-too-large', `the count ${quote(token)} is too large`);
        else declaredCount = int.value;
        continue;
      }
      sink.error(line.range(a, b), 'charset/missing-count', `the first line must be the number of characters, found ${quote(token)}`);
      // Fall through: read the line as the first entry.
    }

    entryLines++;
    const equivalents: string[] = [];
    let i = a;
    while (i < b) {
      const c = s.charCodeAt(i);
      if (isWhite(c)) {
        let j = i;
        while (j < b && isWhite(s.charCodeAt(j))) j++;
        sink.error(line.range(i, j), 'charset/whitespace', 'white space inside a line: equivalent characters are written together, without spaces');
        i = j;
        continue;
      }
      const ch = charAt(s, i);
      const from = i;
      i += ch.length;
      if (isControl(c) || (c >= 0xd800 && c <= 0xdfff && ch.length === 1)) {
        if (!sink.done) sink.error(line.range(from, i), 'charset/control-character', () => `${describeChar(ch)} is a control character or a lone surrogate, not a character of text`);
        continue;
      }
      const low = c < 0x300;
      const seenOn = low ? (firstLineLow[c]! > 0 ? firstLineLow[c]! - 1 : undefined) : firstLine.get(ch);
      if (seenOn !== undefined) {
        if (!sink.done) sink.error(
          line.range(from, i),
          'charset/duplicate-character',
          () => (seenOn === n ? `${describeChar(ch)} appears twice on this line` : `${describeChar(ch)} is already listed on line ${seenOn + 1}`),
        );
        continue;
      }
      if (c === 0x5b || c === 0x5d) {
        sink.warning(line.range(from, i), 'charset/unusable-character', `'${ch}' cannot be written on a card: the card set syntax \`[x #]\` uses it`);
      }
      if (MARK.test(ch)) {
        sink.warning(line.range(from, i), 'charset/combining-mark', () => `${describeChar(ch)} is a combining mark: every code point is a character of its own, so it does not combine with the character before it`);
      }
      if (low) firstLineLow[c] = n + 1;
      else firstLine.set(ch, n);
      equivalents.push(ch);
    }
    if (equivalents.length > 0) {
      const entry = entries.length;
      for (const ch of equivalents) index.set(ch, entry);
      entries.push({ canonical: equivalents[0]!, equivalents, range: line.range(a, b) });
    }
  }

  if (!sawCount) {
    sink.error(ZERO_RANGE, 'charset/missing-count', 'the charset is empty: the first line must be the number of characters');
  } else if (declaredCount !== null) {
    if (declaredCount === 0 && entryLines === 0) {
      sink.error(countRange, 'charset/empty', 'the charset declares no characters: a game needs at least one');
    } else if (declaredCount !== entryLines) {
      sink.error(countRange, 'charset/count-mismatch', `${declaredCount} ${declaredCount === 1 ? 'character is' : 'characters are'} declared but ${entryLines} ${entryLines === 1 ? 'line follows' : 'lines follow'}`);
    }
  }
  return { value: { declaredCount, entries, index }, diagnostics: sink.list };
}

/** Canonical form: the count, then one line per entry (canonical character first), `\n` endings. */
export function printCharset(charset: Charset): string {
  let out = `${charset.declaredCount ?? charset.entries.length}\n`;
  for (const e of charset.entries) out += `${e.equivalents.join('')}\n`;
  return out;
}
