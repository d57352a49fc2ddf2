// What a playtest's numbers say to a ruleset's author, when something stands out: games that
// stall, turns without a move, negative scores, an advantage in moving first, cards seldom
// laid, special cells no game covered, words no game can lay; and, after them, that the robots of a level that does
// not weigh trades never traded, and which dictionary words no game laid.
// Each finding is a fact read from the report against a threshold documented in
// docs/cardwords.md#what-the-games-say; the words are English templates in the project's
// message syntax (core/l10n/format.ts), shown by the CLI and Emacs as they are and
// translated by the VS Code report (extension/strings.ts). Also how the reports round a
// card's figures (`cardFigures`), so that the text, the VS Code report and the hover agree.

import { Coordinates, withIndices } from '../../coordinates.js';

/** A share of games ending with every player passing or trading, from which it is said. */
export const STALL_SHARE = 0.25;
/** A share of turns that are passes, from which it is said. */
export const PASS_SHARE = 0.2;
/** A card laid in fewer than this share of its copies is seldom laid… */
export const SELDOM_LAID = 0.5;
/** …when its copies were dealt at least this often over the games (one copy in two games says nothing). */
export const SELDOM_MIN_DEALT = 4;
/** At most this many seldom laid cards are named, the least laid first. */
export const SELDOM_NAMED = 8;
/** At most this many special cells no game covered are named, in reading order. */
export const UNCOVERED_NAMED = 8;
/** At most this many dictionary words no game laid are named, in dictionary order. */
export const UNPLAYED_NAMED = 8;
/** The unplayed words are a finding only when the games laid at least 1 in this many of the words. */
export const UNPLAYED_SHARE = 10;

/** A special cell as a finding names it: where, and its attributes as the card-table file writes them ("C 5 L 2"). */
export interface SpecialCell {
  column: number;
  row: number;
  attributes: string;
}

export type PlaytestFinding =
  | { kind: 'stalls'; idle: number; games: number }
  | { kind: 'passes'; share: number }
  | { kind: 'negative-scores'; mean: number }
  | { kind: 'first-ahead' | 'first-behind'; winShare: number; low: number; high: number; even: number }
  | { kind: 'seldom-laid'; cards: Array<{ card: string; laidShare: number }> }
  | { kind: 'uncovered-special'; count: number; cells: SpecialCell[] }
  | { kind: 'words-too-long'; count: number; total: number; run: number; example: string }
  | { kind: 'words-unspellable'; count: number; total: number; example: string }
  | { kind: 'none' }
  | { kind: 'no-trades'; level: string }
  | { kind: 'words-unplayed'; count: number; total: number; words: string[] };

/** What the findings read of a playtest report (core/robots/cardwords/playtest.ts). */
export interface FindingsInput {
  games: number;
  players: number;
  /** The robots' level (core/robots/cardwords/robot.ts). */
  level: string;
  /** Turns that were trades, counted (the report's share is rounded). */
  trades: number;
  endings: { out: number; idle: number };
  actions: { move: number; trade: number; pass: number };
  scores: { mean: number };
  firstPlayer: { winShare: number; low: number; high: number };
  cards: ReadonlyArray<{ card: string; copies: number; laidShare: number }>;
  /**
   * The table's cells, row-major, with the games that covered each (counted: the report's
   * shares are rounded, and one game in thousands reads 0): for the special cells no game
   * covered. Without it that finding is not looked for.
   */
  table?: { width: number; cells: ReadonlyArray<{ blocked: boolean; points: number; letterFactor: number; wordFactor: number }>; coveredGames: ArrayLike<number> };
  /** The dictionaries' words no game can lay (core/ruleset/load.ts `unlayableWords`), of `total`; without it they are not looked for. */
  unlayable?: { total: number; longestRun: number; tooLong: number; tooLongFirst: string | null; unspellable: number; unspellableFirst: string | null };
  /** The dictionaries' words no game laid, of `total`, the first of them in dictionary order (the report's `unplayed`); without it they are not said. */
  unplayed?: { count: number; total: number; words: readonly string[] };
}

/**
 * The findings of a report, in the order above; `none` when nothing stands out; then
 * `no-trades`, which is about the robots rather than the ruleset.
 */
export function playtestFindings(r: FindingsInput): PlaytestFinding[] {
  const out: PlaytestFinding[] = [];
  if (r.games > 0 && r.endings.idle / r.games >= STALL_SHARE) out.push({ kind: 'stalls', idle: r.endings.idle, games: r.games });
  if (r.actions.pass >= PASS_SHARE) out.push({ kind: 'passes', share: r.actions.pass });
  if (r.scores.mean < 0) out.push({ kind: 'negative-scores', mean: r.scores.mean });
  // against an even chance of 1 in P: said only when the 95 % interval leaves it out
  if (r.players > 1) {
    const even = 1 / r.players;
    const { winShare, low, high } = r.firstPlayer;
    if (low > even) out.push({ kind: 'first-ahead', winShare, low, high, even });
    else if (high < even) out.push({ kind: 'first-behind', winShare, low, high, even });
  }
  const seldom = r.cards
    .filter((c) => c.laidShare < SELDOM_LAID && c.copies * r.games >= SELDOM_MIN_DEALT)
    .sort((a, b) => a.laidShare - b.laidShare || (a.card < b.card ? -1 : 1))
    .slice(0, SELDOM_NAMED)
    .map((c) => ({ card: c.card, laidShare: c.laidShare }));
  if (seldom.length > 0) out.push({ kind: 'seldom-laid', cards: seldom });
  // factors and cell points that never counted: named, so the author need not match the heat
  // map's dots against the table by hand
  if (r.table && r.games > 0) {
    const { width, cells, coveredGames } = r.table;
    const uncovered: SpecialCell[] = [];
    cells.forEach((c, i) => {
      if (c.blocked || coveredGames[i]! > 0) return;
      const attributes = [c.points !== 0 ? `C ${c.points}` : '', c.letterFactor !== 1 ? `L ${c.letterFactor}` : '', c.wordFactor !== 1 ? `W ${c.wordFactor}` : ''].filter(Boolean).join(' ');
      if (attributes !== '') uncovered.push({ column: i % width, row: Math.floor(i / width), attributes });
    });
    if (uncovered.length > 0) out.push({ kind: 'uncovered-special', count: uncovered.length, cells: uncovered.slice(0, UNCOVERED_NAMED) });
  }
  const w = r.unlayable;
  if (w && w.tooLong > 0 && w.tooLongFirst !== null) out.push({ kind: 'words-too-long', count: w.tooLong, total: w.total, run: w.longestRun, example: w.tooLongFirst });
  if (w && w.unspellable > 0 && w.unspellableFirst !== null) out.push({ kind: 'words-unspellable', count: w.unspellable, total: w.total, example: w.unspellableFirst });
  if (out.length === 0) out.push({ kind: 'none' });
  // Below champion a robot trades only when the trade's own score beats a pass and every
  // move (robot.ts), which a bonus file's trade scores seldom do: the report's empty trade
  // figures would otherwise read as trading not paying in this ruleset.
  if (r.level !== 'champion' && r.games > 0 && r.trades === 0) out.push({ kind: 'no-trades', level: r.level });
  // last, as a fact rather than a fault: the most played words name what was laid, and with a
  // small dictionary the author wants the rest. Said only where the games laid a tenth of the
  // words at least: of a word list of 100,000 "99,818 not laid" says nothing of the ruleset
  const u = r.unplayed;
  if (u && r.games > 0 && u.count > 0 && (u.total - u.count) * UNPLAYED_SHARE >= u.total) out.push({ kind: 'words-unplayed', count: u.count, total: u.total, words: u.words.slice(0, UNPLAYED_NAMED) });
  return out;
}

/** The English templates of the findings: the keys of their translations too. */
export const FINDING_TEXT = {
  stalls: '{0, number} of {1, plural, one {# game} other {# games}} ended with every player passing or trading twice in a row, not with a player going out: the moves ran out before the cards did.',
  passes: '{0} of the turns were passes: the players often had no move.',
  'negative-scores': 'The mean final score is negative ({0}): the cards left in the hands at the end cost more than the moves earned.',
  'first-ahead': 'Moving first is an advantage: the first player wins {0} of the games (95 % confidence interval {1} to {2}), more than the {3} of an even chance.',
  'first-behind': 'Moving first is a disadvantage: the first player wins {0} of the games (95 % confidence interval {1} to {2}), less than the {3} of an even chance.',
  'seldom-laid': 'Laid in fewer than half of their copies: {0}. Few words take them, or they are hard to place.',
  'uncovered-special': 'No game covered {0, plural, one {# special cell} other {# special cells}}: {1}; those factors and cell points never counted.',
  'words-too-long': 'Words longer than the longest run of free cells ({2, number} cells) can never be laid: {0, number} of the {1, number}, such as {3}.',
  'words-unspellable': 'Words that need more cards of a character than the card set has, wildcards included, can never be laid: {0, number} of the {1, number}, such as {2}.',
  none: 'Nothing stands out: most games end with a player going out, few turns are passes, and every card is laid in at least half of its copies.',
  'words-unplayed': 'Words no game laid: {0, number} of the {1, number}, such as {2}.',
  // every one of them named: a list, not examples ("such as" 4 of 4 read as if there were more)
  'words-unplayed-all': 'Words no game laid: {0, number} of the {1, number}: {0, plural, one {{3}} other {{2} and {3}}}.',
  'no-trades': 'The robots never traded: at level {0} a robot trades only when the trade alone scores more than a pass and every move, not for the cards it would draw, so these games tell nothing of trading. Level champion weighs what a trade keeps and draws.',
} as const satisfies Record<PlaytestFinding['kind'] | 'words-unplayed-all', string>;

/**
 * The heading of the most played words (the report lists the first PLAYED_LISTED): a cut
 * list says how many of how many it shows, or a word in neither this list nor the unplayed
 * ones seemed to vanish. One template for the CLI and the VS Code report.
 */
export const PLAYED_WORDS_TEXT = {
  all: 'Most played words',
  cut: 'Most played words (the {0, number} most played of {1, number})',
} as const;

/** The most played words' heading for a report, as `findingMessage` gives a finding's. */
export function playedWordsHeading(r: { words: readonly unknown[]; wordsPlayed: number }): { template: string; args: number[] } {
  return r.wordsPlayed > r.words.length ? { template: PLAYED_WORDS_TEXT.cut, args: [r.words.length, r.wordsPlayed] } : { template: PLAYED_WORDS_TEXT.all, args: [] };
}

/**
 * `counts[i] / divisor` to `digits` decimals, rounded so that the parts add up to their
 * total rounded so (largest remainder: the units rounding down lost go to the largest
 * remainders, the first of equal ones first). Rounded one by one, 0.45 and 0.55 of one copy
 * read 0.5 and 0.6: more than the copy.
 */
export function roundParts(counts: readonly number[], divisor: number, digits: number): number[] {
  const scale = 10 ** digits;
  const scaled = counts.map((c) => c * scale);
  const units = scaled.map((s) => Math.floor(s / divisor));
  let left = Math.round(scaled.reduce((a, b) => a + b, 0) / divisor) - units.reduce((a, b) => a + b, 0);
  const order = scaled.map((s, i) => ({ i, rest: s - units[i]! * divisor })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    units[i]!++;
    left--;
  }
  return units.map((u) => u / scale);
}

/**
 * A card's copies laid and stuck per game as a report shows them (`digits` decimals: one in
 * the text, the VS Code report and the hover), rounded with the copies left in the pile so
 * that laid plus stuck never reads more than the copies.
 */
export function cardFigures(c: { copies: number; laid: number; stuck: number }, digits = 1): { laid: number; stuck: number } {
  // the report's figures are thousandths: whole numbers of them, the pile's the rest
  const laid = Math.round(c.laid * 1000);
  const stuck = Math.round(c.stuck * 1000);
  const [l, s] = roundParts([laid, stuck, Math.max(0, c.copies * 1000 - laid - stuck)], 1000, digits);
  return { laid: l!, stuck: s! };
}

/** A share as the report writes it: 37.5 %. */
export function percent(x: number): string {
  return `${Math.round(x * 1000) / 10} %`;
}

/**
 * A finding's template and its arguments (`formatMessage(template, args, locale)` words it);
 * `cellName` names a cell (default: columns A, B, C…, rows 1, 2, 3…, as the text report's
 * heat map; a report drawn under other coordinate options passes its own).
 */
export function findingMessage(f: PlaytestFinding, cellName: (column: number, row: number) => string = defaultCellName): { template: string; args: Array<string | number> } {
  const template = FINDING_TEXT[f.kind];
  switch (f.kind) {
    case 'stalls':
      return { template, args: [f.idle, f.games] };
    case 'passes':
      return { template, args: [percent(f.share)] };
    case 'negative-scores':
      return { template, args: [(Math.round(f.mean * 10) / 10).toFixed(1)] };
    case 'first-ahead':
    case 'first-behind':
      return { template, args: [percent(f.winShare), percent(f.low), percent(f.high), percent(f.even)] };
    case 'seldom-laid':
      return { template, args: [f.cards.map((c) => `${c.card} ${percent(c.laidShare)}`).join(', ')] };
    case 'uncovered-special': {
      // with the file's indices too, as cardwords check names cells: "B1 (1,0): W 2"
      const named = f.cells.map((c) => `${withIndices(cellName(c.column, c.row), c.column, c.row)}: ${c.attributes}`);
      if (f.count > f.cells.length) named.push('…');
      return { template, args: [f.count, named.join(', ')] };
    }
    case 'words-too-long':
      return { template, args: [f.count, f.total, f.run, f.example] };
    case 'words-unspellable':
      return { template, args: [f.count, f.total, f.example] };
    case 'none':
      return { template, args: [] };
    case 'no-trades':
      return { template, args: [f.level] };
    case 'words-unplayed':
      if (f.count <= f.words.length) return { template: FINDING_TEXT['words-unplayed-all'], args: [f.count, f.total, f.words.slice(0, -1).join(', '), f.words.at(-1) ?? ''] };
      return { template, args: [f.count, f.total, [...f.words, '…'].join(', ')] };
  }
}

function defaultCellName(column: number, row: number): string {
  return new Coordinates(column + 1, row + 1).cellName(column, row);
}
