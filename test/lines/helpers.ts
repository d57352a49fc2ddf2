// Test helpers for Lines: tmux (installed when missing), a CLI bundle, and a small tmux
// session wrapper (fixed size, send-keys, capture-pane, resize).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { pidAlive } from '../support/processes.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Makes sure tmux is on the machine: `apt-get update` then `apt-get install -y tmux` if not. */
export function ensureTmux(): string {
  const found = spawnSync('tmux', ['-V'], { encoding: 'utf8' });
  if (found.status === 0) return found.stdout.trim();
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const run = (args: string[]) => {
    const [cmd, ...rest] = [...sudo, ...args];
    const r = spawnSync(cmd!, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status !== 0) throw new Error(`${args.join(' ')} failed (status ${r.status})`);
  };
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', 'tmux']);
  return execFileSync('tmux', ['-V'], { encoding: 'utf8' }).trim();
}

/**
 * Bundles the real CLI entry (server/cli/main.ts) into `dir/cli.js`. Other commands are
 * left out as externals, so the bundle builds even while their files are being written.
 */
export async function buildCli(dir: string): Promise<string> {
  const outfile = path.join(dir, 'cli.js');
  await build({
    entryPoints: [path.join(ROOT, 'server/cli/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    banner: { js: "import { createRequire as __cwRequire } from 'node:module'; const require = __cwRequire(import.meta.url);" },
    plugins: [
      {
        name: 'only-lines',
        setup(b) {
          b.onResolve({ filter: /^\.\/[a-z-]+\.js$/ }, (args) =>
            args.importer.endsWith(path.join('commands', 'index.ts')) && args.path !== './lines.js' ? { path: args.path, external: true } : undefined,
          );
        },
      },
    ],
  });
  return outfile;
}

/** Node 24 (the project's), whatever `node` is on PATH. */
export const NODE = process.execPath;

export class TmuxSession {
  readonly socket: string;
  readonly name = 'lines';

  constructor(socketDir: string) {
    this.socket = path.join(socketDir, 'tmux.sock');
  }

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-S', this.socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
  }

  /** Starts `command` (a shell line) in a detached session of a fixed size. */
  start(command: string, cols: number, rows: number, env: Record<string, string> = {}): void {
    const envArgs = Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
    this.tmux('new-session', '-d', '-s', this.name, '-x', String(cols), '-y', String(rows), ...envArgs, command);
    this.tmux('set-option', '-t', this.name, 'window-size', 'manual');
  }

  keys(...keys: string[]): void {
    this.tmux('send-keys', '-t', this.name, ...keys);
  }

  /** Literal text (no key names; `--` so that a text starting with '-', such as a game id, is not read as a flag). */
  type(text: string): void {
    this.tmux('send-keys', '-t', this.name, '-l', '--', text);
  }

  capture(escapes = false): string {
    return this.tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []), '-t', this.name);
  }

  resize(cols: number, rows: number): void {
    this.tmux('resize-window', '-t', this.name, '-x', String(cols), '-y', String(rows));
  }

  panePid(): number {
    return Number(this.tmux('display-message', '-p', '-t', this.name, '#{pane_pid}').trim());
  }

  /**
   * Polls the screen until `test` passes on a settled screen (returns it) or throws with the
   * last screen. A capture can catch a program mid-redisplay, its upper lines new and its
   * lower ones (a total, the mode line) still old, and pass a test that looks at the new
   * lines only: clean runs met that three times in Emacs. So a passing screen is returned
   * once the next capture finds it unchanged (or after a second of a screen that keeps
   * changing and passing: a clock, a progress line).
   */
  async waitFor(test: (screen: string) => boolean, what: string, timeoutMs = 8000): Promise<string> {
    const t0 = Date.now();
    let screen = '';
    let passing: string | null = null;
    let passingSince = 0;
    while (Date.now() - t0 < timeoutMs) {
      screen = this.capture();
      if (test(screen)) {
        if (screen === passing || (passing !== null && Date.now() - passingSince > 1000)) return screen;
        if (passing === null) passingSince = Date.now();
        passing = screen;
      } else passing = null;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${what}; screen:\n${screen}`);
  }

  /**
   * Ends the session and waits (up to 10 s) until the programs it ran have exited: Emacs
   * auto-saves on the hangup, and a test's folder removed meanwhile failed with ENOTEMPTY.
   */
  kill(): void {
    let pids: number[] = [];
    try {
      pids = descendants(this.panePid());
    } catch {
      // no session
    }
    try {
      this.tmux('kill-server');
    } catch {
      // already gone
    }
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const until = Date.now() + 10_000;
    while (pids.some(pidAlive) && Date.now() < until) Atomics.wait(pause, 0, 0, 20);
  }
}

/** A process and all its descendants, from `ps`. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const line of execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' }).split('\n')) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (pid && ppid !== undefined) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const out = [root];
  for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]!) ?? []));
  return out;
}


export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
