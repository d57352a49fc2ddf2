// Shared benchmark helpers: medians over repeated runs, printed with the machine's context
// (the Standards: speed is measured here, not in timed tests).
import os from 'node:os';

export interface Stats {
  name: string;
  runs: number;
  medianMs: number;
  p95Ms: number;
  minMs: number;
}

export function machineContext(): string {
  const cpus = os.cpus();
  return [
    `node ${process.version} on ${os.platform()} ${os.arch()}`,
    `${cpus.length} x ${cpus[0]?.model ?? 'unknown cpu'}`,
    `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  ].join('; ');
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

/** Times `fn` `runs` times after `warmup` untimed runs; `before`, when given, runs untimed before each timed run. */
export async function measure(name: string, fn: () => unknown, runs = 20, warmup = 2, before?: () => unknown): Promise<Stats> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (before) await before();
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { name, runs, medianMs: quantile(times, 0.5), p95Ms: quantile(times, 0.95), minMs: times[0] ?? NaN };
}

/** One table row: the figure, and the target it is compared with (`<= target ms`). */
export function report(s: Stats, targetMs?: number): void {
  const verdict = targetMs === undefined ? '' : s.medianMs <= targetMs ? `  (target <= ${targetMs} ms: met)` : `  (target <= ${targetMs} ms: MISSED)`;
  console.log(`${s.name.padEnd(48)} median ${s.medianMs.toFixed(3).padStart(10)} ms  p95 ${s.p95Ms.toFixed(3).padStart(10)} ms  (${s.runs} runs)${verdict}`);
}

export function header(title: string): void {
  console.log(`\n# ${title}\n${machineContext()}`);
}
