// Character distribution (the original's cardwords_count) and a card set proposed from it.
// Shared by the CLI `count` and the language server's distribution statistics.
import type { Charset } from '../formats/types.js';

export interface Distribution {
  /** Canonical characters, in charset order. */
  chars: string[];
  counts: number[];
  total: number;
}

/** Counts every character of `text` that the charset knows, folded to its canonical one. */
export function countCharacters(charset: Charset, texts: Iterable<string>, into?: Distribution): Distribution {
  const dist = into ?? { chars: charset.entries.map((e) => e.canonical), counts: charset.entries.map(() => 0), total: 0 };
  const bmp = new Int32Array(65536).fill(-1);
  for (const [ch, i] of charset.index) if (ch.length === 1) bmp[ch.charCodeAt(0)] = i;
  for (const raw of texts) {
    const text = raw.normalize('NFC');
    for (let k = 0; k < text.length; k++) {
      const code = text.charCodeAt(k);
      let i = bmp[code]!;
      if (code >= 0xd800 && code <= 0xdbff && k + 1 < text.length) {
        i = charset.index.get(text.slice(k, k + 2)) ?? -1;
        k++;
      }
      if (i >= 0) {
        dist.counts[i]!++;
        dist.total++;
      }
    }
  }
  return dist;
}

export interface SuggestedCard {
  char: string | null;
  points: number;
  count: number;
}

/**
 * Proposes `n` cards: every character with a non-zero count gets one card first (when n
 * allows: every letter is playable), then the rest are shared out in proportion to the
 * counts (largest remainder); with fewer cards than such characters, all n in proportion.
 * Points that fall as frequency
 * rises: 1 for the commonest, up to `maxPoints` for the rarest, on a log scale; plus
 * `wildcards` wildcards worth 0 (counted within n).
 */
export function suggestCardset(dist: Distribution, n: number, wildcards = 0, maxPoints = 10): SuggestedCard[] {
  const present = dist.chars.map((c, i) => ({ c, count: dist.counts[i]! })).filter((x) => x.count > 0);
  const letters = Math.max(0, n - wildcards);
  const total = present.reduce((s, x) => s + x.count, 0);
  const out: SuggestedCard[] = [];
  if (present.length > 0 && letters > 0) {
    const floor = letters >= present.length ? 1 : 0;
    const spare = letters - floor * present.length;
    const quotas = present.map((x) => (spare * x.count) / total);
    const alloc = quotas.map((q) => Math.floor(q) + floor);
    let left = letters - alloc.reduce((s, a) => s + a, 0);
    const order = quotas.map((q, i) => ({ i, r: q - Math.floor(q) })).sort((a, b) => b.r - a.r || a.i - b.i);
    for (let k = 0; left > 0 && k < order.length; k++, left--) alloc[order[k]!.i]!++;
    const fmax = Math.max(...present.map((x) => x.count));
    const fmin = Math.min(...present.map((x) => x.count));
    const span = Math.log(fmax / fmin) || 1;
    present.forEach((x, i) => {
      const points = Math.max(1, Math.min(maxPoints, Math.round(1 + ((maxPoints - 1) * Math.log(fmax / x.count)) / span)));
      if (alloc[i]! > 0) out.push({ char: x.c, points, count: alloc[i]! });
    });
  }
  if (wildcards > 0) out.push({ char: null, points: 0, count: Math.min(wildcards, n) });
  return out;
}

/** Card set file text for suggested cards: one line a character. */
export function printSuggestedCardset(cards: SuggestedCard[]): string {
  const total = cards.reduce((s, c) => s + c.count, 0);
  const lines = cards.map((c) => Array.from({ length: c.count }, () => `[${c.char ?? ' '} ${c.points}]`).join(' '));
  return `${total}\n${lines.join('\n')}\n`;
}
