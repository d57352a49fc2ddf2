// Shared fixtures and checks of the format tests: the seed's examples verbatim, a
// position-free view of models, and the range invariants every diagnostic must keep.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Diagnostic, FileKind, Range } from '../../core/formats/index.js';

/** The examples of the seed's chapter "Customizing cardwords", verbatim. */
export const SEED = {
  charset: `26\n${Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i) + String.fromCharCode(97 + i)).join('\n')}\n`,
  dictionary: 'salt\npepper\ncollapsible\njaw\neat\nso\n',
  cardset: '14\n[A 6] [A 6] [A 6] [A 7]\n[B 2] [B 2] [B 9]\n[E 1] [E 0] [E -1][K 19]\n[  0] [  -2] [  -1] \n',
  tableNone: '18*10\n(18,10)\n(18,10)\n',
  tableColumn: '18*10\n(17,10)\n(18,10)\n',
  tableCell: '18*10\n(0,9)\n(18,10)\n',
  table: [
    '19*10', '(10,11)', '',
    '(0 ,0) B;', '(0 ,1) B;', '(1 ,0) B;', '',
    '(17,0) B;', '(18,0) B;', '(18,1) B;', '',
    '(0 ,9) B;', '(1 ,9) B;', '(0 ,8) B;', '',
    '(18,9) B;', '(17,9) B;', '(18,8) B;', '',
    '(10,0) C 5;', '(10,9) C 5;', '',
    '(1 ,1) W 2;', '',
    '(17,8) L 2;', '',
    '(20,12)', '',
  ].join('\n'),
  bonus: '-6:-10\n-5:-10\n-4:-10\n-3:-5\n-2:-5\n-1:-5\n0:-1\n1:0\n2:0\n3:0\n4:0\n5:5\n6:10\n',
} as const;

/** Every seed example with its kind. */
export const SEED_FILES: Array<[FileKind, string]> = [
  ['charset', SEED.charset],
  ['dictionary', SEED.dictionary],
  ['cardset', SEED.cardset],
  ['cardtable', SEED.tableNone],
  ['cardtable', SEED.tableColumn],
  ['cardtable', SEED.tableCell],
  ['cardtable', SEED.table],
  ['bonus', SEED.bonus],
];

/**
 * A model without its positions: `range` fields and the dictionary's `lines` (the line of
 * each word) are where things are written, not what they mean.
 */
export function meaning(value: unknown): unknown {
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, meaning(v)]));
  if (Array.isArray(value)) return value.map(meaning);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === 'range') continue;
      if (k === 'lines' && 'words' in value) continue;
      out[k] = meaning(v);
    }
    return out;
  }
  return value;
}

/** The lines of a text as LSP counts them (`\r\n`, `\r` and `\n` end a line). */
export function documentLines(text: string): string[] {
  return text.includes('\r') ? text.split(/\r\n|\r|\n/) : text.split('\n');
}

function before(a: Range['start'], b: Range['start']): boolean {
  return a.line < b.line || (a.line === b.line && a.character <= b.character);
}

/** Line lengths of a text as LSP counts lines, without building the lines (texts may be 50 MB). */
export interface LineLengths {
  count: number;
  length(line: number): number;
}

export function lineLengths(text: string): LineLengths {
  let starts = new Uint32Array(1024);
  let ends = new Uint32Array(1024);
  let count = 0;
  let start = 0;
  const push = (end: number, next: number) => {
    if (count === starts.length) {
      const s2 = new Uint32Array(count * 2);
      s2.set(starts);
      starts = s2;
      const e2 = new Uint32Array(count * 2);
      e2.set(ends);
      ends = e2;
    }
    starts[count] = start;
    ends[count++] = end;
    start = next;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) push(i, i + 1);
    else if (c === 0x0d) {
      const next = text.charCodeAt(i + 1) === 0x0a ? i + 2 : i + 1;
      push(i, next);
      i = next - 1;
    }
  }
  push(text.length, text.length);
  return { count, length: (n) => ends[n]! - starts[n]! };
}

/** Null if the range lies inside the document and start <= end, else what is wrong. */
export function rangeProblem(range: Range, lines: string[] | LineLengths): string | null {
  const count = Array.isArray(lines) ? lines.length : lines.count;
  const length = (n: number) => (Array.isArray(lines) ? lines[n]!.length : lines.length(n));
  for (const p of [range.start, range.end]) {
    if (!Number.isInteger(p.line) || !Number.isInteger(p.character) || p.line < 0 || p.character < 0) return `bad position ${JSON.stringify(p)}`;
    if (p.line >= count) return `line ${p.line} >= ${count} lines`;
    if (p.character > length(p.line)) return `character ${p.character} > line length ${length(p.line)}`;
  }
  return before(range.start, range.end) ? null : `start after end ${JSON.stringify(range)}`;
}

/** The codes documented in docs/diagnostics.md (first column of its tables). */
export function documentedCodes(): Set<string> {
  const md = readFileSync('docs/diagnostics.md', 'utf8');
  return new Set([...md.matchAll(/^\|\s*`([a-z]+\/[a-z0-9-]+)`/gm)].map((m) => m[1]!));
}

/** Asserts the structural rules of one diagnostic list. */
export function expectWellFormed(diagnostics: Diagnostic[], text: string, kind: FileKind | 'file', documented: Set<string>): void {
  const lines = text.length > 1_000_000 ? lineLengths(text) : documentLines(text);
  for (const d of diagnostics) {
    const problem = rangeProblem(d.range, lines);
    if (problem !== null) expect.fail(`${d.code}: ${problem} in ${JSON.stringify(text.slice(0, 200))}`);
    if (!documented.has(d.code)) expect.fail(`undocumented code ${d.code}`);
    if (d.code.split('/')[0] !== kind && d.code !== 'file/too-many-diagnostics') expect.fail(`code ${d.code} from a ${kind} parser`);
    if (!['error', 'warning', 'information', 'hint'].includes(d.severity)) expect.fail(`bad severity ${d.severity}`);
    if (d.message.length === 0) expect.fail(`empty message for ${d.code}`);
  }
}

/** A compact view of a diagnostic for exact comparisons. */
export function brief(d: Diagnostic): { code: string; severity: string; range: [number, number, number, number]; message: string } {
  return { code: d.code, severity: d.severity, range: [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character], message: d.message };
}
