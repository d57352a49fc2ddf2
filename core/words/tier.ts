// One overlay tier of the word store: a few added words as a word graph that changes one
// word at a time. Rebuilding a minimised graph for each change (buildGraph: sort, radix
// sort of the reversed prefixes, hash-consing) cost about 3 µs per word of the tier, over
// the 0.1 ms a change may take; here the DAWG and the GADDAG's left part are plain tries
// (not minimised: a tier is small) with a count on each arc, so adding or removing a word
// touches only its own paths (O(length²)), and the tier's arcs are then written out again
// in the graph's layout (graph.ts), linear in the tier's arcs. The graph reads the same
// words as buildGraph's of the same words; only the node sharing differs.
import { ACCEPT, END, LETTER_BITS, LETTER_SHIFT, SEP, TARGET_MASK, type WordGraph } from './graph.js';

/** A trie node: arcs as parallel arrays (letter, child, number of paths through, words ending). */
interface TrieNode {
  letters: number[];
  kids: TrieNode[];
  uses: number[];
  accepts: number[];
  /** GADDAG: the number of reversed prefixes ending here, and the DAWG node of that prefix. */
  ends: number;
  dawg: TrieNode | null;
  /** Scratch for writing out: the node's first arc (0: no arcs). */
  id: number;
}

function node(): TrieNode {
  return { letters: [], kids: [], uses: [], accepts: [], ends: 0, dawg: null, id: 0 };
}

/** The child of `n` for `l`, made when missing (a node's arcs go up by letter, as graph.ts's); its path count goes up by one. */
function down(n: TrieNode, l: number, accept: boolean): TrieNode {
  let i = n.letters.indexOf(l);
  if (i < 0) {
    // pushed, then moved down past the greater letters (splice made an array each time)
    const kid = node();
    n.letters.push(l);
    n.kids.push(kid);
    n.uses.push(0);
    n.accepts.push(0);
    for (i = n.letters.length - 1; i > 0 && n.letters[i - 1]! > l; i--) {
      n.letters[i] = n.letters[i - 1]!;
      n.kids[i] = n.kids[i - 1]!;
      n.uses[i] = n.uses[i - 1]!;
      n.accepts[i] = n.accepts[i - 1]!;
    }
    n.letters[i] = l;
    n.kids[i] = kid;
    n.uses[i] = 0;
    n.accepts[i] = 0;
  }
  n.uses[i]!++;
  if (accept) n.accepts[i]!++;
  return n.kids[i]!;
}

/** The child of `n` for `l`, its path count one lower (the arc goes at zero). */
function up(n: TrieNode, l: number, accept: boolean): TrieNode {
  const i = n.letters.indexOf(l);
  const kid = n.kids[i]!;
  if (accept) n.accepts[i]!--;
  if (--n.uses[i]! === 0) {
    // the arcs after it move up one: the order kept
    for (let j = i + 1; j < n.letters.length; j++) {
      n.letters[j - 1] = n.letters[j]!;
      n.kids[j - 1] = n.kids[j]!;
      n.uses[j - 1] = n.uses[j]!;
      n.accepts[j - 1] = n.accepts[j]!;
    }
    n.letters.pop();
    n.kids.pop();
    n.uses.pop();
    n.accepts.pop();
  }
  return kid;
}

export class TierGraph {
  private readonly dawg = node();
  private readonly gaddag = node();
  private count = 0;
  private queue: TrieNode[] = [];

  get size(): number {
    return this.count;
  }

  /** Adds a word (letter codes 1..K, length >= 2) that the tier does not hold. */
  add(word: ArrayLike<number>): void {
    this.change(word, 1);
  }

  /** Removes a word the tier holds. */
  remove(word: ArrayLike<number>): void {
    this.change(word, -1);
  }

  private change(word: ArrayLike<number>, by: 1 | -1): void {
    const len = word.length;
    const step = by === 1 ? down : up;
    // the DAWG: the word; the node of each prefix is noted for the GADDAG's separators
    const prefixNodes: TrieNode[] = [];
    let n = this.dawg;
    for (let i = 0; i < len; i++) {
      n = step(n, word[i]!, i === len - 1);
      prefixNodes.push(n);
    }
    // the GADDAG: each prefix w[0..d) reversed, accepted when it is the whole word, with a
    // separator to the prefix's DAWG node
    for (let d = 1; d <= len; d++) {
      let g = this.gaddag;
      for (let i = d - 1; i >= 0; i--) g = step(g, word[i]!, d === len && i === 0);
      g.ends += by;
      if (by === 1) g.dawg = prefixNodes[d - 1]!;
      else if (g.ends === 0) g.dawg = null;
    }
    this.count += by;
  }

  /** The tier's words as a graph (a new object sharing nothing that a later change alters). */
  graph(): WordGraph {
    // number the nodes: breadth first from both roots, a node's id its first arc
    const queue = this.queue;
    queue.length = 0;
    queue.push(this.dawg, this.gaddag);
    let next = 1; // arc 0: the dummy
    let maxLetter = 0;
    for (let q = 0; q < queue.length; q++) {
      const n = queue[q]!;
      const sep = n.ends > 0 && n.dawg !== null && n.dawg.letters.length > 0 ? 1 : 0;
      const k = n.letters.length + sep;
      n.id = k === 0 ? 0 : next;
      next += k;
      for (let i = 0; i < n.letters.length; i++) {
        if (n.letters[i]! > maxLetter) maxLetter = n.letters[i]!;
        queue.push(n.kids[i]!);
      }
    }
    const arcCount = next;
    const wide = maxLetter > LETTER_BITS || arcCount > TARGET_MASK;
    const arcs = new Uint32Array(arcCount);
    const letters = wide ? new Uint16Array(arcCount) : null;
    for (let q = 0; q < queue.length; q++) {
      const n = queue[q]!;
      if (n.id === 0) continue;
      let a = n.id;
      // the separator is a node's first arc (the move generator looks for it there)
      if (n.ends > 0 && n.dawg !== null && n.dawg.letters.length > 0) {
        arcs[a] = n.dawg.id >>> 0;
        if (letters) letters[a] = SEP;
        a++;
      }
      for (let i = 0; i < n.letters.length; i++, a++) {
        const l = n.letters[i]!;
        const flags = n.accepts[i]! > 0 ? ACCEPT : 0;
        if (letters) {
          letters[a] = l;
          arcs[a] = (n.kids[i]!.id | flags) >>> 0;
        } else arcs[a] = (n.kids[i]!.id | (l << LETTER_SHIFT) | flags) >>> 0;
      }
      arcs[a - 1] = (arcs[a - 1]! | END) >>> 0;
    }
    queue.length = 0;
    return { arcs, letters, arcCount, dawgRoot: this.dawg.id, gaddagRoot: this.gaddag.id, wordCount: this.count };
  }
}
