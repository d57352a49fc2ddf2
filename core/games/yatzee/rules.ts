// Yatzee rules (docs/rules.md#yatzee-categories, #yatzee-bonus-line): the fifteen
// categories, their scores, the upper bonus, the bonus line, totals and the suggested
// category. Pure functions over plain data; the engine, the UI preview and the robot all
// score with these.

export const DICE = 5;
export const FACES = 6;
export const ROUNDS = 15;
export const THROWS_PER_ROUND = 3;
export const BONUS = 50;
/** The bonus is paid when the upper sum is at least this ("greater than 62"). */
export const BONUS_THRESHOLD = 63;

export const CATEGORIES = [
  'aces',
  'twos',
  'threes',
  'fours',
  'fives',
  'sixes',
  'onePair',
  'twoPairs',
  'threeAlike',
  'fourAlike',
  'small',
  'large',
  'fullHouse',
  'chance',
  'yatzee',
] as const;
export type Category = (typeof CATEGORIES)[number];
/** Index of a category in sheet order (0 = Aces ... 14 = Yatzee). */
export type CategoryIndex = number;

export const CATEGORY_LABELS: Readonly<Record<Category, string>> = {
  aces: 'Aces',
  twos: 'Twos',
  threes: 'Threes',
  fours: 'Fours',
  fives: 'Fives',
  sixes: 'Sixes',
  onePair: 'One pair',
  twoPairs: 'Two pairs',
  threeAlike: 'Three alike',
  fourAlike: 'Four alike',
  small: 'Small',
  large: 'Large',
  fullHouse: 'Full house',
  chance: 'Chance',
  yatzee: 'Yatzee',
};

/** The six upper categories are indices 0..5; Aces..Sixes count face 1..6. */
export const UPPER_COUNT = 6;

export function isCategory(x: unknown): x is Category {
  return typeof x === 'string' && (CATEGORIES as readonly string[]).includes(x);
}

export function categoryIndex(c: Category): CategoryIndex {
  return CATEGORIES.indexOf(c);
}

/** A die shows 1..6. */
export type Die = number;

export function isDie(x: unknown): x is Die {
  return typeof x === 'number' && Number.isInteger(x) && x >= 1 && x <= FACES;
}

/** counts[f] = how many dice show face f (index 0 unused, 1..6). */
export function faceCounts(dice: readonly Die[]): number[] {
  const c = [0, 0, 0, 0, 0, 0, 0];
  for (const d of dice) c[d]!++;
  return c;
}

/** The score of `dice` (five dice) in the category with index `cat`, from face counts. */
export function scoreCounts(cat: CategoryIndex, c: readonly number[]): number {
  const n = (f: number): number => c[f] ?? 0;
  let sum = 0;
  for (let f = 1; f <= FACES; f++) sum += f * n(f);
  if (cat >= 0 && cat < UPPER_COUNT) return (cat + 1) * n(cat + 1);
  switch (CATEGORIES[cat]) {
    case 'onePair':
      for (let f = FACES; f >= 1; f--) if (n(f) >= 2) return 2 * f;
      return 0;
    case 'twoPairs': {
      // Two different pairs. Four alike (with or without a fifth die) is one face: nil.
      let pairs = 0;
      let pts = 0;
      for (let f = FACES; f >= 1 && pairs < 2; f--)
        if (n(f) >= 2) {
          pairs++;
          pts += 2 * f;
        }
      return pairs === 2 ? pts : 0;
    }
    case 'threeAlike':
      for (let f = FACES; f >= 1; f--) if (n(f) >= 3) return 3 * f;
      return 0;
    case 'fourAlike':
      for (let f = FACES; f >= 1; f--) if (n(f) >= 4) return 4 * f;
      return 0;
    case 'small':
      return n(1) === 1 && n(2) === 1 && n(3) === 1 && n(4) === 1 && n(5) === 1 ? 15 : 0;
    case 'large':
      return n(2) === 1 && n(3) === 1 && n(4) === 1 && n(5) === 1 && n(6) === 1 ? 20 : 0;
    case 'fullHouse': {
      // Three of one face and two of another; five alike is not a full house.
      let three = 0;
      let two = 0;
      for (let f = 1; f <= FACES; f++) {
        if (n(f) === 3) three = f;
        else if (n(f) === 2) two = f;
      }
      return three && two ? sum : 0;
    }
    case 'chance':
      return sum;
    case 'yatzee':
      for (let f = 1; f <= FACES; f++) if (n(f) === DICE) return 50;
      return 0;
    default:
      throw new RangeError(`no such category index ${cat}`);
  }
}

/** The score of five dice in a category. */
export function score(category: Category | CategoryIndex, dice: readonly Die[]): number {
  const cat = typeof category === 'number' ? category : categoryIndex(category);
  return scoreCounts(cat, faceCounts(dice));
}

/** A sheet's scores in sheet order; null = not filled yet. */
export type Scores = readonly (number | null)[];

export function emptyScores(): (number | null)[] {
  return Array.from({ length: CATEGORIES.length }, () => null);
}

export function isFull(scores: Scores): boolean {
  return scores.every((s) => s !== null);
}

/**
 * The category the transfer dialog proposes (seed 4.2 "The program makes a suggestion";
 * it does not say how): the open category worth the most points for this throw, ties to
 * the first in sheet order. Null when every category is filled.
 */
export function suggestCategory(scores: Scores, dice: readonly Die[]): Category | null {
  const c = faceCounts(dice);
  let best = -1;
  let bestPts = -1;
  for (let i = 0; i < CATEGORIES.length; i++) {
    if (scores[i] !== null) continue;
    const pts = scoreCounts(i, c);
    if (pts > bestPts) {
      best = i;
      bestPts = pts;
    }
  }
  return best < 0 ? null : CATEGORIES[best]!;
}

/**
 * The bonus line (seed section 6): until all six upper categories are filled it shows
 * the running surplus (+) or deficit (-) against three dice of each filled face; then it
 * shows the upper sum including any bonus.
 */
export type BonusLine =
  | { readonly complete: false; readonly balance: number }
  | { readonly complete: true; readonly upperSum: number; readonly bonus: number; readonly total: number };

export function bonusLine(scores: Scores): BonusLine {
  let balance = 0;
  let upperSum = 0;
  let complete = true;
  for (let i = 0; i < UPPER_COUNT; i++) {
    const s = scores[i];
    if (s === null || s === undefined) {
      complete = false;
      continue;
    }
    upperSum += s;
    balance += s - 3 * (i + 1);
  }
  if (!complete) return { complete: false, balance };
  const bonus = upperSum >= BONUS_THRESHOLD ? BONUS : 0;
  return { complete: true, upperSum, bonus, total: upperSum + bonus };
}

/**
 * A running balance as the sheets write it: +3, -2 (`minus` the sign: the web's is U+2212),
 * and 0 without a sign (on track: the seed counts zero among the balances that get the bonus).
 */
export function balanceText(balance: number, minus = '-'): string {
  return balance > 0 ? `+${balance}` : balance < 0 ? `${minus}${-balance}` : '0';
}

/**
 * The bonus line as every sheet writes it (docs/rules.md#yatzee-bonus-line): the running
 * balance (`minus` as in balanceText), then the upper sum with its bonus, "105+50" or "58+0";
 * `narrow` (a column too narrow for that: ten sheets in 80 columns) writes their sum, "155",
 * the seed's own form.
 */
export function bonusLineText(b: BonusLine, minus = '-', narrow = false): string {
  if (!b.complete) return balanceText(b.balance, minus);
  return narrow ? String(b.total) : `${b.upperSum}+${b.bonus}`;
}

export interface Totals {
  /** Sum of the filled upper categories. */
  upper: number;
  /** 50 once the upper sum reaches 63 (it can only grow, so it is known as soon as it is reached). */
  bonus: number;
  /** Sum of the filled lower categories. */
  lower: number;
  total: number;
}

export function totals(scores: Scores): Totals {
  let upper = 0;
  let lower = 0;
  for (let i = 0; i < CATEGORIES.length; i++) {
    const s = scores[i] ?? 0;
    if (i < UPPER_COUNT) upper += s;
    else lower += s;
  }
  const bonus = upper >= BONUS_THRESHOLD ? BONUS : 0;
  return { upper, bonus, lower, total: upper + bonus + lower };
}
