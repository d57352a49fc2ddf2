// `cardwords yatzee`: the optimal solitaire Yatzee strategy. `solve` builds (or loads) the
// table and prints the expected score; `simulate` lets the optimal robot play games.
import { OptimalRobot, simulate } from '../../../core/robots/yatzee/robot.js';
import { startValue } from '../../../core/robots/yatzee/solver.js';
import { getTable } from '../../yatzee/table.js';
import { UsageError, type CliIO } from '../io.js';
import type { Command } from './index.js';

const help = `Usage: cardwords yatzee <solve|simulate> [options]

The optimal solitaire strategy for Yatzee (Scandinavian rules, docs/yatzee.md): dynamic
programming over (filled categories, upper sum) maximising the expected final score.

Subcommands:
  solve                 solve the strategy table and print the start state's expected
                        score and the time taken (progress on stderr); the table is
                        cached on disk and loaded from there next time
  simulate              the optimal robot plays solitaire games; prints the mean score,
                        standard deviation, bonus rate, min and max

Options:
  --no-cache            solve: solve even when a cached table exists, and do not write it;
                        simulate: solve first instead of loading the cached table
  --threads N           worker threads for solving (default: available cores)
  --games N             simulate: number of games (default 1000)
  --seed S              simulate: seed of the dice (default 1)
  --json                print one JSON object instead of text
  --help                this text

Cache: $CARDWORDS_CACHE_DIR, else $XDG_CACHE_HOME/cardwords, else ~/.cache/cardwords.
Exit codes: 0 ok, 2 usage error.
`;

interface Options {
  sub: 'solve' | 'simulate';
  noCache: boolean;
  json: boolean;
  threads?: number;
  games: number;
  seed: string;
}

function positiveInt(flag: string, value: string | undefined, max: number): number {
  if (value === undefined) throw new UsageError(`${flag} needs a value`);
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) throw new UsageError(`${flag} must be an integer from 1 to ${max}, not '${value}'`);
  return Number(value);
}

function parse(argv: string[]): Options {
  const [sub, ...rest] = argv;
  if (sub === undefined) throw new UsageError('missing subcommand: solve or simulate');
  if (sub !== 'solve' && sub !== 'simulate') throw new UsageError(`unknown subcommand '${sub}' (solve or simulate)`);
  const o: Options = { sub, noCache: false, json: false, games: 1000, seed: '1' };
  let gamesGiven = false;
  let seedGiven = false;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = (): string | undefined => (inline !== undefined ? inline : rest[++i]);
    switch (flag) {
      case '--no-cache':
        o.noCache = true;
        break;
      case '--json':
        o.json = true;
        break;
      case '--threads':
        o.threads = positiveInt('--threads', value(), 64);
        break;
      case '--games':
        o.games = positiveInt('--games', value(), 100_000_000);
        gamesGiven = true;
        break;
      case '--seed': {
        const v = value();
        if (v === undefined || v === '') throw new UsageError('--seed needs a value');
        o.seed = v;
        seedGiven = true;
        break;
      }
      default:
        throw new UsageError(`unknown option '${a}'`);
    }
  }
  if (sub === 'solve' && (gamesGiven || seedGiven)) throw new UsageError('--games and --seed belong to simulate');
  return o;
}

function progress(io: CliIO, quiet: boolean): ((p: { levels: number; states: number }) => void) | undefined {
  if (quiet) return undefined;
  return (p) => io.err(`yatzee: solving, level ${p.levels}/15, ${p.states} states\n`);
}

async function run(argv: string[], io: CliIO): Promise<number> {
  const o = parse(argv);
  if (o.sub === 'solve') {
    const r = await getTable({ noCache: o.noCache, threads: o.threads, onLevel: progress(io, o.json) });
    const expected = startValue(r.table);
    if (r.cacheError) io.err(`yatzee: could not write the cache ${r.file}: ${r.cacheError}\n`);
    if (o.json) io.out(`${JSON.stringify({ expected: Number(expected.toFixed(6)), source: r.source, ms: Math.round(r.ms), cache: o.noCache ? null : r.file })}\n`);
    else {
      const how = r.source === 'cache' ? `loaded from ${r.file} in ${r.ms.toFixed(0)} ms` : `solved in ${(r.ms / 1000).toFixed(2)} s`;
      io.out(`Expected score of the optimal strategy: ${expected.toFixed(4)}\n${how}\n`);
    }
    return 0;
  }
  const r = await getTable({ noCache: o.noCache, threads: o.threads, onLevel: progress(io, o.json) });
  const robot = new OptimalRobot(r.table);
  const t0 = performance.now();
  const step = Math.max(1, Math.floor(o.games / 10));
  const s = simulate(robot, o.games, o.seed, o.json || o.games < 10_000 ? undefined : (n) => n % step === 0 && n < o.games && io.err(`yatzee: ${n}/${o.games} games\n`));
  const ms = performance.now() - t0;
  if (o.json) io.out(`${JSON.stringify({ ...s, seed: o.seed, expected: Number(startValue(r.table).toFixed(6)), ms: Math.round(ms) })}\n`);
  else
    io.out(
      [
        `Games:     ${s.games} (seed ${o.seed}), ${(ms / 1000).toFixed(2)} s`,
        `Mean:      ${s.mean.toFixed(2)} (optimal expectation ${startValue(r.table).toFixed(2)})`,
        `Std dev:   ${s.sd.toFixed(2)}`,
        `Bonus:     ${(s.bonusRate * 100).toFixed(1)} %`,
        `Min / max: ${s.min} / ${s.max}`,
        '',
      ].join('\n'),
    );
  return 0;
}

export const command: Command = { help, run };
