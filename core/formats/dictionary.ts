// The dictionary file: one word a line, unsorted; blank lines ignored, surrounding white
// space trimmed. Every word has at least 2 characters, all in the charset (any equivalent).
// Hot path: a 275,000-word file is checked in a few tens of milliseconds, code unit by
// code unit against a lookup table, with no per-word regex or allocation beyond the word.
import { DiagnosticSink, Line, charAt, isWhite, lineRange, splitLines, trimBounds } from './text.js';
import { msg } from '../l10n/message.js';
import { checkingCharset } from './charset.js';
import { unknownCharMessage } from './lookalike.js';
import type { Charset, Dictionary, ParseResult } from './types.js';

/** Words need at least this many characters (code points). */
export const MIN_WORD_LENGTH = 2;

/** Code units below this are NFC on their own and looked up in a flat table. */
const FAST = 0x300;

const tables = new WeakMap<Charset, Uint8Array>();

/** 1 for every code unit below U+0300 that the charset accepts. */
function fastTable(charset: Charset): Uint8Array {
  let t = tables.get(charset);
  if (t === undefined) {
    t = new Uint8Array(FAST);
    for (const ch of charset.index.keys()) if (ch.length === 1 && ch.charCodeAt(0) < FAST) t[ch.charCodeAt(0)] = 1;
    tables.set(charset, t);
  }
  return t;
}

const TOO_SHORT = msg('dictionary/too-short', MIN_WORD_LENGTH);
const WHITESPACE = msg('dictionary/whitespace');

export function parseDictionary(text: string, given?: Charset): ParseResult<Dictionary> {
  const charset = checkingCharset(given);
  const sink = new DiagnosticSink();
  const written = splitLines(text);
  const words: string[] = [];
  const lines: number[] = [];
  const table = charset === undefined ? null : fastTable(charset);
  const index = charset?.index;
  const has = index ? (c: string) => index.has(c) : undefined;

  for (let n = 0; n < written.length; n++) {
    const s = written[n]!;
    const len = s.length;
    if (len === 0) continue;
    let a = 0;
    let b = len;
    if (isWhite(s.charCodeAt(0)) || isWhite(s.charCodeAt(len - 1))) {
      [a, b] = trimBounds(s);
      if (a === b) continue;
    }
    // Fast path: every code unit below U+0300 (NFC by construction, one unit per character).
    let slow = false;
    let bad = false;
    for (let i = a; i < b; i++) {
      const c = s.charCodeAt(i);
      if (c >= FAST) {
        slow = true;
        break;
      }
      if ((table !== null && table[c] === 0) || (c <= 0x20 && isWhite(c))) bad = true;
    }
    if (slow) {
      slowLine(new Line(n, s), sink, index, words, lines);
      continue;
    }
    words.push(a === 0 && b === len ? s : s.slice(a, b));
    lines.push(n);
    if (sink.done) continue;
    if (b - a < MIN_WORD_LENGTH) sink.error(lineRange(n, a, b), 'dictionary/too-short', TOO_SHORT);
    if (!bad) continue;
    for (let i = a; i < b; i++) {
      const c = s.charCodeAt(i);
      if (isWhite(c)) {
        let j = i + 1;
        while (j < b && isWhite(s.charCodeAt(j))) j++;
        sink.error(lineRange(n, i, j), 'dictionary/whitespace', WHITESPACE);
        i = j - 1;
      } else if (table !== null && table[c] === 0) {
        sink.error(lineRange(n, i, i + 1), 'dictionary/unknown-character', () => unknownCharMessage('dictionary', s.charAt(i), has));
      }
    }
  }
  return { value: { words, lines }, diagnostics: sink.list };
}

/** Any line with a code unit at or above U+0300: normalised, walked by code point. */
function slowLine(line: Line, sink: DiagnosticSink, index: Map<string, number> | undefined, words: string[], lines: number[]): void {
  const t = line.text;
  const [a, b] = trimBounds(t);
  if (a === b) return; // U+3000 and other wide white space only
  words.push(t.slice(a, b));
  lines.push(line.index);
  if (sink.done) return;
  let count = 0;
  for (let i = a; i < b; i += charAt(t, i).length) count++;
  if (count < MIN_WORD_LENGTH) sink.error(line.range(a, b), 'dictionary/too-short', TOO_SHORT);
  for (let i = a; i < b; ) {
    const c = t.charCodeAt(i);
    if (isWhite(c)) {
      let j = i + 1;
      while (j < b && isWhite(t.charCodeAt(j))) j++;
      sink.error(line.range(i, j), 'dictionary/whitespace', WHITESPACE);
      i = j;
      continue;
    }
    const ch = charAt(t, i);
    if (index !== undefined && !index.has(ch)) sink.error(line.range(i, i + ch.length), 'dictionary/unknown-character', () => unknownCharMessage('dictionary', ch, (c) => index.has(c)));
    i += ch.length;
  }
}

/** Canonical form: the words in file order, one a line, trimmed, no blank lines, `\n` endings. */
export function printDictionary(dictionary: Dictionary): string {
  return dictionary.words.length === 0 ? '' : `${dictionary.words.join('\n')}\n`;
}

/** Code points of a word (a surrogate pair is one character). */
export function charCount(w: string): number {
  let n = w.length;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff && i > 0 && w.charCodeAt(i - 1) >= 0xd800 && w.charCodeAt(i - 1) <= 0xdbff) n--;
  }
  return n;
}

/**
 * Null when some word has at most `fits` characters (found at the first such word: a table
 * any word fits is settled at once), else the shortest word (the first of equal ones).
 */
export function shortestWordOver(words: Iterable<string>, fits: number): string | null {
  let best: string | null = null;
  let bestLength = Infinity;
  for (const w of words) {
    if (w.length > fits && w.length >= bestLength * 2) continue; // too long even if all astral
    const n = charCount(w);
    if (n <= fits) return null;
    if (n < bestLength) {
      best = w;
      bestLength = n;
    }
  }
  return best;
}
