// Solves the Yatzee table on worker threads: each level (number of filled categories)
// depends only on the level above, so its masks are dealt out to the workers, which write
// into one shared table. The workers run the solver kernel from its own source text
// (core/robots/yatzee/kernel.ts is self-contained), which works in the CLI bundle and in
// tests alike. Falls back to one thread when workers cannot start.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { createKernel } from '../../core/robots/yatzee/kernel.js';
import { KERNEL_TABLES, TABLE_LENGTH, masksOfLevel, newScratch, solveAll, solveMask, type SolveProgress } from '../../core/robots/yatzee/solver.js';

const LEVELS = 15;

function workerSource(): string {
  return `
const { parentPort, workerData } = require('node:worker_threads');
const createKernel = (${createKernel.toString()});
const kernel = createKernel(workerData.tables);
const v = new Float64Array(workerData.buffer);
const s = kernel.newScratch();
parentPort.on('message', (masks) => {
  let n = 0;
  for (let i = 0; i < masks.length; i++) n += kernel.solveMask(v, masks[i], s);
  parentPort.postMessage(n);
});
`;
}

export interface ParallelOptions {
  /** Worker threads; default: the machine's available parallelism. 1 = solve in this thread. */
  threads?: number;
  onLevel?: (p: SolveProgress) => void;
}

/** The full table; resolves when solved. */
export async function solveParallel(opts: ParallelOptions = {}): Promise<Float64Array> {
  const threads = Math.max(1, Math.min(16, opts.threads ?? os.availableParallelism()));
  if (threads === 1) return solveAll(opts.onLevel);
  const buffer = new SharedArrayBuffer(TABLE_LENGTH * 8);
  const v = new Float64Array(buffer);
  let workers: Worker[] = [];
  try {
    workers = Array.from({ length: threads }, () => new Worker(workerSource(), { eval: true, workerData: { tables: KERNEL_TABLES, buffer } }));
  } catch {
    for (const w of workers) void w.terminate();
    return solveAll(opts.onLevel);
  }
  const failed = new Promise<never>((_, reject) => {
    for (const w of workers) w.once('error', reject);
  });
  failed.catch(() => undefined); // handled by the race below; never unhandled
  try {
    let states = 0;
    for (let level = LEVELS - 1; level >= 0; level--) {
      const masks = masksOfLevel(level);
      if (masks.length < threads * 4) {
        // A handful of masks: not worth a round trip.
        const s = newScratch();
        for (const m of masks) states += solveMask(v, m, s);
      } else {
        const parts = workers.map((_, w) => masks.filter((__, i) => i % threads === w));
        const done = parts.map(
          (part, w) =>
            new Promise<number>((resolve) => {
              workers[w]!.once('message', (n: number) => resolve(n));
              workers[w]!.postMessage(part);
            }),
        );
        states += (await Promise.race([Promise.all(done), failed])).reduce((a, b) => a + b, 0);
      }
      opts.onLevel?.({ levels: LEVELS - level, states });
    }
  } catch {
    // A worker could not run the kernel (should not happen): solve in this thread.
    await Promise.all(workers.map((w) => w.terminate()));
    return solveAll(opts.onLevel);
  }
  await Promise.all(workers.map((w) => w.terminate()));
  // A private copy: callers may keep the table while the shared buffer is dropped.
  return new Float64Array(v);
}

