// A source text as the language service sees it: its name (path or URI), its kind and its
// text, with line access computed once per text (linear, lazy).
import type { FileKind } from '../formats/types.js';
import type { Position, Range } from './lsp.js';

export interface SourceText {
  /** Path or URI: diagnostics of other files of a ruleset are matched by this name. */
  name: string;
  text: string;
  /** Editor version when the text comes from an open document, else null. */
  version?: number | null;
}

export class TextDocumentView {
  private starts: Int32Array | null = null;

  constructor(
    readonly name: string,
    readonly kind: FileKind,
    readonly text: string,
    readonly version: number | null = null,
  ) {}

  /** The file's line break, for text an edit inserts: \r\n when the file has one, else \n (a CRLF file got \n lines). */
  get eol(): string {
    return this.text.includes('\r\n') ? '\r\n' : '\n';
  }

  static of(source: SourceText, kind: FileKind): TextDocumentView {
    return new TextDocumentView(source.name, kind, source.text, source.version ?? null);
  }

  /** Offsets of line starts, with LSP line breaks (\r\n, \r, \n). */
  private lineStarts(): Int32Array {
    if (this.starts) return this.starts;
    const t = this.text;
    let n = 1;
    for (let i = 0; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c === 10 || (c === 13 && t.charCodeAt(i + 1) !== 10)) n++;
    }
    const starts = new Int32Array(n);
    let k = 1;
    for (let i = 0; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c === 10 || (c === 13 && t.charCodeAt(i + 1) !== 10)) starts[k++] = i + 1;
    }
    this.starts = starts;
    return starts;
  }

  get lineCount(): number {
    return this.lineStarts().length;
  }

  /** The text of line `i` without its line break ('' outside the document). */
  line(i: number): string {
    const s = this.lineStarts();
    if (i < 0 || i >= s.length) return '';
    const start = s[i]!;
    let end = i + 1 < s.length ? s[i + 1]! : this.text.length;
    if (end > start && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > start && this.text.charCodeAt(end - 1) === 13) end--;
    return this.text.slice(start, end);
  }

  offsetAt(p: Position): number {
    const s = this.lineStarts();
    if (p.line < 0) return 0;
    if (p.line >= s.length) return this.text.length;
    return Math.min(s[p.line]! + Math.max(0, p.character), s[p.line]! + this.line(p.line).length);
  }

  positionAt(offset: number): Position {
    const s = this.lineStarts();
    offset = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - s[lo]! };
  }

  /** The range of the whole document. */
  fullRange(): Range {
    const last = this.lineCount - 1;
    return { start: { line: 0, character: 0 }, end: { line: last, character: this.line(last).length } };
  }
}

export function contains(range: Range, p: Position): boolean {
  if (p.line < range.start.line || p.line > range.end.line) return false;
  if (p.line === range.start.line && p.character < range.start.character) return false;
  if (p.line === range.end.line && p.character > range.end.character) return false;
  return true;
}

export function lineRange(line: number, start: number, end: number): Range {
  return { start: { line, character: start }, end: { line, character: end } };
}
