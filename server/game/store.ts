// Game logs: a game is its header (kind, seed, options) plus the entries accepted in order
// (docs/architecture.md#engines-and-randomness: a game is its seed plus its action log). Every entry is written durably
// before the room acknowledges it, so a crash loses nothing that a client was told.
//
// Embedded store: one file per game in <data>/games/<id>.log, a record a line (JSON, a tab,
// its CRC-32), written at the end of the last whole record and fdatasync'ed per entry; a
// failed or short write (a full disk) is cut back before anything else is written, and the
// entry is not acknowledged. A finished game gets an `end` record and moves to games/ended/.
// A torn last line (a crash in the middle of a write) was never acknowledged and is dropped
// on reading; any other bad record is reported (game, line, reason), the game comes back up
// to it, and the damaged file is kept in games/damaged/. Redis store: the same records in a
// Redis list per game.
import { copyFile, mkdir, open, readdir, readFile, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export type GameKind = 'yatzee' | 'cardwords';

export interface GameHeader {
  v: 1;
  id: string;
  kind: GameKind;
  seed: string;
  created: number;
  /** The creation options the room needs to rebuild itself (robots, ruleset, ...). */
  options: Record<string, unknown>;
}

/** One accepted entry: an engine action, or a room event (seat keys, approvals). */
export interface LogEntry {
  /** Milliseconds since the epoch. */
  t: number;
  [key: string]: unknown;
}

export interface StoredGame {
  header: GameHeader;
  entries: LogEntry[];
}

export interface GameLog {
  /** Resolves once the entry is durable. */
  append(entry: LogEntry): Promise<void>;
  /** Marks the game finished (it is no longer restored) and releases the log. */
  finish(reason: string): Promise<void>;
  /** Releases the log without finishing the game (server shutdown: it comes back). */
  close(): Promise<void>;
  /**
   * Set by the room: called once when the log learns that another process has taken the game
   * over (Redis: its fencing token is no longer the game's); every write is refused from then on.
   */
  onLost?: () => void;
}

export interface OpenedGame {
  game: StoredGame;
  log: GameLog;
  /** The log's first bad record: the game holds the entries before it (and is marked damaged). */
  damage: LogDamage | null;
}

export interface GameStore {
  readonly kind: 'file' | 'redis';
  /** Why the store cannot write now (its last write failed), or null. */
  readonly problem: string | null;
  create(header: GameHeader): Promise<GameLog>;
  /**
   * An unfinished game with its entries, and its log opened for appending. A damaged header
   * throws DamagedLogError; a damaged entry ends the entries there (`damage`), and the log
   * goes on from the good ones.
   */
  open(id: string): Promise<OpenedGame | null>;
  /** The header of an unfinished game, without opening its log (DamagedLogError when it is damaged). */
  peek(id: string): Promise<GameHeader | null>;
  /** Ids of every unfinished game. */
  listOpen(): Promise<string[]>;
  /** Claims an unfinished game for this process (several processes on Redis). */
  claim(id: string, processId: string): Promise<boolean>;
  close(): Promise<void>;
}

/** A record that is not what was written: where, and why. */
export interface LogDamage {
  game: string;
  /** 1-based: line 1 is the header (Redis: the list's first element). */
  line: number;
  reason: string;
}

/** The report of a damaged log, as the server prints it and the owner reads it. */
export function damageText(d: LogDamage, restored: number | null): string {
  const what = restored === null ? 'the game cannot be restored' : `the game is restored up to line ${d.line - 1} (${restored} entries) and marked damaged`;
  return `game ${d.game}, line ${d.line}: ${d.reason}; ${what}`;
}

/** A stored record: its JSON, a tab and the CRC-32 of the JSON in hex (JSON never holds a raw tab). */
export function encodeRecord(v: unknown): string {
  const json = JSON.stringify(v);
  return `${json}\t${crc32(json).toString(16).padStart(8, '0')}`;
}

const SUMMED = /^(.*)\t([0-9a-f]{8})$/s;

/** A record's value, or why it is no record. `legacy`: a log begun before records had checksums. */
function decodeRecord(line: string, legacy: boolean): { value: Record<string, unknown> } | { reason: string } {
  const m = SUMMED.exec(line);
  if (m) {
    if (crc32(m[1]!) !== parseInt(m[2]!, 16)) return { reason: 'checksum mismatch' };
  } else if (!legacy) {
    return { reason: 'no checksum' };
  }
  let v: unknown;
  try {
    v = JSON.parse(m ? m[1]! : line);
  } catch {
    return { reason: 'not JSON' };
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return { reason: 'not a record' };
  return { value: v as Record<string, unknown> };
}

function isHeader(v: Record<string, unknown>): boolean {
  return v.v === 1 && typeof v.id === 'string' && (v.kind === 'yatzee' || v.kind === 'cardwords') && typeof v.seed === 'string' && typeof v.options === 'object' && v.options !== null;
}

export interface ParsedLog {
  /** Null when the header itself is damaged (then `damage` says so). */
  header: GameHeader | null;
  /** The entries before the first bad record. */
  entries: LogEntry[];
  ended: boolean;
  /** The first bad record; nothing after it is read. */
  damage: { line: number; reason: string } | null;
  /** How many leading records are good (the header included). */
  good: number;
}

/**
 * Reads a log's records in order. `torn`: the last record may be cut short (a file whose
 * end is no newline: a crash in the middle of a write, which was never acknowledged); it is
 * left out without a report. Any other bad record stops the reading and is reported.
 */
export function parseRecords(records: readonly string[], torn = false): ParsedLog {
  const out: ParsedLog = { header: null, entries: [], ended: false, damage: null, good: 0 };
  let legacy = false;
  for (let i = 0; i < records.length; i++) {
    if (torn && i === records.length - 1) break;
    const line = records[i]!;
    if (i === 0) legacy = !SUMMED.test(line);
    const r = decodeRecord(line, legacy);
    if ('reason' in r) {
      out.damage = { line: i + 1, reason: r.reason };
      break;
    }
    if (i === 0) {
      if (!isHeader(r.value)) {
        out.damage = { line: 1, reason: 'not a game header' };
        break;
      }
      out.header = r.value as unknown as GameHeader;
    } else if ('end' in r.value) {
      out.ended = true;
    } else if (typeof r.value.t !== 'number') {
      out.damage = { line: i + 1, reason: 'an entry without a time' };
      break;
    } else {
      out.entries.push(r.value as LogEntry);
    }
    out.good = i + 1;
    if (out.ended) break;
  }
  return out;
}

/** A log file's text as records: lines, the last one torn unless the text ends with a newline. */
export function parseLogText(text: string): ParsedLog {
  const lines = text.split('\n');
  const torn = lines[lines.length - 1] !== '';
  if (!torn) lines.pop();
  return parseRecords(lines, torn);
}

/** A damaged log: the owner and the server's log are told which game, line and why. */
export class DamagedLogError extends Error {
  constructor(readonly damage: LogDamage) {
    super(damageText(damage, null));
  }
}

/**
 * This process no longer holds the game: another one took it over (its lease here ended while
 * Redis was out of reach, or the process stalled). Nothing more is written or acknowledged here.
 */
export class LeaseLostError extends Error {
  constructor(id: string) {
    super(`the game moved to another server process (${id}): join it again to go on`);
  }
}

/** Game ids become file names and Redis keys: keep them to a safe alphabet. */
export function validGameId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(id);
}

/** Whether the store can write now: its last write failed (disk full, Redis away) or not. */
class Health {
  problem: string | null = null;
  ok(): void {
    this.problem = null;
  }
  fail(e: unknown): never {
    this.problem = (e as Error).message;
    throw e;
  }
}

/**
 * A failed Redis command in the server's words: with the connection down the client library
 * said "Reached the max retries per request limit (which is 2). Refer to
 * "maxRetriesPerRequest" option for details", which the refusals passed on to the players.
 */
function redisError(redis: Redis, e: unknown): Error {
  return redis.status === 'ready' ? (e as Error) : new Error('Redis is unreachable');
}

class FileLog implements GameLog {
  private chain: Promise<void> = Promise.resolve();
  private closed = false;
  /** Bytes of whole, durable records: the file is cut back to this after a failed write. */
  private size: number;
  /** A write failed part-way and its bytes may still be there. */
  private dirty = false;

  constructor(
    private readonly fh: FileHandle,
    size: number,
    private readonly file: string,
    private readonly endedDir: string,
    private readonly health: Health,
  ) {
    this.size = size;
  }

  append(entry: LogEntry): Promise<void> {
    return this.write(entry);
  }

  /**
   * Writes one record at the end of the whole ones and syncs it: resolved only when all of
   * it is durable. A failed or short write is rolled back (the file cut to the last whole
   * record) before anything else is written, so no later record is glued to a torn one.
   */
  private write(record: unknown): Promise<void> {
    const next = this.chain.then(async () => {
      if (this.closed) throw new Error('the game log is closed');
      const buf = Buffer.from(`${encodeRecord(record)}\n`);
      try {
        if (this.dirty) await this.rollback();
        this.dirty = true;
        const { bytesWritten } = await this.fh.write(buf, 0, buf.length, this.size);
        if (bytesWritten !== buf.length) throw new Error(`the disk took ${bytesWritten} of ${buf.length} bytes (full?)`);
        await this.fh.datasync();
        this.size += buf.length;
        this.dirty = false;
        this.health.ok();
      } catch (e) {
        await this.rollback().catch(() => undefined); // else the next write tries again first
        this.health.fail(e);
      }
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async rollback(): Promise<void> {
    await this.fh.truncate(this.size);
    await this.fh.datasync();
    this.dirty = false;
  }

  async finish(reason: string): Promise<void> {
    if (this.closed) return;
    await this.write({ t: Date.now(), end: reason });
    await this.close();
    await mkdir(this.endedDir, { recursive: true });
    await rename(this.file, join(this.endedDir, basename(this.file)));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.chain;
    this.closed = true;
    await this.fh.close();
  }
}

async function syncDir(dir: string): Promise<void> {
  const d = await open(dir, 'r');
  await d.sync().finally(() => d.close());
}

export class FileGameStore implements GameStore {
  readonly kind = 'file';
  private readonly dir: string;
  private readonly health = new Health();

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'games');
  }

  get problem(): string | null {
    return this.health.problem;
  }

  private file(id: string): string {
    if (!validGameId(id)) throw new Error(`not a game id: ${id}`);
    return join(this.dir, `${id}.log`);
  }

  async create(header: GameHeader): Promise<GameLog> {
    await mkdir(this.dir, { recursive: true });
    const file = this.file(header.id);
    const fh = await open(file, 'wx');
    const buf = Buffer.from(`${encodeRecord(header)}\n`);
    try {
      const { bytesWritten } = await fh.write(buf, 0, buf.length, 0);
      if (bytesWritten !== buf.length) throw new Error(`the disk took ${bytesWritten} of ${buf.length} bytes (full?)`);
      await fh.datasync();
      // the new file's name must be durable too
      await syncDir(this.dir);
    } catch (e) {
      await fh.close();
      await rm(file, { force: true });
      this.health.fail(e);
    }
    this.health.ok();
    return new FileLog(fh, buf.length, file, join(this.dir, 'ended'), this.health);
  }

  async open(id: string): Promise<OpenedGame | null> {
    if (!validGameId(id)) return null;
    const file = this.file(id);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      return null;
    }
    const parsed = parseLogText(text);
    if (!parsed.header) throw new DamagedLogError({ game: id, ...parsed.damage! });
    if (parsed.ended) return null;
    const records = [parsed.header, ...parsed.entries];
    let damage: LogDamage | null = null;
    if (parsed.damage) {
      // Keep the damaged file for a person to read, and go on from a clean copy of what is
      // good: records written from now on must not sit behind a bad one (they would be lost
      // at the next start).
      damage = { game: id, ...parsed.damage };
      const aside = join(this.dir, 'damaged');
      await mkdir(aside, { recursive: true });
      await copyFile(file, join(aside, `${id}.${Date.now()}.log`));
    }
    // Rewrite the good records when anything is to cut (a torn tail, a bad record): to a
    // temporary file, synced, renamed over the log.
    const good = records.map((r) => `${encodeRecord(r)}\n`).join('');
    if (damage || !text.startsWith(good) || good.length !== text.length) {
      const tmp = `${file}.tmp`;
      await writeFile(tmp, good, { flush: true });
      await rename(tmp, file);
      await syncDir(this.dir);
    }
    const fh = await open(file, 'r+');
    return { game: { header: parsed.header, entries: parsed.entries }, log: new FileLog(fh, Buffer.byteLength(good), file, join(this.dir, 'ended'), this.health), damage };
  }

  async peek(id: string): Promise<GameHeader | null> {
    if (!validGameId(id)) return null;
    let text: string;
    try {
      text = await readFile(this.file(id), 'utf8');
    } catch {
      return null;
    }
    const parsed = parseLogText(text);
    if (!parsed.header) throw new DamagedLogError({ game: id, ...parsed.damage! });
    return parsed.ended ? null : parsed.header;
  }

  async listOpen(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return [];
    }
    return names.filter((n) => n.endsWith('.log')).map((n) => n.slice(0, -4)).filter(validGameId).sort();
  }

  async claim(): Promise<boolean> {
    return true; // one process owns the data folder
  }

  async close(): Promise<void> {}
}

const PREFIX = 'cardwords:';

class RedisLog implements GameLog {
  private chain: Promise<void> = Promise.resolve();
  private closed = false;
  private fenced = false;
  onLost?: () => void;

  constructor(
    private readonly redis: Redis,
    private readonly id: string,
    /** This process's fencing token for the game (see FENCED_APPEND). */
    readonly token: string,
    private readonly stopLease: () => void,
    private readonly health: Health,
    /**
     * Every record of the game as written (the header first): what this process writes again
     * when Redis comes back without its data (RedisGameStore.rewrite). A few KiB a game.
     */
    readonly records: string[],
    /** Redis answered that the game's keys are gone (DATA_LOST): the store rewrites what it holds. */
    private readonly dataLost: () => void,
  ) {}

  /** Redis no longer has the game (it lost its data): refused, and the store told. */
  private gone(): never {
    this.dataLost();
    return this.health.fail(new Error(REDIS_LOST_DATA));
  }

  /** Runs `fn` after every write of this log (the store's rewrite: no append between its read of the records and its write). */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.chain.then(fn);
    this.chain = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }

  get open(): boolean {
    return !this.closed && !this.fenced;
  }

  /** Another process holds the game now: stop renewing, refuse every write, tell the room (once). */
  lost(): void {
    if (this.fenced) return;
    this.fenced = true;
    this.stopLease();
    this.onLost?.();
  }

  append(entry: LogEntry): Promise<void> {
    const next = this.chain.then(async () => {
      if (this.closed) throw new Error('the game log is closed');
      if (this.fenced) throw new LeaseLostError(this.id);
      let written: unknown;
      const record = encodeRecord(entry);
      try {
        written = await this.redis.eval(FENCED_APPEND, 2, `${PREFIX}fence:${this.id}`, `${PREFIX}game:${this.id}`, this.token, record);
      } catch (e) {
        this.health.fail(redisError(this.redis, e));
      }
      if (written === DATA_LOST) this.gone();
      if (written === 1) {
        this.records.push(record);
        this.health.ok();
      } else {
        this.lost();
        throw new LeaseLostError(this.id);
      }
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  finish(reason: string): Promise<void> {
    // in the chain: a rewrite of the game (RedisGameStore.rewrite) comes wholly before or after it
    return this.exclusive(() => this.finishNow(reason));
  }

  private async finishNow(reason: string): Promise<void> {
    if (this.closed) return;
    if (this.fenced) {
      this.closed = true;
      this.stopLease();
      throw new LeaseLostError(this.id);
    }
    // Redis away: the script throws before the log is closed or its lease stopped, so the game
    // goes on here and its end is tried again (it was closed, and every action after refused)
    const done = await this.redis.eval(
      FENCED_FINISH,
      5,
      `${PREFIX}fence:${this.id}`,
      `${PREFIX}game:${this.id}`,
      `${PREFIX}games:open`,
      `${PREFIX}claim:${this.id}`,
      `${PREFIX}holder:${this.id}`,
      this.token,
      encodeRecord({ t: Date.now(), end: reason }),
      this.id,
    ).catch((e: unknown) => {
      throw redisError(this.redis, e);
    });
    // the game is not in Redis now: the end waits for its rewrite (the game goes on meanwhile)
    if (done === DATA_LOST) this.gone();
    this.closed = true;
    this.stopLease();
    if (done !== 1) {
      this.lost();
      throw new LeaseLostError(this.id);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.chain;
    this.closed = true;
    this.stopLease();
    if (!this.fenced) await this.redis.eval(RELEASE, 2, `${PREFIX}claim:${this.id}`, `${PREFIX}fence:${this.id}`, this.token);
  }
}

// Fencing (split brain): every taking of a game's lease increments the game's counter
// `fence:<id>` in the same step (CLAIM), and the taker keeps the new value as its token.
// Every write of the game (append, finish, renewal, release) is a script that checks the
// counter does not hold another token and writes in the same atomic step, so once another
// process has taken the game over, this one can neither append nor acknowledge: its room
// closes. The counter stays when the game ends. A missing counter is no take-over (a take-over
// always leaves its own, higher token there): Redis came back without its data. The writes
// then refuse (DATA_LOST: an entry acknowledged into a list without its header could never be
// restored) until the holder has written the game again (RedisGameStore.rewrite).

/** Takes a free lease: sets the claim (and the game's last holder) and returns the new fencing token, or 0 when it is held. */
const CLAIM = "if not redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 0 end redis.call('set', KEYS[3], ARGV[1]) return redis.call('incr', KEYS[2])";
/**
 * At a process's start (KEYS claim, fence, holder; ARGV processId, lease ms, the previous
 * process on its data folder or '', the prefix of the process keys): takes the lease when it
 * is, or was last, the previous process's (this one's earlier run: no wait), or when the
 * game's last holder is known dead (its process key expired). The new token; 0 when another
 * holds the lease; -1 when it lapsed but its holder may live (late: a stall, an outage) or
 * is unknown: the caller waits a lease as for any game found free.
 */
const CLAIM_AT_START = `local c = redis.call('get', KEYS[1])
if c and c ~= ARGV[3] then return 0 end
if not c then
  local h = redis.call('get', KEYS[3])
  if not h then return -1 end
  if h ~= ARGV[3] and redis.call('exists', ARGV[4] .. h) == 1 then return -1 end
end
redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) redis.call('set', KEYS[3], ARGV[1]) return redis.call('incr', KEYS[2])`;
/** Appends a record unless another token holds the game; 1, or 0 when another process took the game over. */
const FENCED_APPEND = "local f = redis.call('get', KEYS[1]) if not f then return 2 end if f ~= ARGV[1] then return 0 end redis.call('rpush', KEYS[2], ARGV[2]) return 1";
/** Ends the game (the end record, out of the open set, the claim and last holder gone) unless another token holds it. */
const FENCED_FINISH =
  "local f = redis.call('get', KEYS[1]) if not f then return 2 end if f ~= ARGV[1] then return 0 end redis.call('rpush', KEYS[2], ARGV[2]) redis.call('srem', KEYS[3], ARGV[3]) redis.call('del', KEYS[4], KEYS[5]) return 1";
/**
 * Renews the lease unless another token holds the game: also after the lease lapsed, when no
 * one took the game meanwhile (the counter would have moved). 0: another process holds it.
 */
const RENEW = "local f = redis.call('get', KEYS[2]) if not f then return 2 end if f ~= ARGV[1] then return 0 end redis.call('set', KEYS[1], ARGV[2], 'PX', ARGV[3]) return 1";
/** What the fenced scripts answer when the game's counter is gone: Redis lost its data. */
const DATA_LOST = 2;
/** Why the store refuses while it writes its games again. */
const REDIS_LOST_DATA = 'Redis lost its data (restarted without persistence?): the games held here are being written again';
/**
 * The marker of Redis's data: set once (NX) by the first process; a process that finds it
 * gone, or another value than it knew, knows Redis lost its data meanwhile.
 */
const EPOCH = `${PREFIX}epoch`;
/** The prefix of the key `process:<processId>` that each process keeps while it lives. */
const PROCESS = `${PREFIX}process:`;
/** Writes a game again as this process holds it: KEYS game, open set, claim, fence, holder; ARGV id, processId, lease ms, token, then the records. */
const REWRITE = `local f = redis.call('get', KEYS[4]) if f and f ~= ARGV[4] then return 0 end
redis.call('del', KEYS[1])
for i = 5, #ARGV, 1000 do redis.call('rpush', KEYS[1], unpack(ARGV, i, math.min(i + 999, #ARGV))) end
redis.call('sadd', KEYS[2], ARGV[1]) redis.call('set', KEYS[3], ARGV[2], 'PX', ARGV[3]) redis.call('set', KEYS[4], ARGV[4]) redis.call('set', KEYS[5], ARGV[2]) return 1`;
const RELEASE = "local f = redis.call('get', KEYS[2]) if f and f ~= ARGV[1] then return 0 end return redis.call('del', KEYS[1])";

/**
 * Game logs in Redis: a list per game, a set of unfinished games, and a lease per game held
 * by its process (renewed every third of `leaseMs`). A process that dies stops renewing: the
 * lease ends and another process (or its own restart) takes the game over. A process that
 * lost its lease while still running is fenced off (see CLAIM): its writes are refused.
 */
export class RedisGameStore implements GameStore {
  readonly kind = 'redis';
  private readonly leases = new Map<string, NodeJS.Timeout>();
  /** Fencing tokens of the games claimed here and not opened yet. */
  private readonly tokens = new Map<string, number>();
  private readonly health = new Health();
  /** The logs this process holds (written again when Redis lost its data). */
  private readonly logs = new Map<string, RedisLog>();
  /** The value of EPOCH this process knows (null before start()). */
  private epoch: string | null = null;
  /** Redis lost its data and this process has not written its games again yet. */
  private lostData = false;
  /** The loss is said in the server's log (once until the games are written again). */
  private saidLost = false;
  private rewriting: Promise<void> | null = null;
  /** Set by the server: what else it writes again after Redis lost its data (the owner token, room listings), before the store counts as whole. */
  restoreOthers?: () => Promise<void>;
  /** Set by the server: a line for its log. */
  say: (line: string) => void = (line) => console.error(line);

  constructor(
    private readonly redis: Redis,
    private readonly processId: string,
    readonly leaseMs = 30_000,
  ) {
    redis.on('ready', () => {
      // a write that failed while Redis was away says nothing once it is back
      this.health.ok();
      // the leases that lapsed during an outage are renewed at once, before another process
      // (which waits a lease before it adopts, server.ts) could take a game held here
      for (const renew of this.renewals.values()) renew();
      if (this.aliveTimer) void this.alive().catch(() => undefined);
      this.readyAt = performance.now();
    });
  }

  /** Renewals of the leases held here, by game (also run at once when the connection is back). */
  private readonly renewals = new Map<string, () => void>();
  /** When the connection was last (re)established (performance.now()). */
  readyAt = performance.now();

  /** Whether any process holds game `id`'s lease now. */
  async held(id: string): Promise<boolean> {
    return (await this.redis.exists(`${PREFIX}claim:${id}`)) === 1;
  }

  get problem(): string | null {
    if (this.redis.status !== 'ready') return `Redis is ${this.redis.status === 'reconnecting' || this.redis.status === 'connecting' ? 'unreachable' : this.redis.status}`;
    if (this.lostData) return REDIS_LOST_DATA;
    return this.health.problem;
  }

  /** Marks Redis's data as known to this process (EPOCH), at the start, and says it lives (PROCESS). */
  async start(): Promise<void> {
    await this.redis.set(EPOCH, randomBytes(9).toString('base64url'), 'NX');
    this.epoch = await this.redis.get(EPOCH);
    await this.alive();
    this.aliveTimer = setInterval(() => void this.alive().catch(() => undefined), this.leaseMs / 3);
    this.aliveTimer.unref();
  }

  private aliveTimer: NodeJS.Timeout | undefined;
  /**
   * This process's key (PROCESS), renewed with its leases but kept two leases: it outlives a
   * lease lapsed by a short stall or outage, so a starting process waits for a late holder
   * whose key is there, and takes at once the games of one silent longer (known dead).
   */
  private alive(): Promise<unknown> {
    return this.redis.set(`${PROCESS}${this.processId}`, '1', 'PX', this.leaseMs * 2);
  }

  /**
   * Whether Redis still has the data this process knew (EPOCH); when not, writes the games
   * held here again (called every third of the lease, and at once by a write that finds its
   * game gone). Throws while Redis is away.
   */
  async check(): Promise<void> {
    if (this.rewriting) return this.rewriting;
    if (!this.lostData && (await this.redis.get(EPOCH)) === this.epoch) return;
    this.rewriting = this.rewrite().finally(() => (this.rewriting = null));
    return this.rewriting;
  }

  /** A write found its game gone: Redis lost its data. */
  private dataLost(): void {
    this.lostData = true;
    void this.check().catch(() => undefined); // Redis away again: the next check goes on
  }

  /**
   * Redis came back without its data (it kept none: no appendonly, or its files were lost):
   * every game this process holds is written again from what it holds (header and entries,
   * with its claim and its fencing token), then the server's own keys (restoreOthers), and
   * only then the marker, so a rewrite cut short by Redis going away again starts over.
   */
  private async rewrite(): Promise<void> {
    this.lostData = true;
    if (!this.saidLost) this.say(`cardwords serve: ${REDIS_LOST_DATA.replace(': the', '; the')} (${this.logs.size}); actions are refused until then`);
    this.saidLost = true;
    let written = 0;
    for (const [id, log] of this.logs) {
      if (!log.open) continue;
      // not a game that ended or was released meanwhile (it would come back)
      const done = await log.exclusive(async () =>
        log.open ? this.redis.eval(REWRITE, 5, `${PREFIX}game:${id}`, `${PREFIX}games:open`, `${PREFIX}claim:${id}`, `${PREFIX}fence:${id}`, `${PREFIX}holder:${id}`, id, this.processId, String(this.leaseMs), log.token, ...log.records) : null,
      );
      if (done === 1) written++;
      else if (done === 0) log.lost(); // another process holds it now
    }
    await this.restoreOthers?.();
    await this.redis.set(EPOCH, randomBytes(9).toString('base64url'), 'NX');
    this.epoch = await this.redis.get(EPOCH);
    this.lostData = false;
    this.saidLost = false;
    this.health.ok();
    this.say(`cardwords serve: Redis has the games held here again (${written} written again)`);
  }

  /** The log of a game this process holds with `token`, its lease renewed until it is closed or lost. */
  private log(id: string, token: number, records: string[]): RedisLog {
    const log: RedisLog = new RedisLog(
      this.redis,
      id,
      String(token),
      () => {
        clearInterval(timer);
        this.leases.delete(id);
        this.renewals.delete(id);
        this.logs.delete(id);
      },
      this.health,
      records,
      () => this.dataLost(),
    );
    this.logs.set(id, log);
    const renew = () => {
      this.redis.eval(RENEW, 2, `${PREFIX}claim:${id}`, `${PREFIX}fence:${id}`, String(token), this.processId, String(this.leaseMs)).then(
        (held) => {
          if (held === DATA_LOST) this.dataLost();
          else if (held !== 1) log.lost();
        },
        () => undefined, // Redis away: the next renewal tries again
      );
    };
    const timer = setInterval(renew, this.leaseMs / 3);
    timer.unref();
    this.leases.set(id, timer);
    this.renewals.set(id, renew);
    return log;
  }

  async create(header: GameHeader): Promise<GameLog> {
    if (!validGameId(header.id)) throw new Error(`not a game id: ${header.id}`);
    let token = 0;
    const record = encodeRecord(header);
    try {
      const r = await this.redis
        .multi()
        .del(`${PREFIX}game:${header.id}`)
        .rpush(`${PREFIX}game:${header.id}`, record)
        .sadd(`${PREFIX}games:open`, header.id)
        .set(`${PREFIX}claim:${header.id}`, this.processId, 'PX', this.leaseMs)
        .incr(`${PREFIX}fence:${header.id}`)
        .set(`${PREFIX}holder:${header.id}`, this.processId)
        .exec();
      token = Number(r?.[4]?.[1]);
      this.health.ok();
    } catch (e) {
      this.health.fail(redisError(this.redis, e));
    }
    return this.log(header.id, token, [record]);
  }

  async open(id: string): Promise<OpenedGame | null> {
    if (!validGameId(id)) return null;
    // the token of this process's claim (the adoption claims first); a game held elsewhere is not opened
    if (!this.tokens.has(id) && !(await this.claim(id, this.processId))) return null;
    const token = this.tokens.get(id)!;
    this.tokens.delete(id);
    const key = `${PREFIX}game:${id}`;
    const parsed = parseRecords(await this.redis.lrange(key, 0, -1));
    if (!parsed.header) {
      if (parsed.good === 0 && !parsed.damage) return null; // no such list
      throw new DamagedLogError({ game: id, ...parsed.damage! });
    }
    if (parsed.ended) return null;
    let damage: LogDamage | null = null;
    const good = [parsed.header, ...parsed.entries].map(encodeRecord);
    if (parsed.damage) {
      // the damaged list is kept aside; the game goes on from a copy of its good records
      damage = { game: id, ...parsed.damage };
      await this.redis.multi().copy(key, `${PREFIX}damaged:${id}:${Date.now()}`).del(key).rpush(key, ...good).exec();
    }
    return { game: { header: parsed.header, entries: parsed.entries }, log: this.log(id, token, good), damage };
  }

  async peek(id: string): Promise<GameHeader | null> {
    if (!validGameId(id)) return null;
    const first = await this.redis.lindex(`${PREFIX}game:${id}`, 0);
    if (first === null) return null;
    const parsed = parseRecords([first]);
    if (!parsed.header) throw new DamagedLogError({ game: id, ...parsed.damage! });
    return parsed.header;
  }

  async listOpen(): Promise<string[]> {
    return (await this.redis.smembers(`${PREFIX}games:open`)).filter(validGameId).sort();
  }

  async claim(id: string, processId: string): Promise<boolean> {
    const token = Number(await this.redis.eval(CLAIM, 3, `${PREFIX}claim:${id}`, `${PREFIX}fence:${id}`, `${PREFIX}holder:${id}`, processId, String(this.leaseMs)));
    if (token === 0) return false;
    this.tokens.set(id, token);
    return true;
  }

  /**
   * At this process's start: claims game `id` at once when it is `previous`'s (the process
   * this one follows on its data folder, known gone) or its last holder is known dead (see
   * CLAIM_AT_START); 'wait' when its lease lapsed but its holder may live, 'held' when
   * another process holds it.
   */
  async claimAtStart(id: string, previous: string | null): Promise<'claimed' | 'wait' | 'held'> {
    const token = Number(
      await this.redis.eval(CLAIM_AT_START, 3, `${PREFIX}claim:${id}`, `${PREFIX}fence:${id}`, `${PREFIX}holder:${id}`, this.processId, String(this.leaseMs), previous ?? '', PROCESS),
    );
    if (token === 0) return 'held';
    if (token < 0) return 'wait';
    this.tokens.set(id, token);
    return 'claimed';
  }

  async close(): Promise<void> {
    for (const t of this.leases.values()) clearInterval(t);
    this.leases.clear();
    this.renewals.clear();
    this.logs.clear();
    if (this.aliveTimer) {
      clearInterval(this.aliveTimer);
      this.aliveTimer = undefined;
      // gone: a process starting now takes the games it held at once (Redis away: the key
      // expires; not waited for, the stop would hang)
      if (this.redis.status === 'ready') await this.redis.del(`${PROCESS}${this.processId}`).catch(() => undefined);
    }
  }
}
