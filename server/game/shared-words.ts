// Approved words shared by the server processes of one Redis (REDIS_URL): the set
// `cardwords:words:<ruleset>` holds every word any process approved into that ruleset, and
// the channel `cardwords:words` tells the running processes at once. A process reads the set
// when it loads the ruleset and adds what it hears to its live word store (and its robots'
// thread), so a word approved in a game on one process is a word in every game on all of
// them. Each process still appends the words it approved itself to its own personal
// dictionary on disk. After a lost connection to Redis, a process sends what it could not
// and reads the sets again (what was published meanwhile never reaches a subscriber).
import type { Redis } from 'ioredis';
import { subscribeJson } from './redis.js';

const PREFIX = 'cardwords:words:';
const CHANNEL = 'cardwords:words';
/** Longest ruleset name and word a message may carry (the room bounds words at 64). */
const MAX_FIELD = 256;

export interface SharedWords {
  /** Every word approved into `ruleset` by any process. */
  list(ruleset: string): Promise<string[]>;
  /**
   * Shares the words of this process's personal dictionary at load (approved here while
   * Redis was away, or before the process used Redis): those new to the set are published.
   */
  share(ruleset: string, words: readonly string[]): Promise<void>;
  /** Records an approved word and tells the other processes; false when Redis is away (sent again on reconnection). */
  publish(ruleset: string, word: string): Promise<boolean>;
  close(): Promise<void>;
}

export class RedisSharedWords implements SharedWords {
  /** Words not yet on Redis (it was away), sent again when it is back. */
  private readonly unsent: Array<{ ruleset: string; word: string }> = [];

  private constructor(
    private readonly redis: Redis,
    private readonly sub: Redis,
    private readonly processId: string,
  ) {}

  /**
   * Subscribes before it resolves: no word published afterwards is missed while connected.
   * `resync` runs after every reconnection, once the words kept here are sent.
   */
  static async start(redis: Redis, processId: string, log: (line: string) => void, heard: (ruleset: string, word: string) => void, resync: () => void): Promise<RedisSharedWords> {
    const sub = await subscribeJson(redis, 'shared words', CHANNEL, processId, log, ({ ruleset, word }) => {
      if (typeof ruleset !== 'string' || typeof word !== 'string') return;
      if (ruleset.length > MAX_FIELD || word.length > MAX_FIELD) return;
      heard(ruleset, word);
    });
    const shared = new RedisSharedWords(redis, sub, processId);
    // ioredis subscribes again by itself on reconnection; what was missed is read from the sets
    sub.on('ready', () => void shared.flush().then(resync));
    return shared;
  }

  private async flush(): Promise<void> {
    for (const u of this.unsent.splice(0)) await this.publish(u.ruleset, u.word);
  }

  list(ruleset: string): Promise<string[]> {
    return this.redis.smembers(PREFIX + ruleset);
  }

  async share(ruleset: string, words: readonly string[]): Promise<void> {
    if (words.length === 0) return;
    const pipe = this.redis.pipeline();
    for (const w of words) pipe.sadd(PREFIX + ruleset, w);
    const added = ((await pipe.exec()) ?? []).map(([err, n]) => !err && n === 1);
    const fresh = words.filter((_, i) => added[i]);
    if (fresh.length === 0) return;
    const pub = this.redis.pipeline();
    for (const word of fresh) pub.publish(CHANNEL, JSON.stringify({ ruleset, word, from: this.processId }));
    await pub.exec();
  }

  async publish(ruleset: string, word: string): Promise<boolean> {
    try {
      // the set first: a process that loads the ruleset after this reads it there
      await this.redis.sadd(PREFIX + ruleset, word);
      await this.redis.publish(CHANNEL, JSON.stringify({ ruleset, word, from: this.processId }));
      return true;
    } catch {
      this.unsent.push({ ruleset, word });
      return false;
    }
  }

  async close(): Promise<void> {
    this.sub.disconnect();
  }
}
