// The local game servers the bridge starts for the editor (`cardwords serve` on a free port of
// 127.0.0.1), one per ruleset: a game on another ruleset must not land on a server that
// plays (and adds approved words to the personal dictionary of) a different one. Each runs in
// its own process group and is stopped with its whole group: no orphans. It also runs with
// `--exit-with-stdin` on a pipe from the bridge: a bridge that is killed (SIGKILL, an Emacs
// that crashes) cannot stop it, but its end of the pipe closes, and the server stops.
//
// A server is shared by the editor's games on its ruleset (a Cardwords game and a Yatzee game
// on the default one), so it is counted by its users: each game session says which server its
// room is on (`use`), and a local server stops when the last game on it leaves. Stopping one
// game never stops the server another open game plays on.
//
// A server's data folder is temporary, and goes when the server exits. A killed bridge (an
// Emacs that exits or crashes) cannot remove it: each folder names its server's process in
// `server.pid`, and the next bridge that starts a server removes the folders whose server is
// gone.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BridgeError } from './protocol.js';

export interface LocalAddress {
  url: string;
  owner: string;
  /** The server's process id (its process group's too). */
  pid: number;
}

interface Running {
  proc: ChildProcess;
  /** The server's data folder (a temporary one), removed once the server has exited. */
  data: string;
  address: LocalAddress;
}

const DATA_PREFIX = 'cardwords-emacs-server-';
const PID_FILE = 'server.pid';

/** True while process `pid` runs (EPERM: it does, another user's; a zombie does not). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // an orphan whose new parent has not reaped it yet still answers kill(pid, 0)
    return !/^.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true; // no /proc (macOS): it answered
  }
}

/**
 * Removes the data folders of local servers that are gone (their bridge was killed). A folder
 * without `server.pid` is left: its server is starting, or it is another version's.
 */
export function sweepStaleData(): void {
  let names: string[];
  try {
    names = readdirSync(tmpdir()).filter((n) => n.startsWith(DATA_PREFIX));
  } catch {
    return;
  }
  for (const n of names) {
    const dir = join(tmpdir(), n);
    let pid: number;
    try {
      pid = Number(readFileSync(join(dir, PID_FILE), 'utf8'));
    } catch {
      continue;
    }
    if (Number.isSafeInteger(pid) && pid > 0 && !processRuns(pid)) removeData(dir);
  }
}

/** How long a stopped server gets to finish before its group is killed. */
const STOP_GRACE_MS = 5000;

/** The key of a ruleset folder: its real path; '' for none (the server's default ruleset). */
function rulesetKey(ruleset?: string): string {
  if (!ruleset) return '';
  const path = resolve(ruleset);
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Where a game's URL points (host and port): the server a room is on. */
function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port}`;
  } catch {
    return url;
  }
}

const alive = (p: ChildProcess) => p.exitCode === null && p.signalCode === null;

export class LocalServers {
  /** The running servers by ruleset key. */
  private readonly servers = new Map<string, Running>();
  /** A game session (its holder object) -> the host its room is on. */
  private readonly uses = new Map<object, string>();

  /** The server of `ruleset` (a folder for Cardwords games; none: the default), started on first use. */
  async start(ruleset?: string): Promise<LocalAddress> {
    const key = rulesetKey(ruleset);
    const running = this.servers.get(key);
    if (running && alive(running.proc)) return running.address;
    const cli = process.argv[1]!;
    sweepStaleData();
    const data = mkdtempSync(join(tmpdir(), DATA_PREFIX));
    const args = [cli, 'serve', '--port', '0', '--host', '127.0.0.1', '--data', data, '--exit-with-stdin', ...(key ? ['--ruleset', key] : [])];
    const proc = spawn(process.execPath, args, { detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    // the server's data folder (its owner token, the games' logs) goes when the server has exited
    proc.once('exit', () => removeData(data));
    if (proc.pid) writeFileSync(join(data, PID_FILE), String(proc.pid));
    proc.stdin!.on('error', () => undefined); // EPIPE once the server is gone
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise<void>((ok, fail) => {
      const timer = setTimeout(() => {
        stopGroup(proc);
        fail(new BridgeError('failed', `the local server did not start:\n${out.slice(-2000)}`));
      }, 30_000);
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
    const address = { url: `http://127.0.0.1:${/^port: (\d+)$/m.exec(out)![1]}`, owner: /\?owner=(\S+)/.exec(out)![1]!, pid: proc.pid! };
    const entry = { proc, address, data };
    this.servers.set(key, entry);
    proc.once('exit', () => {
      if (this.servers.get(key) === entry) this.servers.delete(key);
    });
    return address;
  }

  /**
   * The game of `holder` (a game session) is now on `url` (null: it has none). The server
   * its game was on before stops when no other game uses it: the new one is held first, so
   * a game that moves to another room of the same server keeps it.
   */
  use(holder: object, url: string | null): void {
    const before = this.uses.get(holder);
    if (url === null) this.uses.delete(holder);
    else this.uses.set(holder, hostOf(url));
    if (before !== undefined) this.stopUnused(before);
  }

  /** Stops the local servers no game uses (`host`: only the one there). */
  stopUnused(host?: string): null {
    const used = new Set(this.uses.values());
    for (const [key, s] of [...this.servers]) {
      const h = hostOf(s.address.url);
      if ((host === undefined || h === host) && !used.has(h)) {
        this.servers.delete(key);
        stopGroup(s.proc);
      }
    }
    return null;
  }

  /** Stops every local server (synchronous: usable when the bridge exits). */
  stopAll(): void {
    for (const s of this.servers.values()) {
      stopGroup(s.proc);
      // the bridge is exiting and will not see the server's exit: its folder goes now
      removeData(s.data);
    }
    this.servers.clear();
  }
}

/**
 * Stops a server: its `--exit-with-stdin` pipe closed (on which it stops too, and exits at
 * the latest 5 s later) and SIGTERM to its process group; SIGKILL to the group when it has
 * not gone after a grace, so a server whose stop hangs cannot outlive its last game.
 */
function stopGroup(p: ChildProcess): void {
  if (!p.pid || !alive(p)) return;
  p.stdin?.end();
  signal(p.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (alive(p)) signal(p.pid!, 'SIGKILL');
  }, STOP_GRACE_MS);
  timer.unref();
  p.once('exit', () => clearTimeout(timer));
}

function removeData(data: string): void {
  try {
    rmSync(data, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    // best effort: a folder in the system's temporary folder
  }
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(-pid, sig);
  } catch {
    // already gone
  }
}
