// The word graph's 4-byte arcs and its wide layout (alphabets of more than 255 letters: the
// letters in their own array): the same words, the same moves, and both survive the cache
// format. The wide graph is forced by putting 300 unused characters before the letters.
import { describe, expect, it } from 'vitest';
import { moveKey, type GeneratedMove } from '../../core/robots/cardwords/generate.js';
import { decodeGraph, encodeGraph, GraphFormatError } from '../../core/words/serialize.js';
import { END, arcLetter, graphWords, sortStrings, targetMask, type WordGraph } from '../../core/words/graph.js';
import { Rng } from '../../core/random.js';
import { WordStore } from '../../core/words/store.js';
import { Alphabet } from '../../core/words/alphabet.js';
import { movesOf, randomPosition } from './random-positions.js';

const FILLER = Array.from({ length: 300 }, (_, i) => String.fromCharCode(0x4e00 + i));
const moves = (ms: GeneratedMove[]) => ms.map((m) => `${moveKey(m)}=${m.score}`).sort();

/**
 * The nodes reachable from the roots that start a stored run of arcs (the arc before is an
 * END), and every tail of those runs with the places it is stored at.
 */
function storedTails(g: WordGraph): { heads: number[]; tails: Map<string, Set<number>> } {
  const tails = new Map<string, Set<number>>();
  const heads: number[] = [];
  const seen = new Set<number>();
  const todo = [g.dawgRoot, g.gaddagRoot];
  const mask = targetMask(g);
  while (todo.length) {
    const node = todo.pop()!;
    if (node === 0 || seen.has(node)) continue;
    seen.add(node);
    if (node === 1 || g.arcs[node - 1]! & END) heads.push(node);
    let end = node;
    while (!(g.arcs[end]! & END)) end++;
    for (let at = node; at <= end; at++) {
      const key = runAt(g, at);
      if (!tails.has(key)) tails.set(key, new Set());
      tails.get(key)!.add(at);
      todo.push(g.arcs[at]! & mask);
    }
  }
  return { heads, tails };
}

/** The graphs of the random positions of seeds from..to-1, each as built and forced wide. */
function graphs(from: number, to: number): Array<{ seed: number; g: WordGraph }> {
  const out: Array<{ seed: number; g: WordGraph }> = [];
  for (let seed = from; seed < to; seed++) {
    const p = randomPosition(seed);
    for (const store of [p.store, WordStore.build([...FILLER, ...p.letters], p.words)]) out.push({ seed, g: store.graph });
  }
  return out;
}

const runAt = (g: WordGraph, at: number): string => {
  let end = at;
  while (!(g.arcs[end]! & END)) end++;
  return Array.from(g.arcs.subarray(at, end + 1)).join(',') + (g.letters ? '/' + Array.from(g.letters.subarray(at, end + 1)).join(',') : '');
};

describe('word graph layout', () => {
  it('a node whose arcs are the tail of another node is stored inside it', () => {
    let sharedSeen = 0;
    for (const { seed, g } of graphs(71_000, 71_060)) {
      const { heads, tails } = storedTails(g);
      // a node stored on its own: its arcs are no other stored node's tail (nor a whole node again)
      for (const n of heads) expect([...tails.get(runAt(g, n))!], `seed ${seed}: node ${n}`).toEqual([n]);
      // nodes starting inside another node's arcs exist (else the check above proves little)
      for (let a = 1; a < g.arcCount; a++) {
        const t = g.arcs[a]! & targetMask(g);
        if (t > 1 && !(g.arcs[t - 1]! & END)) sharedSeen++;
      }
    }
    expect(sharedSeen).toBeGreaterThan(100);
  });

  it("a node's arcs go up by letter, the separator first (the search ends a node's scan after the highest letter it can lay)", () => {
    let nodes = 0;
    for (const { seed, g } of graphs(73_000, 73_040)) {
      const mask = targetMask(g);
      const seen = new Set<number>();
      const todo = [g.dawgRoot, g.gaddagRoot];
      while (todo.length) {
        const node = todo.pop()!;
        if (node === 0 || seen.has(node)) continue;
        seen.add(node);
        nodes++;
        let prev = -1;
        for (let a = node; ; a++) {
          const l = arcLetter(g, a);
          expect(l, `seed ${seed}: node ${node}, arc ${a}`).toBeGreaterThan(prev);
          prev = l;
          todo.push(g.arcs[a]! & mask);
          if (g.arcs[a]! & END) break;
        }
      }
    }
    expect(nodes).toBeGreaterThan(1000);
  });

  it('lays the nodes out breadth first from the GADDAG root, then the DAWG root', () => {
    for (const { seed, g } of graphs(72_000, 72_040)) {
      const mask = targetMask(g);
      const endOf = (b: number) => {
        let e = b;
        while (!(g.arcs[e]! & END)) e++;
        return e;
      };
      // a stored run of arcs holds every node that starts inside it: the run is placed
      // when the first of them is reached
      const runOf = (node: number) => {
        let b = node;
        while (b > 1 && !(g.arcs[b - 1]! & END)) b--;
        return b;
      };
      const queue: number[] = [];
      let expected = 1;
      const reach = (node: number) => {
        if (node === 0) return;
        const b = runOf(node);
        if (queue.includes(b)) return;
        expect(b, `seed ${seed}: the run reached after ${queue.length} others`).toBe(expected);
        expected = endOf(b) + 1;
        queue.push(b);
      };
      reach(g.gaddagRoot);
      reach(g.dawgRoot);
      for (let i = 0; i < queue.length; i++) for (let a = queue[i]!; a <= endOf(queue[i]!); a++) reach(g.arcs[a]! & mask);
      expect(expected, `seed ${seed}: every arc is reached`).toBe(g.arcCount);
    }
  });

  it('a wide graph (301+ letter codes) gives the same words and moves as a packed one', () => {
    let wideSeen = 0;
    for (let seed = 70_000; seed < 70_150; seed++) {
      const p = randomPosition(seed);
      const wideStore = WordStore.build([...FILLER, ...p.letters], p.words);
      expect(wideStore.graph.letters).not.toBeNull();
      expect(p.store.graph.letters).toBeNull();
      wideSeen++;
      const decode = (s: WordStore) => graphWords(s.graph).map((c) => s.alphabet.decode(c)).sort();
      expect(decode(wideStore)).toEqual(decode(p.store));
      const narrow = movesOf({ table: p.table, bonus: p.bonus, store: p.store }, p.board, p.hand);
      const wide = movesOf({ table: p.table, bonus: p.bonus, store: wideStore }, p.board, p.hand);
      expect(moves(wide), `seed ${seed}`).toEqual(moves(narrow));
    }
    expect(wideSeen).toBe(150);
  });

  it('sorts the strings it builds from in code order, a string before its extensions: long shared starts, duplicates, empty strings; narrow and wide alphabets', () => {
    const rng = Rng.fromSeed('sort-strings');
    for (const maxKey of [3, 26, 31, 40]) {
      // strings that share up to 20 letters (the packed first twelve, then the sort from the thirteenth)
      const stems = Array.from({ length: 12 }, () => Array.from({ length: rng.int(21) }, () => 1 + rng.int(maxKey)));
      const strings: number[][] = [];
      for (let i = 0; i < 3000; i++) {
        const stem = stems[rng.int(stems.length)]!.slice(0, rng.int(21));
        strings.push([...stem, ...Array.from({ length: rng.int(6) }, () => 1 + rng.int(maxKey))]);
      }
      for (let i = 0; i < 200; i++) strings.push(strings[rng.int(strings.length)]!.slice());
      const data = new Uint16Array(strings.reduce((n, x) => n + x.length, 0));
      const starts = new Int32Array(strings.length);
      const lens = new Int32Array(strings.length);
      let at = 0;
      strings.forEach((x, i) => {
        starts[i] = at;
        lens[i] = x.length;
        data.set(x, at);
        at += x.length;
      });
      const items = Int32Array.from(strings.keys());
      sortStrings(items, data, starts, lens, maxKey);
      const byCode = (a: number[], b: number[]) => {
        for (let t = 0; t < Math.min(a.length, b.length); t++) if (a[t] !== b[t]) return a[t]! - b[t]!;
        return a.length - b.length;
      };
      expect([...items].map((i) => strings[i]!.join(',')), `codes up to ${maxKey}`).toEqual(strings.slice().sort(byCode).map((x) => x.join(',')));
      expect(new Set(items).size).toBe(strings.length);
    }
  });

  it('both layouts round-trip through the cache format; a damaged arc is refused', () => {
    const words = ['ABE', 'BEAST', 'SEAT', 'TEA', 'EATS', 'BETS'];
    for (const chars of [['A', 'B', 'E', 'S', 'T'], [...FILLER, 'A', 'B', 'E', 'S', 'T']]) {
      const store = WordStore.build(chars, words);
      const bytes = encodeGraph(store.graph, chars, '0123456789abcdef');
      const { graph, chars: back } = decodeGraph(bytes, '0123456789abcdef');
      expect(back).toEqual(chars);
      const again = new WordStore(new Alphabet(chars), graph);
      expect(graphWords(graph).map((c) => again.alphabet.decode(c)).sort()).toEqual([...words].sort());
      expect(graph.letters === null).toBe(store.graph.letters === null);
      // an arc pointing past the end
      const bad = bytes.slice();
      const head = bad.length - store.graph.arcCount * (store.graph.letters ? 6 : 4);
      new DataView(bad.buffer).setUint32(head + 4, 0x3fffff, true);
      expect(() => decodeGraph(bad)).toThrow(GraphFormatError);
    }
  });
});
