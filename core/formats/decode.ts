// Bytes to text for every format: UTF-8 with an optional BOM, invalid sequences replaced
// (and reported where the replacement characters end up), NUL bytes reported as binary,
// the result normalised to NFC. Never throws; linear in the input.
import { DiagnosticSink, MAX_DIAGNOSTICS, lineRange } from './text.js';
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

export function decodeText(bytes: Uint8Array): { text: string; diagnostics: Diagnostic[] } {
  const sink = new DiagnosticSink();
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
  if (/[\u0300-\uffff]/.test(text)) text = text.normalize('NFC');

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
  if (nul >= 0) {
    found.push({ offset: nul, code: 'file/binary' });
  }
  found.sort((a, b) => a.offset - b.offset);
  const pos = new Positions(text);
  for (const f of found) {
    const p = pos.of(f.offset);
    sink.add(lineRange(p.line, p.character, p.character + 1), 'error', f.code, msg(f.code));
  }
  return { text, diagnostics: sink.list };
}
