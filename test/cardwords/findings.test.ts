// What a playtest says to a ruleset's author (core/robots/cardwords/findings.ts): each finding
// at its threshold and just short of it, and `none` when nothing stands out.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cardFigures, findingMessage, playtestFindings, roundParts, type FindingsInput } from '../../core/robots/cardwords/findings.js';
import { formatMessage } from '../../core/l10n/format.js';
import { unlayableWords } from '../../core/ruleset/load.js';
import { sample } from './games.js';

/** A report where nothing stands out: 20 games of 2, all gone out, no passes. */
function quiet(over: Partial<FindingsInput> = {}): FindingsInput {
  return {
    games: 20,
    players: 2,
    level: 'best',
    trades: 3,
    endings: { out: 20, idle: 0 },
    actions: { move: 0.95, trade: 0.05, pass: 0 },
    scores: { mean: 300 },
    firstPlayer: { winShare: 0.55, low: 0.34, high: 0.74 },
    cards: [{ card: '[A 1]', copies: 9, laidShare: 0.97 }, { card: '[Q 10]', copies: 1, laidShare: 0.5 }],
    ...over,
  };
}
const kinds = (r: FindingsInput) => playtestFindings(r).map((f) => f.kind);
const words = (r: FindingsInput) => playtestFindings(r).map((f) => { const m = findingMessage(f); return formatMessage(m.template, m.args, 'en'); });

describe('playtest findings', () => {
  it('words no game can lay: too long for any run of free cells, or needing more cards of a character than there are (wildcards included), counted and one named', async () => {
    const tiny = await sample('samples/tiny');
    // tiny: 7x7, two blocked corners (runs of 7 remain); B 2 cards, 4 wildcards
    const u = unlayableWords(['BEAST', 'BATTENSATE', 'BBBBBB', 'BBBBBBB', 'SEATBENTS', 'NEST'], tiny.rules.deck, tiny.rules.table);
    expect(u).toEqual({ longestRun: 7, tooLong: 2, tooLongFirst: 'BATTENSATE', unspellable: 1, unspellableFirst: 'BBBBBBB' });
    const said = quiet({ unlayable: { total: 6, ...u } });
    expect(kinds(said)).toEqual(['words-too-long', 'words-unspellable']);
    expect(words(said)).toEqual([
      'Words longer than the longest run of free cells (7 cells) can never be laid: 2 of the 6, such as BATTENSATE.',
      'Words that need more cards of a character than the card set has, wildcards included, can never be laid: 1 of the 6, such as BBBBBBB.',
    ]);
    // counts of a general word list, grouped as the reader's language writes numbers (it read "4274 of the 274932")
    const many = playtestFindings(quiet({ unlayable: { total: 274_932, longestRun: 15, tooLong: 4274, tooLongFirst: 'ABC', unspellable: 1200, unspellableFirst: 'ZZZ' } }));
    const said2 = (locale: string) => many.map((f) => { const m = findingMessage(f); return formatMessage(m.template, m.args, locale); });
    expect(said2('en')[0]).toContain(': 4,274 of the 274,932, such as ABC.');
    expect(said2('en')[1]).toContain(': 1,200 of the 274,932, such as ZZZ.');
    expect(said2('da')[0]).toContain(': 4.274 of the 274.932, such as ABC.');
    expect(formatMessage(findingMessage({ kind: 'stalls', idle: 1500, games: 2000 }).template, [1500, 2000], 'de')).toMatch(/^1\.500 of 2\.000 games /);
    // every word layable: nothing said of them
    expect(kinds(quiet({ unlayable: { total: 2, ...unlayableWords(['BEAST', 'NEST'], tiny.rules.deck, tiny.rules.table) } }))).toEqual(['none']);
  });

  it('none when nothing stands out, said in words', () => {
    expect(kinds(quiet())).toEqual(['none']);
    expect(words(quiet())).toEqual(['Nothing stands out: most games end with a player going out, few turns are passes, and every card is laid in at least half of its copies.']);
  });

  it('games that stall: from a quarter of the games', () => {
    expect(kinds(quiet({ endings: { out: 16, idle: 4 } }))).toEqual(['none']);
    expect(kinds(quiet({ endings: { out: 15, idle: 5 } }))).toEqual(['stalls']);
    expect(words(quiet({ endings: { out: 15, idle: 5 } }))[0]).toBe('5 of 20 games ended with every player passing or trading twice in a row, not with a player going out: the moves ran out before the cards did.');
    expect(words(quiet({ games: 1, endings: { out: 0, idle: 1 } }))[0]).toMatch(/^1 of 1 game ended /);
  });

  it('passes: from a fifth of the turns', () => {
    expect(kinds(quiet({ actions: { move: 0.81, trade: 0, pass: 0.19 } }))).toEqual(['none']);
    expect(words(quiet({ actions: { move: 0.8, trade: 0, pass: 0.2 } }))).toEqual(['20 % of the turns were passes: the players often had no move.']);
  });

  it('a negative mean score', () => {
    expect(kinds(quiet({ scores: { mean: 0 } }))).toEqual(['none']);
    expect(words(quiet({ scores: { mean: -13.83 } }))).toEqual(['The mean final score is negative (-13.8): the cards left in the hands at the end cost more than the moves earned.']);
  });

  it('the first player: only when the 95 % interval leaves out an even chance, 1 in the number of players', () => {
    expect(kinds(quiet({ firstPlayer: { winShare: 0.6, low: 0.5, high: 0.7 } }))).toEqual(['none']);
    expect(words(quiet({ firstPlayer: { winShare: 0.6, low: 0.51, high: 0.69 } }))).toEqual(['Moving first is an advantage: the first player wins 60 % of the games (95 % confidence interval 51 % to 69 %), more than the 50 % of an even chance.']);
    expect(kinds(quiet({ firstPlayer: { winShare: 0.4, low: 0.3, high: 0.49 } }))).toEqual(['first-behind']);
    // three players: an even chance is a third, so 40 % (35..45) is ahead and 30 % (25..32) behind
    expect(kinds(quiet({ players: 3, firstPlayer: { winShare: 0.4, low: 0.35, high: 0.45 } }))).toEqual(['first-ahead']);
    expect(words(quiet({ players: 3, firstPlayer: { winShare: 0.3, low: 0.25, high: 0.32 } }))[0]).toContain('less than the 33.3 % of an even chance');
    // one player alone has no first-player advantage to speak of
    expect(kinds(quiet({ players: 1, firstPlayer: { winShare: 1, low: 0.84, high: 1 } }))).toEqual(['none']);
  });

  it('cards seldom laid: under half of their copies, dealt often enough to tell, the least laid first, at most eight', () => {
    const cards = [
      { card: '[A 1]', copies: 9, laidShare: 0.97 },
      { card: '[Q 10]', copies: 1, laidShare: 0.35 },
      { card: '[X 8]', copies: 1, laidShare: 0 },
      { card: '[Z 8]', copies: 2, laidShare: 0.499 },
    ];
    expect(words(quiet({ cards }))).toEqual(['Laid in fewer than half of their copies: [X 8] 0 %, [Q 10] 35 %, [Z 8] 49.9 %. Few words take them, or they are hard to place.']);
    // one copy over three games: too few deals to tell
    expect(kinds(quiet({ games: 3, cards }))).toEqual(['seldom-laid']);
    expect(playtestFindings(quiet({ games: 3, cards }))[0]).toEqual({ kind: 'seldom-laid', cards: [{ card: '[Z 8]', laidShare: 0.499 }] });
    const many = Array.from({ length: 12 }, (_, i) => ({ card: `[${String.fromCharCode(65 + i)} 1]`, copies: 2, laidShare: i / 100 }));
    const seldom = playtestFindings(quiet({ cards: many }))[0]!;
    expect(seldom.kind === 'seldom-laid' && seldom.cards.map((c) => c.card)).toEqual(['[A 1]', '[B 1]', '[C 1]', '[D 1]', '[E 1]', '[F 1]', '[G 1]', '[H 1]']);
  });

  it('robots that never traded at a level that does not weigh trades: said after the rest, "none" kept', () => {
    expect(kinds(quiet({ trades: 0 }))).toEqual(['none', 'no-trades']);
    expect(words(quiet({ level: 'good', trades: 0 }))[1]).toBe('The robots never traded: at level good a robot trades only when the trade alone scores more than a pass and every move, not for the cards it would draw, so these games tell nothing of trading. Level champion weighs what a trade keeps and draws.');
    // a trade made, or the champion, which weighs them: nothing to say
    expect(kinds(quiet({ trades: 1 }))).toEqual(['none']);
    expect(kinds(quiet({ level: 'champion', trades: 0 }))).toEqual(['none']);
    expect(kinds(quiet({ trades: 0, scores: { mean: -1 } }))).toEqual(['negative-scores', 'no-trades']);
  });

  it('special cells no game covered: named as the page names them and by the indices cardwords check uses ("B1 (1,0)"), with their attributes as the table file writes them, in reading order, at most eight', () => {
    const free = { blocked: false, points: 0, letterFactor: 1, wordFactor: 1 };
    // a 3 x 2 table: B1 W 2 never covered, C1 C 5 L 2 never, A2 L 3 covered once, B2 blocked with C 9
    const cells = [free, { ...free, wordFactor: 2 }, { ...free, points: 5, letterFactor: 2 }, { ...free, letterFactor: 3 }, { ...free, blocked: true, points: 9 }, free];
    const table = { width: 3, cells, coveredGames: [20, 0, 0, 1, 0, 0] };
    expect(playtestFindings(quiet({ table }))).toEqual([{ kind: 'uncovered-special', count: 2, cells: [{ column: 1, row: 0, attributes: 'W 2' }, { column: 2, row: 0, attributes: 'C 5 L 2' }] }]);
    expect(words(quiet({ table }))).toEqual(['No game covered 2 special cells: B1 (1,0): W 2, C1 (2,0): C 5 L 2; those factors and cell points never counted.']);
    // covered in one game of them: nothing to say; another naming of cells is the caller's
    expect(kinds(quiet({ table: { ...table, coveredGames: [20, 1, 1, 1, 0, 0] } }))).toEqual(['none']);
    const f = playtestFindings(quiet({ table }))[0]!;
    expect(findingMessage(f, (c, r) => `${c},${r}`).args).toEqual([2, '1,0 (1,0): W 2, 2,0 (2,0): C 5 L 2']);
    // ten of them: eight named, and the count
    const wide = { width: 10, cells: Array.from({ length: 10 }, () => ({ ...free, points: 1 })), coveredGames: new Array<number>(10).fill(0) };
    const many = findingMessage(playtestFindings(quiet({ table: wide }))[0]!);
    expect(many.args[0]).toBe(10);
    expect(String(many.args[1]).split(', ')).toEqual(['A1 (0,0): C 1', 'B1 (1,0): C 1', 'C1 (2,0): C 1', 'D1 (3,0): C 1', 'E1 (4,0): C 1', 'F1 (5,0): C 1', 'G1 (6,0): C 1', 'H1 (7,0): C 1', '…']);
  });

  it('the dictionary words no game laid: how many of all, eight named in dictionary order, last (a fact, not a fault)', () => {
    const list = Array.from({ length: 27 }, (_, i) => `W${i}`);
    expect(playtestFindings(quiet({ unplayed: { count: 27, total: 52, words: list } })).map((f) => f.kind)).toEqual(['none', 'words-unplayed']);
    expect(words(quiet({ unplayed: { count: 27, total: 52, words: list } })).at(-1)).toBe('Words no game laid: 27 of the 52, such as W0, W1, W2, W3, W4, W5, W6, W7, ….');
    // all of them named: a list, not "such as"
    expect(words(quiet({ unplayed: { count: 2, total: 52, words: ['STAR', 'RATS'] } })).at(-1)).toBe('Words no game laid: 2 of the 52: STAR and RATS.');
    expect(kinds(quiet({ unplayed: { count: 0, total: 52, words: [] } }))).toEqual(['none']);
    // a word list the games could not go through says nothing of the ruleset: only where the
    // games laid a tenth of the words at least (a word list of 100,397: "99,818 not laid")
    expect(kinds(quiet({ unplayed: { count: 99_818, total: 100_397, words: list } }))).toEqual(['none']);
    expect(kinds(quiet({ unplayed: { count: 900, total: 1000, words: list } }))).toEqual(['none', 'words-unplayed']);
    expect(kinds(quiet({ unplayed: { count: 901, total: 1000, words: list } }))).toEqual(['none']);
  });

  it('several at once, in a fixed order', () => {
    expect(kinds(quiet({ endings: { out: 0, idle: 20 }, actions: { move: 0.4, trade: 0, pass: 0.6 }, scores: { mean: -5 }, firstPlayer: { winShare: 0.8, low: 0.58, high: 0.92 }, cards: [{ card: '[B 9]', copies: 2, laidShare: 0 }], trades: 0 })))
      .toEqual(['stalls', 'passes', 'negative-scores', 'first-ahead', 'seldom-laid', 'no-trades']);
  });
});

describe('a card\'s figures as the reports show them', () => {
  it('laid and stuck are rounded with the pile\'s rest: they add up to the copies, each within a unit of its value', () => {
    // rounded one by one, 0.45 and 0.55 of one copy read 0.5 and 0.6
    expect(cardFigures({ copies: 1, laid: 0.45, stuck: 0.55 })).toEqual({ laid: 0.5, stuck: 0.5 });
    expect(cardFigures({ copies: 3, laid: 2.25, stuck: 0.75 })).toEqual({ laid: 2.3, stuck: 0.7 });
    expect(roundParts([1, 1, 1], 3, 1)).toEqual([0.4, 0.3, 0.3]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 9 }), fc.nat(), fc.nat(), fc.integer({ min: 0, max: 3 }), (games, copies, a, b, digits) => {
        const total = games * copies;
        const laid = a % (total + 1);
        const stuck = b % (total - laid + 1);
        const parts = roundParts([laid, stuck, total - laid - stuck], games, digits);
        const unit = 10 ** -digits;
        expect(parts.reduce((x, y) => x + y, 0)).toBeCloseTo(copies, 9);
        parts.forEach((p, i) => expect(Math.abs(p - [laid, stuck, total - laid - stuck][i]! / games)).toBeLessThan(unit + 1e-9));
      }),
      { numRuns: 500 },
    );
  });
});
