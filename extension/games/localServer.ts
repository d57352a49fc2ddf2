// The local game server: `dist/cli.js serve` as a child process of the extension host, run
// by VS Code's own Node (process.execPath with ELECTRON_RUN_AS_NODE=1), on a free port
// (`--port 0`: the port and the owner link are read from its output).
//
// No orphan survives (the seed's users had to `killall cardwords_server`):
// - the child leads its own process group (detached), and stop() signals the whole group
//   (SIGTERM, then SIGKILL after a grace period);
// - `--exit-with-stdin`: the server stops when its stdin pipe closes, which happens whenever
//   the extension host dies, even by SIGKILL, with no deactivate() run;
// - the extension host's 'exit' event sends SIGTERM to the group as a last word: not SIGKILL,
//   which would cut the server's graceful stop (the `stopping` message to the players, the
//   queued log lines); the pipe closes with the exit anyway, and the server cuts a slow stop
//   at 5 s itself.
import { spawn, type ChildProcess } from 'node:child_process';

export interface LocalServerOptions {
  cli: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Every output line of the server (stdout and stderr). */
  log: (line: string) => void;
  startTimeoutMs?: number;
}

const live = new Set<LocalServer>();
let exitHook = false;

export class LocalServer {
  private exited = false;
  private readonly exitWaiters: Array<() => void> = [];
  onExit: ((code: number | null, signal: NodeJS.Signals | null) => void) | undefined;

  private constructor(
    private readonly child: ChildProcess,
    readonly pid: number,
    readonly port: number,
    readonly url: string,
    readonly owner: string | undefined,
  ) {}

  static start(o: LocalServerOptions): Promise<LocalServer> {
    if (!exitHook) {
      exitHook = true;
      process.once('exit', () => {
        for (const s of live) s.kill('SIGTERM');
      });
    }
    const child = spawn(process.execPath, [o.cli, ...o.args], {
      env: { ...o.env, ELECTRON_RUN_AS_NODE: '1' },
      detached: true, // its own process group: stop() signals the group
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    return new Promise<LocalServer>((resolve, reject) => {
      let port: number | undefined;
      let url: string | undefined;
      let owner: string | undefined;
      let server: LocalServer | undefined;
      let settled = false;
      const fail = (why: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (child.pid !== undefined) signalGroup(child, 'SIGKILL');
        reject(new Error(why));
      };
      const timer = setTimeout(() => fail(`the server did not report its port within ${(o.startTimeoutMs ?? 30_000) / 1000} s`), o.startTimeoutMs ?? 30_000);
      const onLine = (line: string) => {
        o.log(line);
        if (settled) return;
        const p = /^port: (\d+)\s*$/.exec(line);
        if (p) port = Number(p[1]);
        const l = /listening on (\S+)/.exec(line);
        if (l) url = l[1]!.replace(/\/$/, '');
        const ow = /Owner link[^:]*: (\S+)/.exec(line);
        if (ow) {
          try {
            owner = new URL(ow[1]!).searchParams.get('owner') ?? undefined;
          } catch {
            owner = undefined;
          }
          // the owner link is the last line of the start: the server is ready
          if (port !== undefined && child.pid !== undefined) {
            settled = true;
            clearTimeout(timer);
            server = new LocalServer(child, child.pid, port, url ?? `http://127.0.0.1:${port}`, owner);
            live.add(server);
            resolve(server);
          }
        }
      };
      lines(child.stdout, onLine);
      lines(child.stderr, onLine);
      child.stdin?.on('error', () => undefined); // EPIPE when the server is gone
      child.once('error', (e) => fail(`the server could not start: ${e.message}`));
      child.once('exit', (code, signal) => {
        fail(`the server exited before it was ready (${signal ?? `code ${code}`})`);
        if (server) {
          server.exited = true;
          live.delete(server);
          for (const w of server.exitWaiters.splice(0)) w();
          server.onExit?.(code, signal);
        }
      });
    });
  }

  get running(): boolean {
    return !this.exited;
  }

  /** Signals the whole process group now (synchronous: usable in 'exit' handlers). */
  kill(signal: NodeJS.Signals): void {
    if (this.exited && signal !== 'SIGKILL') return;
    this.child.stdin?.end();
    signalGroup(this.child, signal);
  }

  /** SIGTERM (the server keeps unfinished games), then SIGKILL after `graceMs`. */
  async stop(graceMs = 3000): Promise<void> {
    if (this.exited) {
      signalGroup(this.child, 'SIGKILL'); // anything the server left in its group
      return;
    }
    const gone = new Promise<void>((r) => this.exitWaiters.push(r));
    this.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([gone, new Promise<void>((r) => (timer = setTimeout(r, graceMs)))]);
    clearTimeout(timer);
    signalGroup(this.child, 'SIGKILL');
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(process.platform === 'win32' ? child.pid : -child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // gone
    }
  }
}

function lines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  if (!stream) return;
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    rest += chunk;
    let i: number;
    while ((i = rest.indexOf('\n')) >= 0) {
      onLine(rest.slice(0, i).replace(/\r$/, ''));
      rest = rest.slice(i + 1);
    }
  });
  stream.on('end', () => {
    if (rest) onLine(rest);
    rest = '';
  });
}
