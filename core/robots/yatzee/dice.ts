// Dice multisets for the Yatzee solver, enumerated once at load (a few hundred microseconds).
//
// A "keep" is a multiset of 0..5 dice (462 of them); the 252 keeps of exactly five dice are
// the "rolls". Ids are ordered by size, so rolls are ids ROLL0..KEEPS-1 and roll number r
// is id ROLL0 + r. From a keep of size < 5, adding face f gives CHILD[id * 6 + f - 1];
// throwing the missing dice one at a time, each uniform, gives exactly the multinomial
// distribution of the re-rolled dice, which is what the solver's expectation pass uses.
import { CATEGORIES, DICE, FACES, scoreCounts } from '../../games/yatzee/rules.js';

export const KEEPS = 462;
export const ROLLS = 252;
export const ROLL0 = KEEPS - ROLLS; // 210
export const NCAT = CATEGORIES.length;

/** counts of each keep: COUNTS[id * 7 + f] for f = 1..6 (index 0 is the size). */
export const COUNTS = new Uint8Array(KEEPS * 7);
/** Keep id of a base-6 counts key (sum of counts[f] * 6^(f-1)); -1 when not a keep. */
const ID_OF_KEY = new Int16Array(6 ** FACES).fill(-1);
/** CHILD[id * 6 + f - 1] = id of keep `id` plus one die showing f (ids < ROLL0 only). */
export const CHILD = new Int16Array(ROLL0 * FACES);
/** Sub-keeps one die smaller: PARENTS[PARENT_START[id] .. PARENT_START[id + 1]). */
export const PARENT_START = new Int32Array(KEEPS + 1);
export let PARENTS = new Int16Array(0);
/** Probability of each roll of five fresh dice. */
export const ROLL_PROB = new Float64Array(ROLLS);
/** SCORE[cat * ROLLS + r]: points of roll r in category cat. */
export const SCORE = new Uint8Array(NCAT * ROLLS);
/** FACE_COUNT[(f - 1) * ROLLS + r]: how many dice of roll r show f. */
export const FACE_COUNT = new Uint8Array(FACES * ROLLS);

function keyOf(c: ArrayLike<number>): number {
  let k = 0;
  for (let f = FACES; f >= 1; f--) k = k * 6 + (c[f] ?? 0);
  return k;
}

{
  const all: number[][] = [];
  const cur = [0, 0, 0, 0, 0, 0, 0];
  const rec = (f: number, left: number): void => {
    if (f > FACES) {
      all.push(cur.slice());
      return;
    }
    for (let n = 0; n <= left; n++) {
      cur[f] = n;
      rec(f + 1, left - n);
    }
    cur[f] = 0;
  };
  rec(1, DICE);
  const size = (c: number[]): number => c.slice(1).reduce((a, b) => a + b, 0);
  all.sort((a, b) => size(a) - size(b) || keyOf(a) - keyOf(b));
  all.forEach((c, id) => {
    c[0] = size(c);
    for (let f = 0; f <= FACES; f++) COUNTS[id * 7 + f] = c[f]!;
    ID_OF_KEY[keyOf(c)] = id;
  });
  const parents: number[] = [];
  const fact = [1, 1, 2, 6, 24, 120];
  all.forEach((c, id) => {
    if (id < ROLL0)
      for (let f = 1; f <= FACES; f++) {
        const d = c.slice();
        d[f]!++;
        CHILD[id * FACES + f - 1] = ID_OF_KEY[keyOf(d)]!;
      }
    PARENT_START[id] = parents.length;
    for (let f = 1; f <= FACES; f++)
      if (c[f]! > 0) {
        const d = c.slice();
        d[f]!--;
        parents.push(ID_OF_KEY[keyOf(d)]!);
      }
    if (id >= ROLL0) {
      const r = id - ROLL0;
      let ways = fact[DICE]!;
      for (let f = 1; f <= FACES; f++) {
        ways /= fact[c[f]!]!;
        FACE_COUNT[(f - 1) * ROLLS + r] = c[f]!;
      }
      ROLL_PROB[r] = ways / 6 ** DICE;
      for (let cat = 0; cat < NCAT; cat++) SCORE[cat * ROLLS + r] = scoreCounts(cat, c);
    }
  });
  PARENT_START[KEEPS] = parents.length;
  PARENTS = Int16Array.from(parents);
}

/** POW6[f] = 6^(f-1): a die showing f adds POW6[f] to a keep's key (keyId). */
export const POW6 = [0, 1, 6, 36, 216, 1296, 7776] as const;

/** The keep id of a base-6 counts key (sum of POW6 over the dice), -1 when none. */
export function keyId(key: number): number {
  return ID_OF_KEY[key] ?? -1;
}

/** The keep id of some dice (0..5 of them, faces 1..6). */
export function keepId(dice: readonly number[]): number {
  const c = [0, 0, 0, 0, 0, 0, 0];
  for (const d of dice) c[d]!++;
  const id = ID_OF_KEY[keyOf(c)];
  if (id === undefined || id < 0) throw new RangeError(`not a keep: ${dice.join(',')}`);
  return id;
}

/** The dice of a keep, sorted. */
export function keepDice(id: number): number[] {
  const out: number[] = [];
  for (let f = 1; f <= FACES; f++) for (let n = 0; n < COUNTS[id * 7 + f]!; n++) out.push(f);
  return out;
}
