// The owner's questions that outlive their game: when a Cardwords game ends (the owner ends
// it, or its lifetime does) with unknown words still waiting for the owner, they are kept
// here by ruleset, with the players refused for each, and the owner is asked them in the
// next game of that ruleset they join (docs/server.md#unknown-words). Before, they closed with
// the room: a question held back from a playing owner until the end of the round was never
// asked when the owner ended the game first.
//
// A game's questions are held for it (`hold`, not asked) before its end is stored, and carried
// (`carry`, the hold dropped) once it is: a process that dies between the two leaves them held,
// and the next start (with Redis also any process, a lease later) carries those of games whose
// end is stored (`recover`). Before, a crash at that moment lost them (the ended log alone
// kept them, and nobody read it again).
//
// Embedded: <data>/questions.json, rewritten whole (a temporary file, synced, renamed) on each
// change; changes are rare (a game's end, an owner's decision); the held ones likewise in
// <data>/questions-ending.json. Redis: a hash per ruleset,
// `cardwords:questions:<ruleset>`, word -> the players' names (JSON), shared by every process,
// and the channel `cardwords:questions`, which tells the other processes what a game kept, so
// that an owner already in a game of the ruleset there is asked at once (this process's own
// rooms are told by cardwords-room.ts); the held ones in the hash `cardwords:questions-ending`,
// game id -> { ruleset, questions, at }. Bounded: at most MAX_CARRIED words a ruleset,
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
/** Longest ruleset name a message or a hold may carry (as shared-words.ts). */
const MAX_RULESET = 256;

/** word -> the players refused for it */
export type Questions = Map<string, string[]>;

export interface CarriedQuestions {
  /** The questions kept for `ruleset`. */
  list(ruleset: string): Promise<Questions>;
  /**
   * Holds the open questions of `game`, about to end, without asking them: what `recover`
   * carries if the process dies after the end is stored. None: forgets those held for it.
   */
  hold(game: string, ruleset: string, questions: Questions): Promise<void>;
  /** Keeps the open questions of a game that ended (merged with those kept; within the bounds), and forgets those held for `game`. */
  carry(ruleset: string, questions: Questions, game?: string): Promise<void>;
  /**
   * Carries the questions held for games whose end is stored (`ended`): their process died
   * before it carried them. Only holds older than `olderThanMs` (a live process carries its
   * own at once). Returns how many games' questions were carried.
   */
  recover(ended: (game: string) => Promise<boolean>, olderThanMs?: number): Promise<number>;
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

/** What is held for a game about to end. */
interface Held {
  ruleset: string;
  questions: Questions;
  /** When it was held (wall clock: read by another process, or after a restart). */
  at: number;
}

function heldOf(raw: unknown): Held | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { ruleset, questions, at } = raw as Record<string, unknown>;
  if (typeof ruleset !== 'string' || ruleset.length > MAX_RULESET || typeof at !== 'number') return null;
  return { ruleset, questions: questionsOf(questions), at };
}

function heldText(ruleset: string, questions: Questions): string {
  return JSON.stringify({ ruleset, questions: Object.fromEntries([...questions].slice(0, MAX_CARRIED)), at: Date.now() });
}

/** Most games whose questions are held at once (one a game ending now). */
const MAX_HELD = 10_000;

/** Writes `text` to `file` durably: a temporary file, synced, renamed, the folder synced. */
async function writeDurably(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  await writeFile(tmp, text, { flush: true });
  await rename(tmp, file);
  const d = await open(dirname(file), 'r');
  await d.sync().finally(() => d.close());
}

/** The changes of one step: which of the two files to write again. */
interface Changed {
  kept?: boolean;
  held?: boolean;
}

/** Merges `questions` into the kept ones of `ruleset` (within the bounds); whether anything changed. */
function carryInto(all: Map<string, Questions>, ruleset: string, questions: Questions): boolean {
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
}

export class FileCarriedQuestions implements CarriedQuestions {
  private readonly file: string;
  private readonly heldFile: string;
  /** ruleset -> its questions; read once, then kept here and written through */
  private all: Map<string, Questions> | null = null;
  /** game -> what is held for it; likewise */
  private held: Map<string, Held> | null = null;
  /** Changes one after another (each rewrites the file). */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(dataDir: string) {
    this.file = join(dataDir, 'questions.json');
    this.heldFile = join(dataDir, 'questions-ending.json');
  }

  private async loadHeld(): Promise<Map<string, Held>> {
    if (this.held) return this.held;
    const held = new Map<string, Held>();
    let raw: unknown = {};
    try {
      raw = JSON.parse(await readFile(this.heldFile, 'utf8'));
    } catch {
      // none held (a damaged file: written whole by rename, so only by hand; the games' logs keep every question)
    }
    if (typeof raw === 'object' && raw !== null) {
      for (const [game, h] of Object.entries(raw)) {
        const one = heldOf(h);
        if (one && held.size < MAX_HELD) held.set(game, one);
      }
    }
    this.held ??= held;
    return this.held;
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

  private change(fn: (all: Map<string, Questions>, held: Map<string, Held>) => Changed): Promise<void> {
    const next = this.chain.then(async () => {
      const all = await this.load();
      const held = await this.loadHeld();
      const changed = fn(all, held);
      // the kept ones first: a crash between the two writes leaves the hold, carried again (merged: no change)
      if (changed.kept) {
        const obj: Record<string, Record<string, string[]>> = {};
        for (const [ruleset, qs] of all) if (qs.size) obj[ruleset] = Object.fromEntries(qs);
        await writeDurably(this.file, `${JSON.stringify(obj, null, 1)}\n`);
      }
      if (changed.held) {
        const obj = Object.fromEntries([...held].map(([game, h]) => [game, { ruleset: h.ruleset, questions: Object.fromEntries(h.questions), at: h.at }]));
        await writeDurably(this.heldFile, `${JSON.stringify(obj)}\n`);
      }
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  async list(ruleset: string): Promise<Questions> {
    await this.chain;
    return new Map((await this.load()).get(ruleset) ?? []);
  }

  hold(game: string, ruleset: string, questions: Questions): Promise<void> {
    return this.change((_all, held) => {
      if (questions.size === 0) return { held: held.delete(game) };
      if (!held.has(game) && held.size >= MAX_HELD) throw new Error(`more than ${MAX_HELD} games are ending at once`);
      held.set(game, { ruleset, questions: new Map([...questions].slice(0, MAX_CARRIED)), at: Date.now() });
      return { held: true };
    });
  }

  carry(ruleset: string, questions: Questions, game?: string): Promise<void> {
    return this.change((all, held) => ({ kept: carryInto(all, ruleset, questions), held: game !== undefined && held.delete(game) }));
  }

  async recover(ended: (game: string) => Promise<boolean>, olderThanMs = 0): Promise<number> {
    await this.chain;
    const held = await this.loadHeld();
    const done: string[] = [];
    for (const [game, h] of held) if (Date.now() - h.at >= olderThanMs && (await ended(game))) done.push(game);
    if (!done.length) return 0;
    await this.change((all, held) => {
      let kept = false;
      for (const game of done) {
        const h = held.get(game);
        if (h) kept = carryInto(all, h.ruleset, h.questions) || kept;
        held.delete(game);
      }
      return { kept, held: true };
    });
    return done.length;
  }

  settle(ruleset: string, words: readonly string[]): Promise<void> {
    return this.change((all) => {
      const kept = all.get(ruleset);
      let changed = false;
      for (const w of words) changed = (kept?.delete(w) ?? false) || changed;
      return { kept: changed };
    });
  }

  async close(): Promise<void> {
    await this.chain;
  }
}

const PREFIX = 'cardwords:questions:';
const CHANNEL = 'cardwords:questions';
/** game id -> what is held for it (not a ruleset's hash: `-`, where those have `:`). */
const HELD = 'cardwords:questions-ending';

/**
 * Merges questions into a ruleset's hash in one step (processes may end games at once), and
 * forgets what was held for the game: KEYS[1] the hash, KEYS[2] the held ones; ARGV[1] the
 * most words, ARGV[2] the game ('' none); then word, names (JSON) pairs.
 */
const CARRY = `local n = redis.call('hlen', KEYS[1])
if ARGV[2] ~= '' then redis.call('hdel', KEYS[2], ARGV[2]) end
for i = 3, #ARGV, 2 do
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

  async hold(game: string, ruleset: string, questions: Questions): Promise<void> {
    if (questions.size === 0) await this.redis.hdel(HELD, game);
    else await this.redis.hset(HELD, game, heldText(ruleset, questions));
  }

  async carry(ruleset: string, questions: Questions, game?: string): Promise<void> {
    if (questions.size === 0) return;
    const args = [...questions].flatMap(([w, names]) => [w, JSON.stringify(names.slice(0, MAX_PENDING_PER_WORD))]);
    await this.redis.eval(CARRY, 2, PREFIX + ruleset, HELD, String(MAX_CARRIED), game ?? '', ...args);
    // kept first: a process that misses the message reads the hash at the owner's next join
    const sent = Object.fromEntries([...questions].slice(0, MAX_CARRIED).map(([w, names]) => [w, names.slice(0, MAX_PENDING_PER_WORD)]));
    await this.redis.publish(CHANNEL, JSON.stringify({ ruleset, questions: sent, from: this.processId }));
  }

  async settle(ruleset: string, words: readonly string[]): Promise<void> {
    if (words.length) await this.redis.hdel(PREFIX + ruleset, ...words);
  }

  async recover(ended: (game: string) => Promise<boolean>, olderThanMs = 0): Promise<number> {
    let n = 0;
    // bounded: one a game ending now; a process that reads them carries them, merged (another one too: no change)
    for (const [game, text] of Object.entries(await this.redis.hgetall(HELD)).slice(0, MAX_HELD)) {
      let h: Held | null = null;
      try {
        h = heldOf(JSON.parse(text));
      } catch {
        // not ours to read: dropped below
      }
      if (h && (Date.now() - h.at < olderThanMs || !(await ended(game)))) continue;
      if (h?.questions.size) await this.carry(h.ruleset, h.questions, game);
      else await this.redis.hdel(HELD, game);
      n++;
    }
    return n;
  }

  async close(): Promise<void> {
    this.sub.disconnect();
  }
}
