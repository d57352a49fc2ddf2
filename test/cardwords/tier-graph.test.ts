// An overlay tier (core/words/tier.ts) changes one word at a time; buildGraph builds a
// minimised graph of all the words at once. After every add and remove, the tier's graph
// must read exactly what buildGraph's graph of the same words reads: every path from the
// DAWG root that ends on an accepted arc, and every path from the GADDAG root (separators
// included), which is all the move generator walks. Narrow and wide (301+ letters) layouts.
import { describe, expect, it } from 'vitest';
import { ACCEPT, END, SEP, arcLetter, arcTarget, buildGraph, type WordGraph } from '../../core/words/graph.js';
import { Alphabet } from '../../core/words/alphabet.js';
import { TierGraph } from '../../core/words/tier.js';
import { Rng } from '../../core/random.js';

/**
 * Every accepted path from `root`, as strings of codes ('.' for the separator). Throws on an
 * arc no accepted path goes through (a removed word's arcs left behind).
 */
function language(g: WordGraph, root: number): string[] {
  const out: string[] = [];
  const walk = (n: number, path: string, depth: number): void => {
    if (n === 0) return;
    if (depth > 40) throw new Error('a cycle');
    let prev = -1;
    for (let a = n; ; a++) {
      const l = arcLetter(g, a);
      // a node reads each letter once, going up (the search ends a node's scan after the
      // highest letter it can lay), so the separator only as its first arc
      if (l <= prev) throw new Error(`node ${n}: letter ${l} after ${prev}`);
      prev = l;
      if (l === SEP && a !== n) throw new Error(`node ${n}: the separator is not its first arc`);
      const p = `${path}${l === SEP ? '.' : l},`;
      const before = out.length;
      if (g.arcs[a]! & ACCEPT) out.push(p);
      walk(arcTarget(g, a), p, depth + 1);
      if (out.length === before) throw new Error(`a dead arc after ${p}`);
      if (g.arcs[a]! & END) break;
    }
  };
  walk(root, '', 0);
  return out.sort();
}

function sameLanguage(tier: WordGraph, built: WordGraph, what: string): void {
  expect(language(tier, tier.dawgRoot), `${what}: the DAWG`).toEqual(language(built, built.dawgRoot));
  expect(language(tier, tier.gaddagRoot), `${what}: the GADDAG`).toEqual(language(built, built.gaddagRoot));
  expect(tier.wordCount).toBe(built.wordCount);
}

describe('overlay tier graph', () => {
  for (const wide of [false, true]) {
    it(`reads the same words and GADDAG paths as a rebuilt graph after every change (${wide ? 'wide' : 'narrow'} layout)`, () => {
      const rng = Rng.fromSeed(`tier ${wide}`);
      const letters = 'ABCDE'.split('');
      const chars = wide ? [...Array.from({ length: 300 }, (_, i) => String.fromCharCode(0x4e00 + i)), ...letters] : letters;
      const alpha = new Alphabet(chars);
      let checks = 0;
      for (let round = 0; round < 20; round++) {
        const tier = new TierGraph();
        const held = new Set<string>();
        for (let step = 0; step < 60; step++) {
          // mostly adds, and removes of words held (shared prefixes and suffixes are frequent
          // with 5 letters, so paths are shared and given up often)
          if (held.size > 0 && rng.int(3) === 0) {
            const w = [...held][rng.int(held.size)]!;
            held.delete(w);
            tier.remove(alpha.encode(w)!);
          } else {
            let w = '';
            const len = 2 + rng.int(5);
            for (let i = 0; i < len; i++) w += letters[rng.int(letters.length)]!;
            if (held.has(w)) continue;
            held.add(w);
            tier.add(alpha.encode(w)!);
          }
          expect(tier.size).toBe(held.size);
          if (held.size === 0) continue;
          const g = tier.graph();
          expect(g.letters !== null).toBe(wide);
          sameLanguage(g, buildGraph(alpha.encodeAll([...held])), `round ${round} step ${step} {${[...held].sort().join(' ')}}`);
          checks++;
        }
      }
      expect(checks).toBeGreaterThan(500);
    });
  }

  it('a graph taken before a change is not altered by it', () => {
    const alpha = new Alphabet(['A', 'B', 'C']);
    const tier = new TierGraph();
    tier.add(alpha.encode('AB')!);
    const before = tier.graph();
    const arcs = before.arcs.slice();
    tier.add(alpha.encode('ABC')!);
    tier.remove(alpha.encode('AB')!);
    expect(before.arcs).toEqual(arcs);
    sameLanguage(before, buildGraph(alpha.encodeAll(['AB'])), 'the graph of AB');
  });
});
