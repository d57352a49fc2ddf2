// The distribution statistics (custom request cardwords/distribution): cards per character
// against the character frequency of the dictionaries, with the card set that
// core/ruleset/distribution would propose for the same number of cards.
import type { Charset } from '../formats/types.js';
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
  if (ctx.cardset && charset) {
    for (const card of cache.get('cardset', ctx.cardset, charset).value.cards) {
      totalCards++;
      if (card.char === null) {
        wildcards++;
        continue;
      }
      const i = charset.index.get(card.char) ?? charset.index.get(card.char.normalize('NFC'));
      if (i !== undefined) {
        cardsPer[i]!++;
        pointsPer[i]! += card.points;
      }
    }
  }
  const dicts = [...ctx.dictionaries, ...(ctx.personal ? [ctx.personal] : [])];
  let dist: Distribution = { chars, counts: chars.map(() => 0), total: 0 };
  let words = 0;
  if (charset) {
    for (const d of dicts) {
      for (const piece of chunks(d.text, 50_000)) {
        dist = countCharacters(charset, [piece.text], dist);
        words += countWords(piece.text);
        if (yieldNow) await yieldNow();
      }
    }
  }
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
  return {
    ruleset: ctx.name,
    sources: { charset: ctx.charset?.name ?? null, cardset: ctx.cardset?.name ?? null, dictionaries: dicts.map((d) => d.name) },
    rows,
    wildcards,
    totalCards,
    totalCharacters: dist.total,
    words,
  };
}

function countWords(text: string): number {
  let n = 0;
  let content = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      if (content) n++;
      content = false;
    } else if (c > 32) content = true;
  }
  return content ? n + 1 : n;
}

/** The statistics as a text table (the Emacs command and the CLI-minded show this). */
export function statsText(s: DistributionStats): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const head = `${s.ruleset}: ${s.totalCards} cards (${s.wildcards} wildcards), ${s.words} words, ${s.totalCharacters} characters`;
  const rows = s.rows.map((r) => `${r.char.padEnd(4)} ${String(r.cards).padStart(5)} ${pct(r.cardShare).padStart(7)} ${pct(r.frequency).padStart(7)} ${String(r.suggestedCards).padStart(9)}`);
  return [head, `char cards   share    freq suggested`, ...rows].join('\n') + '\n';
}
