// Prints diagnostics like a compiler (file:line:col: severity: message [code]) or as JSON.
import { diagnostic, LineReader, MAX_DIAGNOSTICS } from '../../core/formats/text.js';
import { msg } from '../../core/l10n/message.js';
import type { Diagnostic } from '../../core/formats/types.js';
import { blocksPlay, leftOutWords } from '../../core/ruleset/load.js';
import { readText } from '../ruleset/fs.js';

export function sortDiagnostics(diags: readonly Diagnostic[]): Diagnostic[] {
  return [...diags].sort(
    (a, b) =>
      (a.file ?? '').localeCompare(b.file ?? '') ||
      a.range.start.line - b.range.start.line ||
      a.range.start.character - b.range.start.character ||
      a.code.localeCompare(b.code),
  );
}

/**
 * Sorted, at most MAX_DIAGNOSTICS a file and then one `file/too-many-diagnostics`: a file's
 * decoding and its parse are capped each, and together they said the cap twice and listed
 * up to twice as many. A list cut short is complete only before its cut, so the problems
 * after the earliest cut are left out too (there are MAX_DIAGNOSTICS before it).
 */
export function capPerFile(diags: readonly Diagnostic[]): Diagnostic[] {
  const before = (a: Diagnostic, b: Diagnostic) => a.range.start.line < b.range.start.line || (a.range.start.line === b.range.start.line && a.range.start.character < b.range.start.character);
  const byFile = new Map<string | undefined, Diagnostic[]>();
  for (const d of diags) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  const out: Diagnostic[] = [];
  for (const [file, list] of byFile) {
    const cuts = list.filter((d) => d.code === 'file/too-many-diagnostics');
    let cut = cuts.reduce<Diagnostic | undefined>((c, d) => (c === undefined || before(d, c) ? d : c), undefined);
    let kept = sortDiagnostics(list.filter((d) => d.code !== 'file/too-many-diagnostics' && (cut === undefined || before(d, cut))));
    if (kept.length > MAX_DIAGNOSTICS) {
      cut = kept[MAX_DIAGNOSTICS];
      kept = kept.slice(0, MAX_DIAGNOSTICS);
    }
    out.push(...kept);
    if (cut) out.push({ ...diagnostic(cut.range, 'warning', 'file/too-many-diagnostics', msg('file/too-many-diagnostics', MAX_DIAGNOSTICS)), ...(file === undefined ? {} : { file }) });
  }
  return sortDiagnostics(out);
}

/**
 * One line per diagnostic; lines and columns 1-based as compilers print them. The column is
 * a display column, as GCC prints it and Emacs's compilation mode reads it, when `lineText`
 * (the diagnostic's line) is given; else the UTF-16 column of the range.
 */
export function formatText(d: Diagnostic, lineText?: string): string {
  const column = lineText === undefined ? d.range.start.character : displayColumn(lineText, d.range.start.character);
  return `${d.file ?? '<input>'}:${d.range.start.line + 1}:${column + 1}: ${d.severity}: ${d.message} [${d.code}]`;
}

/** `column` and `endColumn` in UTF-16 code units (as LSP counts); `displayColumn` and `endDisplayColumn` when the lines are known. */
export function toJson(d: Diagnostic, lineText?: (line: number) => string | undefined) {
  const start = lineText?.(d.range.start.line);
  const end = lineText?.(d.range.end.line);
  return {
    file: d.file ?? null,
    line: d.range.start.line + 1,
    column: d.range.start.character + 1,
    endLine: d.range.end.line + 1,
    endColumn: d.range.end.character + 1,
    ...(start !== undefined && end !== undefined ? { displayColumn: displayColumn(start, d.range.start.character) + 1, endDisplayColumn: displayColumn(end, d.range.end.character) + 1 } : {}),
    severity: d.severity,
    code: d.code,
    message: d.message,
  };
}

/** Tab stops every this many columns, as GCC and Emacs place them by default. */
const TAB = 8;
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\u200B-\u200F\u2060-\u2064\uFEFF]$/u;

/**
 * The 0-based display column of the UTF-16 offset `utf16` in `line`: a combining mark or a
 * zero-width character 0 columns, a wide East Asian character or an emoji 2, a tab to the
 * next tab stop, anything else (an astral character too, two UTF-16 units) 1.
 */
export function displayColumn(line: string, utf16: number): number {
  let col = 0;
  for (let i = 0; i < utf16 && i < line.length;) {
    const cp = line.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    i += ch.length;
    if (cp === 9) col += TAB - (col % TAB);
    else if (ZERO_WIDTH.test(ch)) continue;
    else col += isWide(cp) ? 2 : 1;
  }
  return col;
}

/** East Asian Wide and Fullwidth characters (Unicode's EastAsianWidth W and F, in blocks), and emoji presentation. */
function isWide(cp: number): boolean {
  return cp >= 0x1100 && (
    cp <= 0x115f || // Hangul Jamo initials
    (cp >= 0x2e80 && cp <= 0x303e) || // CJK radicals, punctuation
    (cp >= 0x3041 && cp <= 0x33ff) || // kana, CJK compatibility
    (cp >= 0x3400 && cp <= 0x4dbf) || // CJK extension A
    (cp >= 0x4e00 && cp <= 0x9fff) || // CJK unified ideographs
    (cp >= 0xa000 && cp <= 0xa4cf) || // Yi
    (cp >= 0xa960 && cp <= 0xa97f) || // Hangul Jamo extended A
    (cp >= 0xac00 && cp <= 0xd7a3) || // Hangul syllables
    (cp >= 0xf900 && cp <= 0xfaff) || // CJK compatibility ideographs
    (cp >= 0xfe10 && cp <= 0xfe19) || (cp >= 0xfe30 && cp <= 0xfe6f) || // vertical and small forms
    (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6) || // fullwidth forms
    (cp >= 0x1f300 && cp <= 0x1f64f) || (cp >= 0x1f900 && cp <= 0x1f9ff) || // emoji
    (cp >= 0x20000 && cp <= 0x3fffd) // CJK extensions B and on
  );
}

/**
 * The lines of the files of `diagnostics`, read once a file, for their display columns:
 * `at(file, line)` is the line's text, or undefined when the file cannot be read again.
 */
export async function diagnosticLines(diagnostics: readonly Diagnostic[], read: (file: string) => Promise<string | null>): Promise<LineOf> {
  const wanted = new Map<string, Set<number>>();
  for (const d of diagnostics) {
    if (d.file === undefined) continue;
    const lines = wanted.get(d.file) ?? new Set<number>();
    lines.add(d.range.start.line).add(d.range.end.line);
    wanted.set(d.file, lines);
  }
  // only the lines a diagnostic is on are kept (a dictionary may have millions)
  const kept = new Map<string, Map<number, string>>();
  for (const [file, lines] of wanted) {
    const text = await read(file);
    if (text === null) continue;
    const found = new Map<number, string>();
    const reader = new LineReader(text);
    for (let l = reader.next(); l !== null && found.size < lines.size; l = reader.next()) if (lines.has(reader.index)) found.set(reader.index, l);
    kept.set(file, found);
  }
  return (file, line) => (file === undefined ? undefined : kept.get(file)?.get(line));
}

/** A line of a diagnostic's file, for its display column (`diagnosticLines`); undefined when unknown. */
export type LineOf = (file: string | undefined, line: number) => string | undefined;

/** `diagnosticLines` of the files on disk, decoded as the loader decodes them. */
export function linesOnDisk(diagnostics: readonly Diagnostic[]): Promise<LineOf> {
  return diagnosticLines(diagnostics, async (file) => {
    const r = await readText(file).catch(() => null);
    return r && !r.diagnostics.some((d) => d.code === 'file/unreadable') ? r.text : null;
  });
}

/** The most errors a refusal to play a ruleset lists; `cardwords check` lists them all. */
export const REFUSAL_ERRORS = 10;

/**
 * Why a ruleset (the folder `dir`) cannot be played: the errors that stop play as `cardwords
 * check` prints them (file:line:col: error: message [code]), sorted, at most `max`, then how
 * many more, then how many dictionary words are left out (those do not stop play, and listed
 * among the causes they took the slots of the real ones). The one text of `cardwords
 * playtest` and the language server's `cardwords/playtest`, with display columns as `cardwords
 * check` prints them (the files' lines read again).
 */
export async function unplayableText(dir: string, diagnostics: readonly Diagnostic[], max = REFUSAL_ERRORS): Promise<string> {
  const errors = sortDiagnostics(diagnostics.filter(blocksPlay));
  const listed = errors.slice(0, max);
  const lineOf = await linesOnDisk(listed);
  const lines = listed.map((d) => formatText(d, lineOf(d.file, d.range.start.line)));
  const more = errors.length - lines.length;
  if (more > 0) lines.push(`... and ${more} more (cardwords check ${dir} lists them all)`);
  const leftOut = leftOutWords(diagnostics);
  if (leftOut > 0) lines.push(`(besides, ${leftOutText(leftOut)} for errors, which does not stop play: cardwords check ${dir} names them)`);
  return `the ruleset ${dir} cannot be played${lines.length > 0 ? `:\n${lines.join('\n')}` : ''}`;
}

/** "1 word of the dictionaries is left out", "3 words … are left out". */
export function leftOutText(n: number): string {
  return `${n === 1 ? '1 word' : `${n} words`} of the dictionaries ${n === 1 ? 'is' : 'are'} left out`;
}
