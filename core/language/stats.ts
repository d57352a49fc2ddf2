// The distribution statistics (custom request cardwords/distribution): cards per character
// against the character frequency of the dictionaries, with the card set that
// core/ruleset/distribution would propose for the same number of cards. The dictionaries
// count as the game plays them: their playable words (the loader's word list), each once.
import { parseDictionary } from '../formats/index.js';
import type { Charset } from '../formats/types.js';
import { addPlayableWords, makeFolder, removedWords, unlayableWords, type SpellingCard } from '../ruleset/load.js';
import { countCharacters, suggestCardset, type Distribution } from '../ruleset/distribution.js';
import type { DistributionRow, DistributionStats } from '../protocol/language.js';
import type { ParseCache, RulesetContext } from './context.js';
import { chunks } from './diagnostics.js';

export async function distributionStats(ctx: RulesetContext, cache: ParseCache, yieldNow?: () => Promise<void>): Promise<DistributionStats> {
  const charset: Charset | undefined = cache.charsetOf(ctx);
  const chars = charset?.entries.map((e) => e.canonical) ?? [];
  const cardsPer = chars.map(() => 0);
  const pointsPer = chars.map(() => 0);
  let wildcards = 0;
  let totalCards = 0;
  /** The cards as the game spells with them: canonical characters, null for a wildcard. */
  const spelling: SpellingCard[] = [];
  /**
   * Cards of characters the charset lacks (cardset/unknown-character), by character in the
   * cards' order: counted in the cards, so rows of their own (the rows' shares added up to
   * less than all and such a card was nowhere).
   */
  const outside = new Map<string, { cards: number; points: number }>();
  if (ctx.cardset && charset) {
    for (const card of cache.get('cardset', ctx.cardset, charset).value.cards) {
      totalCards++;
      if (card.char === null) {
        wildcards++;
        spelling.push({ char: null });
        continue;
      }
      const i = charset.index.get(card.char) ?? charset.index.get(card.char.normalize('NFC'));
      if (i !== undefined) {
        cardsPer[i]!++;
        pointsPer[i]! += card.points;
        spelling.push({ char: chars[i]! });
      } else {
        const o = outside.get(card.char) ?? { cards: 0, points: 0 };
        o.cards++;
        o.points += card.points;
        outside.set(card.char, o);
      }
    }
  }
  const dicts = [...ctx.dictionaries, ...(ctx.personal ? [ctx.personal] : [])];
  let dist: Distribution = { chars, counts: chars.map(() => 0), total: 0 };
  // every line was a word and every charset character counted, those of the words the game
  // leaves out too: a dictionary of half bad words skewed the shares and the suggested cards
  const words = new Set<string>();
  let leftOut = 0;
  if (charset) {
    const folder = makeFolder(charset);
    const removed = ctx.removal ? removedWords(folder, parseDictionary(ctx.removal.text).value.words) : undefined;
    for (const d of dicts) {
      for (const piece of chunks(d.text, 50_000)) {
        leftOut += addPlayableWords(folder, parseDictionary(piece.text).value.words, words, removed);
        if (yieldNow) await yieldNow();
      }
    }
    let batch: string[] = [];
    for (const w of words) {
      batch.push(w);
      if (batch.length < 50_000) continue;
      dist = countCharacters(charset, [batch.join('\n')], dist);
      batch = [];
      if (yieldNow) await yieldNow();
    }
    dist = countCharacters(charset, [batch.join('\n')], dist);
  }
  // the words no game can lay (too long for the table, or more cards of a character than the
  // set has), as a playtest's findings count them: one pass over the words counted above
  const table = ctx.cardtable && ctx.cardset && charset ? cache.get('cardtable', ctx.cardtable).value : undefined;
  const unlayable = table && table.width > 0 && table.height > 0 && table.cells.length === table.width * table.height ? { total: words.size, ...unlayableWords(words, spelling, table) } : null;
  const letters = totalCards - wildcards;
  const suggested = chars.map(() => 0);
  if (dist.total > 0 && letters > 0) {
    for (const s of suggestCardset(dist, letters)) {
      const i = s.char === null ? -1 : chars.indexOf(s.char);
      if (i >= 0) suggested[i] = s.count;
    }
  }
  const rows: DistributionRow[] = chars.map((char, i) => ({
    char,
    cards: cardsPer[i]!,
    cardShare: letters > 0 ? cardsPer[i]! / letters : 0,
    occurrences: dist.counts[i]!,
    frequency: dist.total > 0 ? dist.counts[i]! / dist.total : 0,
    suggestedCards: suggested[i]!,
    meanPoints: cardsPer[i]! > 0 ? pointsPer[i]! / cardsPer[i]! : null,
  }));
  for (const [char, o] of outside) {
    rows.push({ char, cards: o.cards, cardShare: letters > 0 ? o.cards / letters : 0, occurrences: 0, frequency: 0, suggestedCards: 0, meanPoints: o.points / o.cards, outside: true });
  }
  return {
    ruleset: ctx.name,
    sources: { charset: ctx.charset?.name ?? null, cardset: ctx.cardset?.name ?? null, dictionaries: dicts.map((d) => d.name) },
    rows,
    wildcards,
    totalCards,
    totalCharacters: dist.total,
    words: words.size,
    leftOut,
    unlayable,
  };
}

/** The statistics as a text table (the Emacs command and the CLI-minded show this). */
export function statsText(s: DistributionStats): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const u = s.unlayable;
  const never = u && (u.tooLong > 0 || u.unspellable > 0) ? `; no game can lay ${u.tooLong + u.unspellable} of the words (${u.tooLong} longer than the longest run of ${u.longestRun} free cells, ${u.unspellable} needing more cards of a character than the set has)` : '';
  const head = `${s.ruleset}: ${s.totalCards} cards (${s.wildcards} wildcard${s.wildcards === 1 ? '' : 's'}), ${s.words} words, ${s.totalCharacters} characters${s.leftOut ? ` (${s.leftOut} dictionary lines left out for errors)` : ''}${never}`;
  const rows = s.rows.map((r) => `${r.char.padEnd(4)} ${String(r.cards).padStart(5)} ${pct(r.cardShare).padStart(7)} ${pct(r.frequency).padStart(7)} ${String(r.suggestedCards).padStart(9)}${r.outside ? '  not in the charset' : ''}`);
  return [head, `char cards   share    freq suggested`, ...rows].join('\n') + '\n';
}
