// The distribution statistics (cardwords/distribution, core/language/stats.ts) count the
// dictionaries as the game plays them: the loader's word list, not every line.
import { describe, expect, it } from 'vitest';
import { ParseCache, type RulesetContext } from '../../core/language/context.js';
import { distributionStats, statsText } from '../../core/language/stats.js';
import { loadRuleset } from '../../core/ruleset/load.js';

const charset = { name: 'x.charset', text: '3\nAa\nBb\nEe\n' };
const cardset = { name: 'x.cardset', text: '5\n[A 1] [B 2] [E 1] [  0] [  0]\n' };

function ctx(over: Partial<RulesetContext> = {}): RulesetContext {
  return { name: 'x', charset, cardset, dictionaries: [{ name: 'x.dict', text: 'abe\nbe\n' }], ...over };
}

describe('distribution statistics', () => {
  it('count the playable words only, each once: not the lines the game leaves out, nor their letters', async () => {
    // playable: ABE, BE (twice: once), AB (in the personal dictionary), BAA; left out: 'a' (too
    // short), 'abz', 'bez' (z), 'a b' (white space); EBB is on the removal list
    const dict = { name: 'x.dict', text: 'abe\nbe\nBE\na\nabz\nbez\na b\nebb\nbaa\n' };
    const c = ctx({ dictionaries: [dict], personal: { name: 'x.personal.dict', text: 'ab\n' }, removal: { name: 'x.removed.dict', text: 'ebb\n' } });
    const s = await distributionStats(c, new ParseCache());
    const loaded = loadRuleset({ charset, cardset, cardtable: { name: 'x.cardtable', text: '3*3\n(1,1)\n(3,3)\n' }, bonus: { name: 'x.bonus', text: '-1:0\n0:0\n1:0\n' }, dictionaries: [dict], personal: { name: 'x.personal.dict', text: 'ab\n' }, removal: { name: 'x.removed.dict', text: 'ebb\n' } });
    // the loader's word list, the same words
    expect(loaded.ruleset!.words.sort()).toEqual(['AB', 'ABE', 'BAA', 'BE']);
    expect(s.words).toBe(4);
    expect(s.leftOut).toBe(4);
    // A: ABE 1, BAA 2, AB 1; B: 4; E: ABE, BE
    expect(s.rows.map((r) => [r.char, r.occurrences])).toEqual([['A', 4], ['B', 4], ['E', 2]]);
    expect(s.totalCharacters).toBe(10);
    expect(statsText(s).split('\n')[0]).toBe('x: 5 cards (2 wildcards), 4 words, 10 characters (4 dictionary lines left out for errors)');
    // one wildcard is not 'wildcards' (it read '1 wildcards')
    expect(statsText({ ...s, wildcards: 1 }).split('\n')[0]).toMatch(/\(1 wildcard\),/);
  });

  it('count the words no game can lay, as the playtest findings do: too long for the table, or more cards of a character than the set has', async () => {
    // a 3*3 table (runs of 3): ABEB is too long; BAA needs two As of one A card and two wildcards: it can be laid; BBBB too long
    const dict = { name: 'x.dict', text: 'abe\nbe\nabeb\nbaa\nbbb\n' };
    const cardtable = { name: 'x.cardtable', text: '3*3\n(1,1)\n(3,3)\n' };
    const s = await distributionStats(ctx({ dictionaries: [dict], cardtable }), new ParseCache());
    // BBB: one B card and two wildcards make it; with one wildcard it could not be
    expect(s.unlayable).toEqual({ total: 5, longestRun: 3, tooLong: 1, tooLongFirst: 'ABEB', unspellable: 0, unspellableFirst: null });
    const one = await distributionStats(ctx({ dictionaries: [dict], cardtable, cardset: { name: 'x.cardset', text: '4\n[A 1] [B 2] [E 1] [  0]\n' } }), new ParseCache());
    expect(one.unlayable).toMatchObject({ tooLong: 1, unspellable: 1, unspellableFirst: 'BBB' });
    expect(statsText(one).split('\n')[0]).toMatch(/; no game can lay 2 of the words \(1 longer than the longest run of 3 free cells, 1 needing more cards of a character than the set has\)$/);
    // without a card table: not counted
    expect((await distributionStats(ctx(), new ParseCache())).unlayable).toBeNull();
  });

  it("a card whose character the charset lacks has a row of its own: counted in the cards, so the shares add up to all of them (its card was counted and shown nowhere)", async () => {
    const s = await distributionStats(ctx({ cardset: { name: 'x.cardset', text: '7\n[A 1] [Q 5] [B 2] [E 1] [Q 3] [  0] [  0]\n' } }), new ParseCache());
    expect(s.totalCards).toBe(7);
    expect(s.rows.map((r) => [r.char, r.cards, r.outside ?? false])).toEqual([['A', 1, false], ['B', 1, false], ['E', 1, false], ['Q', 2, true]]);
    expect(s.rows.reduce((sum, r) => sum + r.cardShare, 0)).toBeCloseTo(1, 10);
    expect(s.rows[3]).toMatchObject({ occurrences: 0, frequency: 0, suggestedCards: 0, meanPoints: 4 });
    expect(statsText(s).split('\n').find((l) => l.startsWith('Q'))).toMatch(/^Q +2 +40\.0% +0\.0% +0  not in the charset$/);
  });

  it('a dictionary over several chunks: the same words as in one', async () => {
    const lines = Array.from({ length: 120_000 }, (_, i) => (i % 3 === 0 ? 'abz' : ['ab', 'be', 'abe', 'bee', 'ebb'][i % 5]!));
    const s = await distributionStats(ctx({ dictionaries: [{ name: 'x.dict', text: lines.join('\n') }] }), new ParseCache());
    expect([s.words, s.leftOut]).toEqual([5, 40_000]);
    expect(s.totalCharacters).toBe(2 + 2 + 3 + 3 + 3);
  });
});
