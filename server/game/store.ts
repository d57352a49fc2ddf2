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

  constructor(
    private readonly redis: Redis,
    private readonly id: string,
    private readonly processId: string,
    private readonly stopLease: () => void,
    private readonly health: Health,
  ) {}

  append(entry: LogEntry): Promise<void> {
    const next = this.chain.then(async () => {
      if (this.closed) throw new Error('the game log is closed');
      try {
        await this.redis.rpush(`${PREFIX}game:${this.id}`, encodeRecord(entry));
        this.health.ok();
      } catch (e) {
        this.health.fail(e);
      }
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  async finish(reason: string): Promise<void> {
    if (this.closed) return;
    await this.chain;
    this.closed = true;
    this.stopLease();
    await this.redis
      .multi()
      .rpush(`${PREFIX}game:${this.id}`, encodeRecord({ t: Date.now(), end: reason }))
      .srem(`${PREFIX}games:open`, this.id)
      .del(`${PREFIX}claim:${this.id}`)
      .exec();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.chain;
    this.closed = true;
    this.stopLease();
    await this.redis.eval(RELEASE, 1, `${PREFIX}claim:${this.id}`, this.processId);
  }
}

/** Renews a lease only while this process holds it (another may have taken the game over). */
const RENEW = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * Game logs in Redis: a list per game, a set of unfinished games, and a lease per game held
 * by its process (renewed every third of `leaseMs`). A process that dies stops renewing: the
 * lease ends and another process (or its own restart) takes the game over.
 */
export class RedisGameStore implements GameStore {
  readonly kind = 'redis';
  private readonly leases = new Map<string, NodeJS.Timeout>();
  private readonly health = new Health();

  constructor(
    private readonly redis: Redis,
    private readonly processId: string,
    readonly leaseMs = 30_000,
  ) {
    // a write that failed while Redis was away says nothing once it is back
    redis.on('ready', () => this.health.ok());
  }

  get problem(): string | null {
    if (this.redis.status !== 'ready') return `Redis is ${this.redis.status === 'reconnecting' || this.redis.status === 'connecting' ? 'unreachable' : this.redis.status}`;
    return this.health.problem;
  }

  private log(id: string): RedisLog {
    const timer = setInterval(() => {
      void this.redis.eval(RENEW, 1, `${PREFIX}claim:${id}`, this.processId, String(this.leaseMs)).catch(() => undefined);
    }, this.leaseMs / 3);
    timer.unref();
    this.leases.set(id, timer);
    return new RedisLog(
      this.redis,
      id,
      this.processId,
      () => {
        clearInterval(timer);
        this.leases.delete(id);
      },
      this.health,
    );
  }

  async create(header: GameHeader): Promise<GameLog> {
    if (!validGameId(header.id)) throw new Error(`not a game id: ${header.id}`);
    try {
      await this.redis
        .multi()
        .del(`${PREFIX}game:${header.id}`)
        .rpush(`${PREFIX}game:${header.id}`, encodeRecord(header))
        .sadd(`${PREFIX}games:open`, header.id)
        .set(`${PREFIX}claim:${header.id}`, this.processId, 'PX', this.leaseMs)
        .exec();
      this.health.ok();
    } catch (e) {
      this.health.fail(e);
    }
    return this.log(header.id);
  }

  async open(id: string): Promise<OpenedGame | null> {
    if (!validGameId(id)) return null;
    const key = `${PREFIX}game:${id}`;
    const parsed = parseRecords(await this.redis.lrange(key, 0, -1));
    if (!parsed.header) {
      if (parsed.good === 0 && !parsed.damage) return null; // no such list
      throw new DamagedLogError({ game: id, ...parsed.damage! });
    }
    if (parsed.ended) return null;
    let damage: LogDamage | null = null;
    if (parsed.damage) {
      // the damaged list is kept aside; the game goes on from a copy of its good records
      damage = { game: id, ...parsed.damage };
      const good = [parsed.header, ...parsed.entries].map(encodeRecord);
      await this.redis.multi().copy(key, `${PREFIX}damaged:${id}:${Date.now()}`).del(key).rpush(key, ...good).exec();
    }
    return { game: { header: parsed.header, entries: parsed.entries }, log: this.log(id), damage };
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
    const r = await this.redis.set(`${PREFIX}claim:${id}`, processId, 'PX', this.leaseMs, 'NX');
    return r === 'OK';
  }

  async close(): Promise<void> {
    for (const t of this.leases.values()) clearInterval(t);
    this.leases.clear();
  }
}
