// Playtest: robots play a ruleset many times and the report says how it behaves, for people
// who invent rulesets: scores, game length, how games end, the first player's advantage,
// the average move score by round, how often each card is laid, traded or left stuck in a
// hand, the learned card values, the most played words and a heat map of the table (how
// often each cell is covered, and the mean score of the moves that cover it), and what
// stands out in all that (findings.ts).
//
// Every game is seeded from the playtest's seed, and the champion plays with a fixed number
// of simulation iterations, so a report is the same for the same seed. The work is cut into
// games (`step`) so that a caller can show progress, estimate the time left and stop.
import type { CardwordsState } from '../../games/cardwords/engine.js';
import { unlayableWords } from '../../ruleset/load.js';
import type { CardwordsRules } from '../../games/cardwords/setup.js';
import { layBonus, tradeScore } from '../../games/cardwords/scoring.js';
import type { WordStore } from '../../words/store.js';
import { longestFirstRun } from '../../formats/cardtable.js';
import { shortestWordOver } from '../../formats/dictionary.js';
import { noWordFitsMessage, spelling, spellingMessage } from '../../ruleset/load.js';
import { render } from '../../l10n/message.js';
import type { ChampionOptions } from './champion.js';
import { playtestFindings, roundParts, type PlaytestFinding } from './findings.js';
import { kindKey, kindLabel, learnedNothing, type Leaves } from './leaves.js';
import { levelPolicy, playGame, wilson, type SeatPolicy } from './match.js';
import type { RobotLevel } from './robot.js';

/**
 * Why the robots cannot playtest these rules (null: they can), for the command and the
 * language server alike: no playable word, or no word short enough for the longest run of
 * free cells a first move can use, or no word the cards can spell, wildcards included
 * (every game would be passes to its end, and the findings would blame the cards). Too few
 * cards for the players' hands is the ruleset's own error (`ruleset/not-enough-cards`, loaded
 * with the players), said in cardwords check's form. `words`: the ruleset's playable words
 * (canonical).
 */
export function playtestRefusal(rules: CardwordsRules, words: readonly string[]): string | null {
  if (words.length === 0) return 'the dictionaries have no playable word: the robots could only pass (cardwords check says why)';
  const t = rules.table;
  const run = longestFirstRun(t.cells, t.width, t.height, t.start);
  // (a table with no free cell is an error of its own, which refuses the playtest before this)
  const shortest = run === null ? null : shortestWordOver(words, run.length);
  if (run !== null && shortest !== null) return `${render(noWordFitsMessage(run, shortest))} (cardwords check says so too)`;
  const unspelled = spellingMessage((max) => spelling([words], rules.deck, max), rules.handSize);
  if (unspelled !== null) return `${render(unspelled)} (cardwords check says so too)`;
  return null;
}

export interface PlaytestOptions {
  games: number;
  players: number;
  level: RobotLevel;
  seed: string;
  /** The ruleset's learned leave values: the champion plays with them, and the report lists them. */
  leaves?: Leaves;
  /** The champion's options (default: 16 simulation iterations per move, reproducible). */
  champion?: ChampionOptions;
  /** The dictionaries' playable words: the findings count those no game can lay (`unlayableWords`). */
  words?: readonly string[];
}

export interface Spread {
  mean: number;
  sd: number;
  min: number;
  max: number;
}

export interface CardStats {
  /** Card notation: [A 2], [  0] for a wildcard. */
  card: string;
  /** Copies in the deck. */
  copies: number;
  /**
   * Per game: copies laid, traded away, and left in a hand at the end. Laid and stuck are
   * parts of the copies (the rest ends in the pile) and are rounded so that they never add
   * up to more (`roundParts` in findings.ts); trades are events (a traded copy may be laid later).
   */
  laid: number;
  traded: number;
  stuck: number;
  /** Share of the copies laid over all games (0..1). */
  laidShare: number;
  /** The learned value of keeping one copy, when there are learned values. */
  value: number | null;
}

export interface PlaytestReport {
  ruleset: { name: string; digest: string };
  games: number;
  players: number;
  level: RobotLevel;
  seed: string;
  /** Final scores of every seat of every game. */
  scores: Spread;
  /** The winner's score minus the runner-up's. */
  margin: Spread;
  /** Turns per game (moves, trades and passes). */
  turns: Spread;
  endings: { out: number; idle: number };
  /** The first seat: its win share (ties count half) with a 95 % interval, and its mean score minus the others'. */
  firstPlayer: { winShare: number; low: number; high: number; scoreDiff: number };
  /** Mean score of the moves laid in each round (a round: every player once). */
  moveScoreByRound: Array<{ round: number; mean: number; moves: number }>;
  /** Share of turns that were moves, trades and passes. */
  actions: { move: number; trade: number; pass: number };
  /**
   * How the bonus file plays: per number of cards 1..hand size, the share of the moves that
   * laid that many (with the bonus file's points for it) and of the trades that traded that
   * many (with their score).
   */
  sizes: Array<{ cards: number; moves: number; bonus: number; trades: number; tradeScore: number }>;
  cards: CardStats[];
  /** The most played words (main and cross words), most first (the first PLAYED_LISTED). */
  words: Array<{ word: string; count: number }>;
  /** How many different words the games laid (main and cross words): `words` lists PLAYED_LISTED of them at most. */
  wordsPlayed: number;
  /**
   * The dictionaries' words no game laid (main or cross word): how many of the `total`, and
   * the first UNPLAYED_LISTED of them in dictionary order. Absent without the words.
   */
  unplayed?: { count: number; total: number; words: string[] };
  /** Per cell, row-major: share of games in which it was covered, and the mean score of the moves covering it (null: never). */
  cells: { width: number; height: number; covered: number[]; score: Array<number | null>; blocked: boolean[] };
  /** What stands out in these numbers, for the ruleset's author (core/robots/cardwords/findings.ts). */
  findings: PlaytestFinding[];
}

function spread(xs: readonly number[]): Spread {
  if (xs.length === 0) return { mean: 0, sd: 0, min: 0, max: 0 };
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
  return { mean: r2(mean), sd: r2(sd), min: Math.min(...xs), max: Math.max(...xs) };
}

/** The most played words listed. */
export const PLAYED_LISTED = 25;
/** The unplayed words listed (a dictionary of 274,000 words would list them all). */
export const UNPLAYED_LISTED = 200;

const r2 = (x: number) => Math.round(x * 100) / 100;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

export class Playtest {
  done = 0;
  private readonly policy: SeatPolicy;
  private readonly finalScores: number[] = [];
  private readonly margins: number[] = [];
  private readonly turns: number[] = [];
  private out = 0;
  private idle = 0;
  private firstWins = 0;
  private firstDiff = 0;
  private readonly roundSum: number[] = [];
  private readonly roundN: number[] = [];
  private readonly actionCount = { move: 0, trade: 0, pass: 0 };
  /** Moves and trades by their number of cards (index: cards). */
  private readonly laySizes: number[] = [];
  private readonly tradeSizes: number[] = [];
  private readonly laid = new Map<string, number>();
  private readonly traded = new Map<string, number>();
  private readonly stuck = new Map<string, number>();
  private readonly wordCount = new Map<string, number>();
  private readonly covered: Float64Array;
  private readonly cellScore: Float64Array;

  constructor(
    readonly rules: CardwordsRules,
    readonly store: WordStore,
    readonly opts: PlaytestOptions,
  ) {
    if (!(Number.isInteger(opts.games) && opts.games >= 1)) throw new RangeError('a playtest plays at least one game');
    if (!(Number.isInteger(opts.players) && opts.players >= 1)) throw new RangeError('a playtest needs at least one player');
    if (rules.deck.length < opts.players * rules.handSize) {
      throw new RangeError(`${rules.deck.length} cards are too few for ${opts.players} players with ${rules.handSize} cards each`);
    }
    // ties broken from the seed: the first of equal moves in cell order skewed the heat map
    this.policy = levelPolicy(rules, store, opts.level, opts.leaves, opts.champion ?? { iterations: 16 }, true);
    const N = rules.table.width * rules.table.height;
    this.covered = new Float64Array(N);
    this.cellScore = new Float64Array(N);
  }

  get finished(): boolean {
    return this.done >= this.opts.games;
  }

  /** Plays the next game; false when all are played. */
  step(): boolean {
    if (this.finished) return false;
    const g = this.done;
    const P = this.opts.players;
    const W = this.rules.table.width;
    const final = playGame(this.rules, this.store, new Array<SeatPolicy>(P).fill(this.policy), `${this.opts.seed}/${g}`, (before, _action, after) => {
      const last = after.last!;
      this.actionCount[last.type]++;
      if (last.type === 'move') {
        const round = Math.floor(before.actions.length / P);
        this.roundSum[round] = (this.roundSum[round] ?? 0) + last.score;
        this.roundN[round] = (this.roundN[round] ?? 0) + 1;
        for (const p of last.laid) {
          const key = kindKey(p.card);
          this.laid.set(key, (this.laid.get(key) ?? 0) + 1);
          const cell = p.row * W + p.col;
          this.covered[cell]!++;
          this.cellScore[cell]! += last.score;
        }
        for (const w of last.words) this.wordCount.set(w, (this.wordCount.get(w) ?? 0) + 1);
        this.laySizes[last.laid.length] = (this.laySizes[last.laid.length] ?? 0) + 1;
      } else if (last.type === 'trade') {
        const action = after.actions.at(-1)!;
        if (action.type === 'trade') {
          for (const c of action.cards) this.traded.set(kindKey(c), (this.traded.get(kindKey(c)) ?? 0) + 1);
          this.tradeSizes[action.cards.length] = (this.tradeSizes[action.cards.length] ?? 0) + 1;
        }
      }
    });
    this.record(final);
    this.done++;
    return !this.finished;
  }

  private record(final: CardwordsState): void {
    const scores = final.players.map((p) => p.score);
    this.finalScores.push(...scores);
    const sorted = scores.slice().sort((a, b) => b - a);
    this.margins.push(sorted.length > 1 ? sorted[0]! - sorted[1]! : 0);
    this.turns.push(final.actions.length);
    if (final.end?.reason === 'out') this.out++;
    else this.idle++;
    const winners = final.end?.winners ?? [];
    if (winners.includes(0)) this.firstWins += 1 / winners.length;
    if (scores.length > 1) this.firstDiff += scores[0]! - scores.slice(1).reduce((a, b) => a + b, 0) / (scores.length - 1);
    for (const p of final.players) for (const c of p.hand) this.stuck.set(kindKey(c), (this.stuck.get(kindKey(c)) ?? 0) + 1);
  }

  /** Runs every game left. */
  run(): PlaytestReport {
    while (this.step());
    return this.report();
  }

  /** The report of the games played so far. */
  report(): PlaytestReport {
    const n = Math.max(1, this.done);
    const copies = new Map<string, number>();
    for (const c of this.rules.deck) copies.set(kindKey(c), (copies.get(kindKey(c)) ?? 0) + 1);
    const values = new Map<string, number>();
    // none when self-play learned nothing (each 0.0 read as a result)
    const model = this.opts.leaves?.model;
    if (model && !learnedNothing(model)) model.kinds.forEach((k, i) => values.set(k, model.single[i]!));
    const cards: CardStats[] = [...copies].map(([key, count]) => {
      const laid = this.laid.get(key) ?? 0;
      const stuck = this.stuck.get(key) ?? 0;
      // laid, stuck and in the pile are the copies of every game: rounded together
      const [laidPerGame, stuckPerGame] = roundParts([laid, stuck, count * n - laid - stuck], n, 3);
      return {
        card: kindLabel(key),
        copies: count,
        laid: laidPerGame!,
        traded: r3((this.traded.get(key) ?? 0) / n),
        stuck: stuckPerGame!,
        laidShare: r3(laid / (count * n)),
        value: values.has(key) ? values.get(key)! : null,
      };
    });
    const words = [...this.wordCount]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, PLAYED_LISTED)
      .map(([word, count]) => ({ word, count }));
    const totalActions = this.actionCount.move + this.actionCount.trade + this.actionCount.pass || 1;
    const first = wilson(this.firstWins, this.done);
    const t = this.rules.table;
    const report: Omit<PlaytestReport, 'findings'> = {
      ruleset: { name: this.rules.ruleset.name, digest: this.rules.ruleset.digest },
      games: this.done,
      players: this.opts.players,
      level: this.opts.level,
      seed: this.opts.seed,
      scores: spread(this.finalScores),
      margin: spread(this.margins),
      turns: spread(this.turns),
      endings: { out: this.out, idle: this.idle },
      firstPlayer: { winShare: r3(first.rate || 0), low: r3(first.low), high: r3(first.high), scoreDiff: r2(this.firstDiff / n) },
      moveScoreByRound: this.roundN.map((m, round) => ({ round: round + 1, mean: r2((this.roundSum[round] ?? 0) / (m || 1)), moves: m ?? 0 })).filter((x) => x.moves > 0),
      actions: { move: r3(this.actionCount.move / totalActions), trade: r3(this.actionCount.trade / totalActions), pass: r3(this.actionCount.pass / totalActions) },
      sizes: Array.from({ length: this.rules.handSize }, (_, i) => ({
        cards: i + 1,
        moves: r3((this.laySizes[i + 1] ?? 0) / (this.actionCount.move || 1)),
        bonus: layBonus(this.rules.bonus, i + 1),
        trades: r3((this.tradeSizes[i + 1] ?? 0) / (this.actionCount.trade || 1)),
        tradeScore: tradeScore(this.rules.bonus, i + 1),
      })),
      cards,
      words,
      wordsPlayed: this.wordCount.size,
      cells: {
        width: t.width,
        height: t.height,
        covered: Array.from(this.covered, (c) => r3(c / n)),
        score: Array.from(this.cellScore, (s, i) => (this.covered[i]! > 0 ? r2(s / this.covered[i]!) : null)),
        blocked: t.cells.map((c) => c.blocked),
      },
    };
    if (this.opts.words) report.unplayed = unplayedWords(this.opts.words, this.wordCount);
    const unlayable = this.opts.words ? { total: this.opts.words.length, ...unlayableWords(this.opts.words, this.rules.deck, t) } : undefined;
    return { ...report, findings: playtestFindings({ ...report, trades: this.actionCount.trade, table: { width: t.width, cells: t.cells, coveredGames: this.covered }, ...(unlayable ? { unlayable } : {}) }) };
  }
}

/** The words of `words` (dictionary order) not in `played`: counted all, the first UNPLAYED_LISTED kept. */
function unplayedWords(words: readonly string[], played: ReadonlyMap<string, number>): { count: number; total: number; words: string[] } {
  const listed: string[] = [];
  let count = 0;
  for (const w of words) {
    if (played.has(w)) continue;
    count++;
    if (listed.length < UNPLAYED_LISTED) listed.push(w);
  }
  return { count, total: words.length, words: listed };
}
