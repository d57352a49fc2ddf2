// Test helpers for Lines: tmux (installed when missing), a CLI bundle, and a small tmux
// session wrapper (fixed size, send-keys, capture-pane, resize).
import { execFileSync, spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
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

/**
 * One `tmux -C` (control mode) connection to a session, for the screen polls: a poll every
 * 50 ms that spawned `tmux capture-pane` cost about 4 ms of CPU each (5-8 % of a core during
 * every wait); a command on an open connection costs the server's work only. The pane's
 * output is not sent to it (`no-output`), and a control client has no size of its own, so
 * the window keeps the size the test gave it.
 */
/** How long a screen poll waits for the control connection's answer (ms; it takes a few). */
const CONTROL_ANSWER_MS = 5000;

class TmuxControl {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending: { resolve: (out: string) => void; reject: (e: Error) => void }[] = [];
  private rest = '';
  private block: { num: string; ours: boolean; lines: string[] } | null = null;
  closed = false;

  constructor(socket: string, target: string) {
    this.child = spawn('tmux', ['-S', socket, '-f', '/dev/null', '-C', 'attach-session', '-t', target]);
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.read(chunk));
    this.child.stdin.on('error', () => {});
    this.child.on('close', () => this.close());
    this.child.on('error', () => this.close());
    void this.run('refresh-client -f no-output').catch(() => {});
  }

  /** The output of one tmux command (a line of tmux's command language). */
  run(command: string): Promise<string> {
    if (this.closed) return Promise.reject(new Error('tmux control client ended'));
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      this.child.stdin.write(`${command}\n`);
    });
  }

  end(): void {
    this.child.kill();
    this.close();
  }

  private close(): void {
    this.closed = true;
    for (const p of this.pending.splice(0)) p.reject(new Error('tmux control client ended'));
  }

  // Answers come in %begin/%end (or %error) blocks, in the order the commands were sent;
  // flags 1 marks a command of this client (the attach's own block has 0). Lines outside a
  // block are notifications.
  private read(chunk: string): void {
    const lines = (this.rest + chunk).split('\n');
    this.rest = lines.pop()!;
    for (const line of lines) {
      if (this.block) {
        const m = /^%(end|error) \d+ (\d+) \d+$/.exec(line);
        if (!m || m[2] !== this.block.num) {
          this.block.lines.push(line);
          continue;
        }
        const { ours, lines: out } = this.block;
        this.block = null;
        if (!ours) continue;
        const p = this.pending.shift();
        if (m[1] === 'end') p?.resolve(out.map((l) => `${l}\n`).join(''));
        else p?.reject(new Error(out.join('\n')));
      } else {
        const m = /^%begin \d+ (\d+) (\d+)$/.exec(line);
        if (m) this.block = { num: m[1]!, ours: m[2] === '1', lines: [] };
      }
    }
  }
}

export class TmuxSession {
  readonly socket: string;
  readonly name = 'lines';
  private control: TmuxControl | undefined;
  private controlFailed = false;

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
    this.controlFailed = false;
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

  /** What capture() gives, read through the session's control connection (capture() when that cannot be had). */
  private async poll(): Promise<string> {
    if (this.controlFailed) return this.capture();
    if (!this.control || this.control.closed) this.control = new TmuxControl(this.socket, this.name);
    // an answer that never comes (seen once in a clean run under load: the poll waited for
    // ever, and waitFor's own deadline, checked between polls, never came) gives up on the
    // connection: the polls go on by capture-pane
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer from the tmux control client')), CONTROL_ANSWER_MS);
    });
    try {
      return await Promise.race([this.control.run(`capture-pane -p -t ${this.name}`), late]);
    } catch {
      this.controlFailed = true;
      this.control.end();
      return this.capture();
    } finally {
      clearTimeout(timer);
    }
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
      screen = await this.poll();
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
    this.control?.end();
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
