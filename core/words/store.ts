// The word store of one ruleset: the word graph plus an overlay of the words added and
// removed since it was built. Adding or removing a word touches only the overlay (small
// graphs of the added words, and a set of the removed ones), so it takes effect at once for
// validation and for robots; `merged()` folds the overlay into a fresh graph (done on the
// next load, when the personal dictionary and the removal list already hold the changes).
// The added words sit in tiers of at most TIER_WORDS, each with its own graph: a change
// touches one tier only (tier.ts: its paths, then its arcs written out), so its cost does
// not grow with the number of words added, and the move generator searches one graph per
// tier.
import { Alphabet } from './alphabet.js';
import { buildGraph, graphHas, graphWords, type WordGraph } from './graph.js';
import { TierGraph } from './tier.js';

/** Most added words in one overlay graph (a change writes out one such graph). */
export const TIER_WORDS = 64;

interface Tier {
  trie: TierGraph;
  /** The trie's graph as last written out (null when the tier holds no word). */
  graph: WordGraph | null;
}

export class WordStore {
  readonly alphabet: Alphabet;
  readonly graph: WordGraph;
  private readonly removed = new Set<string>();
  private readonly tiers: Tier[] = [];
  /** Every added word, with the tier it is in. */
  private readonly tierOf = new Map<string, Tier>();
  /** Incremented by every change, so callers can cache what they derive from the words. */
  version = 0;

  constructor(alphabet: Alphabet, graph: WordGraph) {
    this.alphabet = alphabet;
    this.graph = graph;
  }

  /** Builds the graph of canonical words over the alphabet's characters. */
  static build(chars: readonly string[], words: readonly string[]): WordStore {
    const alphabet = new Alphabet(chars);
    return new WordStore(alphabet, buildGraph(alphabet.encodeAll(words)));
  }

  /** Whether a canonical word is playable now. */
  has(word: string): boolean {
    if (this.removed.size && this.removed.has(word)) return false;
    if (this.tierOf.size && this.tierOf.has(word)) return true;
    const codes = this.alphabet.encode(word);
    return codes !== null && graphHas(this.graph, codes);
  }

  /** Same, for letter codes. */
  hasCodes(codes: ArrayLike<number>): boolean {
    if (this.removed.size || this.tierOf.size) return this.has(this.alphabet.decode(codes));
    return graphHas(this.graph, codes);
  }

  /**
   * Makes a canonical word playable. Returns false when it cannot be a word (shorter than
   * 2, or a character outside the alphabet) or already is one.
   */
  add(word: string): boolean {
    const codes = this.alphabet.encode(word);
    if (codes === null || codes.length < 2) return false;
    if (this.removed.delete(word)) {
      this.version++;
      if (graphHas(this.graph, codes)) return true;
    }
    if (this.tierOf.has(word) || graphHas(this.graph, codes)) return false;
    // the first tier with room (a removal may have made some in an older one)
    let tier = this.tiers.find((t) => t.trie.size < TIER_WORDS);
    if (!tier) this.tiers.push((tier = { trie: new TierGraph(), graph: null }));
    this.tierOf.set(word, tier);
    tier.trie.add(codes);
    this.rewrite(tier);
    this.version++;
    return true;
  }

  /** Makes a word unplayable. Returns false when it was not playable. */
  remove(word: string): boolean {
    const tier = this.tierOf.get(word);
    if (tier) {
      this.tierOf.delete(word);
      tier.trie.remove(this.alphabet.encode(word)!);
      this.rewrite(tier);
      this.version++;
      return true;
    }
    const codes = this.alphabet.encode(word);
    if (codes === null || !graphHas(this.graph, codes) || this.removed.has(word)) return false;
    this.removed.add(word);
    this.version++;
    return true;
  }

  private rewrite(tier: Tier): void {
    tier.graph = tier.trie.size ? tier.trie.graph() : null;
  }

  /** The graphs of the words added since the build (together they hold each added word once). */
  get overlays(): WordGraph[] {
    const out: WordGraph[] = [];
    for (const t of this.tiers) if (t.graph) out.push(t.graph);
    return out;
  }

  /** The words of the graph that are removed now (the robot filters its moves by them). */
  get removedWords(): ReadonlySet<string> {
    return this.removed;
  }

  /** Whether the overlay changes anything (the robot then checks cross words word by word). */
  get hasOverlay(): boolean {
    return this.tierOf.size > 0 || this.removed.size > 0;
  }

  /** A new store whose graph holds the overlay's changes (a full rebuild). */
  merged(): WordStore {
    const words = graphWords(this.graph)
      .map((c) => this.alphabet.decode(c))
      .filter((w) => !this.removed.has(w))
      .concat([...this.tierOf.keys()]);
    return new WordStore(this.alphabet, buildGraph(this.alphabet.encodeAll(words)));
  }
}
