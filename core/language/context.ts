// What the language service knows besides the document itself: the other files of its
// ruleset (as texts, open in the editor or read from disk by the server) and the settings.
// A memo of parse results per file keeps repeated requests cheap.
import { parseBonus, parseCardTable, parseCardset, parseCharset, parseDictionary } from '../formats/index.js';
import type { Bonus, CardTable, Cardset, Charset, Dictionary, FileKind, ParseResult } from '../formats/types.js';
import { coordinateOptions, DEFAULT_COORDINATES, type CoordinateOptions } from '../coordinates.js';
import type { LanguageSettings } from '../protocol/language.js';
import type { SourceText } from './document.js';

export interface RulesetContext {
  /** The ruleset's name (base name or manifest name). */
  name: string;
  charset?: SourceText;
  cardset?: SourceText;
  cardtable?: SourceText;
  bonus?: SourceText;
  dictionaries: SourceText[];
  personal?: SourceText;
  removal?: SourceText;
}

/** A context with no other file: the document is checked alone. */
export const EMPTY_CONTEXT: RulesetContext = { name: '', dictionaries: [] };

export interface Parsed {
  charset: Charset;
  cardset: Cardset;
  cardtable: CardTable;
  bonus: Bonus;
  dictionary: Dictionary;
}

interface Entry {
  text: string;
  charset: Charset | undefined;
  result: ParseResult<unknown>;
}

/** Parse results per (kind, name), reused while the text and the charset stay the same. */
export class ParseCache {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly limit = 64) {}

  /**
   * The parse of a source; `charset` checks card set and dictionary characters. With
   * `anyCharset`, a result parsed against any charset is good enough (features that only
   * need the structure: folding, inlay hints, tokens), so huge files are parsed once.
   */
  get<K extends FileKind>(kind: K, source: SourceText, charset?: Charset, anyCharset = false): ParseResult<Parsed[K]> {
    const key = `${kind}\u0000${source.name}`;
    const hit = this.entries.get(key);
    if (hit && (anyCharset || hit.charset === charset) && hit.text === source.text) return hit.result as ParseResult<Parsed[K]>;
    const result = parseKind(kind, source.text, charset);
    this.entries.delete(key);
    this.entries.set(key, { text: source.text, charset, result });
    if (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return result as ParseResult<Parsed[K]>;
  }

  /** The parsed charset of a context, or undefined when the ruleset has none. */
  charsetOf(ctx: RulesetContext): Charset | undefined {
    return ctx.charset ? this.get('charset', ctx.charset).value : undefined;
  }

  clear(): void {
    this.entries.clear();
  }
}

function parseKind(kind: FileKind, text: string, charset?: Charset): ParseResult<unknown> {
  switch (kind) {
    case 'charset':
      return parseCharset(text);
    case 'cardset':
      return parseCardset(text, charset);
    case 'cardtable':
      return parseCardTable(text);
    case 'bonus':
      return parseBonus(text);
    case 'dictionary':
      return parseDictionary(text, charset);
  }
}

export interface Settings {
  players: number;
  coordinates: CoordinateOptions;
}

export const DEFAULT_SETTINGS: Settings = { players: 2, coordinates: DEFAULT_COORDINATES };

export function resolveSettings(s: LanguageSettings | undefined): Settings {
  const players = typeof s?.players === 'number' && Number.isInteger(s.players) && s.players >= 1 && s.players <= 1000 ? s.players : DEFAULT_SETTINGS.players;
  return { players, coordinates: coordinateOptions(s?.coordinates) };
}
