// The five Cardwords file formats: decoding, parsers (never throw, linear time, capped
// diagnostics with tight LSP ranges) and canonical printers (the formatter).
import { parseBonus, printBonus } from './bonus.js';
import { parseCardset, printCardset } from './cardset.js';
import { parseCardTable, printCardTable } from './cardtable.js';
import { parseCharset, printCharset } from './charset.js';
import { parseDictionary, printDictionary } from './dictionary.js';
import type { Bonus, CardTable, Cardset, Charset, Dictionary, FileKind, ParseResult } from './types.js';

export type * from './types.js';
export { binaryAlone, binaryText, decodeText, withoutDecodingEchoes } from './decode.js';
export { checkingCharset, parseCharset, printCharset } from './charset.js';
export { parseCardset, printCardset, CARD_POINTS_MAX, CARD_POINTS_MIN } from './cardset.js';
export { parseCardTable, printCardTable, hasFirstMove, longestFirstRun, MAX_TABLE_SIDE, type FirstRun } from './cardtable.js';
export { parseBonus, printBonus } from './bonus.js';
export { parseDictionary, printDictionary, charCount, shortestWordOver, MIN_WORD_LENGTH } from './dictionary.js';
export { MAX_DIAGNOSTICS, MAX_INT_DIGITS, splitLines } from './text.js';

/** File name extension (with the dot) of each kind. */
export const FILE_EXTENSIONS: Readonly<Record<FileKind, string>> = {
  charset: '.charset',
  cardset: '.cardset',
  cardtable: '.cardtable',
  bonus: '.bonus',
  dictionary: '.dict',
};

const BY_EXTENSION = new Map<string, FileKind>(Object.entries(FILE_EXTENSIONS).map(([k, e]) => [e, k as FileKind]));

/** The kind of a file from its name or path (case-insensitive extension), or undefined. */
export function fileKindOf(fileName: string): FileKind | undefined {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  if (dot < 0) return undefined;
  return BY_EXTENSION.get(base.slice(dot).toLowerCase());
}

export interface ParsedFile {
  charset: Charset;
  cardset: Cardset;
  cardtable: CardTable;
  bonus: Bonus;
  dictionary: Dictionary;
}

/** Parses `text` as a file of `kind`; the charset (if given) checks card set and dictionary characters. */
export function parseFile<K extends FileKind>(kind: K, text: string, charset?: Charset): ParseResult<ParsedFile[K]>;
export function parseFile(kind: FileKind, text: string, charset?: Charset): ParseResult<ParsedFile[FileKind]> {
  switch (kind) {
    case 'charset': return parseCharset(text);
    case 'cardset': return parseCardset(text, charset);
    case 'cardtable': return parseCardTable(text);
    case 'bonus': return parseBonus(text);
    case 'dictionary': return parseDictionary(text, charset);
  }
}

/** Prints a model of `kind` in its canonical form (the formatter); the charset (if given) groups a card set's equivalent characters. */
export function printFile<K extends FileKind>(kind: K, value: ParsedFile[K], charset?: Charset): string {
  const v = value as ParsedFile[FileKind];
  switch (kind) {
    case 'charset': return printCharset(v as Charset);
    case 'cardset': return printCardset(v as Cardset, charset);
    case 'cardtable': return printCardTable(v as CardTable);
    case 'bonus': return printBonus(v as Bonus);
    default: return printDictionary(v as Dictionary);
  }
}
