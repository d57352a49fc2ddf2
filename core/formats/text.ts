// Shared text machinery of the five parsers: line splitting (LSP line breaks), white space,
// NFC per line with a position map back to the written text, integers, and a capped
// diagnostic sink. Everything here is linear in its input and never throws.
import { msg, render, type Message } from '../l10n/message.js';
import type { Diagnostic, Position, Range, Severity } from './types.js';

/** At most this many diagnostics per file; then one `file/too-many-diagnostics`. */
export const MAX_DIAGNOSTICS = 1000;

/** Integers longer than this many digits are reported as too large (|n| <= 999,999,999). */
export const MAX_INT_DIGITS = 9;

/** Splits like LSP: `\r\n`, `\r` and `\n` all end a line. A text of n breaks has n+1 lines. */
export function splitLines(text: string): string[] {
  return text.indexOf('\r') < 0 ? text.split('\n') : text.split(/\r\n|\r|\n/);
}

/**
 * Reads a text line by line like `splitLines`, without building the array (a 50 MB file
 * of short lines would need millions of strings at once). `index` is the 0-based line
 * number of the line last returned.
 */
export class LineReader {
  private pos = 0;
  private nl = -2;
  private cr = -2;
  index = -1;

  constructor(private readonly text: string) {}

  next(): string | null {
    const t = this.text;
    const pos = this.pos;
    if (pos > t.length) return null;
    if (this.nl !== -1 && this.nl < pos) this.nl = t.indexOf('\n', pos);
    if (this.cr !== -1 && this.cr < pos) this.cr = t.indexOf('\r', pos);
    const nl = this.nl;
    const cr = this.cr;
    let end: number;
    if (cr !== -1 && (nl === -1 || cr < nl)) {
      end = cr;
      this.pos = t.charCodeAt(cr + 1) === 0x0a ? cr + 2 : cr + 1;
    } else if (nl !== -1) {
      end = nl;
      this.pos = nl + 1;
    } else {
      end = t.length;
      this.pos = t.length + 1;
    }
    this.index++;
    return t.slice(pos, end);
  }
}

/** White space as JavaScript's `\s` (Unicode White_Space plus BOM), by UTF-16 code unit. */
export function isWhite(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

export function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** C0 and C1 control characters and DEL (white space excluded by the caller). */
export function isControl(c: number): boolean {
  return c < 0x20 || (c >= 0x7f && c <= 0x9f);
}

/** The code point at `i` as a string: 2 units for a surrogate pair, else 1 (lone surrogates too). */
export function charAt(s: string, i: number): string {
  const c = s.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
    const d = s.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return s.slice(i, i + 2);
  }
  return s.charAt(i);
}

/** True when `s` certainly is NFC already: no code unit at or above U+0300. */
export function surelyNfc(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x300) return false;
  return true;
}

const MARK = /^\p{M}$/u;

/** True if the code point at `i` may combine with what precedes it (a mark, or a Hangul vowel or final jamo). */
function combinesBackward(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c < 0x300) return false;
  if ((c >= 0x1161 && c <= 0x1175) || (c >= 0x11a8 && c <= 0x11c2)) return true;
  return MARK.test(charAt(s, i));
}

/**
 * One line of the document as the parsers see it: NFC text, and how to turn offsets in
 * that text back into a range of the written line (which may not be NFC in an editor).
 */
export class Line {
  readonly text: string;
  /** Written-line offset of the segment start / end for each NFC code unit; built on first use. */
  private starts: Int32Array | null = null;
  private ends: Int32Array | null = null;

  constructor(readonly index: number, readonly written: string) {
    this.text = surelyNfc(written) ? written : written.normalize('NFC');
  }

  /** Builds the offset map of a line that NFC changed (only when a range is asked for). */
  private map(): void {
    const written = this.written;
    const nfc = this.text;
    // Segments: a code point and what combines with it; each normalised alone. Segments
    // below U+0300 are one unit that NFC leaves alone. Linear, no object per segment.
    const starts = new Int32Array(nfc.length + 1);
    const ends = new Int32Array(nfc.length + 1);
    let k = 0; // offset in nfc
    let ok = true;
    let i = 0;
    while (i < written.length && ok) {
      const start = i;
      const c = written.charCodeAt(i);
      i += c >= 0xd800 && c <= 0xdbff ? charAt(written, i).length : 1;
      while (i < written.length && combinesBackward(written, i)) i += charAt(written, i).length;
      if (i - start === 1 && c < 0x300) {
        if (nfc.charCodeAt(k) !== c) ok = false;
        starts[k] = start;
        ends[k++] = i;
        continue;
      }
      const norm = written.slice(start, i).normalize('NFC');
      if (!nfc.startsWith(norm, k)) ok = false;
      for (let j = 0; j < norm.length && k < nfc.length; j++, k++) {
        starts[k] = start;
        ends[k] = i;
      }
    }
    if (!ok || k !== nfc.length) {
      // Not expected; keep ranges inside the line: every offset maps to the whole line.
      starts.fill(0);
      ends.fill(written.length);
    }
    starts[nfc.length] = written.length;
    ends[nfc.length] = written.length;
    this.starts = starts;
    this.ends = ends;
  }

  /** The written-text range of NFC offsets [start, end). */
  range(start: number, end: number): Range {
    if (this.text === this.written) return lineRange(this.index, start, end);
    if (this.starts === null || this.ends === null) this.map();
    if (this.starts === null || this.ends === null) return lineRange(this.index, 0, this.written.length);
    const s = this.starts[Math.max(0, Math.min(start, this.text.length))] ?? 0;
    if (end <= start) return lineRange(this.index, s, s);
    const e = this.ends[Math.max(0, Math.min(end - 1, this.text.length))] ?? this.written.length;
    return lineRange(this.index, s, Math.max(s, e));
  }

  /** The written-text position of an NFC offset (as a range start). */
  position(offset: number): Position {
    return this.range(offset, offset).start;
  }
}

export function lineRange(line: number, start: number, end: number): Range {
  return { start: { line, character: start }, end: { line, character: end } };
}

export const ZERO_RANGE: Range = lineRange(0, 0, 0);

/** Collects diagnostics up to MAX_DIAGNOSTICS, then adds one `file/too-many-diagnostics`. */
export class DiagnosticSink {
  readonly list: Diagnostic[] = [];
  private overflowed = false;

  constructor(private readonly cap = MAX_DIAGNOSTICS) {}

  /** True once the cap is reached: callers may skip building further messages. */
  get full(): boolean {
    return this.list.length >= this.cap;
  }

  /** True once the overflow diagnostic is added: further diagnostics are dropped. */
  get done(): boolean {
    return this.overflowed;
  }

  /** `where` and `message` may be functions, called only if the diagnostic is kept. */
  add(where: Range | (() => Range), severity: Severity, code: string, message: Message | (() => Message)): void {
    if (this.overflowed) return;
    const range = typeof where === 'function' ? where() : where;
    if (this.list.length < this.cap) {
      this.list.push(diagnostic(range, severity, code, typeof message === 'function' ? message() : message));
    } else if (!this.overflowed) {
      this.overflowed = true;
      this.list.push(diagnostic(range, 'warning', 'file/too-many-diagnostics', msg('file/too-many-diagnostics', this.cap)));
    }
  }

  error(range: Range | (() => Range), code: string, message: Message | (() => Message)): void {
    this.add(range, 'error', code, message);
  }

  warning(range: Range | (() => Range), code: string, message: Message | (() => Message)): void {
    this.add(range, 'warning', code, message);
  }

  /** Not a problem: what a legal line means, where it could read otherwise. */
  information(range: Range | (() => Range), code: string, message: Message | (() => Message)): void {
    this.add(range, 'information', code, message);
  }
}

/** A diagnostic with its message in English and kept for other languages. */
export function diagnostic(range: Range, severity: Severity, code: string, message: Message): Diagnostic {
  return { range, severity, code, message: render(message), l10n: message };
}

/** Result of reading an optionally signed decimal integer. */
export interface IntToken {
  /** The value, or null when there are more than MAX_INT_DIGITS digits. */
  value: number | null;
  /** Offset just past the integer. */
  end: number;
}

/**
 * Reads `-?[0-9]+` at `i` (no plus sign, no spaces). Returns null if there is no digit.
 * Linear in the digits read; never builds a number from more than MAX_INT_DIGITS digits.
 */
export function readInt(s: string, i: number, allowMinus = true): IntToken | null {
  let j = i;
  const neg = allowMinus && s.charCodeAt(j) === 0x2d;
  if (neg) j++;
  const d0 = j;
  while (j < s.length && isDigit(s.charCodeAt(j))) j++;
  if (j === d0) return null;
  let k = d0;
  while (k < j - 1 && s.charCodeAt(k) === 0x30) k++; // leading zeros do not count
  if (j - k > MAX_INT_DIGITS) return { value: null, end: j };
  const n = Number(s.slice(k, j));
  return { value: neg && n !== 0 ? -n : n, end: j };
}

/** Reads a whole token as an integer: null unless the entire string is `-?[0-9]+`. */
export function wholeInt(s: string): IntToken | null {
  const t = readInt(s, 0);
  return t !== null && t.end === s.length ? t : null;
}

/** First and last+1 offsets of non-white text in `s` (start === end for a blank line). */
export function trimBounds(s: string): [number, number] {
  let a = 0;
  let b = s.length;
  while (a < b && isWhite(s.charCodeAt(a))) a++;
  while (b > a && isWhite(s.charCodeAt(b - 1))) b--;
  return [a, b];
}

/** Quotes a snippet for a message, shortened to keep messages small on huge lines. */
export function quote(s: string, max = 40): string {
  const chars = Array.from(s.length > max * 2 + 2 ? s.slice(0, max * 2 + 2) : s);
  const shown = chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
  return `'${shown}'`;
}

/** Names a character for messages: the character and its code point, e.g. `'ä' (U+00E4)`. */
export function describeChar(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  const hex = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  if (cp > 0x20 && cp < 0x7f) return `'${ch}'`;
  // a combining mark on the dotted circle, as character tables show it: alone it combined
  // with the quote before it
  if (/^\p{M}$/u.test(ch)) return `'\u25cc${ch}' (${hex})`;
  return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || (cp >= 0xd800 && cp <= 0xdfff) ? hex : `'${ch}' (${hex})`;
}
