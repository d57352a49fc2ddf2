// The owner's questions that outlive their game: when a Cardwords game ends (the owner ends
// it, or its lifetime does) with unknown words still waiting for the owner, they are kept
// here by ruleset, with the players refused for each, and the owner is asked them in the
// next game of that ruleset they join (docs/server.md#unknown-words). Before, they closed with
// the room: a question held back from a playing owner until the end of the round was never
// asked when the owner ended the game first.
//
// Embedded: <data>/questions.json, rewritten whole (a temporary file, synced, renamed) on each
// change; changes are rare (a game's end, an owner's decision). Redis: a hash per ruleset,
// `cardwords:questions:<ruleset>`, word -> the players' names (JSON), shared by every process,
// and the channel `cardwords:questions`, which tells the other processes what a game kept, so
// that an owner already in a game of the ruleset there is asked at once (this process's own
// rooms are told by cardwords-room.ts). Bounded: at most MAX_CARRIED words a ruleset,
// MAX_PENDING_PER_WORD names a word, in the files, the hashes and the messages.
import { mkdir, open, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Redis } from 'ioredis';
import { subscribeJson } from './redis.js';
import { MAX_PENDING_WORDS } from './word-questions.js';

/** Most questions kept for one ruleset (a game holds at most as many). */
export const MAX_CARRIED = MAX_PENDING_WORDS;
/** Most players kept as refused for one word. */
export const MAX_PENDING_PER_WORD = 16;

/** word -> the players refused for it */
export type Questions = Map<string, string[]>;

export interface CarriedQuestions {
  /** The questions kept for `ruleset`. */
  list(ruleset: string): Promise<Questions>;
  /** Keeps the open questions of a game that ends (merged with those kept; within the bounds). */
  carry(ruleset: string, questions: Questions): Promise<void>;
  /** The owner decided these words (or they became playable): they are no longer asked. */
  settle(ruleset: string, words: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** The union of two name lists, in first-seen order, within the bound. */
function merged(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])].slice(0, MAX_PENDING_PER_WORD);
}

function validEntry(word: unknown, names: unknown): names is string[] {
  return typeof word === 'string' && word.length <= 64 && Array.isArray(names) && names.every((n) => typeof n === 'string' && n.length <= 64);
}

/** The valid entries of `raw` (an object of word -> names, as the file and the channel hold them), within the bounds. */
function questionsOf(raw: unknown): Questions {
  const m: Questions = new Map();
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return m;
  for (const [w, names] of Object.entries(raw)) if (validEntry(w, names) && m.size < MAX_CARRIED) m.set(w, names.slice(0, MAX_PENDING_PER_WORD));
  return m;
}

export class FileCarriedQuestions implements CarriedQuestions {
  private readonly file: string;
  /** ruleset -> its questions; read once, then kept here and written through */
  private all: Map<string, Questions> | null = null;
  /** Changes one after another (each rewrites the file). */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(dataDir: string) {
    this.file = join(dataDir, 'questions.json');
  }

  private async load(): Promise<Map<string, Questions>> {
    if (this.all) return this.all;
    const all = new Map<string, Questions>();
    let raw: unknown = {};
    try {
      raw = JSON.parse(await readFile(this.file, 'utf8'));
    } catch (e) {
      // none yet; a damaged file is set aside for a person to read (the games' logs keep every question)
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
        const aside = this.file.replace(/\.json$/, `.damaged-${Date.now()}.json`);
        await rename(this.file, aside).catch(() => undefined);
        console.error(`cardwords serve: ${this.file} cannot be read (${(e as Error).message}); kept as ${aside}, the questions of ended games start again empty`);
      }
    }
    if (typeof raw === 'object' && raw !== null) for (const [ruleset, qs] of Object.entries(raw)) all.set(ruleset, questionsOf(qs));
    this.all ??= all;
    return this.all;
  }

  private change(fn: (all: Map<string, Questions>) => boolean): Promise<void> {
    const next = this.chain.then(async () => {
      const all = await this.load();
      if (!fn(all)) return;
      const obj: Record<string, Record<string, string[]>> = {};
      for (const [ruleset, qs] of all) if (qs.size) obj[ruleset] = Object.fromEntries(qs);
      await mkdir(dirname(this.file), { recursive: true });
      const tmp = `${this.file}.tmp`;
      await writeFile(tmp, `${JSON.stringify(obj, null, 1)}\n`, { flush: true });
      await rename(tmp, this.file);
      const d = await open(dirname(this.file), 'r');
      await d.sync().finally(() => d.close());
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  async list(ruleset: string): Promise<Questions> {
    await this.chain;
    return new Map((await this.load()).get(ruleset) ?? []);
  }

  carry(ruleset: string, questions: Questions): Promise<void> {
    return this.change((all) => {
      const kept = all.get(ruleset) ?? new Map<string, string[]>();
      all.set(ruleset, kept);
      let changed = false;
      for (const [w, names] of questions) {
        const had = kept.get(w);
        if (!had && kept.size >= MAX_CARRIED) continue;
        const now = merged(had ?? [], names);
        if (had && now.length === had.length) continue;
        kept.set(w, now);
        changed = true;
      }
      return changed;
    });
  }

  settle(ruleset: string, words: readonly string[]): Promise<void> {
    return this.change((all) => {
      const kept = all.get(ruleset);
      let changed = false;
      for (const w of words) changed = (kept?.delete(w) ?? false) || changed;
      return changed;
    });
  }

  async close(): Promise<void> {
    await this.chain;
  }
}

const PREFIX = 'cardwords:questions:';
const CHANNEL = 'cardwords:questions';
/** Longest ruleset name a message may carry (as shared-words.ts). */
const MAX_RULESET = 256;

/**
 * Merges questions into a ruleset's hash in one step (processes may end games at once):
 * KEYS[1] the hash; ARGV[1] the most words; then word, names (JSON) pairs.
 */
const CARRY = `local n = redis.call('hlen', KEYS[1])
for i = 2, #ARGV, 2 do
  local cur = redis.call('hget', KEYS[1], ARGV[i])
  if cur then
    local names = cjson.decode(cur)
    local seen = {}
    for _, p in ipairs(names) do seen[p] = true end
    for _, p in ipairs(cjson.decode(ARGV[i + 1])) do
      if not seen[p] and #names < ${MAX_PENDING_PER_WORD} then table.insert(names, p); seen[p] = true end
    end
    redis.call('hset', KEYS[1], ARGV[i], cjson.encode(names))
  elseif n < tonumber(ARGV[1]) then
    redis.call('hset', KEYS[1], ARGV[i], ARGV[i + 1])
    n = n + 1
  end
end
return n`;

export class RedisCarriedQuestions implements CarriedQuestions {
  private constructor(
    private readonly redis: Redis,
    private readonly sub: Redis,
    private readonly processId: string,
  ) {}

  /**
   * Subscribes before it resolves. `heard`: what a game on another process kept, for the
   * owners in this process's games of that ruleset (a message missed while Redis was away is
   * still in the hash: asked at the owner's next join).
   */
  static async start(redis: Redis, processId: string, log: (line: string) => void, heard: (ruleset: string, questions: Questions) => void): Promise<RedisCarriedQuestions> {
    const sub = await subscribeJson(redis, 'questions', CHANNEL, processId, log, ({ ruleset, questions }) => {
      if (typeof ruleset !== 'string' || ruleset.length > MAX_RULESET) return;
      const qs = questionsOf(questions);
      if (qs.size) heard(ruleset, qs);
    });
    return new RedisCarriedQuestions(redis, sub, processId);
  }

  async list(ruleset: string): Promise<Questions> {
    const out: Questions = new Map();
    for (const [w, text] of Object.entries(await this.redis.hgetall(PREFIX + ruleset))) {
      let names: unknown;
      try {
        names = JSON.parse(text);
      } catch {
        continue;
      }
      if (validEntry(w, names) && out.size < MAX_CARRIED) out.set(w, names.slice(0, MAX_PENDING_PER_WORD));
    }
    return out;
  }

  async carry(ruleset: string, questions: Questions): Promise<void> {
    if (questions.size === 0) return;
    const args = [...questions].flatMap(([w, names]) => [w, JSON.stringify(names.slice(0, MAX_PENDING_PER_WORD))]);
    await this.redis.eval(CARRY, 1, PREFIX + ruleset, String(MAX_CARRIED), ...args);
    // kept first: a process that misses the message reads the hash at the owner's next join
    const sent = Object.fromEntries([...questions].slice(0, MAX_CARRIED).map(([w, names]) => [w, names.slice(0, MAX_PENDING_PER_WORD)]));
    await this.redis.publish(CHANNEL, JSON.stringify({ ruleset, questions: sent, from: this.processId }));
  }

  async settle(ruleset: string, words: readonly string[]): Promise<void> {
    if (words.length) await this.redis.hdel(PREFIX + ruleset, ...words);
  }

  async close(): Promise<void> {
    this.sub.disconnect();
  }
}
