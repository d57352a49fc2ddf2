// A local game server the bridge starts for the editor (`cardwords serve` on a free port of
// 127.0.0.1) in its own process group, and stops with its whole group: no orphans. It also
// runs with `--exit-with-stdin` on a pipe from the bridge: a bridge that is killed (SIGKILL,
// an Emacs that crashes) cannot stop it, but its end of the pipe closes, and the server stops.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BridgeError } from './protocol.js';

export class LocalServer {
  private proc: ChildProcess | null = null;
  private address: { url: string; owner: string } | null = null;

  /** Starts the server (once; later calls answer the running one). `ruleset`: a folder for Cardwords games. */
  async start(ruleset?: string): Promise<{ url: string; owner: string }> {
    if (this.proc && this.address && this.proc.exitCode === null) return this.address;
    const cli = process.argv[1]!;
    const data = mkdtempSync(join(tmpdir(), 'cardwords-emacs-server-'));
    const args = [cli, 'serve', '--port', '0', '--host', '127.0.0.1', '--data', data, '--exit-with-stdin', ...(ruleset ? ['--ruleset', resolve(ruleset)] : [])];
    const proc = spawn(process.execPath, args, { detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc = proc;
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise<void>((ok, fail) => {
      const timer = setTimeout(() => fail(new BridgeError('failed', `the local server did not start:\n${out.slice(-2000)}`)), 30_000);
      proc.stdout!.on('data', () => {
        if (/\?owner=\S+/.test(out) && /^port: \d+$/m.test(out)) {
          clearTimeout(timer);
          ok();
        }
      });
      proc.once('exit', () => {
        clearTimeout(timer);
        fail(new BridgeError('failed', `the local server exited:\n${out.slice(-2000)}`));
      });
    });
    this.address = { url: `http://127.0.0.1:${/^port: (\d+)$/m.exec(out)![1]}`, owner: /\?owner=(\S+)/.exec(out)![1]! };
    return this.address;
  }

  stop(): null {
    const p = this.proc;
    this.proc = null;
    this.address = null;
    if (p?.pid && p.exitCode === null) {
      try {
        process.kill(-p.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    return null;
  }
}
