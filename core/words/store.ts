// The word store of one ruleset: the word graph plus an overlay of the words added and
// removed since it was built. Adding or removing a word touches only the overlay (a small
// graph of the added words, rebuilt from them, and a set of the removed ones), so it takes
// effect at once for validation and for robots; `merged()` folds the overlay into a fresh
// graph (done on the next load, when the personal dictionary and the removal list already
// hold the changes).
import { Alphabet } from './alphabet.js';
import { buildGraph, graphHas, graphWords, type WordGraph } from './graph.js';

export class WordStore {
  readonly alphabet: Alphabet;
  readonly graph: WordGraph;
  private readonly added = new Set<string>();
  private readonly removed = new Set<string>();
  private overlayGraph: WordGraph | null = null;
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
    if (this.added.size && this.added.has(word)) return true;
    const codes = this.alphabet.encode(word);
    return codes !== null && graphHas(this.graph, codes);
  }

  /** Same, for letter codes. */
  hasCodes(codes: ArrayLike<number>): boolean {
    if (this.removed.size || this.added.size) return this.has(this.alphabet.decode(codes));
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
    if (this.added.has(word) || graphHas(this.graph, codes)) return false;
    this.added.add(word);
    this.rebuildOverlay();
    this.version++;
    return true;
  }

  /** Makes a word unplayable. Returns false when it was not playable. */
  remove(word: string): boolean {
    if (this.added.delete(word)) {
      this.rebuildOverlay();
      this.version++;
      return true;
    }
    const codes = this.alphabet.encode(word);
    if (codes === null || !graphHas(this.graph, codes) || this.removed.has(word)) return false;
    this.removed.add(word);
    this.version++;
    return true;
  }

  private rebuildOverlay(): void {
    this.overlayGraph = this.added.size ? buildGraph(this.alphabet.encodeAll([...this.added].sort())) : null;
  }

  /** The graph of the words added since the build (none: null). */
  get overlay(): WordGraph | null {
    return this.overlayGraph;
  }

  /** The words of the graph that are removed now (the robot filters its moves by them). */
  get removedWords(): ReadonlySet<string> {
    return this.removed;
  }

  get addedWords(): ReadonlySet<string> {
    return this.added;
  }

  /** Whether the overlay changes anything (the robot then checks cross words word by word). */
  get hasOverlay(): boolean {
    return this.added.size > 0 || this.removed.size > 0;
  }

  /** A new store whose graph holds the overlay's changes (a full rebuild). */
  merged(): WordStore {
    const words = graphWords(this.graph)
      .map((c) => this.alphabet.decode(c))
      .filter((w) => !this.removed.has(w))
      .concat([...this.added]);
    return new WordStore(this.alphabet, buildGraph(this.alphabet.encodeAll(words)));
  }
}
