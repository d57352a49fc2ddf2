// A real `cardwords serve` process for tests (the bundle in dist/, as shipped), and real
// @colyseus/sdk clients that record every message their room sends them.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, type Room } from '@colyseus/sdk';
import type { YatzeeRoomState, YatzeeSheetState } from '../../core/protocol/game.js';
import type { CardwordsServerMessages, MessageMap, YatzeeClientMessages, YatzeeServerMessages } from '../../core/protocol/messages.js';
import { typedRoom, type TypedRoom } from '../../core/protocol/client.js';

export interface ServerProcess {
  proc: ChildProcess;
  port: number;
  url: string;
  ownerToken: string;
  dataDir: string;
  output: () => string;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<number | null>;
  /** Sends a signal (SIGINT: Ctrl-C) and waits for the exit. */
  signal(sig: NodeJS.Signals): Promise<number | null>;
  /** SIGKILL (a crash) and wait for the exit. */
  kill9(): Promise<void>;
}

export function tempDir(prefix = 'cardwords-game-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Starts `dist/cli.js serve --port 0` and resolves once it prints its port and owner link. */
/** `stdinPipe`: standard input a pipe kept open (as the editors start it with --exit-with-stdin), not /dev/null. */
/** `port`: that port (a server started again where its pages are), else a free one. */
/** `nodeArgs`: options of node itself, before the script (a test-only `--import`). */
export async function startServer(opts: { dataDir?: string; args?: string[]; env?: NodeJS.ProcessEnv; stdinPipe?: boolean; port?: number; nodeArgs?: string[] } = {}): Promise<ServerProcess> {
  const dataDir = opts.dataDir ?? tempDir();
  const proc = spawn(process.execPath, [...(opts.nodeArgs ?? []), 'dist/cli.js', 'serve', '--port', String(opts.port ?? 0), '--data', dataDir, ...(opts.args ?? [])], {
    env: { ...process.env, ...opts.env },
    stdio: [opts.stdinPipe ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}`)), 30_000);
    const check = () => {
      if (/Owner link .*\?owner=\S+/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout!.on('data', check);
    proc.once('close', () => {
      clearTimeout(timer);
      reject(new Error(`the server exited:\n${out}`));
    });
  });
  const port = Number(/^port: (\d+)$/m.exec(out)![1]);
  const ownerToken = /\?owner=(\S+)/.exec(out)![1]!;
  return {
    proc,
    port,
    url: `http://127.0.0.1:${port}`,
    ownerToken,
    dataDir,
    output: () => out,
    async stop() {
      if (proc.exitCode !== null) return proc.exitCode;
      proc.kill('SIGTERM');
      return exited;
    },
    async signal(sig) {
      if (proc.exitCode !== null) return proc.exitCode;
      proc.kill(sig);
      return exited;
    },
    async kill9() {
      if (proc.exitCode !== null) return;
      proc.kill('SIGKILL');
      await exited;
    },
  };
}

type AnyServerMessage = CardwordsServerMessages[keyof CardwordsServerMessages] | YatzeeServerMessages[keyof YatzeeServerMessages];
type KeysOfUnion<T> = T extends unknown ? keyof T : never;
type FieldOf<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;

/** What the tests read of a room message: any field of any server message (core/protocol/messages.ts), each optional. */
export type Payload = { [K in KeysOfUnion<AnyServerMessage>]?: FieldOf<AnyServerMessage, K> };

export interface Msg {
  type: string | number;
  payload: Payload;
}

/** A decoded Yatzee sheet and room state as the SDK hands them out. */
export interface SheetView extends YatzeeSheetState {
  toJSON(): Record<string, unknown>;
}

export interface YatzeeView extends Omit<YatzeeRoomState, 'players'> {
  players: SheetView[] & { toJSON(): unknown[] };
  toJSON(): Record<string, unknown>;
}

/** The SDK connection's raw side, for frames no SDK call would send. */
export interface RawConnection {
  send(bytes: Uint8Array): void;
  transport: { ws: { send(text: string): void; close(code: number): void } };
}

/**
 * Every value of the state's `idleEndsIn` (the warning of an idle end) as it changes, recorded
 * from now on: polling the state could miss a warning of a few hundred ms on a loaded machine.
 */
export function idleWarningsOf(p: { room: Room }): number[] {
  const seen: number[] = [];
  p.room.onStateChange((s: unknown) => {
    const v = (s as { idleEndsIn: number }).idleEndsIn;
    if (seen.at(-1) !== v) seen.push(v);
  });
  return seen;
}

/** A real client in a room, with every room message recorded in order; it sends through the typed protocol (`Out`, what a client may send). */
export class Player<S = YatzeeView, Out extends MessageMap = YatzeeClientMessages> {
  readonly messages: Msg[] = [];
  private waiters: { pred: (m: Msg) => boolean; resolve: (m: Msg) => void }[] = [];
  left: number | null = null;
  /** The reason of the room's close (CLOSE_REASON), once closed. */
  leftReason: string | null = null;
  /** The seat's name once welcomed. */
  name?: string;

  /** The room through the protocol's types (core/protocol/client.ts). */
  readonly typed: TypedRoom<Out, YatzeeServerMessages & CardwordsServerMessages>;

  constructor(readonly room: Room) {
    this.typed = typedRoom(room);
    room.onMessage('*', (type, payload) => {
      const m = { type, payload: payload as Payload };
      this.messages.push(m);
      this.waiters = this.waiters.filter((w) => (w.pred(m) ? (w.resolve(m), false) : true));
    });
    room.onLeave((code, reason) => {
      this.left = code;
      this.leftReason = reason ?? null;
    });
  }

  static async create(url: string, kind: string, options: Record<string, unknown>): Promise<Player> {
    return new Player(await new Client(url).create(kind, options));
  }

  static async join(url: string, id: string, options: Record<string, unknown>): Promise<Player> {
    return new Player(await new Client(url).joinById(id, options));
  }

  get state(): S {
    return this.room.state as S;
  }

  get raw(): RawConnection {
    return this.room.connection as unknown as RawConnection;
  }

  /** The next message (already received or to come) matching `pred`. */
  next(pred: (m: Msg) => boolean, timeoutMs = 10_000, from = 0): Promise<Msg> {
    const hit = this.messages.slice(from).find(pred);
    if (hit) return Promise.resolve(hit);
    return new Promise((resolve, reject) => {
      const w = { pred, resolve: (m: Msg) => (clearTimeout(timer), resolve(m)) };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((x) => x !== w);
        reject(new Error(`no such message within ${timeoutMs} ms; got ${JSON.stringify(this.messages.slice(-5))}`));
      }, timeoutMs);
      this.waiters.push(w);
    });
  }

  /** Sends a protocol message with a fresh id and resolves with its `ack` or `error` reply. */
  private seq = 0;
  request<K extends keyof Out & string>(type: K, payload: Out[K] = {} as Out[K], timeoutMs = 10_000): Promise<Msg> {
    return this.requestRaw(type, payload as Record<string, unknown>, timeoutMs);
  }

  /** The same with any payload: for the tests of refusals (bad fields, unknown types). */
  async requestRaw(type: string, payload: Record<string, unknown> = {}, timeoutMs = 10_000): Promise<Msg> {
    const id = `${type}-${++this.seq}`;
    const from = this.messages.length;
    this.room.send(type, { ...payload, id });
    return this.next((m) => (m.type === 'ack' || m.type === 'error') && m.payload?.id === id, timeoutMs, from);
  }

  /**
   * A round trip on this connection: when it returns, every message the room sent this
   * client before it has arrived (one ordered WebSocket), so a test can then say that
   * something did not come without waiting for a time. The room answers the made-up type
   * with `unknown-message` and the request's id.
   */
  async barrier(): Promise<void> {
    const r = await this.requestRaw('barrier');
    if (r.payload.code !== 'unknown-message') throw new Error(`barrier: unexpected reply ${JSON.stringify(r.payload)}`);
  }

  /** Leaves the game for good (`leave`), as a player's confirmed choice; resolves with its reply. */
  leaveGame(): Promise<Msg> {
    return this.requestRaw('leave', {});
  }

  async leave(): Promise<void> {
    if (this.left === null) await this.room.leave(true);
  }
}

export async function until(cond: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const t0 = Date.now();
  while (!(await cond())) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function getJSON<T = unknown>(url: string): Promise<{ status: number; body: T }> {
  const r = await fetch(url);
  const text = await r.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: r.status, body: body as T };
}

/** One record of a game log (a line of the file, an element of the Redis list): its JSON, without the checksum after the tab. */
export function logRecord<T = Record<string, unknown>>(line: string): T {
  return JSON.parse(line.replace(/\t[0-9a-f]{8}$/, '')) as T;
}

/** The server process's resident memory in MiB (Linux /proc), for the figures in docs/server.md. */
export function rssMiB(srv: ServerProcess): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${srv.proc.pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}
