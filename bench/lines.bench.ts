// Lines: hint time per move, and the hint playing alone against a random mover over 1,000
// seeded games each (`npm run bench -- lines`; LINES_BENCH_GAMES=n for a quicker run).
// The games are spread over worker threads, one per core.
import os from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { apply, hint, newGame, playGame, randomMove, type LinesState } from '../core/games/lines/index.js';
import { Rng } from '../core/random.js';
import { header, report, type Stats } from './harness.js';

interface Job {
  kind: 'hint' | 'random';
  seeds: number[];
}
interface Played {
  score: number;
  moves: number;
}

function play(job: Job): Played[] {
  return job.seeds.map((i) => {
    if (job.kind === 'hint') return playGame(`bench-${i}`, (s) => hint(s));
    const rng = new Rng([i, 0x9e3779b9, 7, 11]);
    return playGame(`bench-${i}`, (s) => randomMove(s, rng));
  });
}

if (!isMainThread) {
  parentPort!.postMessage(play(workerData as Job));
} else {
  await runMain();
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

async function playAll(kind: Job['kind'], games: number): Promise<Played[]> {
  const workers = Math.max(1, Math.min(os.availableParallelism?.() ?? os.cpus().length, games));
  const jobs: Promise<Played[]>[] = [];
  for (let w = 0; w < workers; w++) {
    const seeds: number[] = [];
    for (let i = w; i < games; i += workers) seeds.push(i);
    jobs.push(
      new Promise((resolve, reject) => {
        const worker = new Worker(new URL(import.meta.url), { workerData: { kind, seeds } satisfies Job });
        worker.once('message', resolve);
        worker.once('error', reject);
      }),
    );
  }
  return (await Promise.all(jobs)).flat();
}

function summary(name: string, results: Played[], ms: number): void {
  const scores = results.map((r) => r.score).sort((a, b) => a - b);
  const avg = scores.reduce((a, b) => a + b, 0) / scores.length;
  const moves = results.reduce((a, r) => a + r.moves, 0) / results.length;
  console.log(
    `${name.padEnd(30)} ${results.length} games: average ${avg.toFixed(1)}, median ${quantile(scores, 0.5)}, ` +
      `min ${scores[0]}, max ${scores[scores.length - 1]}, ${moves.toFixed(0)} moves a game (${(ms / 1000).toFixed(1)} s)`,
  );
}

async function runMain(): Promise<void> {
  header('Lines: hint');

  // Hint time per move, over the positions of a few hint-played games (9x9 defaults).
  const times: number[] = [];
  for (let g = 0; g < 5; g++) {
    const n = newGame(`timing-${g}`);
    if (!n.ok) throw new Error(n.error.message);
    let s: LinesState = n.value;
    for (let i = 0; i < 50; i++) hint(s); // warm-up
    while (!s.over && s.moves < 2000) {
      const t0 = performance.now();
      const mv = hint(s);
      times.push(performance.now() - t0);
      if (!mv) break;
      const r = apply(s, { type: 'move', ...mv });
      if (!r.ok) throw new Error(r.error.message);
      s = { ...r.value, prev: null };
    }
  }
  times.sort((a, b) => a - b);
  const stats: Stats = { name: 'hint, one move (9x9, 5 colours)', runs: times.length, medianMs: quantile(times, 0.5), p95Ms: quantile(times, 0.95), minMs: times[0] ?? NaN };
  report(stats, 20);
  console.log(`${''.padEnd(48)} max ${quantile(times, 1).toFixed(3)} ms`);

  const games = Number(process.env.LINES_BENCH_GAMES ?? 1000);
  let t0 = performance.now();
  const random = await playAll('random', games);
  summary('random mover', random, performance.now() - t0);
  t0 = performance.now();
  const hinted = await playAll('hint', games);
  summary('hint playing alone', hinted, performance.now() - t0);
}
