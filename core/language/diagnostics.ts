// Diagnostics of one document: its own syntax and semantics, plus the cross-file checks of
// its ruleset (cards and words against the charset, enough cards for every hand), all from
// core/formats and core/ruleset (the rules live there; this module only selects and converts).
// Large dictionaries are checked in chunks of lines, yielding between chunks, so a server
// stays responsive; a check is abandoned as soon as it is stale.
import { binaryText, parseDictionary } from '../formats/index.js';
import type { Charset, Diagnostic, FileKind } from '../formats/types.js';
import { addPlayableWords, loadRuleset, makeFolder, removedWords, repeatHints, shortestWordOver, spelling, tableAgainstWords, TOO_LONG_LIST_LIMIT, wordsByCharacter, type NamedText, type Repeat, type RulesetFiles, type Spelling, type SpellingCard, type WordsByCharacter } from '../ruleset/load.js';
import type { ParseCache, RulesetContext } from './context.js';
import type { SourceText, TextDocumentView } from './document.js';
import { DiagnosticSeverity, type LspDiagnostic } from './lsp.js';
import { diagnostic } from '../formats/text.js';
import { msg, render } from '../l10n/message.js';

/** Most diagnostics sent for one file. */
export const MAX_FILE_DIAGNOSTICS = 1000;
/** Dictionaries larger than this (UTF-16 units) are checked in chunks. */
export const CHUNKED_ABOVE = 256 * 1024;
/** Card sets, tables, bonus files and charsets larger than this are checked alone. */
export const RULESET_CHECK_LIMIT = 1024 * 1024;
/** Lines per chunk. */
export const CHUNK_LINES = 20_000;

export interface ValidationHooks {
  /** Lets other work run (the server passes a setImmediate promise). */
  yieldNow?: () => Promise<void>;
  /** True once a newer version makes this check pointless. */
  isStale?: () => boolean;
}

const SEVERITY = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, information: DiagnosticSeverity.Information, hint: DiagnosticSeverity.Hint } as const;

/** The LSP form of a diagnostic, its message in `locale`. */
export function toLsp(d: Diagnostic, locale = 'en'): LspDiagnostic {
  return { range: d.range, severity: SEVERITY[d.severity], code: d.code, source: 'cardwords', message: d.l10n ? render(d.l10n, locale) : d.message };
}

type Role = 'charset' | 'cardset' | 'cardtable' | 'bonus';

/**
 * A dictionary's words folded to canonical characters, per its parse (the cache keeps one
 * parse while the text stays the same) and the charset text it was folded with.
 */
const foldedWords = new WeakMap<object, Folded>();

interface Folded {
  charset: string;
  /** The removal list's text it was folded without ('' when none). */
  removal: string;
  words: ReadonlySet<string>;
  /** The words written again as on an earlier line (`dictionary/duplicate-word`). */
  repeats: Repeat[];
  shortest?: string | null;
  byChar?: WordsByCharacter;
}

/**
 * The words of the ruleset's dictionaries folded to canonical characters, for the checks
 * against the words (the card set's, the card table's, the charset's and a dictionary's);
 * folded once per change of a dictionary or the charset (the English sample: about half a
 * second the first time).
 */
function foldedSets(ctx: RulesetContext, cache: ParseCache): Folded[] | undefined {
  const dictionaries = [...ctx.dictionaries, ...(ctx.personal ? [ctx.personal] : [])];
  if (!hasCharset(ctx) || dictionaries.length === 0) return undefined;
  return dictionaries.map((d) => foldedOf(d, ctx, cache));
}

/** One dictionary's words folded (`foldedSets`). */
function foldedOf(d: SourceText, ctx: RulesetContext & { charset: SourceText }, cache: ParseCache): Folded {
  const charset = cache.get('charset', ctx.charset).value;
  const parsed = cache.get('dictionary', d, charset);
  let hit = foldedWords.get(parsed);
  const removal = ctx.removal?.text ?? '';
  if (!hit || hit.charset !== ctx.charset.text || hit.removal !== removal) {
    const words = new Set<string>();
    const repeats: Repeat[] = [];
    // playable words only, as the ruleset keeps them: those of the removal list left out (in
    // an editor a removed word was counted too long, or hinted as a repeat, the check did not)
    addPlayableWords(makeFolder(charset), parsed.value.words, words, removedOf(ctx, cache), undefined, repeats);
    hit = { charset: ctx.charset.text, removal, words, repeats };
    foldedWords.set(parsed, hit);
  }
  return hit;
}

/** The removal list's words folded (`removedWords`), per its parse and the charset text. */
const removedSets = new WeakMap<object, { charset: string; words: ReadonlySet<string> }>();

function removedOf(ctx: RulesetContext & { charset: SourceText }, cache: ParseCache): ReadonlySet<string> | undefined {
  if (!ctx.removal) return undefined;
  const charset = cache.get('charset', ctx.charset).value;
  const parsed = cache.get('dictionary', ctx.removal, charset);
  let hit = removedSets.get(parsed);
  if (!hit || hit.charset !== ctx.charset.text) {
    hit = { charset: ctx.charset.text, words: removedWords(makeFolder(charset), parsed.value.words) };
    removedSets.set(parsed, hit);
  }
  return hit.words;
}

function hasCharset(ctx: RulesetContext): ctx is RulesetContext & { charset: SourceText } {
  return ctx.charset !== undefined;
}

function wordChecker(ctx: RulesetContext, cache: ParseCache): ((c: string) => boolean) | undefined {
  const sets = foldedSets(ctx, cache);
  // the words having each character, counted once per dictionary change: a card's character
  // no word has was a scan of every word on each keystroke (275,000 for the English sample)
  return sets ? (c) => sets.some((s) => (s.byChar ??= wordsByCharacter(s.words)).has(c)) : undefined;
}

/**
 * The shortest word of the ruleset's dictionaries, for a card table's check that some word
 * fits it; found once per change of a dictionary or the charset. Undefined when there is none.
 */
function shortestWord(ctx: RulesetContext, cache: ParseCache): string | undefined {
  const sets = foldedSets(ctx, cache);
  if (!sets) return undefined;
  let best: string | undefined;
  for (const s of sets) {
    s.shortest ??= shortestWordOver(s.words, 0);
    if (s.shortest !== null && (best === undefined || Array.from(s.shortest).length < Array.from(best).length)) best = s.shortest;
  }
  return best;
}

/**
 * The words having each character, over the ruleset's dictionaries, for the charset's check
 * of the characters no card has: counted once per change of a dictionary or the charset, so
 * a keystroke in the charset or the card set reads a map of its characters, not the words.
 */
function characterCounter(ctx: RulesetContext, cache: ParseCache): (() => WordsByCharacter) | undefined {
  const sets = foldedSets(ctx, cache);
  if (!sets) return undefined;
  return () => {
    const maps = sets.map((s) => (s.byChar ??= wordsByCharacter(s.words)));
    if (maps.length === 1) return maps[0]!;
    // merged once while the dictionaries stay the same (each map is kept per dictionary)
    if (lastMerged && lastMerged.maps.length === maps.length && lastMerged.maps.every((m, i) => m === maps[i])) return lastMerged.merged;
    // a word in two dictionaries counts twice: a count to point at, not an exact one
    const merged = new Map<string, { words: number; first: string }>();
    for (const m of maps) for (const [ch, e] of m) {
      const o = merged.get(ch);
      merged.set(ch, o ? { words: o.words + e.words, first: o.first } : e);
    }
    lastMerged = { maps, merged };
    return merged;
  };
}

/** The last merge of several dictionaries' `wordsByCharacter`, and the maps it merged. */
let lastMerged: { maps: readonly WordsByCharacter[]; merged: WordsByCharacter } | null = null;

/** The last spelling checks: their word sets, the cards' characters (sorted), the length bound and the answer. */
let lastSpelling: Array<{ sets: ReadonlyArray<ReadonlySet<string>>; cards: string; max: number; answer: Spelling }> = [];

/**
 * Whether some word of the ruleset's dictionaries can be spelled with a card set's cards
 * (`spelling`), for its check; asked again only when the cards or a dictionary change
 * (a card set without the letters the words need reads every word: 275,000 for the English
 * sample).
 */
function spellingChecker(ctx: RulesetContext, cache: ParseCache): ((cards: readonly SpellingCard[], maxLength?: number) => Spelling) | undefined {
  const sets = foldedSets(ctx, cache)?.map((s) => s.words);
  if (!sets) return undefined;
  return (cards, max = Infinity) => {
    const key = cards.map((c) => c.char ?? ' ').sort().join('\u0000');
    const same = lastSpelling.find((l) => l.max === max && l.cards === key && l.sets.length === sets.length && l.sets.every((s, i) => s === sets[i]));
    if (same) return same.answer;
    const answer = spelling(sets, cards, max);
    // the check asks with no bound, then (rarely) with a hand's size: both kept
    lastSpelling = [{ sets, cards: key, max, answer }, ...lastSpelling.filter((l) => l.cards === key && l.max !== max).slice(0, 1)];
    return answer;
  };
}

/** Checks of the whole ruleset that land in this (non-dictionary) file. */
function rulesetDiagnostics(doc: TextDocumentView, ctx: RulesetContext, players: number, cache: ParseCache): Diagnostic[] | null {
  const role = doc.kind as Role;
  if (!ctx.charset && role !== 'charset') return null;
  // A file this large is no real card set or table: check it alone, parsed once (cached).
  if (doc.text.length > RULESET_CHECK_LIMIT) return null;
  // File names as people read them in messages ("the hand size of german.bonus"); the four
  // files of a ruleset share a folder, so their base names tell them apart.
  const named = (r: Role): NamedText => {
    if (r === role) return { name: displayName(doc.name), text: doc.text };
    const s = ctx[r];
    // A missing file stands in as an empty one under a name no diagnostic is kept for.
    return s ? { name: displayName(s.name), text: s.text } : { name: `\u0000missing ${r}`, text: '' };
  };
  const files: RulesetFiles = { name: ctx.name, charset: named('charset'), cardset: named('cardset'), cardtable: named('cardtable'), bonus: named('bonus'), dictionaries: [] };
  // the dictionaries are not loaded again here: only a card set asks whether words have its characters
  const hasWordWith = role === 'cardset' ? wordChecker(ctx, cache) : undefined;
  // and whether some word can be spelled with its cards
  const spell = role === 'cardset' ? spellingChecker(ctx, cache) : undefined;
  // and only a card table whether some word fits it
  const shortest = role === 'cardtable' ? shortestWord(ctx, cache) : undefined;
  // and only a charset which characters words need
  const byChar = role === 'charset' ? characterCounter(ctx, cache) : undefined;
  return loadRuleset(files, { players, ...(hasWordWith ? { hasWordWith } : {}), ...(spell ? { spelling: spell } : {}), ...(shortest !== undefined ? { shortestWord: shortest } : {}), ...(byChar ? { wordsByCharacter: byChar } : {}) }).diagnostics.filter((d) => d.file === displayName(doc.name) && d.code !== 'ruleset/no-words');
}

/**
 * The checks of the ruleset that land in a dictionary: its words written again
 * (`dictionary/duplicate-word`, found as the ruleset's words are folded, `addPlayableWords`)
 * and `ruleset/words-too-long` (words longer than any run of free cells of the card table),
 * over the words of all the ruleset's dictionaries as folded for the card set's checks, by
 * `tableAgainstWords` (the check's). `written`: the document's words as written. Like the
 * check, not of more than TOO_LONG_LIST_LIMIT words; and a dictionary written with more is
 * not folded to find out (a language's word list: a keystroke in the English sample's costs
 * nothing more).
 */
function dictionaryDiagnostics(doc: TextDocumentView, ctx: RulesetContext, cache: ParseCache, written: number): Diagnostic[] {
  if (!hasCharset(ctx) || written > TOO_LONG_LIST_LIMIT) return [];
  const dictionaries = [...ctx.dictionaries, ...(ctx.personal ? [ctx.personal] : [])];
  const self = dictionaries.findIndex((d) => d.name === doc.name);
  if (self < 0) return [];
  const charset = cache.get('charset', ctx.charset).value;
  const own = cache.get('dictionary', dictionaries[self]!, charset).value;
  const hints = repeatHints({ name: doc.name, text: dictionaries[self]!.text, words: own.words, lines: own.lines }, foldedOf(dictionaries[self]!, ctx, cache).repeats);
  const parsed = dictionaries.map((d) => cache.get('dictionary', d, charset).value);
  if (!ctx.cardtable || parsed.some((p) => p.words.length > TOO_LONG_LIST_LIMIT)) return hints;
  const sets = foldedSets(ctx, cache) ?? [];
  // the words of all the dictionaries, as the check counts them (a set of one dictionary as it is)
  let words = sets[0]?.words ?? new Set<string>();
  if (sets.length > 1) {
    const all = new Set<string>();
    for (const s of sets) for (const w of s.words) all.add(w);
    words = all;
  }
  const lists = dictionaries.map((d, i) => ({ name: d.name, text: d.text, words: parsed[i]!.words, lines: parsed[i]!.lines }));
  const table = cache.get('cardtable', ctx.cardtable).value;
  const tooLong = tableAgainstWords(table, ctx.cardtable.name, words, undefined, makeFolder(charset), lists).filter((d) => d.code === 'ruleset/words-too-long' && d.file === doc.name);
  return [...tooLong, ...hints];
}

function displayName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? name;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Diagnostics of a document, synchronously (small files, and every non-dictionary file). */
export function validateSync(doc: TextDocumentView, ctx: RulesetContext, cache: ParseCache, players: number, locale = 'en'): LspDiagnostic[] {
  // a binary file (a PNG renamed x.dict, opened in Neovim) is said once, alone, as `cardwords
  // check` says it: its bytes read as lines were a thousand unknown characters and broken words
  const binary = binaryText(doc.text);
  if (binary) return [toLsp(binary, locale)];
  const diags = doc.kind === 'dictionary'
    ? dictionaryWithRuleset(doc, ctx, cache)
    : (rulesetDiagnostics(doc, ctx, players, cache) ?? cache.get(doc.kind, doc, doc.kind === 'cardset' ? charsetFor(doc, ctx, cache) : undefined).diagnostics);
  return cap(diags).map((d) => toLsp(d, locale));
}

function dictionaryWithRuleset(doc: TextDocumentView, ctx: RulesetContext, cache: ParseCache): Diagnostic[] {
  const parsed = cache.get('dictionary', doc, charsetFor(doc, ctx, cache));
  const more = dictionaryDiagnostics(doc, ctx, cache, parsed.value.words.length);
  // first, so that the cap on a file's diagnostics never drops it
  return more.length > 0 ? [...more, ...parsed.diagnostics] : parsed.diagnostics;
}

/** Diagnostics of a document; large dictionaries in chunks. Null when abandoned as stale. */
export async function validate(doc: TextDocumentView, ctx: RulesetContext, cache: ParseCache, players: number, hooks: ValidationHooks = {}, locale = 'en'): Promise<LspDiagnostic[] | null> {
  if (doc.kind !== 'dictionary' || doc.text.length <= CHUNKED_ABOVE || doc.text.includes('\u0000')) return validateSync(doc, ctx, cache, players, locale);
  const charset = charsetFor(doc, ctx, cache);
  const out: Diagnostic[] = [];
  let written = 0;
  for (const chunk of chunks(doc.text, CHUNK_LINES)) {
    const r = parseDictionary(chunk.text, charset);
    written += r.value.words.length;
    for (const d of r.diagnostics) {
      if (d.code === 'file/too-many-diagnostics') continue;
      out.push(chunk.line === 0 ? d : { ...d, range: { start: { line: d.range.start.line + chunk.line, character: d.range.start.character }, end: { line: d.range.end.line + chunk.line, character: d.range.end.character } } });
    }
    if (out.length > MAX_FILE_DIAGNOSTICS) break;
    if (hooks.yieldNow) await hooks.yieldNow();
    if (hooks.isStale?.()) return null;
  }
  // (only when every chunk was read: a count cut short could pass for a small dictionary)
  const more = out.length > MAX_FILE_DIAGNOSTICS ? [] : dictionaryDiagnostics(doc, ctx, cache, written);
  return cap([...more, ...out]).map((d) => toLsp(d, locale));
}

function charsetFor(doc: TextDocumentView, ctx: RulesetContext, cache: ParseCache): Charset | undefined {
  return ctx.charset && ctx.charset.name !== doc.name ? cache.charsetOf(ctx) : undefined;
}

function cap(diags: Diagnostic[]): Diagnostic[] {
  if (diags.length <= MAX_FILE_DIAGNOSTICS) return diags;
  const kept = diags.slice(0, MAX_FILE_DIAGNOSTICS);
  const last = kept[kept.length - 1]!;
  kept.push(diagnostic(last.range, 'information', 'file/too-many-diagnostics', msg('file/too-many-diagnostics.rest', MAX_FILE_DIAGNOSTICS)));
  return kept;
}

/** Pieces of a text of about `lines` lines each, cut after a `\n`, with their first line number. */
export function* chunks(text: string, lines: number): Generator<{ text: string; line: number }> {
  let start = 0;
  let line = 0;
  while (start < text.length || (start === 0 && text.length === 0)) {
    let end = start;
    let n = 0;
    while (end < text.length && n < lines) {
      const nl = text.indexOf('\n', end);
      if (nl < 0) {
        end = text.length;
        break;
      }
      end = nl + 1;
      n++;
    }
    const piece = text.slice(start, end);
    yield { text: piece, line };
    line += countBreaks(piece);
    start = end;
    if (text.length === 0) break;
  }
}

function countBreaks(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 10 || (c === 13 && s.charCodeAt(i + 1) !== 10)) n++;
  }
  return n;
}

/**
 * The file kinds whose diagnostics depend on another file of the ruleset changing; `lines`,
 * a dictionary's: one of more lines than TOO_LONG_LIST_LIMIT is not checked against the card
 * table and the other dictionaries (`dictionaryDiagnostics`), so is not checked again for them.
 */
export function dependsOn(kind: FileKind, changed: FileKind | null, lines = 0): boolean {
  if (changed === null) return true;
  if (kind === 'dictionary') return changed === 'charset' || ((changed === 'cardtable' || changed === 'dictionary') && lines <= TOO_LONG_LIST_LIMIT);
  // The four small files are checked together (cards need the charset and the bonus's hand
  // size); the card set also asks whether the dictionaries' words have its characters, and
  // the card table whether some word fits it, the charset which characters words need.
  return changed !== 'dictionary' || kind === 'cardset' || kind === 'cardtable' || kind === 'charset';
}

export type { SourceText };
