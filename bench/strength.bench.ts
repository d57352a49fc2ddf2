// Robot strength: the champion against `best` over seeded two-player games (each deal played
// twice, each side starting once), on the English and German samples, the original
// document's example ruleset (samples/seed-example) and a random custom ruleset; win rate
// with its 95 % interval and the mean score difference. Also the champion with static
// equity only (no simulation, no endgame search) against best.
//
//   npm run bench -- strength
//
// Environment (defaults in brackets):
//   STRENGTH_GAMES     games per ruleset and pairing [2000]
//   STRENGTH_STATIC    games for the static-equity pairing [STRENGTH_GAMES]
//   STRENGTH_MS        the champion's time per move in ms [1000]; or
//   STRENGTH_ITER      a fixed number of simulation iterations per move (reproducible)
//   STRENGTH_RULESETS  comma-separated subset of: english, german, seed-example, custom
//   STRENGTH_LEARN     self-play games to learn the leave values [300, as the server]
// The leave values come from the cache (learned on first use, like the server does).
// At 1 s a move a 2,000-game run takes about 15 hours per ruleset on one core: run what fits
// and say how many games were played.
import { loadRulesetDir } from '../server/ruleset/fs.js';
import { loadLeaves } from '../server/robots/leaves.js';
import { loadWordStore, rulesetChars } from '../server/words/cache.js';
import { rulesFromRuleset, makeRules, type CardwordsRules } from '../core/games/cardwords/setup.js';
import { levelPolicy, match, type MatchResult } from '../core/robots/cardwords/match.js';
import { LeaveLearner } from '../core/robots/cardwords/learn.js';
import { Leaves } from '../core/robots/cardwords/leaves.js';
import type { ChampionOptions } from '../core/robots/cardwords/champion.js';
import type { WordStore } from '../core/words/store.js';
import type { CellAttributes } from '../core/formats/types.js';
import type { Card } from '../core/games/cardwords/types.js';
import { Rng } from '../core/random.js';
import { header } from './harness.js';
import { progressLine } from '../server/cli/commands/moves.js';
import { processIO } from '../server/cli/io.js';
import os from 'node:os';

const env = process.env;
const GAMES = Number(env.STRENGTH_GAMES ?? 2000);
const STATIC_GAMES = Number(env.STRENGTH_STATIC ?? GAMES);
const LEARN = Number(env.STRENGTH_LEARN ?? 300);
const champion: ChampionOptions = env.STRENGTH_ITER ? { iterations: Number(env.STRENGTH_ITER) } : { timeMs: Number(env.STRENGTH_MS ?? 1000), now: () => performance.now() };
const wanted = (env.STRENGTH_RULESETS ?? 'english,german,seed-example,custom').split(',');

interface Subject {
  name: string;
  rules: CardwordsRules;
  store: WordStore;
  leaves: Leaves;
}

async function sample(dir: string, name: string): Promise<Subject> {
  const { ruleset, diagnostics } = await loadRulesetDir(dir);
  if (!ruleset) throw new Error(`${dir}: ${diagnostics.map((d) => d.message).join('; ')}`);
  const { store } = await loadWordStore(rulesetChars(ruleset), ruleset.words);
  const t0 = performance.now();
  const loaded = await loadLeaves(ruleset, store, { games: LEARN });
  console.log(`${name}: leave values ${loaded.source === 'cache' ? 'from the cache' : `learned in ${((performance.now() - t0) / 1000).toFixed(0)} s`} (${loaded.leaves.model.games} games, ${loaded.leaves.model.samples} samples)`);
  return { name, rules: rulesFromRuleset(ruleset), store, leaves: loaded.leaves };
}

/**
 * A random custom ruleset over the English words: random card points (some negative), a
 * random 13x13 table of blocked and premium cells, random bonuses; seeded, so it is the same
 * every run.
 */
async function custom(): Promise<Subject> {
  const { ruleset } = await loadRulesetDir('samples/english');
  const rng = Rng.fromSeed('strength-custom');
  const chars = rulesetChars(ruleset!);
  const deck: Card[] = [];
  for (const c of chars) {
    const points = rng.int(12) - 2;
    const copies = 1 + rng.int(c === 'E' || c === 'A' || c === 'I' || c === 'O' ? 9 : 4);
    for (let i = 0; i < copies; i++) deck.push({ char: c, points });
  }
  for (let i = 0; i < 3; i++) deck.push({ char: null, points: rng.int(3) - 1 });
  const W = 13;
  const cells: CellAttributes[] = [];
  for (let i = 0; i < W * W; i++) {
    const x = rng.int(100);
    cells.push({ blocked: x < 6 && i !== 84, points: x >= 90 ? 1 + rng.int(8) : 0, letterFactor: x >= 80 && x < 86 ? 2 + rng.int(2) : 1, wordFactor: x >= 86 && x < 90 ? 2 : 1 });
  }
  const table = { width: W, height: W, start: { column: 6, row: 6, touchColumn: 6, touchRow: 6 }, endTag: { column: W, row: W }, cells, lines: [] };
  const hand = 6;
  const bonus = new Map<number, number>();
  for (let k = -hand; k <= hand; k++) bonus.set(k, k < 0 ? -rng.int(4) : k === 0 ? -1 : k === hand ? 15 + rng.int(20) : k >= 4 ? rng.int(6) : 0);
  const rules = makeRules({ name: 'custom', chars, deck, table, bonus, handSize: hand });
  const { store } = await loadWordStore(chars, ruleset!.words);
  const t0 = performance.now();
  const leaves = new Leaves(new LeaveLearner(rules, store, 'custom', { games: LEARN }).run());
  console.log(`custom: ${deck.length} cards, hand ${hand}; leave values learned in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return { name: 'custom', rules, store, leaves };
}

/** A progress line on standard error while a pairing plays (a full run takes hours). */
function progress(label: string, total: number): (done: number) => void {
  const bar = progressLine(processIO, label);
  return (done) => {
    bar(done, total);
    if (done === total) process.stderr.write('\r\x1b[K');
  };
}

function line(label: string, r: MatchResult, seconds: number): void {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  console.log(
    `${label.padEnd(44)} ${String(r.games).padStart(5)} games  win ${pct(r.rate).padStart(7)} (95 % ${pct(r.low)}..${pct(r.high)})  score ${r.diff / r.games >= 0 ? '+' : ''}${(r.diff / r.games).toFixed(1)} a game  ${seconds.toFixed(0)} s  load ${os.loadavg()[0]!.toFixed(2)}`,
  );
}

header('Cardwords: champion against best');
console.log(`champion: ${env.STRENGTH_ITER ? `${env.STRENGTH_ITER} iterations a move` : `${champion.timeMs} ms a move`}; ${GAMES} games (static ${STATIC_GAMES}) per ruleset`);
const subjects: Array<() => Promise<Subject>> = [];
if (wanted.includes('english')) subjects.push(() => sample('samples/english', 'english'));
if (wanted.includes('german')) subjects.push(() => sample('samples/german', 'german'));
if (wanted.includes('seed-example')) subjects.push(() => sample('samples/seed-example', 'seed-example'));
if (wanted.includes('custom')) subjects.push(custom);
for (const make of subjects) {
  const s = await make();
  const best = levelPolicy(s.rules, s.store, 'best');
  if (STATIC_GAMES > 0) {
    const t0 = performance.now();
    const r = match(s.rules, s.store, levelPolicy(s.rules, s.store, 'champion', s.leaves, { simulate: false, endgame: false }), best, STATIC_GAMES, `strength/${s.name}`, progress(`${s.name}: static equity`, STATIC_GAMES));
    line(`${s.name}: static equity vs best`, r, (performance.now() - t0) / 1000);
  }
  if (GAMES > 0) {
    const t0 = performance.now();
    const r = match(s.rules, s.store, levelPolicy(s.rules, s.store, 'champion', s.leaves, champion), best, GAMES, `strength/${s.name}`, progress(`${s.name}: champion`, GAMES));
    line(`${s.name}: champion vs best`, r, (performance.now() - t0) / 1000);
  }
}
