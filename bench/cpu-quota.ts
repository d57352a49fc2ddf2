// A CPU quota for one process (and its threads), through the Linux cgroup `cpu` controller
// (v1 or v2; root, as on this machine). The server benchmark uses it to give each server
// process the same fixed share of a core, so that capacity per process can be compared on
// a machine whose cores are also needed by the load generator.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * CFS period, and a burst as large as the quota: a process that was idle may use up to twice
 * its quota in one period, so the short bursts of a game server (a robot's move generation)
 * pass and only a sustained load above the quota is throttled, as on a core of that speed.
 */
const PERIOD_US = Number(process.env.SERVER_BENCH_QUOTA_PERIOD_US ?? 100_000);

export interface CpuQuota {
  /** The cgroup folder, removed by `release` once the process is gone. */
  dir: string;
  release(): Promise<void>;
}

function root(): { dir: string; v2: boolean } | null {
  if (existsSync('/sys/fs/cgroup/cpu/cgroup.procs') && existsSync('/sys/fs/cgroup/cpu/cpu.cfs_quota_us')) return { dir: '/sys/fs/cgroup/cpu', v2: false };
  try {
    if (readFileSync('/sys/fs/cgroup/cgroup.controllers', 'utf8').split(/\s+/).includes('cpu')) return { dir: '/sys/fs/cgroup', v2: true };
  } catch {
    // no cgroup v2 either
  }
  return null;
}

/** Why quotas are not available here, or null when they are. */
export function quotaUnavailable(): string | null {
  const r = root();
  if (!r) return 'no cgroup cpu controller';
  const probe = join(r.dir, `cardwords-bench-probe-${process.pid}`);
  try {
    mkdirSync(probe);
    rmdirSync(probe);
    return null;
  } catch (e) {
    return `cannot create a cgroup: ${(e as Error).message}`;
  }
}

/** Puts process `pid` (every thread, and the threads it starts later) under `cores` of CPU. */
export function limitCpu(pid: number, cores: number): CpuQuota {
  const r = root();
  if (!r) throw new Error('no cgroup cpu controller');
  const dir = join(r.dir, `cardwords-bench-${pid}`);
  mkdirSync(dir);
  const quota = Math.round(cores * PERIOD_US);
  try {
    if (r.v2) {
      writeFileSync(join(r.dir, 'cgroup.subtree_control'), '+cpu');
      writeFileSync(join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`);
      trySet(join(dir, 'cpu.max.burst'), String(quota));
    } else {
      writeFileSync(join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      writeFileSync(join(dir, 'cpu.cfs_quota_us'), String(quota));
      trySet(join(dir, 'cpu.cfs_burst_us'), String(quota));
    }
    writeFileSync(join(dir, 'cgroup.procs'), String(pid));
  } catch (e) {
    rmdirSync(dir); // empty still: nothing was moved into it
    throw e;
  }
  return {
    dir,
    async release() {
      // the kernel never removes a cgroup itself; the process may need a moment to leave it
      for (let i = 0; i < 50; i++) {
        try {
          rmdirSync(dir);
          return;
        } catch {
          await new Promise((res) => setTimeout(res, 20));
        }
      }
      console.log(`could not remove ${dir}`);
    },
  };
}

/** Bursts need Linux 5.14 or later: without them the quota is stricter, not wrong. */
function trySet(file: string, value: string): void {
  try {
    writeFileSync(file, value);
  } catch {
    // no burst control here
  }
}

/** How often the process was throttled, of the periods it ran in (v1 and v2 name it alike). */
export function throttledShare(q: CpuQuota): number {
  const stat = Object.fromEntries(
    readFileSync(join(q.dir, 'cpu.stat'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(' ') as [string, string]),
  );
  const periods = Number(stat.nr_periods ?? 0);
  return periods ? Number(stat.nr_throttled ?? 0) / periods : 0;
}
