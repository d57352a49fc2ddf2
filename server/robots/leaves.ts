// The on-disk cache of learned leave values: <cache dir>/<key>.leaves.json next to the word
// graphs (server/words/cache.ts), the key a hash of what decides the values: the game-
// deciding parts of the ruleset (its digest: characters, deck, table, bonus and so hand
// size), the read-only dictionaries' words, and the learning's version and settings. The
// personal dictionary is left out: words approved during a game do not make a ruleset
// learn again.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { rulesFromRuleset, type CardwordsRules } from '../../core/games/cardwords/setup.js';
import { LEARN_GAMES, LeaveLearner, learnGames, type LearnOptions } from '../../core/robots/cardwords/learn.js';
import { LEAVES_VERSION, Leaves, readModel, type LeaveModel } from '../../core/robots/cardwords/leaves.js';
import type { Ruleset } from '../../core/ruleset/types.js';
import type { WordStore } from '../../core/words/store.js';
import { cacheDir } from '../cache-dir.js';

/** Games per round and rounds when nothing else is asked: a few minutes for a 15x15 ruleset; fewer games on a huge table (`learnGames`). */
export const DEFAULT_LEARNING: Required<Pick<LearnOptions, 'games' | 'rounds' | 'players'>> = { games: LEARN_GAMES, rounds: 1, players: 2 };

export function leavesKey(ruleset: Ruleset, rules: CardwordsRules, opts: LearnOptions = {}): string {
  const h = createHash('sha256');
  const personal = new Set(ruleset.personalWords);
  h.update(`leaves ${LEAVES_VERSION}\n${rules.ruleset.digest}\nhand ${rules.handSize}\n`);
  h.update(`games ${opts.games ?? learnGames(rules.table)} rounds ${opts.rounds ?? DEFAULT_LEARNING.rounds} players ${opts.players ?? DEFAULT_LEARNING.players} seed ${opts.seed ?? ''}\n`);
  for (const w of ruleset.words) if (!personal.has(w)) h.update(`${w}\n`);
  return h.digest('hex').slice(0, 24);
}

/** Where the model of a key is cached. */
export function leavesFile(key: string, dir?: string): string {
  return join(dir ?? cacheDir(), `${key}.leaves.json`);
}

/** The cached model of a key, or null when there is none (or it is broken, or of another version). */
export async function readCachedModel(key: string, dir?: string): Promise<LeaveModel | null> {
  try {
    return readModel(JSON.parse(await readFile(leavesFile(key, dir), 'utf8')), key);
  } catch {
    return null;
  }
}

export interface LeavesProgress {
  done: number;
  total: number;
}

export interface LoadLeavesOptions extends LearnOptions {
  /** false: neither read nor write the cache. */
  cache?: boolean;
  dir?: string;
  /** Called after every game of learning. */
  onProgress?: (p: LeavesProgress) => void;
  /** Learning stops (and nothing is cached) when it is aborted: the promise rejects with its reason. */
  signal?: AbortSignal;
}

export interface LoadedLeaves {
  leaves: Leaves;
  source: 'cache' | 'learned';
  key: string;
}

/** The ruleset's learned leave values from the cache, or learned now (yielding to the event loop between games) and cached. */
export async function loadLeaves(ruleset: Ruleset, store: WordStore, opts: LoadLeavesOptions = {}): Promise<LoadedLeaves> {
  const rules = rulesFromRuleset(ruleset);
  const key = leavesKey(ruleset, rules, opts);
  const useCache = opts.cache ?? true;
  const file = leavesFile(key, opts.dir);
  if (useCache) {
    const model = await readCachedModel(key, opts.dir);
    if (model) return { leaves: new Leaves(model), source: 'cache', key };
  }
  const model = await learn(rules, store, key, opts);
  if (useCache) {
    try {
      await mkdir(opts.dir ?? cacheDir(), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, JSON.stringify(model));
      await rename(tmp, file);
    } catch {
      // a cache that cannot be written is no error
    }
  }
  return { leaves: new Leaves(model), source: 'learned', key };
}

export async function learn(rules: CardwordsRules, store: WordStore, key: string, opts: LoadLeavesOptions = {}): Promise<LeaveModel> {
  const learner = new LeaveLearner(rules, store, key, { ...DEFAULT_LEARNING, games: learnGames(rules.table), ...definedOnly(opts) });
  opts.onProgress?.({ done: learner.done, total: learner.total });
  while (!learner.finished) {
    opts.signal?.throwIfAborted();
    learner.step();
    opts.onProgress?.({ done: learner.done, total: learner.total });
    // let the event loop answer (progress, cancellation) between games
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return learner.result();
}

function definedOnly(o: LearnOptions): LearnOptions {
  const out: LearnOptions = {};
  if (o.games !== undefined) out.games = o.games;
  if (o.rounds !== undefined) out.rounds = o.rounds;
  if (o.players !== undefined) out.players = o.players;
  if (o.seed !== undefined) out.seed = o.seed;
  if (o.lambda !== undefined) out.lambda = o.lambda;
  return out;
}

const known = new Map<string, Leaves>();

/**
 * `leavesKey` hashes every word of the dictionaries (about 90 ms for the English list): worked
 * out once per ruleset and rules, not at every hint and every turn of a review.
 */
const keys = new WeakMap<Ruleset, { rules: CardwordsRules; key: string }>();

function keyOf(ruleset: Ruleset, rules: CardwordsRules): string {
  const had = keys.get(ruleset);
  if (had?.rules === rules) return had.key;
  const key = leavesKey(ruleset, rules);
  keys.set(ruleset, { rules, key });
  return key;
}

/**
 * The learned values of a ruleset for a quick answer (the hint): those already read, else
 * values of 0 now while the cache is read in the background (never learning here: that is
 * the robot thread's work, on the event loop it would delay every player).
 */
export function leavesNow(ruleset: Ruleset, rules: CardwordsRules, dir?: string): Leaves {
  const key = keyOf(ruleset, rules);
  const hit = known.get(key);
  if (hit) return hit;
  known.set(key, Leaves.zero(key));
  void readCachedModel(key, dir).then((model) => {
    if (model) known.set(key, new Leaves(model));
    else known.delete(key);
  });
  return known.get(key)!;
}
