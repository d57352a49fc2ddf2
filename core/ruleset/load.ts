// Loads a ruleset from the texts of its files: parses each, runs the cross-file checks, and
// resolves cards and words to canonical characters. Pure: the caller reads the files.
import { charCount, checkingCharset, longestFirstRun, type FirstRun, shortestWordOver, parseBonus, parseCardTable, parseCardset, parseCharset, parseDictionary } from '../formats/index.js';
import { diagnostic, lineRange, LineReader, quote, trimBounds } from '../formats/text.js';
import { msg, type Message } from '../l10n/message.js';
import { moveScoreBound } from '../games/cardwords/scoring.js';
import type { Bonus, CardTable, CardsetCard, Charset, Diagnostic, Range } from '../formats/types.js';
import type { Ruleset, RulesetCard, RulesetLoadResult, RulesetSources } from './types.js';

export interface NamedText {
  /** Path or URI, copied into every diagnostic's `file`. */
  name: string;
  text: string;
}

export interface RulesetFiles {
  name?: string;
  charset: NamedText;
  cardset: NamedText;
  cardtable: NamedText;
  bonus: NamedText;
  dictionaries: NamedText[];
  personal?: NamedText;
  removal?: NamedText;
}

export interface RulesetOptions {
  /** Players the cards must suffice for, each with a full hand (default 2, the smallest game). */
  players?: number;
  /**
   * Whether a word of the dictionaries has a (canonical) character, for a caller that does
   * not pass the dictionaries (the language server keeps their words between changes): the
   * card set's check of the characters no word has.
   */
  hasWordWith?: (char: string) => boolean;
  /**
   * The shortest word of the dictionaries (canonical), for a caller that does not pass them
   * (the language server): the card table's check that some word fits it.
   */
  shortestWord?: string;
  /**
   * `spelling` of the dictionaries' words with these cards, for a caller that does not pass
   * the dictionaries (the language server): the card set's checks that some word can be
   * spelled with its cards, and some word of a hand's length.
   */
  spelling?: (cards: readonly SpellingCard[], maxLength?: number) => Spelling;
  /**
   * `wordsByCharacter` of the dictionaries' words, for a caller that does not pass them (the
   * language server): the charset's check of the characters words need and no card has.
   */
  wordsByCharacter?: () => WordsByCharacter;
}

/** A card as the spelling check reads it: its canonical character, null for a wildcard. */
export interface SpellingCard {
  char: string | null;
}

/** Words no game can lay, counted, with the first of each kind (`unlayableWords`). */
export interface Unlayable {
  /** The longest run of free cells in a row or a column. */
  longestRun: number;
  /** Words longer than that: they fit nowhere. */
  tooLong: number;
  tooLongFirst: string | null;
  /** Words (that fit) needing more cards of a character than the cards hold, wildcards standing for any. */
  unspellable: number;
  unspellableFirst: string | null;
}

/**
 * The words no game can lay: longer than the longest run of free cells in any row or column,
 * or needing more cards of a character than the card set holds, its wildcards standing for
 * the rest (every card on the table came from the set). A general word list on a 15x15 table
 * has thousands of the first kind (the English sample: 4,274 of 274,932); the playtest's
 * findings count them, so that the author knows what the dictionaries carry for nothing.
 */
export function unlayableWords(words: Iterable<string>, cards: readonly SpellingCard[], table: FreeCells): Unlayable {
  const longestRun = longestFreeRun(table);
  const { have, wildcards } = countCards(cards);
  const out: Unlayable = { longestRun, tooLong: 0, tooLongFirst: null, unspellable: 0, unspellableFirst: null };
  const need = new Map<string, number>();
  for (const word of words) {
    if (charCount(word) > longestRun) {
      out.tooLong++;
      out.tooLongFirst ??= word;
      continue;
    }
    need.clear();
    let lack = 0;
    for (const ch of word) {
      const n = (need.get(ch) ?? 0) + 1;
      need.set(ch, n);
      if (n > (have.get(ch) ?? 0)) lack++;
    }
    if (lack > wildcards) {
      out.unspellable++;
      out.unspellableFirst ??= word;
    }
  }
  return out;
}

/** The cards counted: the copies of each (canonical) character, in the order of their first card, and the wildcards. */
function countCards(cards: readonly SpellingCard[]): { have: Map<string, number>; wildcards: number } {
  const have = new Map<string, number>();
  let wildcards = 0;
  for (const c of cards) {
    if (c.char === null) wildcards++;
    else have.set(c.char, (have.get(c.char) ?? 0) + 1);
  }
  return { have, wildcards };
}

type FreeCells = { width: number; height: number; cells: ReadonlyArray<{ blocked: boolean }> };

/** The longest run of free cells side by side in a row or a column: no longer word is ever laid. */
export function longestFreeRun(table: FreeCells): number {
  const { width: W, height: H, cells } = table;
  let longestRun = 0;
  for (const [outer, inner, at] of [[H, W, (o: number, i: number) => o * W + i], [W, H, (o: number, i: number) => i * W + o]] as const) {
    for (let o = 0; o < outer; o++) {
      let run = 0;
      for (let i = 0; i < inner; i++) {
        run = cells[at(o, i)]?.blocked ? 0 : run + 1;
        if (run > longestRun) longestRun = run;
      }
    }
  }
  return longestRun;
}

/** Per (canonical) character, how many words have it and the first of them. */
export type WordsByCharacter = ReadonlyMap<string, { words: number; first: string }>;

/**
 * The words having each character, counted once a word: one pass over the words, which the
 * language server keeps per dictionary (it answers any card set after).
 */
export function wordsByCharacter(words: Iterable<string>): WordsByCharacter {
  // code units counted in arrays, each once a word by a stamp (a Set per word took 300 ms
  // over the English sample's words, this 30); astral characters in a map
  const count = new Int32Array(65536);
  const stamp = new Int32Array(65536);
  const first = new Map<number, string>();
  const astral = new Map<string, { words: number; first: string }>();
  const seen = new Set<string>();
  let w = 0;
  for (const word of words) {
    w++;
    let wide = false;
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdfff) {
        wide = true;
        continue;
      }
      if (stamp[c] === w) continue;
      stamp[c] = w;
      if (count[c]!++ === 0) first.set(c, word);
    }
    if (!wide) continue;
    seen.clear();
    for (const ch of word) {
      if (ch.length < 2 || seen.has(ch)) continue;
      seen.add(ch);
      const e = astral.get(ch);
      if (e) e.words++;
      else astral.set(ch, { words: 1, first: word });
    }
  }
  const out = new Map<string, { words: number; first: string }>();
  for (const [c, f] of first) out.set(String.fromCharCode(c), { words: count[c]!, first: f });
  for (const [ch, e] of astral) out.set(ch, e);
  return out;
}

/** No word can be spelled with the cards: the nearest word, and the cards it needs that the card set lacks. */
export interface Unspelled {
  /** The word that lacks the fewest cards (the first of equal ones), canonical. */
  word: string;
  /** The characters it needs beyond the cards, in the word's order, a character as often as it lacks. */
  lacking: string[];
  /** The wildcards of the cards, each able to stand for one of those. */
  wildcards: number;
}

/** What `spelling` found: the first word the cards spell, else the nearest word (null: none, or no cards). */
export interface Spelling {
  spelled: string | null;
  nearest: Unspelled | null;
}

/**
 * The first word of at most `maxLength` characters that the cards can spell (wildcards
 * standing for any character), else the nearest such word and what it lacks (found at the
 * first such word: a card set with vowels is settled at the first words of a dictionary; one
 * pass over the words, counting each word's characters against the cards'); with a hand's
 * size, whether a first move (laid from one hand) can ever be made.
 */
export function spelling(lists: ReadonlyArray<Iterable<string>>, cards: readonly SpellingCard[], maxLength = Infinity): Spelling {
  if (cards.length === 0) return { spelled: null, nearest: null };
  // each card character's index, its copies, and per word how many a word has used (reset
  // by a stamp, so no array is cleared between words)
  const counted = countCards(cards);
  const wildcards = counted.wildcards;
  const index = new Map<number, number>();
  const have: number[] = [];
  for (const [ch, n] of counted.have) {
    index.set(ch.codePointAt(0)!, have.length);
    have.push(n);
  }
  // a table up to the cards' highest BMP character (a few KB for most alphabets, not 256 KB
  // per call); characters above it are on no card unless astral (looked up in the map)
  let top = 0;
  for (const cp of index.keys()) if (cp < 65536 && cp >= top) top = cp + 1;
  const bmp = new Int32Array(top).fill(-1);
  for (const [cp, k] of index) if (cp < top) bmp[cp] = k;
  const used = new Int32Array(have.length);
  const stamp = new Int32Array(have.length);
  const haveA = Int32Array.from(have);
  let w = 0;
  let best: string | null = null;
  let bestLack = Infinity;
  for (const list of lists) {
    for (const word of list) {
      w++;
      // the cards this word lacks; a word is dropped once it lacks as many as the nearest so
      // far, or once it is longer than maxLength
      let lack = 0;
      let n = 0;
      for (let i = 0; i < word.length && lack < bestLack; i++) {
        if (++n > maxLength) break;
        let cp = word.charCodeAt(i);
        if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < word.length) {
          cp = word.codePointAt(i)!;
          if (cp > 0xffff) i++;
        }
        const k = cp < top ? bmp[cp]! : cp > 0xffff ? (index.get(cp) ?? -1) : -1;
        if (k < 0) {
          lack++;
          continue;
        }
        if (stamp[k] !== w) {
          stamp[k] = w;
          used[k] = 0;
        }
        if (++used[k]! > haveA[k]!) lack++;
      }
      if (n > maxLength) continue;
      if (lack <= wildcards) return { spelled: word, nearest: null };
      if (lack < bestLack) {
        best = word;
        bestLack = lack;
      }
    }
  }
  return { spelled: null, nearest: best === null ? null : { word: best, lacking: lackingOf(best, index, have), wildcards } };
}

/** The characters `word` needs beyond the cards' copies, in its order. */
function lackingOf(word: string, index: ReadonlyMap<number, number>, have: readonly number[]): string[] {
  const left = [...have];
  const out: string[] = [];
  for (const ch of word) {
    const k = index.get(ch.codePointAt(0)!);
    if (k !== undefined && left[k]! > 0) left[k]!--;
    else out.push(ch);
  }
  return out;
}

/** The most a move may score at most (moveScoreBound): 2^53 / 2^16, about 1.4e11. */
export const MOVE_SCORE_LIMIT = Math.floor(Number.MAX_SAFE_INTEGER / 65536);

/** Dictionaries of more words than this are a language's word list: `ruleset/words-too-long` is not said of them. */
export const TOO_LONG_LIST_LIMIT = 10_000;

const WHOLE_FIRST_LINE: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

export interface Folder {
  canonical(ch: string): string | undefined;
  canonicalWord(word: string): string | undefined;
  /** `canonicalWord` of each word, in one pass over all of them (a dictionary's load). */
  canonicalWords(words: readonly string[]): Array<string | undefined>;
}

/** Folds characters through a charset: any equivalent, in any Unicode normalisation. */
export function makeFolder(charset: Charset): Folder {
  const table = new Map<string, string>();
  for (const [ch, i] of charset.index) {
    const canon = charset.entries[i]?.canonical;
    if (canon !== undefined) {
      table.set(ch, canon);
      table.set(ch.normalize('NFD'), canon);
    }
  }
  // Fast path: a code-unit table for the Basic Multilingual Plane, and which code units are
  // their own canonical character (a word of only those is returned as it is: no new string,
  // which a load of a 275,000-word dictionary then also hashes faster)
  const bmp = new Map<number, string>();
  const same = new Uint8Array(65536);
  for (const [ch, canon] of table) {
    if (ch.length !== 1) continue;
    bmp.set(ch.charCodeAt(0), canon);
    if (canon === ch) same[ch.charCodeAt(0)] = 1;
  }
  const canonical = (ch: string) => table.get(ch) ?? table.get(ch.normalize('NFC'));
  const canonicalWord = (word: string): string | undefined => {
    const n = word.length;
    let i = 0;
    while (i < n && same[word.charCodeAt(i)] === 1) i++;
    if (i === n) return word;
    let out = word.slice(0, i);
    for (; i < n; i++) {
      const code = word.charCodeAt(i);
      const hit = same[code] === 1 ? word[i] : bmp.get(code);
      if (hit !== undefined) {
        out += hit;
        continue;
      }
      // Astral characters and decomposed sequences: slow path on the whole word.
      return slowWord(word);
    }
    return out;
  };
  const slowWord = (word: string): string | undefined => {
    let out = '';
    for (const ch of word.normalize('NFC')) {
      const c = canonical(ch);
      if (c === undefined) return undefined;
      out += c;
    }
    return out;
  };
  // A dictionary's words folded together: the code units that fold to one code unit are
  // mapped in one array over all the words, which then become strings by one decode and one
  // split. Word by word, each folded word was a string built a character at a time, which
  // the word set then had to flatten: 2.5x longer for the English sample's 275,000 words.
  // (the map is made on the first use: a folder made for one hover folds one word)
  let unit: Uint16Array | null = null;
  const canonicalWords = (words: readonly string[]): Array<string | undefined> => {
    if (unit === null) {
      unit = new Uint16Array(65536);
      for (const [code, canon] of bmp) if (canon.length === 1 && canon !== '\n') unit[code] = canon.charCodeAt(0);
    }
    const map = unit;
    const text = words.join('\n');
    const out = new Uint16Array(text.length);
    const slow: number[] = [];
    let w = 0;
    let bad = false;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) {
        if (bad) slow.push(w);
        bad = false;
        w++;
        out[i] = 10;
        continue;
      }
      const m = map[c]!;
      if (m === 0) bad = true;
      else out[i] = m;
    }
    if (bad) slow.push(w);
    const folded: Array<string | undefined> = new TextDecoder('utf-16le').decode(out).split('\n');
    // a word holding a line break would shift the others: each on its own then
    if (folded.length !== words.length) return words.map(canonicalWord);
    for (const k of slow) folded[k] = canonicalWord(words[k]!);
    return folded;
  };
  return { canonical, canonicalWord, canonicalWords };
}

export { charCount, shortestWordOver };

/**
 * Adds to `into` the words of a dictionary the game plays: folded to canonical characters,
 * two characters or more, not on the removal list (`removed`). The rest are left out (a
 * character outside the charset, white space inside, too short: the dictionary's errors).
 * The one rule of the loader's word list, the language server's checks and the
 * distribution. `personal` gathers the playable words, removed ones too. `repeats` gathers
 * the words written again as on an earlier line of `written` (`repeatedWords`). Returns how
 * many words were left out (a duplicate is not).
 */
export function addPlayableWords(folder: Folder, written: readonly string[], into: Set<string>, removed?: ReadonlySet<string>, personal?: string[], repeats?: Repeat[]): number {
  const folded = folder.canonicalWords(written);
  let leftOut = 0;
  // the words already in `into` (its size did not grow): a repeat of this list, or of an
  // earlier list, or another spelling of one of them; told apart after the pass
  let again: Set<string> | undefined;
  for (let i = 0; i < folded.length; i++) {
    const c = folded[i];
    if (written[i]!.length < 2 || c === undefined || !twoCharsOrMore(c)) {
      leftOut++;
      continue;
    }
    personal?.push(c);
    if (removed !== undefined && removed.size > 0 && removed.has(c)) continue;
    const size = into.size;
    into.add(c);
    if (repeats !== undefined && into.size === size) (again ??= new Set()).add(c);
  }
  // one at a time, and only as many as are told: a dictionary written twice over has 275,000
  // repeats, whose spread into one call overflowed the stack (check, playtest and moves died)
  if (again !== undefined) for (const r of repeatedWords(written, folded, again, MAX_REPEAT_HINTS - repeats!.length)) repeats!.push(r);
  return leftOut;
}

/**
 * The removal list's words folded to canonical characters: those the game leaves out of the
 * dictionaries' (`addPlayableWords`). The one reading of the list for the loader, the
 * language server's checks against the words and its distribution statistics.
 */
export function removedWords(folder: Folder, written: readonly string[]): Set<string> {
  const removed = new Set<string>();
  for (const c of folder.canonicalWords(written)) if (c !== undefined) removed.add(c);
  return removed;
}

/** A word written again as on an earlier line of its dictionary (indices in the written words). */
export interface Repeat {
  index: number;
  first: number;
}

/**
 * `dictionary/duplicate-word`: the words written exactly as an earlier word of the list, among
 * those whose folded form is in `again`. Only when the words have some folded form twice:
 * the set of the playable words says so for nothing (its size does not grow), so a
 * dictionary without repeats (the English sample) costs no more; with one, a pass over the
 * folded words, whose hashes the set has computed already.
 */
function repeatedWords(written: readonly string[], folded: ReadonlyArray<string | undefined>, again: ReadonlySet<string>, most: number): Repeat[] {
  const first = new Map<string, number>();
  const out: Repeat[] = [];
  if (most <= 0) return out;
  for (let i = 0; i < folded.length; i++) {
    const c = folded[i];
    if (c === undefined || !again.has(c)) continue;
    const w = written[i]!;
    const f = first.get(w);
    if (f === undefined) first.set(w, i);
    else if (out.push({ index: i, first: f }) >= most) break;
  }
  return out;
}

/** Most `dictionary/duplicate-word` hints of a dictionary: a list written twice is told by its first. */
export const MAX_REPEAT_HINTS = 100;

/** The hints of `repeatedWords`, on the later lines, naming the first (at most MAX_REPEAT_HINTS). */
export function repeatHints(dict: WrittenDictionary, repeats: readonly Repeat[]): Diagnostic[] {
  const said = repeats.slice(0, MAX_REPEAT_HINTS);
  const ranges = wordRanges(dict, said.map((r) => r.index));
  return said.map((r, k) => {
    const word = dict.words[r.index]!;
    return { file: dict.name, ...diagnostic(ranges[k]!, 'hint', 'dictionary/duplicate-word', msg('dictionary/duplicate-word', quote(word), dict.lines[r.first]! + 1)) };
  });
}

/**
 * Where some words of a dictionary are written (indices in its words, in file order): on
 * their lines, without the white space around them that the parser trims (an indented line:
 * a range from column 0 missed the word), in the written line's code units. Reads the text
 * up to the last of them only.
 */
function wordRanges(dict: WrittenDictionary, indices: readonly number[]): Range[] {
  const wanted = new Map<number, Range | null>(indices.map((i) => [dict.lines[i]!, null]));
  const last = Math.max(-1, ...wanted.keys());
  const reader = new LineReader(dict.text);
  for (let s = reader.next(); s !== null && reader.index <= last; s = reader.next()) {
    if (wanted.has(reader.index)) wanted.set(reader.index, lineRange(reader.index, ...trimBounds(s)));
  }
  return indices.map((i) => wanted.get(dict.lines[i]!) ?? lineRange(dict.lines[i]!, 0, dict.words[i]!.length));
}

/**
 * Where a move's score bound too large comes from: the kind of input (the cards' points, the
 * cells' attributes, the bonus values) that, made plain, lowers the bound the most, and in
 * it the largest one: a card, a cell line or a bonus line (a bonus only adds: never alone). (Always the card table's first
 * line, it sent an author looking there for a card's 999999999 points.)
 */
function scoreCause(files: RulesetFiles, written: readonly CardsetCard[], cards: readonly RulesetCard[], table: CardTable, bonus: Bonus, handSize: number): { file: string; range: Range } {
  const points = cards.map((c) => c.points);
  const plainCells = { ...table, cells: table.cells.map((c) => ({ ...c, points: 0, letterFactor: 1, wordFactor: 1 })) };
  const byCards = moveScoreBound(table, points.map(() => 1), handSize, bonus.values.values());
  const byCells = moveScoreBound(plainCells, points, handSize, bonus.values.values());
  const byBonus = moveScoreBound(table, points, handSize, []);
  const most = <T>(xs: readonly T[], size: (x: T) => number): T | undefined => xs.reduce<T | undefined>((m, x) => (m === undefined || size(x) > size(m) ? x : m), undefined);
  const card = most(cards, (c) => Math.abs(c.points));
  const line = most(table.lines, (l) => Math.max(0, ...l.attributes.map((a) => (a.kind === 'B' ? 0 : Math.abs(a.value)))));
  const entry = most(bonus.entries, (e) => Math.abs(e.value));
  const lowest = Math.min(byCards, byCells, byBonus);
  if (card && byCards === lowest) return { file: files.cardset.name, range: written[card.id]!.range };
  if (line && byCells === lowest) return { file: files.cardtable.name, range: line.range };
  if (entry && byBonus === lowest) return { file: files.bonus.name, range: entry.range };
  return { file: files.cardtable.name, range: WHOLE_FIRST_LINE };
}

function withFile(diags: Diagnostic[], file: string): Diagnostic[] {
  return diags.map((d) => ({ ...d, file }));
}

export function loadRuleset(files: RulesetFiles, options: RulesetOptions = {}): RulesetLoadResult {
  const players = options.players ?? 2;
  const diagnostics: Diagnostic[] = [];
  const charset = parseCharset(files.charset.text);
  diagnostics.push(...withFile(charset.diagnostics, files.charset.name));
  const cardset = parseCardset(files.cardset.text, charset.value);
  diagnostics.push(...withFile(cardset.diagnostics, files.cardset.name));
  const table = parseCardTable(files.cardtable.text);
  diagnostics.push(...withFile(table.diagnostics, files.cardtable.name));
  const bonus = parseBonus(files.bonus.text);
  diagnostics.push(...withFile(bonus.diagnostics, files.bonus.name));

  const folder = makeFolder(charset.value);
  let removed: ReadonlySet<string> = new Set<string>();
  if (files.removal) {
    const r = parseDictionary(files.removal.text, charset.value);
    diagnostics.push(...withFile(r.diagnostics, files.removal.name));
    removed = removedWords(folder, r.value.words);
  }
  const words = new Set<string>();
  const personalWords: string[] = [];
  const parsedDicts: WrittenDictionary[] = [];
  for (const dict of [...files.dictionaries, ...(files.personal ? [files.personal] : [])]) {
    const r = parseDictionary(dict.text, charset.value);
    diagnostics.push(...withFile(r.diagnostics, dict.name));
    const written: WrittenDictionary = { name: dict.name, text: dict.text, words: r.value.words, lines: r.value.lines };
    parsedDicts.push(written);
    const repeats: Repeat[] = [];
    addPlayableWords(folder, r.value.words, words, removed, dict === files.personal ? personalWords : undefined, repeats);
    diagnostics.push(...repeatHints(written, repeats));
  }

  const cards: RulesetCard[] = [];
  cardset.value.cards.forEach((card, id) => {
    if (card.char === null) cards.push({ id, char: null, points: card.points });
    else {
      const c = folder.canonical(card.char);
      if (c !== undefined) cards.push({ id, char: c, points: card.points });
    }
  });

  // Cross-file: enough cards for every player's full hand. Counted as written, broken cards
  // and unknown characters too: those have their own errors, and counting only the cards
  // that survived them said "0 cards are too few" of a card set written with tabs.
  const handSize = bonus.value.handSize;
  const listed = cardset.value.cards.length + cardset.value.broken;
  if (handSize > 0 && listed < players * handSize) {
    const range = cardset.value.cards.length > 0 ? { start: { line: 0, character: 0 }, end: { line: 0, character: files.cardset.text.split('\n', 1)[0]?.length ?? 0 } } : WHOLE_FIRST_LINE;
    diagnostics.push({ file: files.cardset.name, ...diagnostic(range, 'error', 'ruleset/not-enough-cards', msg('ruleset/not-enough-cards', listed, players, handSize, files.bonus.name, players * handSize)) });
  }
  // Cross-file: scores stay exact. A score is a double: past 2^53 sums and rankings go wrong
  // silently. A move is kept 2^16 below that, so a game's total of any length stays exact.
  const bound = moveScoreBound(table.value, cards.map((c) => c.points), handSize, bonus.value.values.values());
  if (bound > MOVE_SCORE_LIMIT) {
    const cause = scoreCause(files, cardset.value.cards, cards, table.value, bonus.value, handSize);
    diagnostics.push({ file: cause.file, ...diagnostic(cause.range, 'error', 'ruleset/score-too-large', msg('ruleset/score-too-large', bound.toExponential(1), MOVE_SCORE_LIMIT.toExponential(1))) });
  }
  // no dictionary file at all: said so, with the names one would have; a charset that knows no
  // character leaves every word out, which its own error says
  const none = files.dictionaries.length === 0 && !files.personal;
  if (words.size === 0 && (none || checkingCharset(charset.value) !== undefined)) {
    const text = none ? msg('ruleset/no-dictionary', files.name ?? baseName(files.charset.name)) : msg('ruleset/no-words');
    diagnostics.push({ file: files.dictionaries[0]?.name ?? files.charset.name, ...diagnostic(WHOLE_FIRST_LINE, 'warning', 'ruleset/no-words', text) });
  }
  // Cross-file: some word fits the table, and no word is longer than any run of free cells.
  if (words.size > 0 || options.shortestWord !== undefined) diagnostics.push(...tableAgainstWords(table.value, files.cardtable.name, words, options.shortestWord, folder, parsedDicts));
  // Cross-file: some word can be spelled with the cards, wildcards standing for any
  // character. A card set without the letters the words need (no vowels for English words)
  // makes games of passes, which a playtest refuses. Not said of a card set whose errors
  // left cards out (a total that does not match keeps them all), nor of one too small for
  // the hands (a card set being written): their errors say it.
  const cardsKept = !cardset.diagnostics.some((d) => d.severity === 'error' && d.code !== 'cardset/count-mismatch');
  const enough = !(handSize > 0 && listed < players * handSize);
  if (cardsKept && enough && cards.length > 0) {
    const spell = words.size > 0 ? (max?: number) => spelling([words], cards, max) : options.spelling ? (max?: number) => options.spelling!(cards, max) : null;
    const message = spell ? spellingMessage(spell, handSize) : null;
    if (message !== null) {
      const range = { start: { line: 0, character: 0 }, end: { line: 0, character: files.cardset.text.split(/\r?\n|\r/, 1)[0]?.length ?? 0 } };
      diagnostics.push({ file: files.cardset.name, ...diagnostic(range, 'warning', message.id, message) });
    }
  }
  // Cross-file: a character words need that no card has: those words need a wildcard, or
  // with none can never be laid (a charset line added for a word's character, `Uu`, and no
  // card of it). On the character's charset line; an information when wildcards exist.
  const byChar = words.size > 0 ? () => wordsByCharacter(words) : options.wordsByCharacter;
  const { have: carded, wildcards } = countCards(cards);
  // (the words are read only when some charset character has no card)
  if (cardsKept && enough && cards.length > 0 && byChar && charset.value.entries.some((e) => !carded.has(e.canonical))) {
    const lacking = [...byChar()].filter(([ch]) => !carded.has(ch) && charset.value.index.has(ch));
    // a card set lacking most characters the words have is a sketch (the seed's example: 4
    // letters, 3 wildcards, 6 words): its lines would all be marked, nothing pointed at
    const sketch = lacking.length > carded.size;
    for (const [ch, need] of sketch ? [] : lacking) {
      const entry = charset.value.entries[charset.value.index.get(ch) ?? -1];
      if (!entry) continue;
      const text = wildcards > 0 ? msg('ruleset/no-card-for-character.wildcard', quote(ch), need.words, quote(need.first), wildcards, fileName(files.cardset.name)) : msg('ruleset/no-card-for-character', quote(ch), need.words, quote(need.first), fileName(files.cardset.name));
      diagnostics.push({ file: files.charset.name, ...diagnostic(entry.range, wildcards > 0 ? 'information' : 'warning', 'ruleset/no-card-for-character', text) });
    }
  }
  const hasWordWith = words.size > 0 ? (c: string) => anyWordHas(words, c) : options.hasWordWith;
  if (hasWordWith) {
    // Cross-file: a card whose character no word has can never be laid (only traded, or
    // left in a hand at the end): said on its first card
    const said = new Set<string>();
    for (const c of cards) {
      if (c.char === null || said.has(c.char)) continue;
      said.add(c.char);
      if (hasWordWith(c.char)) continue;
      const range = cardset.value.cards[c.id]!.range;
      diagnostics.push({ file: files.cardset.name, ...diagnostic(range, 'warning', 'ruleset/unused-card', msg('ruleset/unused-card', quote(c.char), carded.get(c.char)!)) });
    }
  }

  const fatal = diagnostics.some(blocksPlay);
  const sources: RulesetSources = {
    charset: files.charset.name,
    cardset: files.cardset.name,
    cardtable: files.cardtable.name,
    bonus: files.bonus.name,
    dictionaries: files.dictionaries.map((d) => d.name),
    ...(files.personal ? { personal: files.personal.name } : {}),
    ...(files.removal ? { removal: files.removal.name } : {}),
  };
  const ruleset: Ruleset = {
    name: files.name ?? baseName(files.charset.name),
    sources,
    charset: charset.value,
    cards,
    table: table.value,
    bonus: bonus.value,
    handSize,
    words: [...words],
    personalWords,
    canonical: folder.canonical,
    canonicalWord: folder.canonicalWord,
  };
  // A dictionary with a bad word is still playable (the word is left out); a broken
  // charset, card set, table or bonus file is not.
  return { ruleset: fatal ? null : ruleset, diagnostics };
}

/** A dictionary as written, for a diagnostic on the line of one of its words. */
export interface WrittenDictionary {
  /** Copied into the diagnostic's `file`. */
  name: string;
  /** The file's text, for where on its line a word is written. */
  text: string;
  words: readonly string[];
  lines: readonly number[];
}

/**
 * The card table against the dictionaries' words (`words`, playable and canonical, in the
 * dictionaries' order; or, for a caller that does not pass them, the shortest word alone:
 * the language server's card table):
 * - `ruleset/no-word-fits`, on the table: a first move lies in a run of free cells that meets
 *   the start condition; if every word is longer than the longest such run, no move is ever
 *   possible (games of passes, which a playtest refuses);
 * - `ruleset/words-too-long`, on the dictionary line of the first word longer than any run of
 *   free cells (never laid: the playtest's finding, `unlayableWords`), counted. Not with
 *   no-word-fits, which says more (every word), nor of a language's word list (the English
 *   sample: 4,274 of 274,932 on 15*15), whose long words are the language's and the table
 *   decides which are played: in a list written for the ruleset they are slips.
 * The check's, and the language server's on a card table (the first) and on a dictionary
 * (the second).
 */
export function tableAgainstWords(t: CardTable, tableName: string, words: ReadonlySet<string>, shortestWord: string | undefined, folder: Folder, dicts: readonly WrittenDictionary[]): Diagnostic[] {
  if (!(t.width > 0 && t.height > 0 && t.cells.length === t.width * t.height)) return [];
  const run = longestFirstRun(t.cells, t.width, t.height, t.start);
  const shortest = words.size > 0 ? shortestWordOver(words, run?.length ?? 0) : (shortestWord ?? null);
  if (run !== null && shortest !== null && charCount(shortest) > run.length) {
    return [{ file: tableName, ...diagnostic(WHOLE_FIRST_LINE, 'warning', 'ruleset/no-word-fits', noWordFitsMessage(run, shortest)) }];
  }
  const tooLong = words.size > 0 && words.size <= TOO_LONG_LIST_LIMIT ? tooLongWords(words, longestFreeRun(t), folder, dicts) : null;
  return tooLong ? [tooLong] : [];
}

/**
 * `ruleset/words-too-long`: the words longer than the longest run of free cells, counted, said
 * on the dictionary line of the first (found again by its length, then folded: only the
 * first such word's dictionary is read twice).
 */
function tooLongWords(words: ReadonlySet<string>, run: number, folder: Folder, dicts: readonly WrittenDictionary[]): Diagnostic | null {
  let count = 0;
  let first: string | null = null;
  for (const w of words) {
    if (w.length > run && charCount(w) > run) {
      count++;
      first ??= w;
    }
  }
  if (first === null) return null;
  const len = charCount(first);
  for (const d of dicts) {
    const i = d.words.findIndex((w) => charCount(w) === len && folder.canonicalWord(w) === first);
    if (i < 0) continue;
    return { file: d.name, ...diagnostic(wordRanges(d, [i])[0]!, 'warning', 'ruleset/words-too-long', msg('ruleset/words-too-long', count, words.size, run, quote(first))) };
  }
  return null;
}

/**
 * Whether a diagnostic makes its ruleset unplayable: any error but a dictionary's, whose word
 * is only left out (docs/rules.md#ruleset). The loader's verdict and the playtest's refusal.
 */
export function blocksPlay(d: Diagnostic): boolean {
  return d.severity === 'error' && !d.code.startsWith('dictionary/');
}

/**
 * A dictionary file's decoding diagnostics as the ruleset reads them: an invalid UTF-8 byte
 * spoils one line, whose word is then left out as a dictionary's bad word is
 * (`dictionary/invalid-utf8`, docs/diagnostics.md), so it neither stops play (`blocksPlay`)
 * nor is missed by `leftOutWords`. A file that is not text at all (UTF-16, NUL bytes, read as
 * Latin-1 whole) or cannot be read keeps its `file/` error, which stops play.
 */
export function dictionaryDecoding(d: Diagnostic): Diagnostic {
  return d.code === 'file/invalid-utf8' && d.l10n?.id === 'file/invalid-utf8' ? { ...d, code: 'dictionary/invalid-utf8' } : d;
}

/** How many words the dictionaries' errors leave out: their lines with an error (each said once, however many errors it has). */
export function leftOutWords(diagnostics: readonly Diagnostic[]): number {
  return new Set(diagnostics.filter((d) => d.severity === 'error' && d.code.startsWith('dictionary/')).map((d) => `${d.file}:${d.range.start.line}`)).size;
}

/** Whether a word has two characters or more (code points: a surrogate pair is one). */
export function twoCharsOrMore(w: string): boolean {
  // without spreading the word into an array: a load checks every word of the dictionaries
  if (w.length !== 2) return w.length > 2;
  const hi = w.charCodeAt(0);
  return !(hi >= 0xd800 && hi <= 0xdbff && w.charCodeAt(1) >= 0xdc00 && w.charCodeAt(1) <= 0xdfff);
}

function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

function baseName(path: string): string {
  const file = fileName(path);
  return file.replace(/\.[^.]*$/, '');
}

/**
 * Why no move can ever be made with these cards, or null: no word can be spelled with them
 * (`ruleset/no-word-spellable`), or every word they spell is longer than a hand, while a first
 * move is laid from one hand (`ruleset/no-word-in-hand`). The second pass runs only when the
 * first word spelled is longer than a hand. The check's warning and the playtest's refusal.
 */
export function spellingMessage(spell: (maxLength?: number) => Spelling, handSize: number): Message | null {
  const any = spell();
  if (any.spelled === null) return any.nearest === null ? null : unspelledMessage(any.nearest);
  if (!(handSize > 0) || charCount(any.spelled) <= handSize || spell(handSize).spelled !== null) return null;
  return msg('ruleset/no-word-in-hand', handSize, quote(any.spelled), charCount(any.spelled));
}

/** `ruleset/no-word-fits`: the check's warning and the playtest's refusal. */
export function noWordFitsMessage(run: FirstRun, shortest: string): Message {
  const end = run.across ? `(${run.column + run.length - 1},${run.row})` : `(${run.column},${run.row + run.length - 1})`;
  return msg('ruleset/no-word-fits', run.length, `(${run.column},${run.row})..${end}`, quote(shortest), charCount(shortest));
}

/** The message of `ruleset/no-word-spellable` (the check's warning, and the playtest's refusal in English). */
export function unspelledMessage(u: Unspelled): Message {
  return msg('ruleset/no-word-spellable', quote(u.word), u.lacking.length, u.lacking.map((c) => quote(c)).join(', '), u.wildcards);
}

/** Whether some word has the (canonical) character `c`; stops at the first (a letter in use is found among the first words). */
export function anyWordHas(words: ReadonlySet<string>, c: string): boolean {
  for (const w of words) if (w.includes(c)) return true;
  return false;
}
