// Runs the built CLI (dist/cli.js) as a real process, the way users and editors do.
import { spawnSync } from 'node:child_process';

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], input?: string | Buffer, env?: NodeJS.ProcessEnv): Run {
  const r = spawnSync(process.execPath, ['dist/cli.js', ...args], { input, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
