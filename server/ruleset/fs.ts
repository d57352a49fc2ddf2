// Reads rulesets from disk: the files that share a base name in one folder, or the files a
// manifest names. Adapter only: parsing and checks live in core/ruleset.
import { readFile, readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { binaryAlone, decodeText, withoutDecodingEchoes } from '../../core/formats/index.js';
import type { Diagnostic } from '../../core/formats/types.js';
import { blocksPlay, dictionaryDecoding, loadRuleset, type NamedText, type RulesetFiles, type RulesetOptions } from '../../core/ruleset/load.js';
import type { RulesetLoadResult } from '../../core/ruleset/types.js';

/** Optional manifest in a ruleset folder: names the files explicitly (paths relative to it). */
export const MANIFEST = 'ruleset.json';

export interface Manifest {
  name?: string;
  charset: string;
  cardset: string;
  cardtable: string;
  bonus: string;
  dictionaries?: string[];
  personal?: string;
  removal?: string;
}

/** A file larger than this is refused with a diagnostic rather than read (bounded input). */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

const ZERO = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

export class RulesetError extends Error {}

/** Reads and decodes one file; I/O problems become diagnostics, never exceptions. */
export async function readText(path: string): Promise<{ text: string; diagnostics: Diagnostic[] }> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) return { text: '', diagnostics: [{ file: path, range: ZERO, severity: 'error', code: 'file/unreadable', message: 'is a directory, not a file' }] };
    if (info.size > MAX_FILE_BYTES) {
      return { text: '', diagnostics: [{ file: path, range: ZERO, severity: 'error', code: 'file/too-large', message: `file is ${info.size} bytes; the limit is ${MAX_FILE_BYTES}` }] };
    }
    const decoded = decodeText(new Uint8Array(await readFile(path)));
    return { text: decoded.text, diagnostics: decoded.diagnostics.map((d) => ({ ...d, file: path })) };
  } catch (e) {
    const message = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : `cannot read: ${(e as Error).message}`;
    return { text: '', diagnostics: [{ file: path, range: ZERO, severity: 'error', code: 'file/unreadable', message }] };
  }
}

/** The ruleset a file's name says it belongs to: `tok` for `tok.dict`, `tok.extra.dict` or `tok.charset`. */
export function rulesetBaseName(file: string): string {
  return basename(file).split('.')[0] ?? '';
}

/** The charset a file of a ruleset shares its base name with: `tok.charset` for `tok.dict` or `tok.extra.dict`. */
export function siblingCharsetName(file: string): string {
  return `${rulesetBaseName(file)}.charset`;
}

/** The path of that charset beside `file`, when there is one. */
export async function siblingCharsetPath(file: string): Promise<string | undefined> {
  const path = join(dirname(file), siblingCharsetName(file));
  return (await stat(path).catch(() => null))?.isFile() ? path : undefined;
}

/** The ruleset file names in a folder: by manifest, or by the one base name they share. */
export async function findRulesetFiles(dir: string): Promise<Manifest & { name: string }> {
  const entries = await readdir(dir);
  if (entries.includes(MANIFEST)) {
    let m: Manifest;
    try {
      m = JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as Manifest;
    } catch (e) {
      throw new RulesetError(`${join(dir, MANIFEST)}: not valid JSON: ${(e as Error).message}`);
    }
    for (const key of ['charset', 'cardset', 'cardtable', 'bonus'] as const) {
      if (typeof m[key] !== 'string') throw new RulesetError(`${join(dir, MANIFEST)}: "${key}" must name a file`);
    }
    return { ...m, name: m.name ?? basename(resolve(dir)) };
  }
  const bases = [...new Set(entries.filter((f) => f.endsWith('.charset')).map((f) => f.slice(0, -'.charset'.length)))].sort();
  if (bases.length === 0) {
    // a charset whose extension is written in another case: named
    const near = entries.filter((f) => f.toLowerCase().endsWith('.charset'));
    const hint = near.length > 0 ? `; ${near.slice(0, 3).join(', ')} ${near.length === 1 ? 'is' : 'are'} there, but the extension is .charset, in lower case` : '';
    throw new RulesetError(`${dir}: no ruleset here (no .charset file and no ${MANIFEST})${hint}`);
  }
  if (bases.length > 1) throw new RulesetError(`${dir}: several rulesets (${bases.join(', ')}): write a ${MANIFEST} naming the files`);
  const base = bases[0]!;
  // <base>.dict and <base>.<anything>.dict are read-only dictionaries, except the
  // personal dictionary <base>.personal.dict and the removal list <base>.removed.dict.
  const dicts = entries.filter((f) => f.endsWith('.dict') && (f === `${base}.dict` || f.startsWith(`${base}.`))).sort();
  const personal = `${base}.personal.dict`;
  const removal = `${base}.removed.dict`;
  return {
    name: base,
    charset: `${base}.charset`,
    cardset: `${base}.cardset`,
    cardtable: `${base}.cardtable`,
    bonus: `${base}.bonus`,
    dictionaries: dicts.filter((f) => f !== personal && f !== removal),
    ...(dicts.includes(personal) ? { personal } : {}),
    ...(dicts.includes(removal) ? { removal } : {}),
  };
}

/**
 * Loads the ruleset of a folder (or of the folder of a file in it). `dictionaries: false`
 * reads the four small files alone, in a few milliseconds: what stops play but a dictionary
 * that cannot be read (a dictionary's bad words never do), for a server's check at start.
 */
export async function loadRulesetDir(path: string, options: RulesetOptions & { dictionaries?: boolean } = {}): Promise<RulesetLoadResult> {
  const dir = (await stat(path)).isDirectory() ? path : dirname(path);
  const m = await findRulesetFiles(dir);
  const io: Diagnostic[] = [];
  const read = async (file: string, dictionary = false): Promise<NamedText> => {
    const name = join(dir, file);
    const r = await readText(name);
    // a binary file is said alone and not read as lines: its bytes made broken words and bad
    // bytes, counted as words "left out" beside the binary error
    const binary = binaryAlone(r.diagnostics);
    if (binary.some((d) => d.code === 'file/binary')) {
      io.push(...binary);
      return { name, text: '' };
    }
    io.push(...(dictionary ? r.diagnostics.map(dictionaryDecoding) : r.diagnostics));
    return { name, text: r.text };
  };
  const readDictionary = (file: string) => read(file, true);
  const words = options.dictionaries !== false;
  const files: RulesetFiles = {
    name: m.name,
    charset: await read(m.charset),
    cardset: await read(m.cardset),
    cardtable: await read(m.cardtable),
    bonus: await read(m.bonus),
    dictionaries: words ? await Promise.all((m.dictionaries ?? []).map(readDictionary)) : [],
    ...(words && m.personal ? { personal: await readDictionary(m.personal) } : {}),
    ...(words && m.removal ? { removal: await readDictionary(m.removal) } : {}),
  };
  // a missing file beside a file of its kind under another name (esp.bonus for es.bonus, or
  // es.Bonus): named, since the files of a ruleset are found by one base name
  const missing = io.filter((d) => d.code === 'file/unreadable' && d.message === 'no such file');
  if (missing.length > 0) {
    const entries = await readdir(dir).catch(() => [] as string[]);
    for (const d of missing) {
      const hint = nearName(basename(d.file!), entries, m.name, entries.includes(MANIFEST));
      if (hint) d.message += hint;
    }
  }
  const result = loadRuleset(files, options);
  // no dictionary found beside a file whose name is nearly one (tok.dic, Tok.dict): named, as a
  // missing file of another kind is (a ruleset.json names its dictionaries)
  const listed = words && (m.dictionaries ?? []).length === 0 ? await readdir(dir).catch(() => [] as string[]) : [];
  if (listed.length > 0 && !listed.includes(MANIFEST)) {
    const hint = nearName(`${m.name}.dict`, listed, m.name, false);
    for (const d of result.diagnostics) if (d.code === 'ruleset/no-words' && hint) d.message += hint;
  }
  const unreadable = io.some(blocksPlay);
  // a file that could not be read, or is binary, is said so once: not also as an empty one
  // ("the card table is empty" beside "no such file")
  const failed = new Set(io.filter((d) => d.code === 'file/unreadable' || d.code === 'file/too-large' || d.code === 'file/binary').map((d) => d.file));
  // and a bad byte is said once, by the decoding: not also as an unknown character '\ufffd'
  return { ruleset: unreadable ? null : result.ruleset, diagnostics: [...io, ...withoutDecodingEchoes(io, result.diagnostics.filter((d) => !failed.has(d.file)))] };
}

/**
 * Whether two extensions differ by one typo: a letter added, left out, changed, or two
 * neighbours swapped (`.cardtabel`, `.carset`, `.bonsu`); never equal ones.
 */
function nearlyEqual(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const swapped = a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  return swapped || a.slice(i + 1) === b.slice(i + 1) || a.slice(i) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i);
}

/**
 * What is there instead of a missing ruleset file `file`: the same name in another case, or
 * files of its kind (its extension, in any case) under another base name; '' when nothing.
 */
export function nearName(file: string, entries: readonly string[], base: string, manifest: boolean): string {
  const lower = file.toLowerCase();
  const sameButCase = entries.find((e) => e !== file && e.toLowerCase() === lower);
  if (sameButCase) return `; ${sameButCase} is there: file names are case-sensitive, rename it ${file}`;
  const dot = file.lastIndexOf('.');
  if (dot < 0) return '';
  const ext = lower.slice(dot);
  // the base name right and the extension mistyped (oland.cardtabel for oland.cardtable)
  const stem = lower.slice(0, dot + 1);
  const typo = entries.find((e) => e.toLowerCase().startsWith(stem) && !e.slice(dot + 1).includes('.') && nearlyEqual(e.toLowerCase().slice(dot), ext));
  if (typo) return `; ${typo} is there: the extension is ${file.slice(dot)}, rename it ${file}`;
  const others = entries.filter((e) => e.toLowerCase().endsWith(ext) && e.length > ext.length);
  if (others.length === 0) return '';
  const named = others.slice(0, 3).join(', ') + (others.length > 3 ? ', …' : '');
  const be = others.length === 1 ? 'is' : 'are';
  return manifest
    ? `; ${named} ${be} there: ${MANIFEST} names ${file}`
    : `; ${named} ${be} there: the files of a ruleset share one base name (${base}, from ${base}.charset), so rename ${others.length === 1 ? 'it' : 'the one meant'} ${file}, or name the files in a ${MANIFEST}`;
}
