// The one way server code gets the solved Yatzee table: from the disk cache when valid,
// otherwise solved (on worker threads) and then cached.
import { loadTable, saveTable, cacheFile } from './cache.js';
import { solveParallel } from './parallel.js';
import type { SolveProgress } from '../../core/robots/yatzee/solver.js';

export interface TableResult {
  table: Float64Array;
  source: 'cache' | 'solved';
  /** Wall time of the load or the solve. */
  ms: number;
  /** Cache file used (or that could not be written: see cacheError). */
  file: string;
  cacheError?: string;
}

export interface TableOptions {
  /** Ignore the cache (neither read nor write). */
  noCache?: boolean;
  threads?: number;
  onLevel?: (p: SolveProgress) => void;
  file?: string;
  /** The solver (default: solveParallel); tests inject one. */
  solve?: () => Promise<Float64Array>;
}

export async function getTable(opts: TableOptions = {}): Promise<TableResult> {
  const file = opts.file ?? cacheFile();
  if (!opts.noCache) {
    const t0 = performance.now();
    const table = loadTable(file);
    if (table) return { table, source: 'cache', ms: performance.now() - t0, file };
  }
  const t0 = performance.now();
  const table = await (opts.solve ? opts.solve() : solveParallel({ threads: opts.threads, onLevel: opts.onLevel }));
  const ms = performance.now() - t0;
  const res: TableResult = { table, source: 'solved', ms, file };
  if (!opts.noCache) {
    try {
      saveTable(table, file);
    } catch (e) {
      res.cacheError = e instanceof Error ? e.message : String(e);
    }
  }
  return res;
}
