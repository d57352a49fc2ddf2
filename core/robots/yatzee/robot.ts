// The optimal Yatzee robot: plays a sheet by the solved table (solver.ts). It decides with
// the same numbers the solver computed: after throw 1 or 2 it compares transferring now
// with every set of dice it could hold; after throw 3 it transfers to the category worth
// the most from here. It also answers hints ("what each choice is worth from here").
import { Rng } from '../../random.js';
import type { YatzeeAction, YatzeeState } from '../../games/yatzee/engine.js';
import { findPlayer } from '../../games/yatzee/engine.js';
import { CATEGORIES, DICE, FACES, THROWS_PER_ROUND, emptyScores, isFull, score, totals, type Category, type Die, type Scores } from '../../games/yatzee/rules.js';
import { NCAT, POW6, ROLL0, ROLLS, SCORE, keepDice, keepId, keyId } from './dice.js';
import { BONUS, BONUS_THRESHOLD, UPPER_COUNT } from '../../games/yatzee/rules.js';
import { UPS, analyzeRound, categoryValues, newScratch, sheetState, type CategoryValue, type RoundAnalysis, type Scratch } from './solver.js';

export type Decision =
  | { readonly kind: 'transfer'; readonly category: Category; readonly value: number }
  /** Hold `held` (by position) and throw the other dice. */
  | { readonly kind: 'throw'; readonly held: readonly boolean[]; readonly value: number };

export interface KeepOption {
  /** The dice held, sorted; all five means "transfer now". */
  keep: number[];
  /** Positions to hold for it (the first matching positions). */
  held: boolean[];
  /** Expected points from here (this round's transfer included) when holding these dice. */
  value: number;
}

function filledCount(mask: number): number {
  let n = 0;
  for (; mask; mask &= mask - 1) n++;
  return n;
}

export class OptimalRobot {
  private last: RoundAnalysis | null = null;
  private readonly scratch: Scratch = newScratch();
  private readonly early = new Map<number, RoundAnalysis>();

  /** `table` is the solved value table (solveAll, or loaded from the disk cache). */
  constructor(readonly table: Float64Array) {}

  /** The round analysis of a sheet position (the last one is kept: a round asks thrice). */
  analysis(scores: Scores): RoundAnalysis {
    const { mask, up } = sheetState(scores);
    if (this.last && this.last.mask === mask && this.last.up === up) return this.last;
    // The first rounds' states recur in every game: keep their analyses (at most
    // 1 + 15 x 6 + 105 x 36 states, 5 KiB each). Later states are analysed afresh.
    const early = filledCount(mask) <= 2;
    const key = mask * UPS + up;
    if (early) {
      const hit = this.early.get(key);
      if (hit) return (this.last = hit);
    }
    const reuse = this.last && !this.early.has(this.last.mask * UPS + this.last.up) ? this.last : undefined;
    this.last = analyzeRound(this.table, mask, up, this.scratch, reuse);
    if (early) this.early.set(key, this.last);
    return this.last;
  }

  /** Expected final score of a sheet before its next round (current total plus what is still to come). */
  expectedFinal(scores: Scores): number {
    const done = totals(scores).total;
    if (isFull(scores)) return done;
    const { mask, up } = sheetState(scores);
    return done + this.table[mask * 64 + up]!;
  }

  /** What each open category is worth for these dice, best first (points + rest of the game). */
  categoryValues(scores: Scores, dice: readonly Die[]): CategoryValue[] {
    const { mask, up } = sheetState(scores);
    return categoryValues(this.table, mask, up, dice);
  }

  /**
   * Every distinct choice after throw 1 or 2 (`throwsMade`), best first: holding each
   * sub-multiset of the dice, and holding all five (= transferring now).
   */
  keepOptions(scores: Scores, dice: readonly Die[], throwsMade: number): KeepOption[] {
    if (throwsMade < 1 || throwsMade >= THROWS_PER_ROUND) throw new RangeError('hold choices exist after throw 1 or 2');
    const a = this.analysis(scores);
    const keepValues = throwsMade === 2 ? a.keep3 : a.keep2;
    const seen = new Map<number, KeepOption>();
    for (let bits = (1 << DICE) - 1; bits >= 0; bits--) {
      const kept: number[] = [];
      const held: boolean[] = [];
      for (let k = 0; k < DICE; k++) {
        const on = (bits & (1 << k)) !== 0;
        held.push(on);
        if (on) kept.push(dice[k]!);
      }
      const id = keepId(kept);
      if (seen.has(id)) continue;
      const value = id >= ROLL0 ? a.final[id - ROLL0]! : keepValues[id]!;
      seen.set(id, { keep: keepDice(id), held, value });
    }
    // Stable sort: ties keep the order above (more dice held first, transfer first of all).
    return [...seen.values()].sort((x, y) => y.value - x.value);
  }

  /**
   * The optimal next step for a sheet that has thrown (`throwsMade` 1..3). The same choice
   * as the first of keepOptions / categoryValues (ties: transfer, then more dice held, then
   * sheet order), without allocating: the simulation calls this a few million times.
   */
  decide(scores: Scores, dice: readonly Die[], throwsMade: number): Decision {
    const a = this.analysis(scores);
    let key = 0;
    for (let k = 0; k < DICE; k++) key += POW6[dice[k]! as 1]!;
    const r = keyId(key) - ROLL0;
    if (r < 0 || r >= ROLLS) throw new RangeError(`not five dice: ${dice.join(',')}`);
    if (throwsMade < THROWS_PER_ROUND) {
      const values = throwsMade === 2 ? a.keep3 : a.keep2;
      let best = a.final[r]!;
      let bestBits = (1 << DICE) - 1;
      for (let bits = bestBits - 1; bits >= 0; bits--) {
        let kk = 0;
        for (let k = 0; k < DICE; k++) if (bits & (1 << k)) kk += POW6[dice[k]! as 1]!;
        const x = values[keyId(kk)]!;
        if (x > best) {
          best = x;
          bestBits = bits;
        }
      }
      if (bestBits !== (1 << DICE) - 1) {
        const held = [false, false, false, false, false];
        for (let k = 0; k < DICE; k++) held[k] = (bestBits & (1 << k)) !== 0;
        return { kind: 'throw', held, value: best };
      }
    }
    const { mask, up } = a;
    let bestCat = -1;
    let bestVal = -Infinity;
    for (let c = 0; c < NCAT; c++) {
      if (mask & (1 << c)) continue;
      const pts = SCORE[c * ROLLS + r]!;
      let nu = up;
      let bonus = 0;
      if (c < UPPER_COUNT) {
        nu = Math.min(BONUS_THRESHOLD, up + pts);
        if (up < BONUS_THRESHOLD && up + pts >= BONUS_THRESHOLD) bonus = BONUS;
      }
      const x = pts + bonus + this.table[(mask | (1 << c)) * UPS + nu]!;
      if (x > bestVal) {
        bestVal = x;
        bestCat = c;
      }
    }
    return { kind: 'transfer', category: CATEGORIES[bestCat]!, value: bestVal };
  }

  /**
   * The engine actions that carry out the robot's next step for one player (empty when
   * the sheet is full): a throw to start a round, hold/release plus a throw, or a transfer.
   */
  nextActions(state: YatzeeState, name: string): YatzeeAction[] {
    const i = findPlayer(state, name);
    const p = state.players[i];
    if (!p || !p.present || isFull(p.scores)) return [];
    const player = p.name;
    if (p.phase !== 'thrown') return [{ type: 'throw', player }];
    const d = this.decide(p.scores, p.dice, p.throwsMade);
    if (d.kind === 'transfer') return [{ type: 'transfer', player, category: d.category }];
    const out: YatzeeAction[] = [];
    const release = [0, 1, 2, 3, 4].filter((k) => p.held[k] && !d.held[k]);
    const hold = [0, 1, 2, 3, 4].filter((k) => !p.held[k] && d.held[k]);
    if (release.length) out.push({ type: 'release', player, dice: release });
    if (hold.length) out.push({ type: 'hold', player, dice: hold });
    out.push({ type: 'throw', player });
    return out;
  }
}

export interface SolitaireResult {
  scores: number[];
  total: number;
  bonus: boolean;
}

/**
 * One solitaire game by the robot, fast (no engine states). It draws dice exactly as the
 * engine does (all five on a round's first throw, then the dice not held, by position), so
 * the same generator state gives the same game through the engine (tested).
 */
export function playSolitaire(robot: OptimalRobot, rng: Rng): SolitaireResult {
  const scores: (number | null)[] = emptyScores();
  const dice = [1, 1, 1, 1, 1];
  for (let round = 0; round < CATEGORIES.length; round++) {
    for (let k = 0; k < DICE; k++) dice[k] = 1 + rng.int(FACES);
    for (let throwsMade = 1; ; throwsMade++) {
      const d = robot.decide(scores, dice, throwsMade);
      if (d.kind === 'transfer') {
        scores[CATEGORIES.indexOf(d.category)] = score(d.category, dice);
        break;
      }
      for (let k = 0; k < DICE; k++) if (!d.held[k]) dice[k] = 1 + rng.int(FACES);
    }
  }
  const t = totals(scores);
  return { scores: scores as number[], total: t.total, bonus: t.bonus > 0 };
}

export interface SimulationSummary {
  games: number;
  mean: number;
  sd: number;
  /** Fraction of games with the upper bonus. */
  bonusRate: number;
  min: number;
  max: number;
}

/** Plays `games` solitaire games from one seed (each game continues the same generator). */
export function simulate(robot: OptimalRobot, games: number, seed: number | string, onGame?: (done: number) => void): SimulationSummary {
  const rng = Rng.fromSeed(seed);
  let sum = 0;
  let sumSq = 0;
  let bonuses = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let g = 0; g < games; g++) {
    const r = playSolitaire(robot, rng);
    sum += r.total;
    sumSq += r.total * r.total;
    if (r.bonus) bonuses++;
    if (r.total < min) min = r.total;
    if (r.total > max) max = r.total;
    onGame?.(g + 1);
  }
  const mean = games ? sum / games : NaN;
  const variance = games > 1 ? (sumSq - games * mean * mean) / (games - 1) : 0;
  return { games, mean, sd: Math.sqrt(Math.max(0, variance)), bonusRate: games ? bonuses / games : NaN, min, max };
}
