// A real redis-server for tests: on a free loopback port, no persistence, stopped by PID.
// (test/global-setup.ts installs the Debian package `redis-server` when missing.)
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface RedisProcess {
  proc: ChildProcess;
  port: number;
  url: string;
  stop(): Promise<void>;
  /** SIGKILL (a crash, an outage) and wait for the exit. */
  kill9(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * `port`: start again on the port of one stopped before. Without `dir` its data is gone (no
 * persistence); with `dir` every write is in an append-only file there (fsync'ed each time),
 * so a Redis killed and started again on the same `dir` has what it acknowledged.
 */
export async function startRedis(port?: number, dir?: string): Promise<RedisProcess> {
  port ??= await freePort();
  const persistence = dir ? ['--dir', dir, '--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
  const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence, '--daemonize', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${out}`)), 15_000);
    const check = () => {
      if (/Ready to accept connections/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout!.on('data', check);
    proc.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited:\n${out}`));
    });
  });
  return {
    proc,
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null && proc.pid !== undefined) process.kill(proc.pid, 'SIGTERM');
      await exited;
    },
    async kill9() {
      if (proc.exitCode === null && proc.signalCode === null && proc.pid !== undefined) process.kill(proc.pid, 'SIGKILL');
      await exited;
    },
  };
}
