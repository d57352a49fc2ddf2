// Game logs: a game is its header (kind, seed, options) plus the entries accepted in order
// (docs/architecture.md#engines-and-randomness: a game is its seed plus its action log). Every entry is written durably
// before the room acknowledges it, so a crash loses nothing that a client was told.
//
// Embedded store: one JSON-lines file per game in <data>/games/<id>.log, appended and
// fdatasync'ed per entry; a finished game gets an `end` line and moves to games/ended/.
// A torn last line (a crash in the middle of a write) was never acknowledged and is
// ignored on reading. Redis store: the same lines in a Redis list per game.
import { mkdir, open, readdir, readFile, rename, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
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

export interface GameStore {
  readonly kind: 'file' | 'redis';
  create(header: GameHeader): Promise<GameLog>;
  /** An unfinished game with its entries, and its log opened for appending. */
  open(id: string): Promise<{ game: StoredGame; log: GameLog } | null>;
  /** The header of an unfinished game, without opening its log. */
  peek(id: string): Promise<GameHeader | null>;
  /** Ids of every unfinished game. */
  listOpen(): Promise<string[]>;
  /** Claims an unfinished game for this process (several processes on Redis). */
  claim(id: string, processId: string): Promise<boolean>;
  close(): Promise<void>;
}

export function parseLines(text: string): { header: GameHeader; entries: LogEntry[]; ended: boolean } | null {
  const lines = text.split('\n');
  let header: GameHeader | null = null;
  const entries: LogEntry[] = [];
  let ended = false;
  for (const line of lines) {
    if (line === '') continue;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      break; // a torn last line: never acknowledged
    }
    if (typeof v !== 'object' || v === null) break;
    if (header === null) {
      header = v as GameHeader;
      continue;
    }
    if ('end' in v) {
      ended = true;
      break;
    }
    entries.push(v as LogEntry);
  }
  if (header === null || header.v !== 1 || typeof header.id !== 'string') return null;
  return { header, entries, ended };
}

/** Game ids become file names and Redis keys: keep them to a safe alphabet. */
export function validGameId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(id);
}

class FileLog implements GameLog {
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly fh: FileHandle,
    private readonly file: string,
    private readonly endedDir: string,
  ) {}

  append(entry: LogEntry): Promise<void> {
    return this.write(`${JSON.stringify(entry)}\n`);
  }

  private write(line: string): Promise<void> {
    const next = this.chain.then(async () => {
      if (this.closed) throw new Error('the game log is closed');
      await this.fh.write(line);
      await this.fh.datasync();
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  async finish(reason: string): Promise<void> {
    if (this.closed) return;
    await this.write(`${JSON.stringify({ t: Date.now(), end: reason })}\n`);
    await this.close();
    await mkdir(this.endedDir, { recursive: true });
    await rename(this.file, join(this.endedDir, this.file.slice(this.file.lastIndexOf('/') + 1)));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.chain;
    this.closed = true;
    await this.fh.close();
  }
}

export class FileGameStore implements GameStore {
  readonly kind = 'file';
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'games');
  }

  private file(id: string): string {
    if (!validGameId(id)) throw new Error(`not a game id: ${id}`);
    return join(this.dir, `${id}.log`);
  }

  async create(header: GameHeader): Promise<GameLog> {
    await mkdir(this.dir, { recursive: true });
    const file = this.file(header.id);
    const fh = await open(file, 'wx');
    await fh.write(`${JSON.stringify(header)}\n`);
    await fh.datasync();
    // the new file's name must be durable too
    const d = await open(this.dir, 'r');
    await d.sync().finally(() => d.close());
    return new FileLog(fh, file, join(this.dir, 'ended'));
  }

  async open(id: string): Promise<{ game: StoredGame; log: GameLog } | null> {
    if (!validGameId(id)) return null;
    const file = this.file(id);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      return null;
    }
    const parsed = parseLines(text);
    if (!parsed || parsed.ended) return null;
    // Cut a torn tail so that new lines start on a line of their own.
    const good = text.lastIndexOf('\n') + 1;
    const fh = await open(file, 'r+');
    if (good < Buffer.byteLength(text)) await fh.truncate(Buffer.byteLength(text.slice(0, good)));
    await fh.close();
    const fa = await open(file, 'a');
    return { game: { header: parsed.header, entries: parsed.entries }, log: new FileLog(fa, file, join(this.dir, 'ended')) };
  }

  async peek(id: string): Promise<GameHeader | null> {
    if (!validGameId(id)) return null;
    try {
      const parsed = parseLines(await readFile(this.file(id), 'utf8'));
      return parsed && !parsed.ended ? parsed.header : null;
    } catch {
      return null;
    }
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
    private readonly stopLease: () => void,
  ) {}

  append(entry: LogEntry): Promise<void> {
    const next = this.chain.then(async () => {
      if (this.closed) throw new Error('the game log is closed');
      await this.redis.rpush(`${PREFIX}game:${this.id}`, JSON.stringify(entry));
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
      .rpush(`${PREFIX}game:${this.id}`, JSON.stringify({ t: Date.now(), end: reason }))
      .srem(`${PREFIX}games:open`, this.id)
      .del(`${PREFIX}claim:${this.id}`)
      .exec();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.chain;
    this.closed = true;
    this.stopLease();
    await this.redis.del(`${PREFIX}claim:${this.id}`);
  }
}

/** Game logs in Redis: a list per game, a set of unfinished games, and a lease per game held by its process. */
export class RedisGameStore implements GameStore {
  readonly kind = 'redis';
  static readonly LEASE_MS = 30_000;
  private readonly leases = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly redis: Redis,
    private readonly processId: string,
  ) {}

  private lease(id: string): () => void {
    const timer = setInterval(() => {
      void this.redis.set(`${PREFIX}claim:${id}`, this.processId, 'PX', RedisGameStore.LEASE_MS).catch(() => undefined);
    }, RedisGameStore.LEASE_MS / 3);
    timer.unref();
    this.leases.set(id, timer);
    return () => {
      clearInterval(timer);
      this.leases.delete(id);
    };
  }

  async create(header: GameHeader): Promise<GameLog> {
    if (!validGameId(header.id)) throw new Error(`not a game id: ${header.id}`);
    await this.redis
      .multi()
      .del(`${PREFIX}game:${header.id}`)
      .rpush(`${PREFIX}game:${header.id}`, JSON.stringify(header))
      .sadd(`${PREFIX}games:open`, header.id)
      .set(`${PREFIX}claim:${header.id}`, this.processId, 'PX', RedisGameStore.LEASE_MS)
      .exec();
    return new RedisLog(this.redis, header.id, this.lease(header.id));
  }

  async open(id: string): Promise<{ game: StoredGame; log: GameLog } | null> {
    if (!validGameId(id)) return null;
    const lines = await this.redis.lrange(`${PREFIX}game:${id}`, 0, -1);
    const parsed = parseLines(lines.join('\n'));
    if (!parsed || parsed.ended) return null;
    return { game: { header: parsed.header, entries: parsed.entries }, log: new RedisLog(this.redis, id, this.lease(id)) };
  }

  async peek(id: string): Promise<GameHeader | null> {
    if (!validGameId(id)) return null;
    const first = await this.redis.lindex(`${PREFIX}game:${id}`, 0);
    const parsed = first ? parseLines(first) : null;
    return parsed ? parsed.header : null;
  }

  async listOpen(): Promise<string[]> {
    return (await this.redis.smembers(`${PREFIX}games:open`)).filter(validGameId).sort();
  }

  async claim(id: string, processId: string): Promise<boolean> {
    const r = await this.redis.set(`${PREFIX}claim:${id}`, processId, 'PX', RedisGameStore.LEASE_MS, 'NX');
    return r === 'OK';
  }

  async close(): Promise<void> {
    for (const t of this.leases.values()) clearInterval(t);
    this.leases.clear();
  }
}
