// Robot games through the engine (every action checked by the rules), for head-to-head
// strength measurement and the playtest report: each seat plays from its own view only.
import { apply, newGame, type CardwordsAction, type CardwordsState } from '../../games/cardwords/engine.js';
import type { CardwordsRules } from '../../games/cardwords/setup.js';
import { viewOf, type CardwordsView } from '../../games/cardwords/view.js';
import { Rng } from '../../random.js';
import type { WordStore } from '../../words/store.js';
import type { ChampionOptions } from './champion.js';
import type { Leaves } from './leaves.js';
import { robotAction, type RobotContext, type RobotLevel } from './robot.js';

export type SeatPolicy = (view: CardwordsView, rng: Rng) => CardwordsAction;

/**
 * A seat played by a robot level (the champion with the given leaves and options);
 * `shuffleTies`: the `best` level breaks its ties from the game's generator (the playtest's
 * statistics; RobotContext.shuffleTies).
 */
export function levelPolicy(rules: CardwordsRules, store: WordStore, level: RobotLevel, leaves?: Leaves, champion?: ChampionOptions, shuffleTies = false): SeatPolicy {
  const ctx: RobotContext = { table: rules.table, bonus: rules.bonus, store, deck: rules.deck, shuffleTies, ...(leaves ? { leaves } : {}), ...(champion ? { champion } : {}) };
  return (view, rng) => robotAction(ctx, view, level, rng);
}

export class RobotMoveRefused extends Error {}

/**
 * Plays a whole game; `onTurn` sees each state before and after an action. A robot action
 * the engine refuses is a bug: it throws RobotMoveRefused.
 */
export function playGame(
  rules: CardwordsRules,
  store: WordStore,
  policies: readonly SeatPolicy[],
  seed: string,
  onTurn?: (before: CardwordsState, action: CardwordsAction, after: CardwordsState) => void,
): CardwordsState {
  const g = newGame(rules, { seed, players: policies.map((_, i) => `Robot${i + 1}`) });
  if (!g.ok) throw new RangeError(g.error.message);
  let s = g.state;
  const rng = Rng.fromSeed(`${seed}/robots`);
  for (let turn = 0; !s.over; turn++) {
    if (turn > 100_000) throw new Error('the game does not end');
    const action = policies[s.turn]!(viewOf(s, s.turn), rng);
    const r = apply(rules, s, action, store);
    if (!r.ok) throw new RobotMoveRefused(`seat ${s.turn}: ${r.error.code}: ${r.error.message}`);
    onTurn?.(s, action, r.state);
    s = r.state;
  }
  return s;
}

export interface MatchResult {
  games: number;
  /** Wins of seat policy A (a tie counts half). */
  winsA: number;
  /** A's score minus B's, summed. */
  diff: number;
  /** The win rate and its 95 % interval (Wilson). */
  rate: number;
  low: number;
  high: number;
}

/** Wilson score interval at 95 %. */
export function wilson(wins: number, n: number): { rate: number; low: number; high: number } {
  if (n === 0) return { rate: NaN, low: 0, high: 1 };
  const z = 1.959963984540054;
  const p = wins / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return { rate: p, low: c - h, high: c + h };
}

/** Two policies over `games` seeded two-player games, alternating who starts. */
export function match(rules: CardwordsRules, store: WordStore, a: SeatPolicy, b: SeatPolicy, games: number, seed: string, onGame?: (done: number, r: MatchResult) => void): MatchResult {
  let winsA = 0;
  let diff = 0;
  let done = 0;
  const result = (): MatchResult => ({ games: done, winsA, diff, ...wilson(winsA, done) });
  for (let g = 0; g < games; g++) {
    // the same deal twice, each side starting once
    const aFirst = g % 2 === 0;
    const final = playGame(rules, store, aFirst ? [a, b] : [b, a], `${seed}/${g >> 1}`);
    const sa = final.players[aFirst ? 0 : 1]!.score;
    const sb = final.players[aFirst ? 1 : 0]!.score;
    winsA += sa > sb ? 1 : sa === sb ? 0.5 : 0;
    diff += sa - sb;
    done++;
    onGame?.(done, result());
  }
  return result();
}
