// Learning leave values by self-play (after Macondo, for any ruleset): robots play seeded
// games of the ruleset; at each turn while the pile can refill a hand, the leaves of the
// position's best-scoring moves (distinct leaves) are samples, each valued by the best score
// of the next turn after its move, with the leave filled up by random cards the player cannot
// see. Targets and features are centred per position, so the table's chances cancel out and
// only the leaves differ (a plain "what did the player score next" learns more about the
// positions where cards were kept than about the cards). A ridge regression over the leave
// features (leaves.ts) fits the values: how much better keeping the cards is than drawing.
//
// The games of round 1 play the highest score; a later round plays static equity with the
// values learned so far. The work is cut into games (`step`) so that a caller can show
// progress and stop.
import { newGame, withoutCards } from '../../games/cardwords/engine.js';
import type { CardwordsRules } from '../../games/cardwords/setup.js';
import { emptyBoard, type Board, type Card } from '../../games/cardwords/types.js';
import { Rng } from '../../random.js';
import type { WordStore } from '../../words/store.js';
import { bestAction } from './equity.js';
import { generateMoves, sortMoves, type GenContext } from './generate.js';
import { FeatureSpace, Leaves, type LeaveModel } from './leaves.js';
import { greedyChoice, playChoice, unseenCards, type SimPosition } from './simulate.js';

/** Self-play games the card values are learned over for a ruleset (`learnGames`): a few minutes for a 15x15 table. */
export const LEARN_GAMES = 300;
/**
 * The work a ruleset's learning may take, as cells times games: 300 games up to a 64x64
 * table, fewer on a larger one. A game's turns scan and copy the table, so a 1000x1000
 * table's 300 games took 14 minutes of a first playtest.
 */
export const LEARN_CELL_GAMES = LEARN_GAMES * 64 * 64;
/** The fewest games learned over, however large the table (20 on 1000x1000: about a minute). */
export const LEARN_MIN_GAMES = 20;

/**
 * The games a ruleset's card values are learned over: `LEARN_GAMES`, bounded by the work
 * (`LEARN_CELL_GAMES` / cells, at least `LEARN_MIN_GAMES`). A function of the table only,
 * so that a playtest, the robots and the hovers, which share the cached values (their key
 * holds the games), agree on it; tables up to 64x64 learn as they always did.
 */
export function learnGames(table: { width: number; height: number }): number {
  const cells = Math.max(1, table.width * table.height);
  return Math.max(LEARN_MIN_GAMES, Math.min(LEARN_GAMES, Math.floor(LEARN_CELL_GAMES / cells)));
}

/** Why a table's card values are learned over fewer than `LEARN_GAMES` games, for the progress a playtest shows; null when they are not. */
export function learnGamesNote(table: { width: number; height: number }): string | null {
  const n = learnGames(table);
  return n < LEARN_GAMES ? `${n} games, not ${LEARN_GAMES}: the ${table.width}*${table.height} table bounds the work` : null;
}

export interface LearnOptions {
  /** Games per round (default `learnGames` of the table). */
  games?: number;
  /** Rounds (default 1); the games of a later round play static equity with the values learned so far. */
  rounds?: number;
  /** Players per game (default 2). */
  players?: number;
  seed?: string;
  /** Ridge strength for single cards, and for pairs and triples (defaults 1 and 8). */
  lambda?: [number, number];
  /** Leaves sampled per position (default 5) and draws per leave (default 2). */
  candidates?: number;
  draws?: number;
}

export class LeaveLearner {
  readonly space: FeatureSpace;
  readonly total: number;
  done = 0;
  samples = 0;
  private round = 0;
  private leaves: Leaves;
  private readonly ctx: GenContext;
  private readonly F: number;
  private A: Float64Array;
  private b: Float64Array;
  private readonly gamesPerRound: number;
  private readonly rounds: number;
  private readonly players: number;
  private readonly seed: string;
  private readonly lambda: [number, number];
  private readonly candidates: number;
  private readonly draws: number;
  private model: LeaveModel;

  constructor(
    readonly rules: CardwordsRules,
    store: WordStore,
    readonly key: string,
    opts: LearnOptions = {},
  ) {
    this.space = new FeatureSpace(rules.deck, rules.handSize);
    this.ctx = { table: rules.table, bonus: rules.bonus, store };
    this.gamesPerRound = opts.games ?? learnGames(rules.table);
    this.rounds = opts.rounds ?? 1;
    this.players = opts.players ?? 2;
    this.seed = opts.seed ?? 'leaves';
    this.lambda = opts.lambda ?? [1, 8];
    this.candidates = opts.candidates ?? 5;
    this.draws = opts.draws ?? 2;
    this.total = this.gamesPerRound * this.rounds;
    this.F = this.space.size;
    this.A = new Float64Array(this.F * this.F);
    this.b = new Float64Array(this.F);
    this.model = this.space.model(key, new Float64Array(this.space.size), 0, 0);
    this.leaves = Leaves.zero(key);
    // a deck too small for the players: nothing to learn, a model of zeros
    if (rules.deck.length < this.players * rules.handSize) this.done = this.total;
  }

  get finished(): boolean {
    return this.done >= this.total;
  }

  /** Plays one game (and fits at the end of a round); false when the learning is done. */
  step(): boolean {
    if (this.finished) return false;
    this.playGame(this.done);
    this.done++;
    if (this.done % this.gamesPerRound === 0 || this.finished) {
      this.fit();
      this.round++;
      this.leaves = new Leaves(this.model);
    }
    return !this.finished;
  }

  /** Runs to the end. */
  run(): LeaveModel {
    while (this.step());
    return this.result();
  }

  result(): LeaveModel {
    return this.model;
  }

  private playGame(g: number): void {
    const names = Array.from({ length: this.players }, (_, i) => `p${i}`);
    const ng = newGame(this.rules, { seed: `${this.seed}/${g}`, players: names });
    if (!ng.ok) return;
    const rng = Rng.fromSeed(`${this.seed}/${g}/play`);
    const p: SimPosition = {
      board: emptyBoard(this.rules.table),
      hands: ng.state.players.map((x) => x.hand.slice()),
      pile: ng.state.pile.slice(),
      scores: new Array<number>(this.players).fill(0),
      turn: 0,
      idle: 0,
      over: false,
    };
    for (let turn = 0; !p.over && turn < 10_000; turn++) {
      const hand = p.hands[p.turn]!;
      if (p.pile.length >= this.rules.handSize) this.sampleLeaves(p.board, hand, p.pile.length, rng);
      const choice = this.round > 0 ? bestAction(this.ctx, p.board, hand, p.pile.length, this.leaves).choice : greedyChoice(this.ctx, p.board, hand, p.pile.length);
      playChoice(this.ctx, p, choice, rng);
    }
  }

  /**
   * Samples of one position: the leaves of its best-scoring moves (distinct leaves), each
   * valued by the best score of the next turn after the move, with the leave filled up from
   * the cards this player cannot see. The targets and features are centred on the
   * position's mean, so what the table offers cancels out and only the leaves differ.
   */
  private sampleLeaves(board: Board, hand: readonly Card[], pile: number, rng: Rng): void {
    const moves = sortMoves(generateMoves(this.ctx, board, hand));
    const seen = new Set<string>();
    const unseen = unseenCards(this.rules.deck, hand, board);
    const counts = new Int32Array(this.space.kinds.length);
    const group: Array<{ x: Map<number, number>; y: number }> = [];
    for (const m of moves) {
      if (group.length >= this.candidates) break;
      const kept = withoutCards(hand, m.tiles.map((t) => t.card));
      this.space.counts(kept, counts);
      const key = counts.join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      const cells = board.cells.slice();
      for (const t of m.tiles) cells[t.cell] = t.card;
      const after: Board = { width: board.width, height: board.height, cells };
      let y = 0;
      for (let d = 0; d < this.draws; d++) {
        const draw = rng.shuffle(unseen.slice()).slice(0, this.rules.handSize - kept.length);
        y += greedyChoice(this.ctx, after, kept.concat(draw), pile - m.tiles.length).score;
      }
      const x = new Map<number, number>();
      this.space.features(counts, (f, v) => x.set(f, v));
      group.push({ x, y: y / this.draws });
    }
    if (group.length < 2) return;
    const meanY = group.reduce((s, e) => s + e.y, 0) / group.length;
    const meanX = new Map<number, number>();
    for (const e of group) for (const [f, v] of e.x) meanX.set(f, (meanX.get(f) ?? 0) + v / group.length);
    for (const e of group) {
      const feats: Array<[number, number]> = [];
      for (const [f, m] of meanX) {
        const v = (e.x.get(f) ?? 0) - m;
        if (v !== 0) feats.push([f, v]);
      }
      this.add(feats, e.y - meanY);
    }
  }

  private add(features: Array<[number, number]>, y: number): void {
    const F = this.F;
    const A = this.A;
    const b = this.b;
    for (const [i, xi] of features) {
      b[i]! += xi * y;
      for (const [j, xj] of features) A[i * F + j]! += xi * xj;
    }
    this.samples++;
  }

  private fit(): void {
    const F = this.F;
    const A = this.A.slice();
    const K = this.space.kinds.length;
    for (let i = 0; i < F; i++) A[i * F + i]! += i < K ? this.lambda[0] : this.lambda[1];
    const w = choleskySolve(A, this.b.slice(), F);
    this.model = this.space.model(this.key, w, this.done, this.samples);
  }
}

/** Solves A x = b for a symmetric positive definite A (n x n, row-major); A and b are overwritten. */
export function choleskySolve(A: Float64Array, b: Float64Array, n: number): Float64Array {
  for (let j = 0; j < n; j++) {
    let d = A[j * n + j]!;
    for (let k = 0; k < j; k++) d -= A[j * n + k]! * A[j * n + k]!;
    if (!(d > 0)) d = 1e-9;
    const ljj = Math.sqrt(d);
    A[j * n + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      let s = A[i * n + j]!;
      for (let k = 0; k < j; k++) s -= A[i * n + k]! * A[j * n + k]!;
      A[i * n + j] = s / ljj;
    }
  }
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= A[i * n + k]! * b[k]!;
    b[i] = s / A[i * n + i]!;
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i]!;
    for (let k = i + 1; k < n; k++) s -= A[k * n + i]! * b[k]!;
    b[i] = s / A[i * n + i]!;
  }
  return b;
}
