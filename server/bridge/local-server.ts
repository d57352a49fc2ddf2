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
// game never stops the server another open game plays on. Nor one that people from elsewhere
// still play or watch on (a guest who came by the invite link): it stops once they have gone
// (its `/games` counts no client), or when the bridge exits.
//
// A server that stops otherwise (killed, crashed) while a game of the editor is on it is
// started again on its data folder and port, so the games come back by themselves; at most
// MAX_RESTARTS times in RESTARTS_WINDOW_MS, and when it cannot (its port taken, its folder
// another bridge's) the editor is told why and what to do (`onStopped`).
//
// A server's data folder is kept, one per ruleset (the default ruleset's too), under the
// bridge's data directory (the Lines high scores' root: $CARDWORDS_DATA_DIR, else
// $XDG_DATA_HOME/cardwords, else ~/.local/share/cardwords):
//
//   emacs-servers/<slot>/server/     the server's --data folder (owner token, game logs)
//   emacs-servers/<slot>/lock        {"bridge": pid, "server": pid}: the bridge using it
//   emacs-servers/<slot>/seat.json   the Cardwords game the player sits in (id, seat key, name)
//   emacs-servers/<slot>/yatzee-seat.json   the Yatzee game the player sits in (the same)
//   emacs-servers/<slot>/ruleset     the ruleset folder it plays (for a person reading)
//   emacs-servers/<slot>/address.json   {"port": N}: the port it ran on, taken again when free
//   emacs-servers/url-seats.json     the seats the player holds on servers given by URL, by
//                                    server (its http base), kind and game id (mode 0600: keys and tokens)
//
// <slot> is `default`, or the ruleset folder's name and a hash of its real path. A server
// started again on a slot restores its unfinished games, and the player takes the remembered
// seat back with its key (the VS Code extension keeps its server's folder in its storage so):
// a Cardwords game on a ruleset's slot, a Yatzee game on the default one (Yatzee plays no ruleset).
//
// The file store has no lock of its own (one process owns a data folder), so the bridge holds
// `lock` while its server runs: a second bridge (another Emacs) on the same ruleset finds the
// lock held by a running bridge and starts its server on a temporary folder instead, removed
// when that server exits (its games are not kept). A lock whose bridge is gone is taken over
// once its server has exited (a killed bridge's server stops within seconds: its stdin closed).
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { dataDir } from '../data-dir.js';
import { webBase, type GameListing } from '../../core/protocol/game.js';
import { PORT_IN_USE } from '../../core/protocol/serve-output.js';
import { BridgeError } from './protocol.js';
import { portMovedText, serverExitText, serverLostText, serverRestartedText } from './texts.js';

export interface LocalAddress {
  url: string;
  owner: string;
  /** The server's process id (its process group's too). */
  pid: number;
}

/** Which game a remembered seat is of: each kind has its own file in a slot. */
export type GameKind = 'cardwords' | 'yatzee';

/** The seat the player sits in on a server (Cardwords or Yatzee): with its key it is taken back. */
export interface RememberedSeat {
  gameId: string;
  key: string;
  name: string;
  /** The owner token the game was entered with (a server given by URL; a local server's own is known). */
  owner?: string;
  /**
   * The stand-in turns of this seat already said ("While you were away, a robot played…") in
   * round `round`, so that a new Emacs says only those played since (it said them all again).
   */
  standIns?: { round: number; seen: number };
  /**
   * The owner's decisions on the others' words in this game, which the bridge logs as it sends
   * them: the room's history has them for the word's player only, so a new Emacs (or a resume)
   * rebuilt the owner's log without them. The newest MAX_DECISIONS.
   */
  decisions?: OwnerDecision[];
}

/** The owner's decision on another player's word, in round `round` after `at` moves. */
export interface OwnerDecision {
  round: number;
  at: number;
  word: string;
  approved: boolean;
}

/** At most this many decisions are kept with a seat (a log shows 200 lines; words are few). */
export const MAX_DECISIONS = 100;

/** A remembered game that is still there and unfinished, as `serve` offers it to resume. */
export interface ResumableGame {
  gameId: string;
  name: string;
  /** The ruleset folder's name ('' for the default ruleset). */
  ruleset: string;
  robots: number;
  players: number;
  maxPlayers: number;
  state: string;
  /** When the seat was remembered (ms since the epoch). */
  saved: number;
}

/** Where a server keeps its games: a kept slot (locked by this bridge), or a temporary folder. */
interface Folder {
  /** The slot folder (lock, seat.json), or null for a temporary data folder. */
  slot: string | null;
  /** The server's --data folder. */
  data: string;
}

interface Running {
  proc: ChildProcess;
  folder: Folder;
  address: LocalAddress;
  /** Said once by `serve`: the port it had before was taken, so it runs on another ('' none). */
  moved: string;
  /** When it was started again after stopping under a game (ms since the epoch): a crash loop is bounded. */
  restarts: number[];
}

const TEMP_PREFIX = 'cardwords-emacs-server-';
/** The seats held on servers given by URL (not local ones: their slots keep theirs). */
const URL_SEATS = 'url-seats.json';
/** At most this many seats on servers given by URL are kept (the oldest go first). */
const MAX_URL_SEATS = 100;
const LOCK = 'lock';
/** The port a kept folder's server ran on last: {"port": N}. */
const PORT = 'address.json';
/** The remembered seat's file of each kind of game. */
const SEAT: Record<GameKind, string> = { cardwords: 'seat.json', yatzee: 'yatzee-seat.json' };
/** How long a new server waits for the server of a gone bridge to exit before using a temporary folder. */
const TAKE_OVER_MS = 15_000;

/** True while process `pid` runs (EPERM: it does, another user's; a zombie does not). */
function processRuns(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
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

/** The slot folder's name of a ruleset key: `default`, or the folder's name and a hash of its path. */
export function slotName(key: string): string {
  if (!key) return 'default';
  const name = basename(key).replace(/[^\w.-]+/g, '_').slice(0, 40) || 'ruleset';
  return `${name}-${createHash('sha256').update(key).digest('hex').slice(0, 12)}`;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

/** A slot's lock: null while it cannot be read (gone, or being written). */
function readLock(slot: string): { bridge: number; server: number } | null {
  const v = readJson(join(slot, LOCK)) as { bridge?: unknown; server?: unknown } | null;
  return v && typeof v === 'object' ? { bridge: Number(v.bridge ?? 0), server: Number(v.server ?? 0) } : null;
}

/** Writes the lock of this bridge and its server `server` (renamed into place: never read half-written). */
function writeLock(slot: string, server: number): void {
  const tmp = join(slot, `${LOCK}.${process.pid}`);
  writeFileSync(tmp, JSON.stringify({ bridge: process.pid, server }));
  renameSync(tmp, join(slot, LOCK));
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/**
 * Takes the slot of `key` under `root` for this bridge's server: its lock created (O_EXCL), or
 * taken over from a bridge that is gone once that bridge's server has exited. Null: another
 * running bridge holds it, or the old server did not exit in time (or the folder cannot be written).
 */
async function takeSlot(root: string, key: string): Promise<Folder | null> {
  const slot = join(root, slotName(key));
  const data = join(slot, 'server');
  try {
    mkdirSync(data, { recursive: true });
    writeFileSync(join(slot, 'ruleset'), `${key || '(the default ruleset)'}\n`);
  } catch {
    return null;
  }
  const deadline = Date.now() + TAKE_OVER_MS;
  let unreadable = 0;
  for (;;) {
    try {
      writeFileSync(join(slot, LOCK), JSON.stringify({ bridge: process.pid, server: 0 }), { flag: 'wx' });
      return { slot, data };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return null;
    }
    const held = readLock(slot);
    if (!held && ++unreadable < 20) {
      await sleep(100); // another bridge is writing it
      continue;
    }
    if (held && held.bridge !== process.pid && processRuns(held.bridge)) return null; // another editor's
    if (held && processRuns(held.server)) {
      // a gone bridge's server (or one of ours) is stopping: it exits within seconds
      if (Date.now() > deadline) return null;
      await sleep(100);
      continue;
    }
    rmSync(join(slot, LOCK), { force: true }); // stale: nobody uses the folder
  }
}

type SavedSeat = RememberedSeat & { saved: number };

/** A remembered seat as read from a file, or null when it is not one. */
function seatOf(v: Partial<SavedSeat> | null): SavedSeat | null {
  if (!v || typeof v.gameId !== 'string' || typeof v.key !== 'string' || typeof v.name !== 'string') return null;
  const s = v.standIns;
  const standIns = s && Number.isSafeInteger(s.round) && Number.isSafeInteger(s.seen) ? { standIns: { round: s.round, seen: s.seen } } : {};
  const decisions = Array.isArray(v.decisions) ? v.decisions.flatMap((d: Partial<OwnerDecision> | null) => (d && Number.isSafeInteger(d.round) && Number.isSafeInteger(d.at) && typeof d.word === 'string' && d.word.length > 0 && d.word.length <= 100 && typeof d.approved === 'boolean' ? [{ round: d.round!, at: d.at!, word: d.word, approved: d.approved }] : [])).slice(-MAX_DECISIONS) : [];
  return { gameId: v.gameId, key: v.key, name: v.name, saved: typeof v.saved === 'number' ? v.saved : 0, ...(typeof v.owner === 'string' && v.owner ? { owner: v.owner } : {}), ...standIns, ...(decisions.length > 0 ? { decisions } : {}) };
}

/** The seat of a `kind` game remembered in a slot, or null. */
function readSeat(slot: string, kind: GameKind): SavedSeat | null {
  return seatOf(readJson(join(slot, SEAT[kind])) as Partial<SavedSeat> | null);
}

/** A seat on a server given by URL: the server (its http base) and the kind of game with it. */
type UrlSeat = SavedSeat & { server: string; kind: GameKind };

/** Writes `value` as JSON to `file` (renamed into place: never read half-written), readable by its owner only. */
function writeJson(file: string, value: unknown): void {
  writeFileSync(`${file}.tmp`, JSON.stringify(value), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

/** Releases a slot's lock if this bridge holds it for its server `server`. */
function releaseSlot(slot: string, server: number): void {
  try {
    const held = readLock(slot);
    if (held?.bridge === process.pid && held.server === server) rmSync(join(slot, LOCK), { force: true });
  } catch {
    // best effort: the next bridge finds the lock stale
  }
}

/** The port a kept folder's server ran on last (0: none yet). */
function readPort(slot: string): number {
  const v = readJson(join(slot, PORT)) as { port?: unknown } | null;
  return Number.isInteger(v?.port) && (v!.port as number) > 0 && (v!.port as number) < 65536 ? (v!.port as number) : 0;
}

function writePort(slot: string, port: number): void {
  try {
    writeJson(join(slot, PORT), { port });
  } catch {
    // best effort: the next start takes a new port
  }
}

/** Whether `port` of 127.0.0.1 can be listened on now. */
function portFree(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const probe = createServer();
    probe.once('error', () => ok(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => ok(true)));
  });
}

/** A server asked for a port in use (the caller takes a new one). */
const PORT_TAKEN = new Error('port taken');

/** How long a stopped server gets to finish before its group is killed. */
const STOP_GRACE_MS = 5000;
/** How often a server kept for its guests asks whether they are still there. */
const GUESTS_POLL_MS = 2000;
/** A server that stops under a game (killed, crashed) is started again at most this often in RESTARTS_WINDOW_MS. */
const MAX_RESTARTS = 3;
const RESTARTS_WINDOW_MS = 60_000;
/** How long a restart waits for the dead server's port to be free (a process of its group may hold it a moment). */
const PORT_WAIT_MS = 5000;

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

  /** The servers no game of the editor uses, running on while others are connected. */
  private readonly waiting = new Set<Running>();
  /**
   * Servers `start` handed out again while they waited to stop: a game is about to use one
   * (`serve`, then a create or a join), so it is not stopped under it; its `use`, or an
   * explicit stop, lets the claim go.
   */
  private readonly claimed = new Set<Running>();

  /** The servers being started again after they stopped under a game, by ruleset key: a `start` meanwhile waits for it. */
  private readonly restarting = new Map<string, Promise<void>>();
  /** `stopAll` ran (the bridge is exiting): nothing is started again. */
  private closed = false;

  /**
   * `root`: where the kept data folders are (the bridge's data directory's emacs-servers/);
   * `onKept`: told when a server no game of the editor uses runs on for the people still on it;
   * `onStopped`: told when a server stopped under a game (killed, crashed), whether it was
   * started again, and the words for the player.
   */
  constructor(
    private readonly root: string = join(dataDir(), 'emacs-servers'),
    private readonly onKept: (url: string, people: number) => void = () => undefined,
    private readonly onStopped: (url: string, restarted: boolean, text: string) => void = () => undefined,
  ) {}

  /** The server of `ruleset` (a folder for Cardwords games; none: the default), started on first use. */
  async start(ruleset?: string): Promise<LocalAddress> {
    const key = rulesetKey(ruleset);
    await this.restarting.get(key);
    const running = this.servers.get(key);
    if (running && alive(running.proc)) {
      this.claimed.add(running);
      return running.address;
    }
    // the ruleset's kept folder; another editor's bridge holds it: a temporary one
    const folder = (await takeSlot(this.root, key)) ?? { slot: null, data: mkdtempSync(join(tmpdir(), TEMP_PREFIX)) };
    // a kept folder's server comes back on its port: a guest's page and invite link (and the
    // seat key the browser keeps for that origin) still reach it; a port taken since: a new one, said
    const before = folder.slot ? readPort(folder.slot) : 0;
    let launched = before && (await portFree(before)) ? await this.launch(folder, key, before).catch((e: unknown) => (e === PORT_TAKEN ? null : Promise.reject(e))) : null;
    launched ??= await this.launch(folder, key, 0);
    const { proc, address } = launched;
    const port = Number(new URL(address.url).port);
    if (folder.slot) writePort(folder.slot, port);
    const entry: Running = { proc, address, folder, moved: before && before !== port ? portMovedText(before, port) : '', restarts: [] };
    this.add(key, entry);
    return address;
  }

  /**
   * `entry` runs the server of `key`. Stopped on purpose, its entry has gone first; one that
   * stops otherwise (killed, crashed) while a game of the editor is on it is started again on
   * its folder and port, so the game buffers reconnect by themselves (they had said
   * "reconnecting…" for ever, never why).
   */
  private add(key: string, entry: Running): void {
    this.servers.set(key, entry);
    entry.proc.once('exit', (code, sig) => {
      if (this.servers.get(key) !== entry) return;
      this.servers.delete(key);
      const claimed = this.claimed.delete(entry);
      if (!(claimed || new Set(this.uses.values()).has(hostOf(entry.address.url))) || this.closed) return;
      const restart = this.restart(key, entry, serverExitText(code, sig), claimed).finally(() => this.restarting.delete(key));
      this.restarting.set(key, restart);
    });
  }

  /** Starts the server of `key` again after `dead` stopped under a game (`why`; `claimed` for one), or says why it cannot. */
  private async restart(key: string, dead: Running, why: string, claimed: boolean): Promise<void> {
    const url = dead.address.url;
    const lost = (cause: Parameters<typeof serverLostText>[1]) => this.onStopped(url, false, serverLostText(why, cause));
    // what is left of its process group (a worker) goes too: it may hold the port
    signal(dead.proc.pid!, 'SIGKILL');
    const now = Date.now();
    const restarts = [...dead.restarts.filter((t) => now - t < RESTARTS_WINDOW_MS), now];
    if (restarts.length > MAX_RESTARTS) return lost({ crashes: restarts.length });
    // a temporary folder went with its server: its games are not kept, nothing comes back
    if (!dead.folder.slot) return lost({ temporary: true });
    const folder = await takeSlot(this.root, key);
    if (!folder) return lost({ folder: true });
    const port = Number(new URL(url).port);
    const deadline = Date.now() + PORT_WAIT_MS;
    try {
      for (;;) {
        // on its port only: the game buffers (and a guest's page) know the server by it
        const launched = (await portFree(port)) ? await this.launch(folder, key, port).catch((e: unknown) => (e === PORT_TAKEN ? null : Promise.reject(e))) : null;
        if (launched) {
          if (this.closed) return stopGroup(launched.proc);
          const entry: Running = { ...launched, folder, moved: '', restarts };
          this.add(key, entry);
          if (claimed) this.claimed.add(entry);
          this.onStopped(url, true, serverRestartedText(why));
          // its last game left meanwhile: it stops as it would have
          return void this.stopUnused(hostOf(url));
        }
        if (Date.now() > deadline) {
          releaseSlot(folder.slot!, 0);
          return lost({ port });
        }
        await sleep(200);
      }
    } catch (e) {
      // (the failed launch's exit let its lock go)
      return lost({ failed: (e as Error).message.split('\n').filter(Boolean).at(-1) ?? '' });
    }
  }

  /** Starts `cardwords serve` on `folder` and `port` (0: a free one); PORT_TAKEN when that port is in use. */
  private async launch(folder: Folder, key: string, port: number): Promise<{ proc: ChildProcess; address: LocalAddress }> {
    const cli = process.argv[1]!;
    const args = [cli, 'serve', '--port', String(port), '--host', '127.0.0.1', '--data', folder.data, '--exit-with-stdin', ...(key ? ['--ruleset', key] : [])];
    const proc = spawn(process.execPath, args, { detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    const pid = proc.pid ?? 0;
    if (folder.slot) {
      try {
        writeLock(folder.slot, pid);
      } catch {
        // the lock still names this bridge: a next bridge waits for it to go
      }
    }
    // once the server has exited: the kept folder's lock is let go, a temporary folder goes
    proc.once('exit', () => (folder.slot ? releaseSlot(folder.slot, pid) : removeData(folder.data)));
    proc.stdin!.on('error', () => undefined); // EPIPE once the server is gone
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise<void>((ok, fail) => {
      const timer = setTimeout(() => {
        stopGroup(proc);
        fail(new BridgeError('failed', `the local server did not start:\n${out.slice(-2000)}`));
      }, 30_000);
      const check = () => {
        if (/\?owner=\S+/.test(out) && /^port: \d+$/m.test(out)) {
          clearTimeout(timer);
          ok();
        }
      };
      proc.stdout!.on('data', check);
      proc.stderr!.on('data', check);
      // 'close': the output is all read (an 'exit' may come before the line that says why)
      proc.once('close', () => {
        clearTimeout(timer);
        // taken between the check and the start: serve says so and exits 1
        fail(port !== 0 && PORT_IN_USE.test(out) ? PORT_TAKEN : new BridgeError('failed', `the local server exited:\n${out.slice(-2000)}`));
      });
    });
    return { proc, address: { url: `http://127.0.0.1:${/^port: (\d+)$/m.exec(out)![1]}`, owner: /\?owner=(\S+)/.exec(out)![1]!, pid } };
  }

  /**
   * `serve`: the server of `ruleset`, whether its folder is kept, and the remembered game of
   * `kind` on it when it is still there and unfinished (one that is gone or over is forgotten).
   */
  async serve(ruleset?: string, kind: GameKind = 'cardwords'): Promise<LocalAddress & { kept: boolean; resume: ResumableGame | null; moved: string }> {
    const address = await this.start(ruleset);
    const running = this.running(address.url);
    // said once: the port it had before was taken
    const moved = running?.moved ?? '';
    if (running) running.moved = '';
    const slot = running?.folder.slot ?? null;
    let resume: ResumableGame | null = null;
    const seat = slot ? readSeat(slot, kind) : null;
    if (slot && seat) {
      let listed: GameListing | undefined;
      try {
        const r = await fetch(new URL('/games', address.url));
        if (r.ok) listed = ((await r.json()) as GameListing[]).find((g) => g.id === seat.gameId && g.kind === kind);
      } catch {
        listed = undefined;
      }
      if (listed && (listed.state === 'playing' || listed.state === 'waiting')) {
        const key = rulesetKey(ruleset);
        resume = { gameId: seat.gameId, name: seat.name, ruleset: key ? basename(key) : '', robots: listed.robots, players: listed.players, maxPlayers: listed.maxPlayers, state: listed.state, saved: seat.saved };
      } else this.remember(address.url, kind, seat.gameId, null);
    }
    return { ...address, kept: slot !== null, resume, moved };
  }

  /** The running local server at `url` (its host), if any. */
  private running(url: string): Running | undefined {
    const h = hostOf(url);
    return [...this.servers.values()].find((s) => hostOf(s.address.url) === h);
  }

  /**
   * Remembers the seat of a `kind` game the player sits in on the server at `url` (null:
   * forgets the seat of game `gameId`): a local server's in its slot (one a kind), a server
   * given by URL's in url-seats.json, by server and game.
   */
  remember(url: string, kind: GameKind, gameId: string, seat: RememberedSeat | null): void {
    const running = this.running(url);
    try {
      if (running) {
        const slot = running.folder.slot;
        if (!slot) return; // on a temporary folder: its games are not kept
        const file = join(slot, SEAT[kind]);
        if (seat) writeJson(file, { ...seat, saved: Date.now() });
        // (the slot's seat may be of another game entered since: that one stays)
        else if (readSeat(slot, kind)?.gameId === gameId) rmSync(file, { force: true });
        return;
      }
      const server = webBase(url);
      const others = this.urlSeats().filter((s) => !(s.server === server && s.kind === kind && s.gameId === gameId));
      const seats = seat ? [...others, { ...seat, saved: Date.now(), server, kind }].slice(-MAX_URL_SEATS) : others;
      mkdirSync(this.root, { recursive: true });
      writeJson(join(this.root, URL_SEATS), seats);
    } catch {
      // best effort: a game not remembered is not offered to resume
    }
  }

  /** The seats held on servers given by URL. */
  private urlSeats(): UrlSeat[] {
    const v = readJson(join(this.root, URL_SEATS));
    if (!Array.isArray(v)) return [];
    return v.flatMap((x: Partial<UrlSeat>) => {
      const seat = seatOf(x);
      return seat && typeof x.server === 'string' && (x.kind === 'cardwords' || x.kind === 'yatzee') ? [{ ...seat, server: x.server, kind: x.kind }] : [];
    });
  }

  /** The remembered seats of `kind` games on the server at `url` (a local server's one, or those held there by URL). */
  seatsAt(url: string, kind: GameKind): RememberedSeat[] {
    const running = this.running(url);
    if (running) {
      const seat = running.folder.slot ? readSeat(running.folder.slot, kind) : null;
      return seat ? [seat] : [];
    }
    const server = webBase(url);
    return this.urlSeats().filter((s) => s.server === server && s.kind === kind);
  }

  /**
   * The remembered seat of a `kind` game on the server at `url` (game `gameId`; none given:
   * a local server's), and the owner token to enter it with: a local server's own, else the
   * one the seat was taken with.
   */
  remembered(url: string, kind: GameKind = 'cardwords', gameId?: string): { seat: RememberedSeat; owner: string } | null {
    const running = this.running(url);
    const seat = this.seatsAt(url, kind).find((s) => gameId === undefined || s.gameId === gameId);
    if (!seat || (gameId === undefined && !running)) return null;
    return { seat: { gameId: seat.gameId, key: seat.key, name: seat.name }, owner: running?.address.owner ?? seat.owner ?? '' };
  }

  /**
   * The game of `holder` (a game session) is now on `url` (null: it has none). The server
   * its game was on before stops when no other game uses it: the new one is held first, so
   * a game that moves to another room of the same server keeps it.
   */
  use(holder: object, url: string | null): void {
    const before = this.uses.get(holder);
    if (url === null) this.uses.delete(holder);
    else {
      this.uses.set(holder, hostOf(url));
      for (const s of this.claimed) if (hostOf(s.address.url) === hostOf(url)) this.claimed.delete(s);
    }
    if (before !== undefined) this.stopUnused(before);
  }

  /**
   * Stops the local servers no game uses (`host`: only the one there), each once nobody else
   * is connected to it: a guest's game goes on (its players are told nothing stops).
   */
  stopUnused(host?: string): null {
    const used = new Set(this.uses.values());
    for (const [key, s] of [...this.servers]) {
      const h = hostOf(s.address.url);
      if ((host === undefined || h === host) && !used.has(h)) {
        this.claimed.delete(s);
        void this.stopWhenAlone(key, s);
      }
    }
    return null;
  }

  /** Stops `s` once no client is connected to it, asking every GUESTS_POLL_MS; not once a game uses it again. */
  private async stopWhenAlone(key: string, s: Running): Promise<void> {
    if (this.waiting.has(s)) return;
    this.waiting.add(s);
    const url = s.address.url;
    // gone already, handed out again, or a game of the editor's is on it again: nothing to stop
    const moot = () => this.servers.get(key) !== s || !alive(s.proc) || this.claimed.has(s) || new Set(this.uses.values()).has(hostOf(url));
    let told = false;
    try {
      for (;;) {
        if (moot()) return;
        let people = await connectedClients(url);
        if (people > 0 && !told) {
          // asked again shortly: the editor's own connection may still have been closing
          await sleep(GUESTS_POLL_MS / 4);
          if (moot()) return;
          people = await connectedClients(url);
          if (people > 0) this.onKept(url, people);
          told = true;
        }
        if (moot()) return;
        if (people === 0) {
          this.servers.delete(key);
          stopGroup(s.proc);
          return;
        }
        await sleep(GUESTS_POLL_MS);
      }
    } finally {
      this.waiting.delete(s);
    }
  }

  /** Stops every local server (synchronous: usable when the bridge exits). */
  stopAll(): void {
    this.closed = true;
    for (const s of this.servers.values()) {
      stopGroup(s.proc);
      // the bridge is exiting and will not see the server's exit: a temporary folder goes now
      // (a kept folder's lock stays: the next bridge waits for this server to be gone)
      if (!s.folder.slot) removeData(s.folder.data);
    }
    this.servers.clear();
  }
}

/** How many clients the server at `url` has in its games (0 when it does not answer). */
async function connectedClients(url: string): Promise<number> {
  try {
    const r = await fetch(new URL('/games', url), { signal: AbortSignal.timeout(GUESTS_POLL_MS) });
    if (!r.ok) return 0;
    return ((await r.json()) as GameListing[]).reduce((n, g) => n + (Number.isInteger(g.clients) ? g.clients : 0), 0);
  } catch {
    return 0;
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
