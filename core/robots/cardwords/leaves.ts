// Leave values: what the cards a player keeps after a turn are worth on later turns, learned
// per ruleset by self-play (see learn.ts), the way Macondo learns its leaves. The value of a
// leave is a sum of features fitted by ridge regression:
//   - one value per card kind (a character with its points, or a wildcard with its points),
//     counted once per copy kept;
//   - one value per pair of kinds kept together (a pair of the same kind: a duplicate);
//   - one value per kind kept three times or more (heavy duplicates).
// An empty leave is worth 0: the values say how much better than drawing fresh cards the kept
// cards are. A model is plain JSON (cached on disk by the server, keyed by `leavesKey`).
import type { Card } from '../../games/cardwords/types.js';

export const LEAVES_VERSION = 1;

/** Most pair features: beyond it pairs are kept only among the most common kinds. */
const MAX_PAIRS = 700;

/**
 * Whether self-play learned nothing: no sample, or every value 0. A card's value is learned
 * from turns with cards left to draw; where the deal empties the pile (the seed's example:
 * 14 cards, hands of 6, two players) there is none. Shown as "not learned", not as 0.0 for each card.
 */
export function learnedNothing(model: Pick<LeaveModel, 'single' | 'pairs' | 'triples' | 'samples'>): boolean {
  return model.samples === 0 || (model.single.every((v) => v === 0) && model.pairs.every((p) => p[2] === 0) && model.triples.every((p) => p[1] === 0));
}

export interface LeaveModel {
  version: number;
  /** The ruleset key the model was learned for (`leavesKey`). */
  key: string;
  /** Card kinds, as `kindKey` gives them. */
  kinds: string[];
  /** Per kind: the value of one kept copy. */
  single: number[];
  /** [i, j, value] with i <= j: the extra value of keeping kinds i and j together. */
  pairs: Array<[number, number, number]>;
  /** [i, value]: the extra value of keeping kind i three times or more. */
  triples: Array<[number, number]>;
  /** How the model was learned. */
  games: number;
  samples: number;
}

/** A card's kind: its character (or wildcard) and points; a wildcard's meaning does not count. */
export function kindKey(card: Card): string {
  return card.char === null ? `*${card.points}` : `${card.char} ${card.points}`;
}

/** The kind key as card notation: `[A 2]`, `[  0]`. */
export function kindLabel(key: string): string {
  if (key.startsWith('*')) return `[  ${key.slice(1)}]`;
  const sp = key.lastIndexOf(' ');
  return `[${key.slice(0, sp)} ${key.slice(sp + 1)}]`;
}

/** The kinds of a deck, most common first (ties in deck order), with their counts. */
export function deckKinds(deck: readonly Card[]): Array<{ key: string; count: number }> {
  const counts = new Map<string, number>();
  for (const c of deck) counts.set(kindKey(c), (counts.get(kindKey(c)) ?? 0) + 1);
  const order = [...counts.keys()];
  return order.map((key) => ({ key, count: counts.get(key)! })).sort((a, b) => b.count - a.count || order.indexOf(a.key) - order.indexOf(b.key));
}

/** The feature layout of a deck: which pairs and triples get a value. */
export class FeatureSpace {
  readonly kinds: string[];
  readonly index = new Map<string, number>();
  /** Feature number of pair (i, j), i <= j, at i * K + j; -1 when the pair has none. */
  readonly pairFeature: Int32Array;
  /** Feature number of kind i kept 3+ times, or -1. */
  readonly tripleFeature: Int32Array;
  readonly size: number;
  readonly pairList: Array<[number, number]> = [];
  readonly tripleList: number[] = [];

  constructor(deck: readonly Card[], handSize: number) {
    const kinds = deckKinds(deck);
    this.kinds = kinds.map((k) => k.key);
    kinds.forEach((k, i) => this.index.set(k.key, i));
    const K = this.kinds.length;
    this.pairFeature = new Int32Array(K * K).fill(-1);
    this.tripleFeature = new Int32Array(K).fill(-1);
    let f = K;
    if (handSize >= 3) {
      // a leave has at most handSize - 1 cards: pairs need 2 of them
      let top = K;
      while ((top * (top + 1)) / 2 > MAX_PAIRS) top--;
      for (let i = 0; i < top; i++) {
        for (let j = i; j < top; j++) {
          if (i === j && kinds[i]!.count < 2) continue;
          this.pairFeature[i * K + j] = f++;
          this.pairList.push([i, j]);
        }
      }
      if (handSize >= 4) {
        for (let i = 0; i < K; i++) {
          if (kinds[i]!.count < 3) continue;
          this.tripleFeature[i] = f++;
          this.tripleList.push(i);
        }
      }
    }
    this.size = f;
  }

  /** The kind counts of a leave (kinds not in the deck are ignored). */
  counts(cards: readonly Card[], out: Int32Array): void {
    out.fill(0);
    for (const c of cards) {
      const i = this.index.get(kindKey(c));
      if (i !== undefined) out[i]!++;
    }
  }

  /** The features present in a leave with these kind counts: pushes (feature, value) pairs. */
  features(counts: Int32Array, push: (feature: number, value: number) => void): void {
    const K = this.kinds.length;
    for (let i = 0; i < K; i++) {
      const n = counts[i]!;
      if (n === 0) continue;
      push(i, n);
      if (n >= 2) {
        const f = this.pairFeature[i * K + i]!;
        if (f >= 0) push(f, 1);
      }
      if (n >= 3 && this.tripleFeature[i]! >= 0) push(this.tripleFeature[i]!, 1);
      for (let j = i + 1; j < K; j++) {
        if (counts[j] === 0) continue;
        const f = this.pairFeature[i * K + j]!;
        if (f >= 0) push(f, 1);
      }
    }
  }

  /** A model from fitted feature weights. */
  model(key: string, w: ArrayLike<number>, games: number, samples: number): LeaveModel {
    const round = (x: number) => Math.round(x * 1000) / 1000;
    return {
      version: LEAVES_VERSION,
      key,
      kinds: this.kinds.slice(),
      single: this.kinds.map((_, i) => round(w[i]!)),
      pairs: this.pairList.map(([i, j]) => [i, j, round(w[this.pairFeature[i * this.kinds.length + j]!]!)]),
      triples: this.tripleList.map((i) => [i, round(w[this.tripleFeature[i]!]!)]),
      games,
      samples,
    };
  }
}

/** Evaluates leaves with a model. */
export class Leaves {
  private readonly index = new Map<string, number>();
  private readonly single: Float64Array;
  private readonly pair: Float64Array;
  private readonly triple: Float64Array;
  private readonly K: number;
  /** Per card object: its kind (-1: not in the model); hands keep their card objects. */
  private readonly kindOfCard = new WeakMap<Card, number>();
  /** Scratch, all zero between calls. */
  private readonly counts: Int32Array;
  private idx = new Int32Array(16);

  constructor(readonly model: LeaveModel) {
    const K = (this.K = model.kinds.length);
    model.kinds.forEach((k, i) => this.index.set(k, i));
    this.single = Float64Array.from(model.single);
    this.pair = new Float64Array(K * K);
    for (const [i, j, v] of model.pairs) this.pair[i * K + j] = v;
    this.triple = new Float64Array(K);
    for (const [i, v] of model.triples) this.triple[i] = v;
    this.counts = new Int32Array(K);
  }

  /** A model that values every leave at 0: static equity is then the score alone. */
  static zero(key = ''): Leaves {
    return new Leaves({ version: LEAVES_VERSION, key, kinds: [], single: [], pairs: [], triples: [], games: 0, samples: 0 });
  }

  /**
   * The value of keeping these cards: the kinds kept in ascending order, each its single
   * value per copy, its duplicate and triple values, and its pair values with the later
   * kinds. A sum of at most a few dozen numbers: cheaper than a cache keyed by the leave.
   */
  value(cards: readonly Card[]): number {
    if (cards.length === 0 || this.K === 0) return 0;
    const counts = this.counts;
    if (this.idx.length < cards.length) this.idx = new Int32Array(2 * cards.length);
    const idx = this.idx;
    let d = 0;
    for (const c of cards) {
      let i = this.kindOfCard.get(c);
      if (i === undefined) {
        i = this.index.get(kindKey(c)) ?? -1;
        this.kindOfCard.set(c, i);
      }
      if (i < 0) continue;
      if (counts[i] === 0) {
        // insertion, ascending
        let j = d++;
        while (j > 0 && idx[j - 1]! > i) {
          idx[j] = idx[j - 1]!;
          j--;
        }
        idx[j] = i;
      }
      counts[i]!++;
    }
    const K = this.K;
    let v = 0;
    for (let a = 0; a < d; a++) {
      const i = idx[a]!;
      const n = counts[i]!;
      v += this.single[i]! * n;
      if (n >= 2) v += this.pair[i * K + i]!;
      if (n >= 3) v += this.triple[i]!;
      for (let b = a + 1; b < d; b++) v += this.pair[i * K + idx[b]!]!;
    }
    for (let a = 0; a < d; a++) counts[idx[a]!] = 0;
    return v;
  }

  /** Per kind: the value of keeping one copy alone (what an author reads as the card's worth). */
  cardValues(): Array<{ card: string; value: number }> {
    return this.model.kinds.map((k, i) => ({ card: kindLabel(k), value: this.model.single[i]! })).sort((a, b) => b.value - a.value);
  }
}

/** Checks the shape of a model read from disk; null when it is not one. */
export function readModel(x: unknown, key: string): LeaveModel | null {
  if (typeof x !== 'object' || x === null) return null;
  const m = x as Partial<LeaveModel>;
  if (m.version !== LEAVES_VERSION || m.key !== key) return null;
  if (!Array.isArray(m.kinds) || !Array.isArray(m.single) || m.kinds.length !== m.single.length) return null;
  if (!Array.isArray(m.pairs) || !Array.isArray(m.triples)) return null;
  const K = m.kinds.length;
  const ok = (i: unknown) => Number.isInteger(i) && (i as number) >= 0 && (i as number) < K;
  if (!m.single.every(Number.isFinite)) return null;
  if (!m.pairs.every((p) => Array.isArray(p) && ok(p[0]) && ok(p[1]) && Number.isFinite(p[2]))) return null;
  if (!m.triples.every((p) => Array.isArray(p) && ok(p[0]) && Number.isFinite(p[1]))) return null;
  return m as LeaveModel;
}
