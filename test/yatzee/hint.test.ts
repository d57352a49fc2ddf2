// The hint's wire shape (core/games/yatzee/hint.ts): the query the clients build is the one
// the server parses, and the answer becomes expected final scores for open categories only.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hintForThrow, hintQuery, parseHintQuery, showHint, type YatzeeHint } from '../../core/games/yatzee/hint.js';
import { CATEGORIES } from '../../core/games/yatzee/rules.js';

const params = (q: string) => Object.fromEntries(new URLSearchParams(q));

describe('the Yatzee hint query', () => {
  it('parses back to the sheet it was built from; throws count only once thrown', () => {
    const sheet = fc.record({
      scores: fc.array(fc.option(fc.integer({ min: 0, max: 50 }), { nil: null }), { minLength: 15, maxLength: 15 }),
      dice: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 5, maxLength: 5 }),
      phase: fc.constantFrom('thrown', 'transferred', 'idle'),
      throwsMade: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(sheet, (s) => {
        expect(parseHintQuery(params(hintQuery(s)))).toEqual({ scores: s.scores, dice: s.dice, throws: s.phase === 'thrown' ? s.throwsMade : 0 });
      }),
    );
  });

  it('refuses what the server cannot answer', () => {
    const open = Array(15).fill('-').join(',');
    for (const q of [`scores=${open}&dice=1,2,3,4&throws=1`, `scores=${open}&dice=1,2,3,4,7&throws=1`, `scores=-,-&dice=1,2,3,4,5&throws=1`, `scores=${open}&dice=1,2,3,4,5&throws=4`]) {
      expect(parseHintQuery(params(q)), q).toEqual(expect.any(String));
    }
  });
});

describe('a hint as shown', () => {
  // Aces filled with 3: the robot's values are points to come, shown on top of the total.
  const scores = [3, ...Array<null>(14).fill(null)];
  const hint: YatzeeHint = {
    expectedFinal: 240.5,
    categories: [
      { category: 'chance', points: 20, bonus: 0, value: 230 },
      { category: 'twos', points: 4, bonus: 0, value: 236 },
    ],
    keeps: [{ keep: [6, 6], held: [true, true, false, false, false], value: 238 }],
  };

  it('expected final scores for the open categories the answer names, the best of them, the best hold', () => {
    const shown = showHint(hint, { scores, dice: [6, 6, 2, 2, 4], phase: 'thrown', throwsMade: 1 });
    expect(shown.expectedFinal).toBe(240.5);
    expect(shown.categories[CATEGORIES.indexOf('chance')]).toBe(233);
    expect(shown.categories[CATEGORIES.indexOf('twos')]).toBe(239);
    expect(shown.categories[CATEGORIES.indexOf('aces')]).toBeNull();
    expect(shown.categories.filter((v) => v !== null)).toHaveLength(2);
    expect(shown.best).toBe('twos');
    expect(shown.keep).toEqual({ dice: [6, 6], positions: [0, 1], transferNow: false, expected: 241 });
    // for these dice: the best hold's expectation, not the round's start
    expect(shown.now).toBe(241);
  });

  it('after the last throw the expectation for the dice is the best category\'s', () => {
    const shown = showHint({ ...hint, keeps: null }, { scores, dice: [6, 6, 2, 2, 4], phase: 'thrown', throwsMade: 3 });
    expect(shown.keep).toBeNull();
    expect(shown.now).toBe(239);
    expect(shown.expectedFinal).toBe(240.5);
  });

  it('a filled category has no value even if an answer named it; no hold before a throw', () => {
    const shown = showHint({ ...hint, categories: [{ category: 'aces', points: 1, bonus: 0, value: 250 }] }, { scores, dice: [1, 1, 1, 1, 1], phase: 'transferred', throwsMade: 0 });
    expect(shown.categories.every((v) => v === null)).toBe(true);
    expect(shown.best).toBeNull();
    expect(shown.keep).toBeNull();
    expect(shown.now).toBeNull();
  });

  it('is shown for the throw it answers only, and not once the sheet is full (it would repeat the total)', () => {
    const thrown = { scores, dice: [6, 6, 2, 2, 4], phase: 'thrown', throwsMade: 1 };
    expect(hintForThrow(hint, hintQuery(thrown), thrown)?.expectedFinal).toBe(240.5);
    expect(hintForThrow(hint, hintQuery({ ...thrown, throwsMade: 2 }), thrown)).toBeNull();
    expect(hintForThrow(null, hintQuery(thrown), thrown)).toBeNull();
    const full = { scores: Array<number>(15).fill(5), dice: [6, 6, 2, 2, 4], phase: 'transferred', throwsMade: 0 };
    expect(hintForThrow({ ...hint, expectedFinal: 75, keeps: null }, hintQuery(full), full)).toBeNull();
  });
});
