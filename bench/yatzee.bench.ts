// `npm run bench -- yatzee`: the optimal solitaire Yatzee solver and robot.
// - full solve on worker threads (median of 3) and on one thread (once), target <= 3 s;
// - loading the cached table from disk, target <= 100 ms;
// - 100,000 games by the optimal robot: the mean must be 248.44 +- 0.4 (exit 1 otherwise).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { header, measure, report } from './harness.js';
import { OptimalRobot, simulate } from '../core/robots/yatzee/robot.js';
import { solveAll, startValue } from '../core/robots/yatzee/solver.js';
import { loadTable, saveTable } from '../server/yatzee/cache.js';
import { solveParallel } from '../server/yatzee/parallel.js';

const EXPECTED = 248.44;
const GAMES = Number(process.env.YATZEE_BENCH_GAMES ?? 100_000);

header('Yatzee: optimal solitaire solver and robot');

let table: Float64Array = new Float64Array(0);
const threads = os.availableParallelism();
report(await measure(`full solve, ${threads} worker threads`, async () => (table = await solveParallel()), 3, 0), 3000);
console.log(`expected score of the start state: ${startValue(table).toFixed(4)} (${Math.abs(startValue(table) - EXPECTED) < 0.01 ? 'ok' : 'WRONG'}, want ${EXPECTED})`);
{
  const c0 = process.cpuUsage();
  report(await measure('full solve, 1 thread', () => solveAll(), 1, 0));
  const c = process.cpuUsage(c0);
  console.log(`  (CPU time of that solve: ${((c.user + c.system) / 1000).toFixed(0)} ms; the machine's load inflates wall times)`);
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'cw-yatzee-bench-'));
const file = path.join(dir, 'table.bin');
report(await measure('save table (atomic write, 16 MiB)', () => saveTable(table, file), 5, 1));
report(await measure('load cached table (read + checksum)', () => loadTable(file), 20, 2), 100);
rmSync(dir, { recursive: true, force: true });

const robot = new OptimalRobot(table);
const t0 = performance.now();
const c1 = process.cpuUsage();
const s = simulate(robot, GAMES, 'bench');
const secs = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(c1);
const se = s.sd / Math.sqrt(s.games);
const ok = Math.abs(s.mean - EXPECTED) <= 0.4;
console.log(
  `simulate ${s.games} games (seed 'bench'): ${secs.toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU (${((secs * 1e6) / s.games).toFixed(0)} us/game)\n` +
    `  mean ${s.mean.toFixed(3)} (standard error ${se.toFixed(3)}), sd ${s.sd.toFixed(2)}, bonus ${(s.bonusRate * 100).toFixed(2)} %, min ${s.min}, max ${s.max}\n` +
    `  verdict: mean within ${EXPECTED} +- 0.4: ${ok ? 'PASS' : 'FAIL'}`,
);
if (!ok || Math.abs(startValue(table) - EXPECTED) >= 0.01) process.exitCode = 1;
