// The typed models of the five Cardwords file formats, and the diagnostics their parsers
// report. Every later part (ruleset, engine, robot, language server, CLI) reads these.
// Positions are LSP-style: 0-based line, 0-based UTF-16 column, so the language server
// can pass them through unchanged; the CLI adds 1 to both when it prints.
import type { Message } from '../l10n/message.js';

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export interface Diagnostic {
  range: Range;
  severity: Severity;
  /** Stable, documented code such as `cardset/count-mismatch` (docs/diagnostics.md). */
  code: string;
  /** In English; `l10n` renders it in another language (core/l10n/message.ts). */
  message: string;
  l10n?: Message;
  /** Set by the ruleset loader for cross-file diagnostics: which file the range is in. */
  file?: string;
}

/** Every parser returns a best-effort model plus diagnostics, and never throws. */
export interface ParseResult<T> {
  value: T;
  diagnostics: Diagnostic[];
}

export type FileKind = 'charset' | 'cardset' | 'cardtable' | 'bonus' | 'dictionary';

// ---------------------------------------------------------------- charset

export interface CharsetEntry {
  /** The first character of the line: the one used in output. One code point, NFC. */
  canonical: string;
  /** Every character of the line, canonical first (code points, NFC). */
  equivalents: string[];
  /** Where the line is, for diagnostics, hover and quick fixes. */
  range: Range;
}

export interface Charset {
  /** The declared count `n` of the first line (null when missing or unreadable). */
  declaredCount: number | null;
  entries: CharsetEntry[];
  /** Every accepted character (any equivalent) to the index of its entry. */
  index: Map<string, number>;
}

// ---------------------------------------------------------------- cardset

export interface Card {
  /** The character the card shows, as written (any equivalent); null for a wildcard. */
  char: string | null;
  points: number;
}

export interface CardsetCard extends Card {
  range: Range;
}

export interface Cardset {
  declaredCount: number | null;
  cards: CardsetCard[];
  /** Cards written with a syntax error: listed (as count-mismatch counts them), not in `cards`. */
  broken: number;
}

// ---------------------------------------------------------------- card table

export interface CellAttributes {
  blocked: boolean;
  /** Cell points, added directly to the score of whoever covers the cell. */
  points: number;
  letterFactor: number;
  wordFactor: number;
}

/**
 * A cell's marks as the card table writes its attributes, without the space: `C5`, `W2`,
 * `L2` (cell points, word and letter factor), in that order. The game's table and the
 * card-table preview mark cells so (the preview wrote `2L`, `2W`, `+5`, the game `L2`, `W2`,
 * `C5`: an author met two spellings of one cell, and neither read as the file).
 */
export function cellMarks(a: Pick<CellAttributes, 'points' | 'wordFactor' | 'letterFactor'>): string[] {
  const marks: string[] = [];
  if (a.points !== 0) marks.push(`C${a.points}`);
  if (a.wordFactor !== 1) marks.push(`W${a.wordFactor}`);
  if (a.letterFactor !== 1) marks.push(`L${a.letterFactor}`);
  return marks;
}

export interface CellLine {
  column: number;
  row: number;
  /** Only the attributes the line sets, in the order written. */
  attributes: Array<
    | { kind: 'B' }
    | { kind: 'C'; value: number }
    | { kind: 'L'; value: number }
    | { kind: 'W'; value: number }
  >;
  range: Range;
}

export interface StartCondition {
  /** As written in the file. */
  column: number;
  row: number;
  /** The column the first move must touch, or null (when the written column is out of range). */
  touchColumn: number | null;
  /** The row the first move must touch, or null. */
  touchRow: number | null;
}

export interface CardTable {
  width: number;
  height: number;
  start: StartCondition;
  endTag: { column: number; row: number } | null;
  /** Row-major, width*height entries: cells[row * width + column]. */
  cells: CellAttributes[];
  /** The attribute lines as written, for the printer, hover and quick fixes. */
  lines: CellLine[];
}

// ---------------------------------------------------------------- bonus

export interface BonusEntry {
  key: number;
  value: number;
  range: Range;
}

export interface Bonus {
  /** N, the hand size: defined only here, by the keys -N..N. */
  handSize: number;
  /** key -> value: -i trading i cards, 0 passing, i the bonus for laying i cards. */
  values: Map<number, number>;
  entries: BonusEntry[];
}

// ---------------------------------------------------------------- dictionary

export interface Dictionary {
  /** The words as written (NFC), in file order, blank lines left out. */
  words: string[];
  /** The 0-based line of each word, parallel to `words`. */
  lines: number[];
}
