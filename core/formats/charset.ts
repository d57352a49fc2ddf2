// The charset file: a count `n`, then `n` lines of equivalent characters, canonical first.
import {
  DiagnosticSink, Line, ZERO_RANGE, charAt, describeChar, isControl, isWhite, LineReader, MAX_DIAGNOSTICS, quote, trimBounds, wholeInt,
} from './text.js';
import { msg } from '../l10n/message.js';
import { lookAlike, withCode } from './lookalike.js';
import type { Charset, CharsetEntry, ParseResult, Range } from './types.js';

const MARK = /^\p{M}$/u;

/**
 * The charset that cards and words are checked against: none when it knows no character
 * (empty, or every line refused). Its own error says why; checking against it would call
 * every card and word wrong, a thousand follow-on errors hiding the one cause.
 */
export function checkingCharset(charset: Charset | undefined): Charset | undefined {
  return charset !== undefined && charset.index.size > 0 ? charset : undefined;
}

export function parseCharset(text: string): ParseResult<Charset> {
  const sink = new DiagnosticSink();
  const reader = new LineReader(text);
  const entries: CharsetEntry[] = [];
  const index = new Map<string, number>();
  /** Character -> line where it was first listed. */
  const firstLine = new Map<string, number>();
  /** The same for characters below U+0300 (line + 1, 0 for none): no hashing in the hot loop. */
  const firstLineLow = new Int32Array(0x300);
  /** Whether an earlier line lists a character (a digraph's example is not one of them). */
  const listed = (ch: string) => (ch.length === 1 && ch.charCodeAt(0) < 0x300 ? firstLineLow[ch.charCodeAt(0)]! > 0 : firstLine.has(ch));
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
    for (const r of blanks) sink.warning(r, 'charset/blank-line', msg('charset/blank-line'));
    blanks.length = 0;
    // a byte order mark opening the text is no white space: decoding a file drops it
    // (decode.ts), and a client may send it over LSP
    const bom = n === 0 && s.charCodeAt(0) === 0xfeff && !isWhite(s.charCodeAt(1)) ? 1 : 0;
    if (a > bom) sink.warning(line.range(0, a), 'charset/leading-whitespace', msg('charset/leading-whitespace'));
    if (b < s.length) sink.warning(line.range(b, s.length), 'charset/trailing-whitespace', msg('charset/trailing-whitespace'));

    if (!sawCount) {
      sawCount = true;
      const token = s.slice(a, b);
      const int = wholeInt(token);
      if (int !== null && token.charCodeAt(0) !== 0x2d) {
        countRange = line.range(a, b);
        if (int.value === null) sink.error(countRange, 'charset/count-too-large', msg('charset/count-too-large', quote(token)));
        else declaredCount = int.value;
        continue;
      }
      if (meantAsCount(token)) {
        // `nine`, `9 letters`: a count written wrong, not characters (read as a line of
        // equivalents it gave false duplicate-character errors, and cards of its letters)
        sink.error(line.range(a, b), 'charset/missing-count', msg('charset/missing-count.word', quote(token)));
        continue;
      }
      sink.error(line.range(a, b), 'charset/missing-count', msg('charset/missing-count', quote(token)));
      // Fall through: read the line as the first entry (`Aa` with the count forgotten).
    }

    entryLines++;
    const equivalents: string[] = [];
    // a line of several letters starting with a repeat (`CHch`, a digraph): said that a card holds one character
    let digraphSaid = false;
    let i = a;
    while (i < b) {
      const c = s.charCodeAt(i);
      if (isWhite(c)) {
        let j = i;
        while (j < b && isWhite(s.charCodeAt(j))) j++;
        sink.error(line.range(i, j), 'charset/whitespace', msg('charset/whitespace'));
        i = j;
        continue;
      }
      const ch = charAt(s, i);
      const from = i;
      i += ch.length;
      if (isControl(c) || (c >= 0xd800 && c <= 0xdfff && ch.length === 1)) {
        if (!sink.done) sink.error(line.range(from, i), 'charset/control-character', () => msg('charset/control-character', describeChar(ch)));
        continue;
      }
      const low = c < 0x300;
      const seenOn = low ? (firstLineLow[c]! > 0 ? firstLineLow[c]! - 1 : undefined) : firstLine.get(ch);
      if (seenOn !== undefined) {
        if (!sink.done) sink.error(
          line.range(from, i),
          'charset/duplicate-character',
          () => {
            const m = seenOn === n ? msg('charset/duplicate-character.sameLine', describeChar(ch)) : msg('charset/duplicate-character', describeChar(ch), seenOn + 1);
            // said when the line's first character is the repeat (`CHch` after `Cc`), not of `Ba`
            // after `Aa`; or of a doubled letter's line (Spanish `LLll`, Welsh `DDdd`), at its repeat
            const digraph = from === a ? severalLetters(s.slice(a, b)) : seenOn === n && doubledLetter(s.slice(a, b));
            if (digraphSaid || !digraph) return m;
            digraphSaid = true;
            return msg('charset/duplicate-character.digraph', m, s.slice(a, b), digraphExample(s.slice(a, b), listed));
          },
        );
        continue;
      }
      if (c === 0x5b || c === 0x5d) {
        sink.warning(line.range(from, i), 'charset/unusable-character', msg('charset/unusable-character', ch));
      }
      if (MARK.test(ch)) {
        sink.warning(line.range(from, i), 'charset/combining-mark', () => msg('charset/combining-mark', describeChar(ch)));
      }
      if (low) firstLineLow[c] = n + 1;
      else firstLine.set(ch, n);
      equivalents.push(ch);
    }
    // letters of two kinds or more made one (`CHch`, C and H listed nowhere else): legal, but
    // seldom meant; said unless the digraph's repeat already said it
    if (!digraphSaid && !sink.done && equivalents.length > 1) {
      const kinds = letterKinds(equivalents);
      const swap = kinds.length > 1 ? kindLookAlike(kinds) : null;
      if (swap) {
        // `Hη`: a Latin H typed for the Greek capital Η, not a digraph
        sink.warning(line.range(a, b), 'charset/several-letters', () => msg('charset/several-letters.lookalike', withCode(swap.from), withCode(swap.to), swap.line));
      } else if (kinds.length > 1) {
        sink.warning(line.range(a, b), 'charset/several-letters', () => msg(
          'charset/several-letters',
          equivalents.map((ch) => quote(ch)).join(', '),
          kinds.map((k) => k[0]).join(''),
          kinds.map((k) => k.join('')).join(', '),
          digraphExample(kinds.map((k) => k[0]).join(''), listed),
        ));
      }
    }
    if (equivalents.length > 0) {
      const entry = entries.length;
      for (const ch of equivalents) index.set(ch, entry);
      entries.push({ canonical: equivalents[0]!, equivalents, range: line.range(a, b) });
    }
  }

  lookAlikeLines(entries, index, sink);
  caseSplitLines(entries, index, sink);

  if (!sawCount) {
    sink.error(ZERO_RANGE, 'charset/missing-count', msg('charset/missing-count.empty'));
  } else if (declaredCount !== null) {
    if (declaredCount === 0 && entryLines === 0) {
      sink.error(countRange, 'charset/empty', msg('charset/empty'));
    } else if (declaredCount !== entryLines) {
      sink.error(countRange, 'charset/count-mismatch', msg('charset/count-mismatch', declaredCount, entryLines));
    }
  }
  return { value: { declaredCount, entries, index }, diagnostics: sink.list };
}

/**
 * A line with a letter that looks like a letter of an earlier line, of another script (`Αα`,
 * Greek, after `Aa`, Latin): typed on another keyboard layout, the two read as one letter and
 * are two, and a word typed with one is not spelled with the other. A warning, once a line
 * (a charset of two alphabets has them on purpose), naming both with their code points.
 */
function lookAlikeLines(entries: readonly CharsetEntry[], index: ReadonlyMap<string, number>, sink: DiagnosticSink): void {
  for (let k = 0; k < entries.length && !sink.done; k++) {
    const e = entries[k]!;
    for (const ch of e.equivalents) {
      const like = lookAlike(ch, (o) => (index.get(o) ?? k) < k);
      if (like === null) continue;
      const other = entries[index.get(like)!]!;
      sink.warning(e.range, 'charset/lookalike-line', () => msg('charset/lookalike-line', withCode(ch), withCode(like), other.range.start.line + 1, other.equivalents.join('')));
      break;
    }
  }
}

/** The other case of a character, when it is one code point and turns back into it (not ß to SS, not a Turkish dotted İ). */
function otherCase(ch: string): string | null {
  for (const o of [ch.toLowerCase(), ch.toUpperCase()]) {
    if (o !== ch && Array.from(o).length === 1 && (o.toLowerCase() === ch || o.toUpperCase() === ch)) return o;
  }
  return null;
}

/** Whether a line holds both cases of a letter (`Bb`, Turkish `Iı`). */
function pairsCases(e: CharsetEntry): boolean {
  return e.equivalents.some((ch) => {
    const o = otherCase(ch);
    return o !== null && e.equivalents.includes(o);
  });
}

/** A letter's two cases on two lines (`caseSplits`). */
export interface CaseSplit {
  /** The later line, where it is said, and its character. */
  later: CharsetEntry;
  ch: string;
  /** The earlier line, and the other case written there. */
  earlier: CharsetEntry;
  other: string;
  /** A line that pairs the cases, as the others are written (`Bb`). */
  paired: CharsetEntry;
  /** The one line to write in place of the two (`Aa`): the upper-case line first, its first character the one shown on cards. */
  joined: string;
}

/**
 * A letter's two cases on two lines of one case each (`A`, then `a`) where other lines pair
 * the cases (`Bb`): a slip, since the two are then different letters; the only message was
 * the card set's "no word has 'A'". One a later line at most, in the order of the lines. Not of a
 * charset whose lines never pair cases (one case only, on purpose), nor of a line that pairs
 * them itself (Turkish `Iı` and `İi`). The warning's and its quick fix's.
 */
export function* caseSplits(entries: readonly CharsetEntry[], index: ReadonlyMap<string, number>): Generator<CaseSplit> {
  const paired = entries.find(pairsCases);
  if (paired === undefined) return;
  for (let k = 0; k < entries.length; k++) {
    const e = entries[k]!;
    if (pairsCases(e)) continue;
    for (const ch of e.equivalents) {
      const o = otherCase(ch);
      const j = o === null ? undefined : index.get(o);
      if (j === undefined || j >= k || pairsCases(entries[j]!)) continue;
      const other = entries[j]!;
      const upperFirst = ch === ch.toUpperCase() ? [e, other] : [other, e];
      yield { later: e, ch, earlier: other, other: o!, paired, joined: upperFirst.map((x) => x.equivalents.join('')).join('') };
      break;
    }
  }
}

/** `charset/split-case`, on the later line, naming the other and the line to write. */
function caseSplitLines(entries: readonly CharsetEntry[], index: ReadonlyMap<string, number>, sink: DiagnosticSink): void {
  for (const s of caseSplits(entries, index)) {
    if (sink.done) break;
    sink.warning(s.later.range, 'charset/split-case', () => msg('charset/split-case', quote(s.ch), quote(s.other), s.earlier.range.start.line + 1, s.paired.equivalents.join(''), s.joined));
  }
}

/**
 * Whether a first line that is not a count was meant as one, rather than as the first line
 * of characters with the count forgotten: it has a digit (`9 letters`, `1O`), white space
 * (`nine lines`), or letters of two kinds or more, case and accents aside (`nine`, `ni`),
 * which a line of equivalents never has on purpose (`Aa`, `EeÉé`: one kind). A line of
 * letters of two kinds meant as a digraph (`CHch`) is then not read either; its author gets
 * the missing count first.
 */
export function meantAsCount(token: string): boolean {
  return /[\p{Nd}\s]/u.test(token) || letterKinds(Array.from(token)).length > 1;
}

/** Canonical form: the count, then one line per entry (canonical character first), `\n` endings. */
export function printCharset(charset: Charset): string {
  let out = `${charset.declaredCount ?? charset.entries.length}\n`;
  for (const e of charset.entries) out += `${e.equivalents.join('')}\n`;
  return out;
}

/**
 * Single letters that stand for a digraph of their two letters (kinds) in some language, the
 * natural character of its own: ligatures (Æ, Œ, Ĳ, Ǳ, Ǉ, Ǌ), Ŋ for NG, Þ for TH, Ð for Welsh
 * DD, ß for SS.
 */
const DIGRAPH_LETTERS: Readonly<Record<string, string>> = { ae: 'Æ', oe: 'Œ', ij: 'Ĳ', dz: 'Ǳ', lj: 'Ǉ', nj: 'Ǌ', ng: 'Ŋ', th: 'Þ', dd: 'Ð', ss: 'ß' };

/** Marks that make a letter of its own of a digraph's first letter (Č for CH, as Czech writes it). */
const OWN_MARKS = ['\u030c', '\u0302', '\u0301', '\u0327', '\u0306'];

/**
 * The example of "a character of its own" for a digraph of `letters` (`NG`, `CHch`, `LLll`):
 * the letter that stands for it where there is one (`Ŋ` for N and G: it said `Ç` of every
 * digraph), else its first letter with a mark (`Č` for CH, `Ľ` for LL); `taken`, the
 * characters the charset has, are passed over (Czech has Č and CH).
 */
export function digraphExample(letters: string, taken: (ch: string) => boolean = () => false): string {
  const kinds = Array.from(letters, letterKind).join('');
  // written in both cases (`NGng`): the digraph once
  const half = kinds.length % 2 === 0 && kinds.slice(0, kinds.length / 2) === kinds.slice(kinds.length / 2) ? kinds.slice(0, kinds.length / 2) : kinds;
  const first = Array.from(half)[0] ?? 'c';
  const marked = OWN_MARKS.map((m) => `${first.toUpperCase()}${m}`.normalize('NFC')).filter((c) => Array.from(c).length === 1);
  const candidates = [DIGRAPH_LETTERS[half], ...marked, 'Ç'].filter((c): c is string => c !== undefined);
  return candidates.find((c) => !taken(c) && !taken(c.toLowerCase())) ?? candidates[0]!;
}

/** A letter's kind, case and accents aside: `É` and `e` are one, `ß` and `ẞ` too, `ς` and `Σ` too. */
function letterKind(ch: string): string {
  return ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().toUpperCase().toLowerCase();
}

const LETTER = /^\p{L}$/u;

/**
 * A line of two letter kinds where one kind is a single letter that looks like a letter of the
 * other kind, of another script (`Hη`: Latin H, Greek Η): that letter, its look-alike, and the
 * line with it in place; else null.
 */
export function kindLookAlike(kinds: readonly string[][]): { from: string; to: string; line: string } | null {
  if (kinds.length !== 2) return null;
  for (const k of [0, 1]) {
    const [one, ...more] = kinds[k]!;
    const other = kinds[1 - k]!;
    if (one === undefined || more.length > 0) continue;
    const to = lookAlike(one, (o) => letterKind(o) === letterKind(other[0]!) && !other.includes(o));
    if (to !== null) return { from: one, to, line: k === 0 ? [to, ...other].join('') : [...other, to].join('') };
  }
  return null;
}

/**
 * Whether a line holds letters of two or more kinds, case and accents aside (`CHch`, `LL`,
 * not `Aa` nor `EeÉé`): an author writing a digraph, which no card can show.
 */
function severalLetters(line: string): boolean {
  return letterKinds(Array.from(line)).length > 1;
}

/** A line that is one letter written twice, with its other case twice after it or not (`LL`, `LLll`, `DDdd`): a digraph such as Spanish LL. */
function doubledLetter(line: string): boolean {
  const m = /^(\p{L})\1(?:(\p{L})\2)?$/u.exec(line);
  return m !== null && (m[2] === undefined || letterKind(m[1]!) === letterKind(m[2]));
}

/**
 * The letters of `chars` by kind, case and accents aside, in order of first appearance
 * (`CHch`: [C, c], [H, h]); characters other than letters are left out.
 */
export function letterKinds(chars: readonly string[]): string[][] {
  const kinds = new Map<string, string[]>();
  for (const ch of chars) {
    if (!LETTER.test(ch)) continue;
    const k = letterKind(ch);
    const list = kinds.get(k);
    if (list) list.push(ch);
    else kinds.set(k, [ch]);
  }
  return [...kinds.values()];
}
