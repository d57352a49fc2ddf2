import { describe, expect, it } from 'vitest';
import { CATEGORIES, balanceText, bonusLine, bonusLineText, faceCounts, score, suggestCategory, totals, emptyScores, type Category } from '../../core/games/yatzee/rules.js';

const s = (c: Category, dice: number[]): number => score(c, dice);

/** Every roll of five dice, as arrays (7776). */
function allRolls(): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < 6 ** 5; i++) {
    const d: number[] = [];
    for (let k = 0, x = i; k < 5; k++, x = Math.floor(x / 6)) d.push(1 + (x % 6));
    out.push(d);
  }
  return out;
}

describe('scoring, the seed\'s examples (section 6)', () => {
  it('upper categories count only their face', () => {
    expect(s('threes', [1, 3, 3, 5, 6])).toBe(6);
    expect(s('sixes', [1, 3, 3, 6, 6])).toBe(12);
    expect(s('aces', [2, 3, 4, 5, 6])).toBe(0);
    expect(s('fives', [5, 5, 5, 5, 5])).toBe(25);
  });
  it('One pair takes the highest pair; Two pairs both', () => {
    expect(s('onePair', [3, 3, 5, 6, 6])).toBe(12);
    expect(s('twoPairs', [3, 3, 5, 6, 6])).toBe(18);
    expect(s('onePair', [1, 2, 3, 4, 6])).toBe(0);
    expect(s('twoPairs', [2, 2, 5, 5, 5])).toBe(14); // a full house holds two different pairs
  });
  it('four alike (and five alike) in Two pairs yields nil', () => {
    expect(s('twoPairs', [4, 4, 4, 4, 2])).toBe(0);
    expect(s('twoPairs', [4, 4, 4, 4, 4])).toBe(0);
  });
  it('Three alike and Four alike count the alike dice only', () => {
    expect(s('threeAlike', [2, 5, 5, 5, 6])).toBe(15);
    expect(s('threeAlike', [6, 6, 6, 6, 1])).toBe(18);
    expect(s('fourAlike', [3, 3, 3, 3, 6])).toBe(12);
    expect(s('fourAlike', [3, 3, 3, 6, 6])).toBe(0);
    expect(s('fourAlike', [2, 2, 2, 2, 2])).toBe(8);
  });
  it('Small is 1-5 for 15, Large 2-6 for 20', () => {
    expect(s('small', [5, 3, 1, 4, 2])).toBe(15);
    expect(s('large', [6, 3, 2, 4, 5])).toBe(20);
    expect(s('small', [2, 3, 4, 5, 6])).toBe(0);
    expect(s('large', [1, 2, 3, 4, 5])).toBe(0);
    expect(s('small', [1, 2, 3, 4, 4])).toBe(0);
  });
  it('Full house sums three aces and two fives to 13; five alike is no full house', () => {
    expect(s('fullHouse', [1, 5, 1, 5, 1])).toBe(13);
    expect(s('fullHouse', [6, 6, 6, 6, 6])).toBe(0);
    expect(s('fullHouse', [6, 6, 6, 6, 5])).toBe(0);
  });
  it('Chance sums; Yatzee is 50 for five alike, whatever the face', () => {
    expect(s('chance', [1, 2, 3, 4, 6])).toBe(16);
    expect(s('yatzee', [1, 1, 1, 1, 1])).toBe(50);
    expect(s('yatzee', [6, 6, 6, 6, 5])).toBe(0);
  });
});

describe('scoring over all 7776 rolls', () => {
  const rolls = allRolls();
  it('agrees with independent definitions', () => {
    const wrong: string[] = [];
    const check = (got: number, want: number, what: string): void => void (got !== want && wrong.push(`${what}: ${got} != ${want}`));
    for (const d of rolls) {
      const c = faceCounts(d);
      const sum = d.reduce((a, b) => a + b, 0);
      const faces = [1, 2, 3, 4, 5, 6];
      const withAtLeast = (n: number): number[] => faces.filter((f) => c[f]! >= n);
      const pairs = withAtLeast(2);
      check(s('chance', d), sum, `chance ${d}`);
      check(s('onePair', d), pairs.length ? 2 * Math.max(...pairs) : 0, `onePair ${d}`);
      const top2 = pairs.sort((a, b) => b - a).slice(0, 2);
      check(s('twoPairs', d), top2.length === 2 ? 2 * (top2[0]! + top2[1]!) : 0, `twoPairs ${d}`);
      check(s('threeAlike', d), withAtLeast(3).length ? 3 * Math.max(...withAtLeast(3)) : 0, `threeAlike ${d}`);
      check(s('fourAlike', d), withAtLeast(4).length ? 4 * withAtLeast(4)[0]! : 0, `fourAlike ${d}`);
      const sorted = [...d].sort().join('');
      check(s('small', d), sorted === '12345' ? 15 : 0, `small ${d}`);
      check(s('large', d), sorted === '23456' ? 20 : 0, `large ${d}`);
      const shape = faces.map((f) => c[f]!).filter((n) => n > 0).sort().join('');
      check(s('fullHouse', d), shape === '23' ? sum : 0, `fullHouse ${d}`);
      check(s('yatzee', d), shape === '5' ? 50 : 0, `yatzee ${d}`);
      for (let f = 1; f <= 6; f++) check(score(f - 1, d), f * c[f]!, `face ${f} ${d}`);
    }
    expect(rolls).toHaveLength(7776);
    expect(wrong).toEqual([]);
  });
});

describe('bonus, bonus line and totals', () => {
  it('pays 50 at 63 (three of each face) but not at 62', () => {
    const sc = emptyScores();
    [3, 6, 9, 12, 15, 18].forEach((v, i) => (sc[i] = v));
    expect(totals(sc)).toEqual({ upper: 63, bonus: 50, lower: 0, total: 113 });
    sc[0] = 2;
    expect(totals(sc)).toEqual({ upper: 62, bonus: 0, lower: 0, total: 62 });
  });
  it('shows the running surplus or deficit until the six upper categories are filled', () => {
    const sc = emptyScores();
    expect(bonusLine(sc)).toEqual({ complete: false, balance: 0 });
    sc[0] = 4; // aces: one more than three
    sc[5] = 12; // sixes: two dice, six short
    sc[10] = 15; // lower categories do not count
    expect(bonusLine(sc)).toEqual({ complete: false, balance: 1 - 6 });
    [6, 9, 12, 15].forEach((v, i) => (sc[i + 1] = v));
    expect(bonusLine(sc)).toEqual({ complete: true, upperSum: 58, bonus: 0, total: 58 });
    sc[5] = 18;
    expect(bonusLine(sc)).toEqual({ complete: true, upperSum: 64, bonus: 50, total: 114 });
    expect(totals(sc).total).toBe(64 + 50 + 15);
  });
  it('writes the balance with its sign, and 0 (on track) without one, in the web and in Emacs alike', () => {
    expect([3, -2, 0].map((b) => balanceText(b))).toEqual(['+3', '-2', '0']);
    expect(balanceText(-63, '\u2212')).toBe('\u221263');
  });
  it('writes the bonus line as the balance, then the upper sum with its bonus, or their sum when narrow: one text for every client', () => {
    const upper = (faces: (number | null)[]) => [...faces, null, null, null, null, null, null, null, null, null];
    expect(bonusLineText(bonusLine(upper([4, 6, 9, null, null, 18])), '\u2212')).toBe('+1');
    expect(bonusLineText(bonusLine(upper([1, null, null, null, null, null])), '\u2212')).toBe('\u22122');
    // complete: 3+8+12+16+20+24 = 83, over 62: the bonus
    const full = bonusLine(upper([3, 8, 12, 16, 20, 24]));
    expect([bonusLineText(full), bonusLineText(full, '-', true)]).toEqual(['83+50', '133']);
    // complete under 63: no bonus, and the narrow form is the sum alone
    const short = bonusLine(upper([1, 2, 3, 4, 5, 6]));
    expect([bonusLineText(short), bonusLineText(short, '-', true)]).toEqual(['21+0', '21']);
  });
});

describe('suggested category', () => {
  it('is the open category worth most, ties to sheet order', () => {
    const sc = emptyScores();
    expect(suggestCategory(sc, [6, 6, 6, 6, 6])).toBe('yatzee');
    expect(suggestCategory(sc, [1, 1, 1, 2, 2])).toBe('fullHouse'); // 7, tied with Chance
    sc[CATEGORIES.indexOf('yatzee')] = 0;
    expect(suggestCategory(sc, [6, 6, 6, 6, 6])).toBe('sixes'); // 30, tied with Chance
  });
  it('offers only open categories, and nothing on a full sheet', () => {
    const sc = emptyScores();
    for (let i = 0; i < CATEGORIES.length; i++) if (CATEGORIES[i] !== 'aces') sc[i] = 0;
    expect(suggestCategory(sc, [6, 6, 6, 6, 6])).toBe('aces');
    sc[0] = 0;
    expect(suggestCategory(sc, [6, 6, 6, 6, 6])).toBeNull();
  });
});
