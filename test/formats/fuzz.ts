// The property-test engine shared by the per-parser suites: random text and mutations of
// valid files, each parsed and checked for the invariants every parser promises.
import { readFileSync, existsSync } from 'node:fs';
import fc from 'fast-check';
import { expect } from 'vitest';
import { MAX_DIAGNOSTICS, parseCharset, parseFile, printFile } from '../../core/formats/index.js';
import type { CellAttributes, Charset, FileKind } from '../../core/formats/index.js';
import { SEED, SEED_FILES, documentedCodes, expectWellFormed } from './helpers.js';

/** Inputs per parser, checked in batches (one fast-check run = BATCH inputs). */
export const INPUTS = 100_000;
const BATCH = 25;

const AZ = parseCharset(SEED.charset).value;
const GERMAN = parseCharset('5\nAa\nÄä\nSs\nß\nn\u0308\n').value;

/** Characters that matter to some format, plus troublemakers. */
const ALPHABET = [
  '0', '1', '2', '9', '-', '+', '*', ':', ';', ',', '(', ')', '[', ']', ' ', ' ', '\t', '\n', '\n', '\r', '\r\n',
  'A', 'a', 'B', 'C', 'L', 'W', 'E', 'K', 'x', 'ä', 'ß', 'Ä', 'e\u0301', '\u0301', '\u0308', '😀', '\u0000', '\u0001',
  '\ufeff', '\u00a0', '\u3000', '\u2028', '\ud800', '\udc00', '\ufffd', '.', '#', '\u1100\u1161',
];
const PIECES = [
  '999999999999', '1000000000', '999999999', '-0', '007', '1001', '-1', '\n', '\r\n', '[', ']', '(', ')', ';', ':', '  ',
  '[  -2]', '[A 6]', '[ E-2]', '[A 100]', '(0,0) B;', '(1 , 1) W 2 C 5;', '(20,12)', '1001*1000', '3*1', '0:0', '-7:1', 'B', 'L 0', 'W',
];

/** Any code point, lone surrogates included (cheaper than `unit: 'binary'`, whose reverse map has 1.1M entries). */
const anyChar = fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp));
const anyText = (maxLength: number) => fc.array(anyChar, { maxLength }).map((a) => a.join(''));

const piece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ALPHABET) },
  { weight: 3, arbitrary: fc.constantFrom(...PIECES) },
  { weight: 1, arbitrary: anyText(3) },
);

type Op = { op: 'insert' | 'replace'; at: number; text: string } | { op: 'delete'; at: number; length: number } | { op: 'dupline' | 'dropline'; at: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: piece }),
  fc.record({ op: fc.constant('replace' as const), at: fc.nat(), text: piece }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ op: fc.constant('dupline' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('dropline' as const), at: fc.nat() }),
);

function mutate(base: string, ops: Op[]): string {
  let s = base;
  for (const o of ops) {
    const at = s.length === 0 ? 0 : o.at % (s.length + 1);
    if (o.op === 'insert') s = s.slice(0, at) + o.text + s.slice(at);
    else if (o.op === 'replace') s = s.slice(0, at) + o.text + s.slice(at + 1);
    else if (o.op === 'delete') s = s.slice(0, at) + s.slice(at + o.length);
    else {
      const lines = s.split('\n');
      const n = o.at % lines.length;
      if (o.op === 'dupline') lines.splice(n, 0, lines[n]!);
      else lines.splice(n, 1);
      s = lines.join('\n');
    }
  }
  return s;
}

/** Small valid files of a kind: the seed's examples and the small sample files. */
export function validFiles(kind: FileKind): string[] {
  const out = SEED_FILES.filter(([k]) => k === kind).map(([, t]) => t);
  const ext = kind === 'dictionary' ? 'dict' : kind;
  for (const dir of ['tiny/tiny', 'seed-example/example', 'english/english', 'german/german']) {
    const path = `samples/${dir}.${ext}`;
    if (!existsSync(path)) continue;
    const text = readFileSync(path, 'utf8');
    out.push(kind === 'dictionary' ? text.split('\n').slice(0, 40).join('\n') : text);
  }
  return out;
}

/** `meaning` as a string, without copying the model (the hot loop runs 100,000 times). */
function serial(v: unknown): string {
  return JSON.stringify(v, function (this: object, k: string, x: unknown) {
    if (k === 'range' || (k === 'lines' && 'words' in this)) return undefined;
    if (k === 'cells' && Array.isArray(x)) {
      return (x as CellAttributes[]).map((c) => `${c.blocked ? 'B' : '-'}${c.points},${c.letterFactor},${c.wordFactor}`).join(' ');
    }
    return x instanceof Map ? { map: [...x] } : x;
  });
}

export interface FuzzStats {
  inputs: number;
  /** Inputs with no error: their printed form was checked to mean the same. */
  roundTrips: number;
  codes: Set<string>;
}

/** Runs INPUTS random and mutated inputs through one parser; returns what was seen. */
export function fuzz(kind: FileKind): FuzzStats {
  const documented = documentedCodes();
  const bases = validFiles(kind);
  const charsets: Array<Charset | undefined> = kind === 'cardset' || kind === 'dictionary' ? [AZ, GERMAN, undefined] : [undefined];
  const input = fc.oneof(
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...bases), fc.array(opArb, { minLength: 1, maxLength: 6 })).map(([b, ops]) => mutate(b, ops)) },
    { weight: 1, arbitrary: fc.array(fc.constantFrom(...ALPHABET), { maxLength: 40 }).map((a) => a.join('')) },
    { weight: 1, arbitrary: anyText(30) },
  );
  const stats: FuzzStats = { inputs: 0, roundTrips: 0, codes: new Set() };
  fc.assert(
    fc.property(fc.array(input, { minLength: BATCH, maxLength: BATCH }), fc.nat(), (texts, pick) => {
      for (const text of texts) {
        const charset = charsets[(pick + stats.inputs) % charsets.length];
        stats.inputs++;
        const r = parseFile(kind, text, charset);
        if (r.diagnostics.length > MAX_DIAGNOSTICS + 1) expect.fail(`${r.diagnostics.length} diagnostics`);
        if (r.diagnostics.length > 0) expectWellFormed(r.diagnostics, text, kind, documented);
        for (const d of r.diagnostics) stats.codes.add(d.code);
        const printed = printFile(kind, r.value);
        if (r.diagnostics.some((d) => d.severity === 'error')) continue;
        stats.roundTrips++;
        const again = parseFile(kind, printed, charset);
        if (serial(again.value) !== serial(r.value)) {
          expect.fail(`print changed the meaning of ${JSON.stringify(text)}: printed ${JSON.stringify(printed)}`);
        }
        if (again.diagnostics.some((d) => d.severity === 'error')) expect.fail(`printed form of ${JSON.stringify(text)} has errors`);
        if (printFile(kind, again.value) !== printed) expect.fail(`printing ${JSON.stringify(printed)} again changed it`);
      }
    }),
    { numRuns: Math.ceil(INPUTS / BATCH) },
  );
  return stats;
}
