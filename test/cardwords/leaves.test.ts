// Leave values learned by self-play (core/robots/cardwords/learn.ts, leaves.ts) and their
// cache (server/robots/leaves.ts).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRules, rulesFromRuleset } from '../../core/games/cardwords/setup.js';
import type { Card } from '../../core/games/cardwords/types.js';
import { LeaveLearner } from '../../core/robots/cardwords/learn.js';
import { FeatureSpace, Leaves, learnedNothing, type LeaveModel } from '../../core/robots/cardwords/leaves.js';
import { learnedHover, learnedInlayHints } from '../../core/language/learned.js';
import { translator } from '../../core/l10n/message.js';
import { Rng } from '../../core/random.js';
import { levelPolicy, match } from '../../core/robots/cardwords/match.js';
import { WordStore } from '../../core/words/store.js';
import { leavesKey, loadLeaves } from '../../server/robots/leaves.js';
import { bonusMap, makeTable } from './fixtures.js';
import { sample } from './games.js';

/**
 * A small ruleset where what a player keeps matters: words alternate vowels (A, E) and
 * consonants (B, D, T), hands of 4, and laying all 4 cards earns 30. A hand of one kind
 * cannot make a word of its own.
 */
function alternating() {
  const V = ['A', 'E'];
  const C = ['B', 'D', 'T'];
  const words: string[] = [];
  const gen = (w: string, vowel: boolean) => {
    if (w.length >= 2) words.push(w);
    if (w.length === 6) return;
    for (const x of vowel ? V : C) gen(w + x, !vowel);
  };
  gen('', true);
  gen('', false);
  const chars = [...V, ...C];
  const deck: Card[] = [
    ...V.flatMap((char) => Array.from({ length: 12 }, () => ({ char, points: 1 }))),
    ...C.flatMap((char) => Array.from({ length: 10 }, () => ({ char, points: 2 }))),
    { char: null, points: 0 },
    { char: null, points: 0 },
  ];
  const rules = makeRules({
    name: 'alternating',
    chars,
    deck,
    table: makeTable({ width: 11, height: 11, touchColumn: 5, touchRow: 5 }),
    bonus: bonusMap(4, (k) => (k < 0 ? -1 : k === 0 ? -2 : k === 4 ? 30 : 0)),
    handSize: 4,
  });
  return { rules, store: WordStore.build(chars, words) };
}

describe('learned leaves', () => {
  it('self-play that learned nothing (no turn with cards left to draw: the seed example) is said so, not as a value of 0.0 for each card', () => {
    const zero: LeaveModel = { version: 1, key: 'k', kinds: ['A1', 'K19'], single: [0, 0], pairs: [[0, 1, 0]], triples: [], games: 300, samples: 0 } as unknown as LeaveModel;
    expect(learnedNothing(zero)).toBe(true);
    expect(learnedNothing({ ...zero, samples: 120 })).toBe(true);
    expect(learnedNothing({ ...zero, samples: 120, single: [0, -0.4] })).toBe(false);
    expect(learnedNothing({ ...zero, samples: 120, pairs: [[0, 1, 0.2]] })).toBe(false);
    const t = translator('en');
    expect(learnedHover({ char: 'K', points: 19 }, undefined, { state: 'learned', model: zero }, t, 'en')).toEqual([
      'no card value could be learned: 300 self-play games gave no turn to learn from (a value is learned on turns with cards left to draw, and the deal leaves none in the pile, or no word could be laid)',
    ]);
    expect(learnedInlayHints([], { start: { line: 0, character: 0 }, end: { line: 9, character: 0 } }, zero, undefined, t, 'en', 10)).toEqual([]);
  });

  it('values a leave as the sum of its features (singles per copy, pairs, duplicates, triples), whatever the cards order', () => {
    const rng = Rng.fromSeed('leave-values');
    const chars = ['A', 'B', 'C', 'D', 'E'];
    const deck: Card[] = [...chars.flatMap((char, i) => Array.from({ length: 2 + i }, () => ({ char, points: i }))), { char: null, points: 0 }, { char: null, points: 0 }, { char: 'A', points: 5 }];
    const space = new FeatureSpace(deck, 7);
    const w = Array.from({ length: space.size }, () => Math.round((rng.int(2001) - 1000) / 10) / 100);
    const leaves = new Leaves(space.model('k', w, 0, 0));
    const counts = new Int32Array(space.kinds.length);
    let multi = 0;
    for (let n = 0; n < 400; n++) {
      const kept = rng.shuffle(deck.slice()).slice(0, rng.int(7)).map((c) => ({ ...c }));
      let want = 0;
      space.counts(kept, counts);
      // the model rounds each weight to 3 decimals: these are already rounded
      space.features(counts, (f, x) => (want += w[f]! * x));
      expect(leaves.value(kept)).toBeCloseTo(want, 9);
      expect(leaves.value(rng.shuffle(kept.slice()))).toBe(leaves.value(kept));
      if (counts.some((c) => c >= 3)) multi++;
    }
    expect(multi).toBeGreaterThan(5);
    // a card of no kind counts for nothing, and leaves nothing behind for the next leave
    const a = deck[0]!;
    const alone = leaves.value([a]);
    expect(leaves.value([{ char: 'Z', points: 1 }])).toBe(0);
    expect(leaves.value([{ char: 'Z', points: 1 }, a, { ...a }])).toBe(leaves.value([a, { ...a }]));
    expect(leaves.value([a])).toBe(alone);
    // more cards than the first scratch holds
    const many = deck.slice(0, 20);
    let want = 0;
    space.counts(many, counts);
    space.features(counts, (f, x) => (want += w[f]! * x));
    expect(leaves.value(many)).toBeCloseTo(want, 9);
  });

  it('static equity with learned leaves beats the highest score (95 % interval above 50 %)', () => {
    const { rules, store } = alternating();
    const learner = new LeaveLearner(rules, store, 'alternating', { games: 80, seed: 'learn' });
    const leaves = new Leaves(learner.run());
    // a wildcard is worth keeping; a consonant less than a vowel (there are more of them)
    const value = (card: string) => leaves.cardValues().find((c) => c.card === card)!.value;
    expect(value('[  0]')).toBeGreaterThan(value('[A 1]'));
    expect(value('[A 1]')).toBeGreaterThan(value('[B 2]'));
    const r = match(rules, store, levelPolicy(rules, store, 'champion', leaves, { simulate: false, endgame: false }), levelPolicy(rules, store, 'best'), 300, 'strength');
    // measured: about 62 % over 300 games, +24 points a game
    expect(r.low).toBeGreaterThan(0.5);
    expect(r.diff).toBeGreaterThan(0);
  });

  it('learning is deterministic for a seed, and values duplicates and wildcards', async () => {
    const tiny = await sample('samples/tiny');
    const a = new LeaveLearner(tiny.rules, tiny.store, 'k', { games: 15, seed: 's' }).run();
    const b = new LeaveLearner(tiny.rules, tiny.store, 'k', { games: 15, seed: 's' }).run();
    expect(a).toEqual(b);
    expect(a.samples).toBeGreaterThan(20);
    // tiny's deck: wildcards of 0, -2 and 3 points are kinds of their own; [A 1] x3 has a pair and a triple value
    expect(a.kinds).toEqual(expect.arrayContaining(['*0', '*-2', '*3', 'A 1', 'T -1']));
    const iA = a.kinds.indexOf('A 1');
    expect(a.pairs.some(([i, j]) => i === iA && j === iA)).toBe(true);
    expect(a.triples.some(([i]) => i === iA)).toBe(true);
    const leaves = new Leaves(a);
    const one = leaves.value([{ char: 'A', points: 1 }]);
    const two = leaves.value([{ char: 'A', points: 1 }, { char: 'A', points: 1 }]);
    const pair = a.pairs.find(([i, j]) => i === iA && j === iA)![2];
    expect(two).toBeCloseTo(2 * one + pair, 9);
    expect(leaves.value([])).toBe(0);
  });

  it('is cached on disk by ruleset; approved words do not invalidate it, a changed bonus does', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cardwords-leaves-'));
    try {
      const tiny = await sample('samples/tiny');
      const progress: number[] = [];
      const first = await loadLeaves(tiny.ruleset, tiny.store, { dir, games: 6, onProgress: (p) => progress.push(p.done) });
      expect(first.source).toBe('learned');
      expect(progress.at(-1)).toBe(6);
      expect(progress).toEqual([...progress].sort((x, y) => x - y));
      const again = await loadLeaves(tiny.ruleset, tiny.store, { dir, games: 6 });
      expect(again.source).toBe('cache');
      expect(again.leaves.model).toEqual(first.leaves.model);
      expect((await readdir(dir)).filter((f) => f.endsWith('.leaves.json'))).toHaveLength(1);
      // a word approved during a game lands in the personal dictionary
      const approved = { ...tiny.ruleset, words: [...tiny.ruleset.words, 'BASTE'], personalWords: ['BASTE'] };
      expect(leavesKey(approved, rulesFromRuleset(approved), { games: 6 })).toBe(first.key);
      const bonus = { ...tiny.ruleset.bonus, values: new Map([...tiny.ruleset.bonus.values].map(([k, v]) => [k, k === 4 ? v + 1 : v])) };
      const changed = { ...tiny.ruleset, bonus };
      expect(leavesKey(changed, rulesFromRuleset(changed), { games: 6 })).not.toBe(first.key);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('learning stops when aborted, and nothing is cached', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cardwords-leaves-'));
    try {
      const tiny = await sample('samples/tiny');
      const ac = new AbortController();
      let seen = 0;
      const p = loadLeaves(tiny.ruleset, tiny.store, {
        dir,
        games: 1000,
        onProgress: (x) => {
          seen = x.done;
          if (x.done === 3) ac.abort(new Error('stop'));
        },
        signal: ac.signal,
      });
      await expect(p).rejects.toThrow('stop');
      expect(seen).toBe(3);
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
