// Bytes to text for every format: UTF-8 with an optional BOM, invalid sequences replaced
// (and reported where the replacement characters end up), NUL bytes reported as binary.
// The text stays as written, not normalised: the parsers normalise each line and say
// positions in the line as written (core/formats/text.ts `Line`), as an editor shows it (a
// whole file made NFC here put `cardwords check`'s columns after a decomposed accent one
// off from the editors'). A file in UTF-16, or one that reads as Latin-1 /
// Windows-1252, is said so once and read in that encoding. Never throws; linear in the input.
import { DiagnosticSink, MAX_DIAGNOSTICS, describeChar, diagnostic, lineRange } from './text.js';
import { msg } from '../l10n/message.js';
import type { Diagnostic, Position } from './types.js';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/**
 * Which U+FFFD of the decoded text are replacements (true) and which were written as
 * U+FFFD in the file (false), in order; stops after `limit` replacements. Follows the
 * WHATWG UTF-8 decoder exactly, so the k-th flag belongs to the k-th U+FFFD.
 */
function replacementFlags(bytes: Uint8Array, limit: number): boolean[] {
  const flags: boolean[] = [];
  let replacements = 0;
  let cp = 0;
  let seen = 0;
  let needed = 0;
  let lower = 0x80;
  let upper = 0xbf;
  const bad = () => {
    flags.push(true);
    replacements++;
  };
  for (let i = 0; i < bytes.length && replacements < limit; i++) {
    const b = bytes[i]!;
    if (needed === 0) {
      if (b <= 0x7f) continue;
      if (b >= 0xc2 && b <= 0xdf) {
        needed = 1;
        cp = b & 0x1f;
      } else if (b >= 0xe0 && b <= 0xef) {
        if (b === 0xe0) lower = 0xa0;
        if (b === 0xed) upper = 0x9f;
        needed = 2;
        cp = b & 0x0f;
      } else if (b >= 0xf0 && b <= 0xf4) {
        if (b === 0xf0) lower = 0x90;
        if (b === 0xf4) upper = 0x8f;
        needed = 3;
        cp = b & 0x07;
      } else bad();
      continue;
    }
    if (b < lower || b > upper) {
      cp = needed = seen = 0;
      lower = 0x80;
      upper = 0xbf;
      bad();
      i--; // the byte starts over
      continue;
    }
    lower = 0x80;
    upper = 0xbf;
    cp = (cp << 6) | (b & 0x3f);
    if (++seen === needed) {
      if (cp === 0xfffd) flags.push(false);
      cp = needed = seen = 0;
    }
  }
  if (needed !== 0 && replacements < limit) bad();
  return flags;
}

/** Walks forward through a text turning offsets into LSP positions (offsets must not decrease). */
class Positions {
  private line = 0;
  private lineStart = 0;
  private at = 0;
  constructor(private readonly text: string) {}
  of(offset: number): Position {
    const t = this.text;
    for (; this.at < offset; this.at++) {
      const c = t.charCodeAt(this.at);
      if (c === 0x0a || (c === 0x0d && t.charCodeAt(this.at + 1) !== 0x0a)) {
        this.line++;
        this.lineStart = this.at + 1;
      }
    }
    return { line: this.line, character: offset - this.lineStart };
  }
}

/**
 * UTF-16 by its byte order mark, or by its zero bytes: text of Latin letters in UTF-16 has a
 * zero byte in every other place (the high byte of each unit), on the odd bytes in
 * little-endian order, on the even ones in big-endian. Null when it does not look so.
 */
function utf16Order(bytes: Uint8Array): { le: boolean; bom: boolean } | null {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { le: true, bom: true };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { le: false, bom: true };
  const n = Math.min(bytes.length, 65536) & ~1;
  if (n < 4) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  const units = n / 2;
  if (odd >= units * 0.3 && even <= units * 0.05) return { le: true, bom: false };
  if (even >= units * 0.3 && odd <= units * 0.05) return { le: false, bom: false };
  return null;
}

/**
 * Whether bytes that are not UTF-8 read as Latin-1 / Windows-1252: no NUL, and no byte above
 * 0x7F starting a valid UTF-8 sequence (a file of UTF-8 with a stray bad byte is not one).
 * Returns how many bytes are above 0x7F and the first one's offset, or null.
 */
function latin1Like(bytes: Uint8Array): { count: number; first: number } | null {
  let count = 0;
  let first = -1;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0) return null;
    if (b < 0x80) continue;
    const len = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (len > 0 && i + len <= bytes.length) {
      let lo = 0x80;
      let hi = 0xbf;
      if (b === 0xe0) lo = 0xa0;
      else if (b === 0xed) hi = 0x9f;
      else if (b === 0xf0) lo = 0x90;
      else if (b === 0xf4) hi = 0x8f;
      let ok = bytes[i + 1]! >= lo && bytes[i + 1]! <= hi;
      for (let k = 2; k < len && ok; k++) ok = bytes[i + k]! >= 0x80 && bytes[i + k]! <= 0xbf;
      if (ok) return null; // a valid UTF-8 sequence: UTF-8 with bad bytes, not Latin-1
    }
    if (first < 0) first = i;
    count++;
  }
  return count > 0 ? { count, first } : null;
}

const hexByte = (b: number) => b.toString(16).toUpperCase().padStart(2, '0');

export function decodeText(bytes: Uint8Array): { text: string; diagnostics: Diagnostic[] } {
  const sink = new DiagnosticSink();
  // UTF-16: one diagnostic, and the text read as UTF-16 (not hundreds of NUL and bad bytes)
  const utf16 = utf16Order(bytes);
  if (utf16) {
    const text = new TextDecoder(utf16.le ? 'utf-16le' : 'utf-16be').decode(bytes);
    const binary = binaryText(text);
    return { text, diagnostics: [diagnostic(lineRange(0, 0, 0), 'error', 'file/utf16', msg(utf16.le ? 'file/utf16.le' : 'file/utf16.be')), ...(binary ? [binary] : [])] };
  }
  let body = bytes;
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) body = body.subarray(3);
  let text: string;
  let valid = true;
  try {
    text = strict.decode(body);
  } catch {
    valid = false;
    text = lenient.decode(body);
  }
  if (!valid) {
    // Latin-1 or Windows-1252: said once, with the count, and the text read so (every bad
    // byte was also an unknown character '\ufffd' to the parsers)
    const latin1 = latin1Like(body);
    if (latin1) {
      text = new TextDecoder('windows-1252').decode(body);
      const p = new Positions(text).of(latin1.first);
      const b = body[latin1.first]!;
      sink.add(lineRange(p.line, p.character, p.character + 1), 'error', 'file/invalid-utf8', msg('file/invalid-utf8.latin1', latin1.count, hexByte(b), describeChar(text.charAt(latin1.first))));
      return { text, diagnostics: sink.list };
    }
  }

  const found: Array<{ offset: number; code: 'file/invalid-utf8' | 'file/binary' }> = [];
  if (!valid) {
    const flags = replacementFlags(body, MAX_DIAGNOSTICS + 1);
    let k = 0;
    for (let at = text.indexOf('\ufffd'); at >= 0 && k < flags.length; at = text.indexOf('\ufffd', at + 1), k++) {
      if (flags[k]) {
        found.push({ offset: at, code: 'file/invalid-utf8' });
      }
    }
  }
  const nul = text.indexOf('\u0000');
  if (nul >= 0) found.push({ offset: nul, code: 'file/binary' });
  found.sort((a, b) => a.offset - b.offset);
  const pos = new Positions(text);
  for (const f of found) {
    const p = pos.of(f.offset);
    sink.add(lineRange(p.line, p.character, p.character + 1), 'error', f.code, msg(f.code));
  }
  return { text, diagnostics: sink.list };
}

/**
 * `file/binary` at the first NUL of a text, or null: what a text an editor holds (the
 * language server's, which never passes through `decodeText`) is said alone when it is binary,
 * as `binaryAlone` leaves it for `cardwords check`.
 */
export function binaryText(text: string): Diagnostic | null {
  const nul = text.indexOf('\u0000');
  if (nul < 0) return null;
  const p = new Positions(text).of(nul);
  return diagnostic(lineRange(p.line, p.character, p.character + 1), 'error', 'file/binary', msg('file/binary'));
}

/**
 * The parsers' diagnostics without those on a U+FFFD that decoding put in place of a bad
 * byte (`'�' (U+FFFD) is not in the charset` beside `invalid UTF-8 byte sequence`), or on
 * the NUL that `file/binary` points at (`U+0000 is not in the charset` beside it): the
 * decoding's diagnostic names the problem. `decoded` and `parsed` of one file, or of several
 * with `file` set (a dictionary's bad byte is `dictionary/invalid-utf8` then: core/ruleset/load.ts).
 */
export function withoutDecodingEchoes(decoded: readonly Diagnostic[], parsed: Diagnostic[]): Diagnostic[] {
  const at = new Set(decoded.filter((d) => d.code === 'file/invalid-utf8' || d.code === 'dictionary/invalid-utf8' || d.code === 'file/binary').map((d) => `${d.file ?? ''}\u0000${d.range.start.line}:${d.range.start.character}`));
  if (at.size === 0) return parsed;
  return parsed.filter((d) => !at.has(`${d.file ?? ''}\u0000${d.range.start.line}:${d.range.start.character}`) || d.code.startsWith('file/'));
}

/**
 * Of a file that holds NUL bytes, only its `file/binary`: a binary file is not a charset or a
 * dictionary, and its bytes read as lines made a thousand invalid bytes and a thousand broken
 * words (a 5 MB random `x.dict`: the binary error came among them, at line 8).
 */
export function binaryAlone(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const binary = new Set(diagnostics.filter((d) => d.code === 'file/binary').map((d) => d.file));
  if (binary.size === 0) return [...diagnostics];
  return diagnostics.filter((d) => !binary.has(d.file) || d.code === 'file/binary');
}
