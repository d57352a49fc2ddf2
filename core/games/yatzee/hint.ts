// The Yatzee hint's wire shape (GET /yatzee/hint, docs/server.md): the query every client
// builds from a sheet, the server's parse of it, the answer, and that answer on the scale
// the clients show (expected final scores). One home, so the web panel and the editor
// bridge ask the same question and show the same numbers.
import { CATEGORIES, DICE, THROWS_PER_ROUND, isDie, isFull, totals, type Category, type Scores } from './rules.js';

/** The server's answer: values are the points still to come (add the sheet's total for a final score). */
export interface YatzeeHint {
  expectedFinal: number;
  categories: { category: Category; points: number; bonus: number; value: number }[];
  keeps: { keep: number[]; held: boolean[]; value: number }[] | null;
}

/** What the hint is asked about: a sheet's scores, its dice and how far the round is. */
export interface HintSheet {
  scores: Scores;
  dice: readonly number[];
  /** The sheet's phase: throws count only once thrown (after a transfer the round starts again). */
  phase: string;
  throwsMade: number;
}

export interface HintQuery {
  scores: Scores;
  dice: number[];
  throws: number;
}

/**
 * `scores=` 15 values (a number, or `-` for open) `&dice=` five faces `&throws=` 0..3. Also
 * the key of the throw a hint belongs to: the same query, the same answer.
 */
export function hintQuery(s: HintSheet): string {
  const scores = s.scores.map((x) => (x === null ? '-' : String(x))).join(',');
  return `scores=${scores}&dice=${s.dice.join(',')}&throws=${s.phase === 'thrown' ? s.throwsMade : 0}`;
}

/** The server's reading of hintQuery's parameters; a string says what is wrong. */
export function parseHintQuery(q: Record<string, unknown>): HintQuery | string {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const scores = str(q.scores).split(',').map((s) => (s === '-' ? null : Number(s)));
  if (scores.length !== CATEGORIES.length || scores.some((s) => s !== null && (!Number.isInteger(s) || s < 0 || s > 50))) return `scores: ${CATEGORIES.length} values, a number or - each`;
  const dice = str(q.dice).split(',').map(Number);
  if (dice.length !== DICE || !dice.every(isDie)) return 'dice: five faces 1..6';
  const throws = Number(str(q.throws));
  if (!Number.isInteger(throws) || throws < 0 || throws > THROWS_PER_ROUND) return `throws: 0..${THROWS_PER_ROUND}`;
  return { scores, dice, throws };
}

/** A hint as shown: expected final scores. */
export interface HintShown {
  expectedFinal: number;
  /** Per category in sheet order: the expected final score when transferring there now; null for a filled one or before a throw. */
  categories: (number | null)[];
  /** The category with the best expectation, or null before a throw. */
  best: Category | null;
  /**
   * The best hold after throw 1 or 2 (all five dice: transfer now), or null: its faces, and
   * `positions` the dice to hold by place (0..4, as the keys 1-5 name them: a face alone
   * reads as a die's number), empty from a server that does not say.
   */
  keep: { dice: number[]; positions: number[]; transferNow: boolean; expected: number } | null;
  /**
   * The expected final score for the dice shown, played best from here (the best hold, or
   * after the last throw the best category); null before a throw. A throw moves it away from
   * `expectedFinal`, the round's start, up or down: the two are shown together.
   */
  now: number | null;
}

export function showHint(hint: YatzeeHint, s: HintSheet): HintShown {
  const have = totals(s.scores).total;
  const byCategory = new Map(hint.categories.map((c) => [c.category, c.value + have]));
  const categories = CATEGORIES.map((c, i) => (s.scores[i] === null ? (byCategory.get(c) ?? null) : null));
  // the first of the best open categories in sheet order (ties: any of them is as good)
  let best: Category | null = null;
  categories.forEach((v, i) => {
    if (v !== null && (best === null || v > categories[CATEGORIES.indexOf(best)]!)) best = CATEGORIES[i]!;
  });
  const k = s.phase === 'thrown' ? hint.keeps?.[0] : undefined;
  const positions = k?.held?.length === DICE ? k.held.flatMap((on, i) => (on ? [i] : [])) : [];
  const keep = k ? { dice: k.keep, positions, transferNow: k.keep.length === DICE, expected: k.value + have } : null;
  const bestNow = best === null ? null : categories[CATEGORIES.indexOf(best)]!;
  return {
    expectedFinal: hint.expectedFinal,
    categories,
    best,
    keep,
    now: s.phase !== 'thrown' ? null : keep ? keep.expected : bestNow,
  };
}

/**
 * The answer shown for a sheet, or null when it answers another throw (`answered`: the query
 * it answers) or the sheet is full: nothing is left to advise, and its "expected final score"
 * would only repeat the total.
 */
export function hintForThrow(hint: YatzeeHint | null, answered: string, s: HintSheet): HintShown | null {
  return hint && answered === hintQuery(s) && !isFull(s.scores) ? showHint(hint, s) : null;
}
