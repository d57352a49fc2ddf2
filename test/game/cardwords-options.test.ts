// The Cardwords room's pure parts, without a server: the creation options (every bound), the
// log's entries (each kind read back as written, older records too), and the owner's open
// questions (the caps, words known meanwhile).
import { describe, expect, it } from 'vitest';
import { DEFAULT_GRACE_MS, MAX_GRACE_S, MAX_SEATS, MAX_WATCHERS, graceMs, parseCreateOptions, storedOptions } from '../../server/game/cardwords-options.js';
import { readEntry, writeEntry, type CardwordsEntry } from '../../server/game/cardwords-log.js';
import { MAX_PENDING_PER_PLAYER, MAX_PENDING_WORDS, WordQuestions } from '../../server/game/word-questions.js';

const names = ['tiny', 'english'];

describe('creation options', () => {
  it('defaults: the first ruleset, one human, no robots, no watchers, a good stand-in, 60 s of grace', () => {
    expect(parseCreateOptions({}, names)).toEqual({ ok: true, options: { ruleset: 'tiny', humans: 1, robots: [], watchers: 0, standIn: 'good', grace: DEFAULT_GRACE_MS } });
    expect(DEFAULT_GRACE_MS).toBe(60_000);
  });

  it('robots as a count of one level or as a list of levels; a seed; the grace in seconds or never', () => {
    const r = parseCreateOptions({ ruleset: 'english', humans: 2, robots: 2, level: 'best', watchers: 3, standIn: 'casual', seed: 'a-b_c', grace: 0.25 }, names);
    expect(r).toEqual({ ok: true, options: { ruleset: 'english', humans: 2, robots: ['best', 'best'], watchers: 3, standIn: 'casual', grace: 250, seed: 'a-b_c' } });
    expect(parseCreateOptions({ robots: ['casual', 'good'], humans: 0 }, names)).toMatchObject({ ok: true, options: { robots: ['casual', 'good'], humans: 0 } });
    expect(graceMs(0)).toBe(0);
    expect(graceMs('never')).toBe(-1);
    expect(graceMs(MAX_GRACE_S)).toBe(MAX_GRACE_S * 1000);
  });

  it.each([
    [{ ruleset: 'nope' }, 'unknown-ruleset', /no ruleset "nope"; this server offers: tiny, english/],
    [{ humans: -1 }, 'bad-message', /humans/],
    [{ humans: 1.5 }, 'bad-message', /humans/],
    [{ humans: MAX_SEATS + 1 }, 'bad-message', /humans/],
    [{ robots: 'two' }, 'bad-message', /robots/],
    [{ robots: ['good', 'genius'] }, 'bad-message', /robots/],
    [{ humans: 0 }, 'bad-message', /1 to 16 players/],
    [{ humans: 10, robots: 7 }, 'bad-message', /1 to 16 players/],
    [{ watchers: MAX_WATCHERS + 1 }, 'bad-message', /watchers/],
    [{ level: 'genius' }, 'bad-message', /level/],
    [{ standIn: 'none' }, 'bad-message', /standIn/],
    [{ grace: -1 }, 'bad-message', /grace/],
    [{ grace: MAX_GRACE_S + 1 }, 'bad-message', /grace/],
    [{ grace: 'forever' }, 'bad-message', /grace/],
    [{ grace: Number.NaN }, 'bad-message', /grace/],
    [{ humans: 0, robots: 1, name: 'Ann' }, 'bad-message', /without human seats/],
    [{ seed: 'with space' }, 'bad-message', /seed/],
    [{ seed: 'x'.repeat(65) }, 'bad-message', /seed/],
  ])('refuses %j', (o, code, message) => {
    const r = parseCreateOptions(o, names);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.code).toBe(code);
      expect(r.message).toMatch(message);
    }
  });

  it("a stored game's options; games stored before the grace option get the default", () => {
    expect(storedOptions({ ruleset: 'tiny', humans: 1, robots: ['good'], watchers: 0, standIn: 'good', digest: 'd1' })).toEqual({ ruleset: 'tiny', humans: 1, robots: ['good'], watchers: 0, standIn: 'good', grace: DEFAULT_GRACE_MS, digest: 'd1' });
    expect(storedOptions({ ruleset: 'tiny', humans: 1, robots: [], watchers: 0, standIn: 'good', grace: -1 }).grace).toBe(-1);
  });
});

describe('log entries', () => {
  const entries: CardwordsEntry[] = [
    { kind: 'seat', name: 'Ann', key: 'k1', owner: true },
    { kind: 'seat', name: 'Bob', key: 'k2', owner: false },
    { kind: 'unseat', name: 'Bob' },
    { kind: 'action', action: { type: 'pass', player: 0 }, standIn: false },
    { kind: 'action', action: { type: 'pass', player: 1 }, standIn: true },
    { kind: 'ask', words: ['QI', 'ZA'], player: 'Bob' },
    { kind: 'word', word: 'QI' },
    { kind: 'reject', word: 'ZA' },
    { kind: 'remove', name: 'Bob' },
    { kind: 'leave', name: 'Ann' },
    { kind: 'vote', name: 'Bob' },
    { kind: 'rematch', seed: 's2' },
  ];

  it('every kind reads back as written', () => {
    for (const e of entries) expect(readEntry({ t: 1, ...writeEntry(e) })).toEqual(e);
  });

  it('records written before this version read the same; an unknown record is skipped', () => {
    expect(readEntry({ t: 1, seat: 'Ann', key: 'k' })).toEqual({ kind: 'seat', name: 'Ann', key: 'k', owner: false });
    expect(readEntry({ t: 1, a: { type: 'pass', player: 0 } })).toEqual({ kind: 'action', action: { type: 'pass', player: 0 }, standIn: false });
    expect(readEntry({ t: 1, ask: ['QI', 7], player: 'Bob' })).toEqual({ kind: 'ask', words: ['QI'], player: 'Bob' });
    expect(readEntry({ t: 1, something: 'else' })).toBeNull();
  });
});

describe("the owner's open questions", () => {
  it('counts who asked what; a decision closes the word; a word known meanwhile settles with its askers', () => {
    const known = new Set<string>();
    const q = new WordQuestions((w) => known.has(w));
    q.add(['QI', 'ZA'], 'Bob');
    q.add(['QI'], 'Cleo');
    expect(q.askers('QI')).toEqual(['Bob', 'Cleo']);
    expect(q.waiting(['QI', 'ZA'], 'Bob')).toBe(true);
    expect(q.waiting(['ZA'], 'Cleo')).toBe(false);
    expect([...q.byPlayer()]).toEqual([
      ['Bob', ['QI', 'ZA']],
      ['Cleo', ['QI']],
    ]);
    q.resolve('ZA');
    expect(q.has('ZA')).toBe(false);
    known.add('QI');
    expect([...q.byPlayer()]).toEqual([]);
    expect(q.settleKnown()).toEqual([['QI', ['Bob', 'Cleo']]]);
    expect(q.has('QI')).toBe(false);
  });

  it('caps: one player at most MAX_PENDING_PER_PLAYER open words, the game at most MAX_PENDING_WORDS', () => {
    const q = new WordQuestions(() => false);
    const words = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
    const first = q.fresh(words('A', MAX_PENDING_PER_PLAYER + 5), 'Ann');
    expect(first).toHaveLength(MAX_PENDING_PER_PLAYER);
    q.add(first, 'Ann');
    expect(q.fresh(['B0'], 'Ann')).toEqual([]);
    // a word already asked by Ann is no new question from her; from another player it is
    expect(q.fresh(['A0'], 'Ann')).toEqual([]);
    expect(q.fresh(['A0', 'A0'], 'Bob')).toEqual(['A0']);
    for (let p = 0; p < 12; p++) q.add(q.fresh(words(`P${p}-`, MAX_PENDING_PER_PLAYER), `P${p}`), `P${p}`);
    const open = new Set([...q.byPlayer().values()].flat());
    expect(open.size).toBe(MAX_PENDING_WORDS);
    expect(q.fresh(['NEW'], 'Zed')).toEqual([]);
    // an open word may still be asked by another player (no new word)
    expect(q.fresh(['A1'], 'Zed')).toEqual(['A1']);
  });
});
