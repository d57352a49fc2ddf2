// A ruleset: the five files of one game, checked together and resolved to canonical
// characters. Every later part (engine, robot, server, language server) takes one `Ruleset`.
import type { Bonus, CardTable, Charset, Diagnostic } from '../formats/types.js';

/** A card of the deck, its character already folded to the charset's canonical one. */
export interface RulesetCard {
  /** Position in the card set file: a stable id for this physical card. */
  id: number;
  /** Canonical character, or null for a wildcard. */
  char: string | null;
  points: number;
}

/** The names (URIs or paths) of the files a ruleset was loaded from, for diagnostics. */
export interface RulesetSources {
  charset: string;
  cardset: string;
  cardtable: string;
  bonus: string;
  /** Read-only dictionaries. */
  dictionaries: string[];
  /** The personal dictionary to which approved words are appended, if any. */
  personal?: string;
  /** The removal list, if any. */
  removal?: string;
}

export interface Ruleset {
  name: string;
  sources: RulesetSources;
  charset: Charset;
  /** The deck, in card set order. */
  cards: RulesetCard[];
  table: CardTable;
  bonus: Bonus;
  /** The hand size N (from the bonus file). */
  handSize: number;
  /**
   * The playable words in canonical characters, deduplicated: every read-only dictionary
   * plus the personal one, minus the removal list. Words with characters outside the
   * charset are left out (and reported).
   */
  words: string[];
  /** The personal dictionary's words in canonical characters (a subset of `words` unless removed). */
  personalWords: string[];
  /** Folds one written character (any equivalent, any normalisation) to canonical, or undefined. */
  canonical(ch: string): string | undefined;
  /** Folds a whole written word to canonical characters, or undefined if any character is unknown. */
  canonicalWord(word: string): string | undefined;
}

export interface RulesetLoadResult {
  /** Null when a file is missing or so broken that no game can be played with it. */
  ruleset: Ruleset | null;
  /** Diagnostics of every file, each with `file` set. */
  diagnostics: Diagnostic[];
}
