// The language server's custom requests, typed once for both sides: the server
// (server/language) and every client (the VS Code extension, Emacs, Neovim). Documented in
// docs/lsp-extensions.md. Plain data only: no imports from an LSP library, so the
// extension, the webview UI and the server can all import this module.

import type { CoordinateOptions } from '../coordinates.js';

/** LSP language ids of the five file types (VS Code `contributes.languages`). */
export const LANGUAGE_IDS = {
  charset: 'cardwords-charset',
  cardset: 'cardwords-cardset',
  cardtable: 'cardwords-cardtable',
  bonus: 'cardwords-bonus',
  dictionary: 'cardwords-dictionary',
} as const;

/** Client-side commands the server's code lenses point at; each takes `[uri]`. */
export const COMMANDS = {
  previewTable: 'cardwords.previewTable',
  showDistribution: 'cardwords.showDistribution',
} as const;

/** Settings (`initializationOptions`, or the `cardwords` section of workspace/configuration). */
export interface LanguageSettings {
  /** Players the cards must suffice for, each with a full hand (default 2). */
  players?: number;
  /** How cells are named in the preview, hovers, inlay hints and symbols (core/coordinates.ts, docs/rules.md#coordinates). */
  coordinates?: Partial<CoordinateOptions>;
}

export type { CoordinateOptions };

/** Every custom request takes the document it is about. */
export interface DocumentParams {
  /** Any file of the ruleset (for the preview: the card table, or another file of its ruleset). */
  uri: string;
}

// ------------------------------------------------------------------ card-table preview

/** `cardwords/tablePreview`: the model a card-table preview draws. */
export const TABLE_PREVIEW_METHOD = 'cardwords/tablePreview';

export interface PreviewCell {
  column: number;
  row: number;
  /** The cell's name in the UI's notation, e.g. "C5" for (2,4). */
  name: string;
  blocked: boolean;
  /** Cell points (0 by default). */
  points: number;
  /** Letter factor (1 by default). */
  letterFactor: number;
  /** Word factor (1 by default). */
  wordFactor: number;
}

export interface TablePreview {
  /** The card table the model was built from. */
  uri: string;
  /** The text version of that document, when it is open in the editor. */
  version: number | null;
  /** The size drawn: 0 x 0 when the size is unreadable or the table too large (`size`, `maxCells`). */
  width: number;
  height: number;
  /** The size the card table gives, also when it is too large to preview (more than `maxCells` cells, so `width` and `height` 0 and no cells); null when unreadable. */
  size: { width: number; height: number } | null;
  /** The most cells a preview carries (MAX_PREVIEW_CELLS in core/language/preview.ts). */
  maxCells: number;
  /**
   * Why the size cannot be read (`size` null): the error that says so, its message in the
   * client's language, its code and where it is (0-based line and UTF-16 character, as LSP
   * counts); null when the size was read, or no error says why. Absent from older servers.
   */
  sizeUnreadable?: { message: string; code: string; line: number; character: number } | null;
  /** The coordinate options the names below were made with (core/coordinates.ts). */
  coordinates: CoordinateOptions;
  /** Labels of the columns (left to right) and rows (top to bottom) in the UI's notation. */
  columnLabels: string[];
  rowLabels: string[];
  /** Row-major, `width * height` cells: `cells[row * width + column]`. */
  cells: PreviewCell[];
  /** Only the cells whose attributes differ from the defaults (for sparse drawing). */
  special: PreviewCell[];
  /** The blocked cells, as `[column, row]`. */
  blocked: Array<[number, number]>;
  start: {
    /** As written in the file. */
    column: number;
    row: number;
    /** The column the first move must touch, or null. */
    touchColumn: number | null;
    /** The row the first move must touch, or null. */
    touchRow: number | null;
    /** In words, e.g. "the first move must touch C5" or "no start condition". */
    description: string;
  };
  /** Error diagnostics of the file: the preview may be partial when there are any. */
  errors: number;
}

/** The real size of a card table too large to preview (sent with no cells and 0 x 0), else null. */
export function tooLargeToPreview(p: Pick<TablePreview, 'width' | 'size' | 'maxCells'>): { width: number; height: number } | null {
  // `size` is absent from older servers
  return p.width === 0 && p.size && p.size.width * p.size.height > p.maxCells ? p.size : null;
}

/** Why a preview has no size (`sizeUnreadable`), else null; null from older servers too. */
export function unreadableSize(p: Pick<TablePreview, 'size' | 'sizeUnreadable'>): { message: string; code: string; line: number; character: number } | null {
  return p.size === null ? (p.sizeUnreadable ?? null) : null;
}

// ------------------------------------------------------------------ distribution statistics

/** `cardwords/distribution`: cards per character against the dictionaries' character frequency. */
export const DISTRIBUTION_METHOD = 'cardwords/distribution';

export interface DistributionStats {
  /** The ruleset's name (its base name or its manifest's name). */
  ruleset: string;
  /** The files the figures come from (URIs); null when the ruleset has no such file. */
  sources: { charset: string | null; cardset: string | null; dictionaries: string[] };
  /** One row per charset character, in charset order (canonical characters); then one per character on cards that the charset lacks (`outside`). */
  rows: DistributionRow[];
  /** Wildcard cards in the card set. */
  wildcards: number;
  /** Cards in the card set (wildcards included). */
  totalCards: number;
  /** Characters of the playable words (`words`), each word counted once. */
  totalCharacters: number;
  /** The dictionaries' playable words, each once: the game's word list (the removal list's words not among them). */
  words: number;
  /**
   * Dictionary lines left out of `words` for errors (a character outside the charset, white
   * space inside, fewer than 2 characters): not counted. Absent from older servers.
   */
  leftOut?: number;
  /**
   * Of the playable words (`total`, as `words`), those no game can lay, as a playtest's
   * findings count them (`unlayableWords` in core/ruleset/load.ts): longer than the longest
   * run of free cells (`tooLong`, the first `tooLongFirst`), or needing more cards of a
   * character than the card set has, its wildcards included (`unspellable`). Null when the
   * ruleset has no card set or no readable card table; absent from older servers.
   */
  unlayable?: { total: number; longestRun: number; tooLong: number; tooLongFirst: string | null; unspellable: number; unspellableFirst: string | null } | null;
}

export interface DistributionRow {
  char: string;
  /** Cards showing this character. */
  cards: number;
  /** cards / (totalCards - wildcards), 0..1 (0 when there are no letter cards). */
  cardShare: number;
  /** Occurrences of the character in the dictionaries. */
  occurrences: number;
  /** occurrences / totalCharacters, 0..1. */
  frequency: number;
  /** Cards the suggested card set of the same size would hold: one for every character that occurs, the rest in proportion to the occurrences (suggestCardset in core/ruleset/distribution). */
  suggestedCards: number;
  /** Mean points of this character's cards, or null when it has none. */
  meanPoints: number | null;
  /**
   * A character on cards that the charset lacks (cardset/unknown-character): its cards and
   * share, no frequency, none suggested; after the charset's rows. Absent otherwise.
   */
  outside?: true;
}

// ------------------------------------------------------------------ playtest

/**
 * `cardwords/playtest`: robots play the ruleset of the document many times and report how
 * it behaves (docs/lsp-extensions.md). Long: it reports `$/progress` on the request's
 * `workDoneToken` (or on a progress the server creates when the client allows it) and
 * stops when cancelled ($/cancelRequest), answering the error RequestCancelled.
 */
export const PLAYTEST_METHOD = 'cardwords/playtest';

/**
 * A playtest's bounds and defaults, for the request, `cardwords playtest` and the editors'
 * prompts alike: the request reports progress and can be cancelled, so an editor may ask as
 * many games as the command line.
 */
export const PLAYTEST_LIMITS = { games: { max: 100_000, default: 200 }, players: { max: 16, default: 2 }, seedLength: 200 } as const;

export interface PlaytestParams extends DocumentParams {
  /** Games to play (default 200, 1..100000: PLAYTEST_LIMITS). */
  games?: number;
  /** Players per game (default 2, 1..16). */
  players?: number;
  /** Robot level (default 'best'). */
  level?: 'best' | 'good' | 'casual' | 'champion';
  /** Seed of the games (default "playtest"): the same seed gives the same report. */
  seed?: string;
  /** The LSP work-done token the client created for `$/progress`. */
  workDoneToken?: string | number;
}

export type { PlaytestReport, CardStats as PlaytestCard, Spread as PlaytestSpread } from '../robots/cardwords/playtest.js';
