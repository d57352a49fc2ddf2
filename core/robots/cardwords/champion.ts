// The champion robot: static equity (score + learned leave value, equity.ts) over every move,
// trade and pass; then Monte-Carlo simulation of the best candidates: the unseen cards are
// dealt at random to the other hands and the pile (one deal shared by all candidates per
// iteration, so the comparison is fair), the candidate is played, then a few turns with the
// others playing their highest score and the champion its best equity; the candidate with
// the best mean result wins. With the pile empty and two players, an endgame search
// (endgame.ts) plays the game out instead.
//
// Randomness comes from the caller's seeded generator. A time budget makes the number of
// iterations depend on the machine; tests give a fixed iteration count instead.
import type { Rng } from '../../random.js';
import type { CardwordsView } from '../../games/cardwords/view.js';
import type { Board, Card } from '../../games/cardwords/types.js';
import { bestAction, rankActions, type RankedAction } from './equity.js';
import { endgameSearch } from './endgame.js';
import type { GenContext } from './generate.js';
import type { Leaves } from './leaves.js';
import type { RobotChoice } from './choice.js';
import { clonePosition, greedyChoice, handPoints, playChoice, unseenCards, type SimPosition } from './simulate.js';

export interface ChampionContext extends GenContext {
  /** Every card of the card set (to know which cards are unseen). */
  deck: readonly Card[];
  leaves: Leaves;
}

export interface ChampionOptions {
  /** false: static equity only. */
  simulate?: boolean;
  /** Time per decision in ms (default 1000), measured with `now`. Ignored when `iterations` is set. */
  timeMs?: number;
  /** A fixed number of simulation iterations (reproducible; tests); without it and without `now`, DEFAULT_ITERATIONS. */
  iterations?: number;
  /** Candidates simulated (default 8). */
  candidates?: number;
  /** Turns played after the candidate (default 2: the next player's reply and the champion's next turn). */
  plies?: number;
  /** false: no endgame search. */
  endgame?: boolean;
  /** The clock (ms) for the time budget, passed in by the host (server: performance.now). */
  now?: () => number;
}

export interface ChampionDecision {
  choice: RobotChoice;
  /** Candidates by static equity, with the simulated mean when simulated. */
  ranked: Array<RankedAction & { simulated?: number }>;
  iterations: number;
  how: 'static' | 'simulation' | 'endgame';
}

/** Iterations when there is neither a count nor a clock (core has no clock of its own). */
export const DEFAULT_ITERATIONS = 64;

/** What the seat knows: its hand, the table, the pile's size and how many cards each other player holds. */
export interface ChampionPosition {
  board: Board;
  hand: readonly Card[];
  pile: number;
  /** Cards per seat (the champion's own included). */
  handSizes: readonly number[];
  seat: number;
  /** Turns in a row without a move. */
  idle: number;
}

export function positionOfView(view: CardwordsView): ChampionPosition {
  if (view.viewer === null || view.hand === null) throw new RangeError("a robot plays a seat, not a watcher's view");
  return { board: view.board, hand: view.hand, pile: view.pile, handSizes: view.players.map((p) => p.cards), seat: view.viewer, idle: view.idle };
}

export function championDecide(cc: ChampionContext, pos: ChampionPosition, rng: Rng, opts: ChampionOptions = {}): ChampionDecision {
  const unseen = unseenCards(cc.deck, pos.hand, pos.board);
  const unseenPoints = handPoints(unseen);
  const ranked = rankActions(cc, pos.board, pos.hand, pos.pile, cc.leaves, { unseenPoints });
  const first = ranked[0]!;
  const others = pos.handSizes.reduce((a, b, i) => a + (i === pos.seat ? 0 : b), 0);
  // the unseen cards must be the others' hands and the pile (a custom position may not add up)
  const consistent = unseen.length === others + pos.pile;
  const players = pos.handSizes.length;
  if (consistent && opts.endgame !== false && pos.pile === 0 && players === 2 && pos.hand.length > 0) {
    const now = opts.now;
    const start: SimPosition = {
      board: pos.board,
      hands: pos.seat === 0 ? [pos.hand.slice(), unseen] : [unseen, pos.hand.slice()],
      pile: [],
      scores: [0, 0],
      turn: pos.seat,
      idle: pos.idle,
      over: false,
    };
    const budget = opts.iterations !== undefined || !now ? {} : { deadline: now() + (opts.timeMs ?? 1000), now };
    const r = endgameSearch(cc, start, { ...budget });
    return { choice: r.choice, ranked, iterations: r.nodes, how: 'endgame' };
  }
  if (opts.simulate === false || !consistent || ranked.length === 1 || players < 2) return { choice: first.choice, ranked, iterations: 0, how: 'static' };

  const cands: Array<RankedAction & { simulated?: number }> = ranked.slice(0, opts.candidates ?? 8);
  const sums = new Float64Array(cands.length);
  const plies = opts.plies ?? 2;
  const now = opts.now;
  const fixed = opts.iterations ?? (now ? undefined : DEFAULT_ITERATIONS);
  const deadline = now ? now() + (opts.timeMs ?? 1000) : 0;
  let it = 0;
  for (;;) {
    if (fixed !== undefined ? it >= fixed : it > 0 && now!() > deadline) break;
    const deal = rng.shuffle(unseen.slice());
    const hands: Card[][] = [];
    let at = 0;
    for (let s = 0; s < players; s++) {
      if (s === pos.seat) hands.push(pos.hand.slice());
      else {
        hands.push(deal.slice(at, at + pos.handSizes[s]!));
        at += pos.handSizes[s]!;
      }
    }
    const start: SimPosition = { board: pos.board, hands, pile: deal.slice(at), scores: new Array<number>(players).fill(0), turn: pos.seat, idle: pos.idle, over: false };
    for (let c = 0; c < cands.length; c++) sums[c]! += playOut(cc, start, cands[c]!, plies, rng, unseenPoints);
    it++;
  }
  let best = 0;
  for (let c = 0; c < cands.length; c++) {
    cands[c]!.simulated = sums[c]! / it;
    if (cands[c]!.simulated! > cands[best]!.simulated!) best = c;
  }
  return { choice: cands[best]!.choice, ranked: cands.concat(ranked.slice(cands.length)), iterations: it, how: 'simulation' };
}

/** One simulated line: the candidate, then `plies` turns; the champion's gain over the others' mean gain plus its last leave. */
function playOut(cc: ChampionContext, start: SimPosition, cand: RankedAction, plies: number, rng: Rng, unseenPoints: number): number {
  const p = clonePosition(start);
  const me = p.turn;
  playChoice(cc, p, cand.choice, rng);
  let leave = cand.leave;
  for (let k = 0; k < plies && !p.over; k++) {
    const seat = p.turn;
    const hand = p.hands[seat]!;
    if (seat === me) {
      const a = bestAction(cc, p.board, hand, p.pile.length, cc.leaves, { unseenPoints });
      leave = a.leave;
      playChoice(cc, p, a.choice, rng);
    } else {
      playChoice(cc, p, greedyChoice(cc, p.board, hand, p.pile.length), rng);
    }
  }
  let others = 0;
  for (let s = 0; s < p.scores.length; s++) if (s !== me) others += p.scores[s]!;
  const mean = others / (p.scores.length - 1);
  return p.scores[me]! - mean + (p.over ? 0 : leave);
}

/** The champion's choice from a seat's view. */
export function championChoice(cc: ChampionContext, view: CardwordsView, rng: Rng, opts: ChampionOptions = {}): RobotChoice {
  return championDecide(cc, positionOfView(view), rng, opts).choice;
}
