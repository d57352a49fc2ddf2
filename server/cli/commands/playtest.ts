// `cardwords playtest`: robots play a ruleset many times; the report says how it behaves.
import { rulesFromRuleset } from '../../../core/games/cardwords/setup.js';
import { learnGamesNote } from '../../../core/robots/cardwords/learn.js';
import { Playtest, playtestRefusal, type PlaytestReport } from '../../../core/robots/cardwords/playtest.js';
import { Coordinates } from '../../../core/coordinates.js';
import { cardFigures, findingMessage, percent, playedWordsHeading } from '../../../core/robots/cardwords/findings.js';
import { formatMessage } from '../../../core/l10n/format.js';
import { ROBOT_LEVELS, type RobotLevel } from '../../../core/robots/cardwords/robot.js';
import { leftOutWords } from '../../../core/ruleset/load.js';
import { PLAYTEST_LIMITS } from '../../../core/protocol/language.js';
import { loadRulesetDir } from '../../ruleset/fs.js';
import { loadLeaves } from '../../robots/leaves.js';
import { loadWordStore, rulesetChars } from '../../words/cache.js';
import { intOption, parse } from '../args.js';
import { leftOutText, unplayableText } from '../diagnostics.js';
import { EXIT_ERRORS, EXIT_OK, UsageError, type CliIO } from '../io.js';
import type { Command } from './index.js';
import { progressLine } from './moves.js';

const help = `Usage: cardwords playtest RULESET [--games N] [--players K] [--level L]
                          [--seed S] [--json]

Robots play N games of the ruleset (a folder) and report how it behaves: scores
(mean, spread), game length in turns, how games end (a player went out, or
everyone passed), the first player's advantage, what stands out in words, the
average move score by round, how many cards the moves lay and the trades trade
(with the bonus file's points), how often each card is laid, traded or stuck in
a hand at the end, the learned value of each card, the most played words and
the words no game laid, and how often each table cell is covered and with what
score (a heat map).
The card values are learned once per ruleset by self-play and cached (the first
playtest of a ruleset learns them: progress on standard error), over 300 games,
fewer on a table of more than 64*64 cells (20 on 1000*1000), whatever --games
says: the robots share them.

Options:
  --games N       games to play (default ${PLAYTEST_LIMITS.games.default}, at most ${PLAYTEST_LIMITS.games.max})
  --players K     players per game (default ${PLAYTEST_LIMITS.players.default}, at most ${PLAYTEST_LIMITS.players.max}); too few cards
                  for them is refused as cardwords check --players says it
  --level L       the robots' level: ${ROBOT_LEVELS.join(', ')}
                  (default best); the champion simulates a fixed 16 iterations
                  per move, so reports stay reproducible
  --seed S        the seed of the games (default "playtest"): the same seed,
                  the same report
  --json          the report as JSON
  --no-cache      learn the card values again instead of reading or writing
                  the cache
  -h, --help      this help

Exit status: 0 ok, 1 bad ruleset, 2 usage.
`;

export const command: Command = {
  help,
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parse(argv, {
      games: { type: 'string' },
      players: { type: 'string' },
      level: { type: 'string' },
      seed: { type: 'string' },
      json: { type: 'boolean' },
      'no-cache': { type: 'boolean' },
    });
    if (positionals.length !== 1) throw new UsageError('give one ruleset folder');
    const games = intOption(values.games, 'games', 1, PLAYTEST_LIMITS.games.max, PLAYTEST_LIMITS.games.default);
    const players = intOption(values.players, 'players', 1, PLAYTEST_LIMITS.players.max, PLAYTEST_LIMITS.players.default);
    const level = (values.level ?? 'best') as RobotLevel;
    if (!ROBOT_LEVELS.includes(level)) throw new UsageError(`--level must be one of ${ROBOT_LEVELS.join(', ')}, not '${values.level}'`);
    const seed = values.seed ?? 'playtest';
    if (seed.length > PLAYTEST_LIMITS.seedLength) throw new UsageError(`--seed: at most ${PLAYTEST_LIMITS.seedLength} characters`);
    const dir = positionals[0]!;

    // with --players, so that too few cards are refused as cardwords check --players says it
    const loaded = await loadRulesetDir(dir, { players }).catch((e: Error) => e);
    if (loaded instanceof Error) {
      io.err(`cardwords playtest: the ruleset ${dir} cannot be played:\n${loaded.message}\n`);
      return EXIT_ERRORS;
    }
    const { ruleset, diagnostics } = loaded;
    if (!ruleset) {
      // as cardwords check prints them: file:line:col: error: message [code]
      io.err(`cardwords playtest: ${await unplayableText(dir, diagnostics)}\n`);
      return EXIT_ERRORS;
    }
    const rules = rulesFromRuleset(ruleset);
    const refused = playtestRefusal(rules, ruleset.words);
    if (refused) {
      io.err(`cardwords playtest: ${refused}\n`);
      return EXIT_ERRORS;
    }
    // words a dictionary's errors left out: the games play without them, which the report
    // would otherwise not say
    const leftOut = leftOutWords(diagnostics);
    if (leftOut > 0) io.err(`cardwords playtest: ${leftOutText(leftOut)} for errors (cardwords check ${dir} names them): the games play without them\n`);
    const cache = !values['no-cache'];
    const { store } = await loadWordStore(rulesetChars(ruleset), ruleset.words, { cache });
    const note = learnGamesNote(rules.table);
    const learnBar = progressLine(io, note ? `learning card values (${note})` : 'learning card values');
    const learned = await loadLeaves(ruleset, store, { cache, onProgress: (p) => learnBar(p.done, p.total) });
    learnBar.end();
    const pt = new Playtest(rules, store, { games, players, level, seed, leaves: learned.leaves, words: ruleset.words });
    const bar = progressLine(io, 'playing');
    bar(0, games);
    while (pt.step()) bar(pt.done, games);
    bar(pt.done, games);
    bar.end();
    const report = pt.report();
    io.out(values.json ? `${JSON.stringify(report)}\n` : formatReport(report));
    return EXIT_OK;
  },
};

const f1 = (x: number) => (Math.round(x * 10) / 10).toFixed(1);
const pct = percent;

function bar(x: number, max: number, width = 30): string {
  if (!(max > 0) || !(x > 0)) return '';
  return '#'.repeat(Math.max(1, Math.round((x / max) * width)));
}

/** The width of the text report's lines, a terminal's (the heat map of a table wider than 26 columns aside). */
export const WIDTH = 80;

function indentOf(line: string): string {
  return /^ */.exec(line)![0];
}

/** `items` joined by ", " in lines of at most `width` columns after `indent` (an item is never split); "(none)" when there is none. */
function pack(items: readonly string[], width: number, indent: string): string[] {
  if (items.length === 0) return [`${indent}(none)`];
  const lines: string[] = [];
  let line = indent;
  items.forEach((item, i) => {
    const piece = item + (i < items.length - 1 ? ',' : '');
    if (line !== indent && line.length + 1 + piece.length > width) {
      lines.push(line);
      line = indent + piece;
    } else line += (line === indent ? '' : ' ') + piece;
  });
  lines.push(line);
  return lines;
}

/**
 * The words of a text as a line may break it: never inside a card ("[O 1]"), a share with its
 * sign ("53.2 %"), a cell with its file coordinates ("B2 (1,1)"), nor before an ellipsis.
 */
function unbroken(text: string): string[] {
  const words: string[] = [];
  for (const w of text.split(' ')) {
    const last = words.at(-1);
    const open = last !== undefined && last.split('[').length > last.split(']').length;
    // a card with its figure too ("[L 3] 28.3 %"): apart, the figure read as the next card's
    if (last !== undefined && (open || /^(?:%|…|\(\d+,\d+\))/.test(w) || (last.endsWith(']') && /^[-\d]/.test(w)))) words[words.length - 1] = `${last} ${w}`;
    else words.push(w);
  }
  return words;
}

/** `text` in lines of at most `width` columns (a word longer than a line keeps its own), the first after `first`, the others after `rest`. */
export function wrap(text: string, width: number, first: string, rest: string): string[] {
  const lines: string[] = [];
  let line = first;
  for (const word of unbroken(text)) {
    const fresh = line === first || line === rest;
    if (!fresh && line.length + 1 + word.length > width) {
      lines.push(line);
      line = rest + word;
    } else line += (fresh ? '' : ' ') + word;
  }
  lines.push(line);
  return lines;
}

/**
 * A cell of the text heat map: the tenths of the games that covered it, 0-9; every game its
 * own mark (floored, it read 9 like 90 %, and so did the start cell every first move covers).
 */
export function heatMark(blocked: boolean, covered: number): string {
  if (blocked) return '#';
  if (covered === 0) return '.';
  if (covered >= 1) return '*';
  return String(Math.min(9, Math.floor(covered * 10)));
}

/** A table this wide or high shows only the part the games covered in the text heat map. */
export const HEAT_MAP_WHOLE = 60;

/**
 * The cells the text heat map shows: the whole table up to HEAT_MAP_WHOLE cells a side; a
 * larger one only around what the games covered (a 1000*1000 table's map was a 4 MB report
 * of dots); null when no game covered a cell of such a table.
 */
export function heatPart(c: PlaytestReport['cells']): { col0: number; col1: number; row0: number; row1: number; cropped: boolean } | null {
  const { width, height, covered } = c;
  if (width <= HEAT_MAP_WHOLE && height <= HEAT_MAP_WHOLE) return { col0: 0, col1: width - 1, row0: 0, row1: height - 1, cropped: false };
  let col0 = width;
  let col1 = -1;
  let row0 = height;
  let row1 = -1;
  for (let i = 0; i < covered.length; i++) {
    if (!(covered[i]! > 0)) continue;
    const col = i % width;
    const row = (i - col) / width;
    col0 = Math.min(col0, col);
    col1 = Math.max(col1, col);
    row0 = Math.min(row0, row);
    row1 = Math.max(row1, row);
  }
  if (col1 < 0) return null;
  return { col0: Math.max(0, col0 - 1), col1: Math.min(width - 1, col1 + 1), row0: Math.max(0, row0 - 1), row1: Math.min(height - 1, row1 + 1), cropped: true };
}

/** The report as text: sections with bars, and the heat map as digits 0-9 (* every game, . never covered, # blocked) under column letters, beside row numbers. */
export function formatReport(r: PlaytestReport): string {
  const out: string[] = [];
  const spread = (s: { mean: number; sd: number; min: number; max: number }) => `mean ${f1(s.mean)}, sd ${f1(s.sd)}, min ${s.min}, max ${s.max}`;
  const solitaire = r.players === 1;
  out.push(`Playtest of ${r.ruleset.name}: ${r.games} ${r.games === 1 ? 'game' : 'games'}, ${r.players} ${solitaire ? 'player' : 'players'}, level ${r.level}, seed ${JSON.stringify(r.seed)}`);
  out.push('');
  out.push(`Scores          ${spread(r.scores)}`);
  // a game of one player has no runner-up and no first player to compare
  if (!solitaire) out.push(`Winning margin  ${spread(r.margin)}`);
  out.push(`Turns per game  ${spread(r.turns)}`);
  out.push(`Endings         went out ${r.endings.out}, all passed ${r.endings.idle}`);
  if (!solitaire) {
    // two lines, each in the width: one ran to 100 columns and wrapped mid-sentence
    out.push(`First player    wins ${pct(r.firstPlayer.winShare)} (95 % confidence interval ${pct(r.firstPlayer.low)} to ${pct(r.firstPlayer.high)})`);
    out.push(`                scores ${r.firstPlayer.scoreDiff >= 0 ? '+' : ''}${f1(r.firstPlayer.scoreDiff)} against the others`);
  }
  out.push(`Turns           moves ${pct(r.actions.move)}, trades ${pct(r.actions.trade)}, passes ${pct(r.actions.pass)}`);
  out.push('');
  out.push('What the games say');
  for (const f of r.findings) {
    const { template, args } = findingMessage(f);
    out.push(...wrap(formatMessage(template, args, 'en'), WIDTH, '  - ', '    '));
  }
  out.push('');
  out.push('Average move score by round');
  const maxRound = Math.max(...r.moveScoreByRound.map((x) => x.mean), 0);
  if (r.moveScoreByRound.length === 0) out.push('  (no move was laid)');
  for (const x of r.moveScoreByRound) out.push(`  ${String(x.round).padStart(3)} ${f1(x.mean).padStart(7)}  ${bar(x.mean, maxRound)}  (${x.moves} ${x.moves === 1 ? 'move' : 'moves'})`);
  out.push('');
  out.push("Cards per move and per trade (share of moves, of trades; bonus file's points)");
  const maxSize = Math.max(...r.sizes.map((x) => x.moves), 0);
  const sign = (n: number) => (n > 0 ? `+${n}` : String(n));
  for (const x of r.sizes) {
    out.push(`  ${String(x.cards).padStart(3)}  laid ${pct(x.moves).padStart(7)} ${bar(x.moves, maxSize, 16).padEnd(16)} bonus ${sign(x.bonus).padStart(4)}  traded ${(r.actions.trade > 0 ? pct(x.trades) : '-').padStart(7)}  scores ${sign(x.tradeScore).padStart(4)}`);
  }
  out.push('');
  out.push('Cards (per game: laid, traded, stuck in a hand at the end; the learned value)');
  // a row a line under named columns, the flag in a column of its own: labelled in each row,
  // one ran past the width and its flag wrapped alone onto the next line
  const cardRow = (cells: readonly string[]) => `  ${cells[0]!.padEnd(8)}${cells.slice(1, 7).map((v, i) => v.padStart([7, 7, 8, 7, 9, 8][i]!)).join('')}${cells[7] ? `  ${cells[7]}` : ''}`;
  out.push(cardRow(['card', 'copies', 'laid', 'traded', 'stuck', 'laid %', 'value']));
  const cards = r.cards.slice().sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  for (const c of cards) {
    const flag = c.laid === 0 ? 'never laid' : c.stuck > c.laid ? 'often stuck' : '';
    const shown = cardFigures(c);
    out.push(cardRow([c.card, `x${c.copies}`, shown.laid.toFixed(1), f1(c.traded), shown.stuck.toFixed(1), pct(c.laidShare), c.value === null ? '-' : f1(c.value), flag]));
  }
  out.push('');
  // cut: said, or a word in neither this list nor the findings' unlaid ones seemed to vanish
  const heading = playedWordsHeading(r);
  out.push(formatMessage(heading.template, heading.args, 'en'));
  out.push(...pack(r.words.map((w) => `${w.word} ${w.count}`), WIDTH, '  '));
  out.push('');
  out.push('Table: how often each cell is covered');
  out.push('  0-9: tenths of the games (0: under 10 %), * every game, . never, # blocked');
  const { width, height, covered, blocked } = r.cells;
  // labelled as the preview and the games name cells by default: D4 is column D, row 4 (the
  // command has no coordinate options)
  const names = new Coordinates(width, height);
  const columns = names.columnLabels();
  const rows = names.rowLabels();
  const cw = Math.max(1, ...columns.map((l) => l.length));
  const rw = Math.max(1, ...rows.map((l) => l.length));
  const part = heatPart(r.cells);
  if (part === null) out.push('  no game covered a cell');
  else if (part.cropped) {
    out.push(`  the part the games covered, with a cell around it: columns ${columns[part.col0]}-${columns[part.col1]}, rows ${rows[part.row0]}-${rows[part.row1]} of the ${width}*${height} table (every cell outside it never covered)`);
  }
  const heatStart = out.length;
  if (part !== null) {
    out.push(`  ${' '.repeat(rw)}  ${columns.slice(part.col0, part.col1 + 1).map((l) => l.padStart(cw)).join(' ')}`.trimEnd());
    for (let row = part.row0; row <= part.row1; row++) {
      const cells: string[] = [];
      for (let col = part.col0; col <= part.col1; col++) {
        const i = row * width + col;
        cells.push(heatMark(blocked[i]!, covered[i]!).padStart(cw));
      }
      out.push(`  ${rows[row]!.padStart(rw)}  ${cells.join(' ')}`);
    }
  }
  // every line in the findings' width, the heat map's rows aside (a grid cannot wrap)
  const fitted = out.flatMap((line, i) => (i >= heatStart || line.length <= WIDTH ? [line] : wrap(line.trimStart(), WIDTH, indentOf(line), `${indentOf(line)}  `)));
  return `${fitted.join('\n')}\n`;
}
