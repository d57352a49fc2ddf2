// The learned card values of a document's ruleset, for the card set's hovers and inlay hints
// (core/language/learned.ts): the model the robot cached for the ruleset as saved on disk
// (server/robots/leaves.ts, the same key as `cardwords playtest` and the robots use). Only
// read, never learned here: learning takes minutes. The key needs the whole ruleset (its
// dictionaries' words: half a second for English), so it is kept per folder until a file of
// the ruleset changes on disk; the model is re-read when its file changes.
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { rulesFromRuleset } from '../../core/games/cardwords/setup.js';
import type { LearnedValues } from '../../core/language/index.js';
import type { LeaveModel } from '../../core/robots/cardwords/leaves.js';
import type { CardStats } from '../../core/robots/cardwords/playtest.js';
import { findRulesetFiles, loadRulesetDir } from '../ruleset/fs.js';
import { leavesFile, leavesKey, readCachedModel } from '../robots/leaves.js';
import { cacheDir } from '../cache-dir.js';
import { uriToPath } from './workspace.js';

const UNAVAILABLE: LearnedValues = { state: 'unavailable' };

export class LearnedValuesReader {
  /** Per folder: the stamp of its ruleset files, and the key of the ruleset they make (null: none). */
  private readonly keys = new Map<string, { stamp: string; key: Promise<string | null> }>();
  /** Per model file: its stamp and the model read. */
  private readonly models = new Map<string, { stamp: string; model: LeaveModel | null }>();
  /** Per ruleset key: the last playtest this server ran of it (in memory), which the card set's hovers quote. */
  private readonly playtests = new Map<string, { games: number; cards: readonly CardStats[] }>();

  /** The playtest just run of the ruleset whose leave key is `key` (its files as saved then). */
  rememberPlaytest(key: string, report: { games: number; cards: readonly CardStats[] }): void {
    this.playtests.set(key, { games: report.games, cards: report.cards });
  }

  /** The learned values of the ruleset of a card set document (a file: URI). */
  async forCardset(uri: string): Promise<LearnedValues> {
    const path = uriToPath(uri);
    if (!path) return UNAVAILABLE;
    const dir = dirname(path);
    let files;
    try {
      files = await findRulesetFiles(dir);
    } catch {
      return UNAVAILABLE; // no ruleset here, or several without a manifest
    }
    // a card set beside the folder's ruleset (not its own) has no values of its own
    if (files.cardset !== basename(path)) return UNAVAILABLE;
    const cache = cacheDir();
    // Nothing learned at all: no need to load the ruleset for its key.
    const cached = await readdir(cache).catch(() => [] as string[]);
    if (!cached.some((f) => f.endsWith('.leaves.json'))) return { state: 'missing', folder: dir };
    const names = [files.charset, files.cardset, files.cardtable, files.bonus, ...(files.dictionaries ?? []), files.personal, files.removal, 'ruleset.json'];
    const stamp = (await Promise.all(names.map((f) => (f ? fileStamp(join(dir, f)) : '')))).join('|');
    let hit = this.keys.get(dir);
    if (!hit || hit.stamp !== stamp) {
      hit = { stamp, key: rulesetKey(dir) };
      this.keys.set(dir, hit);
    }
    const key = await hit.key;
    if (key === null) return UNAVAILABLE;
    const model = await this.model(key, cache);
    const playtest = this.playtests.get(key);
    return model ? { state: 'learned', model, ...(playtest ? { playtest } : {}) } : { state: 'missing', folder: dir };
  }

  private async model(key: string, dir: string): Promise<LeaveModel | null> {
    const file = leavesFile(key, dir);
    const stamp = await fileStamp(file);
    const hit = this.models.get(file);
    if (hit && hit.stamp === stamp) return hit.model;
    const model = stamp ? await readCachedModel(key, dir) : null;
    this.models.set(file, { stamp, model });
    return model;
  }
}

/** A file's modification time and size ('' when it is missing). */
async function fileStamp(path: string): Promise<string> {
  try {
    const s = await stat(path);
    return `${s.mtimeMs}:${s.size}`;
  } catch {
    return '';
  }
}

/** The leave key of the ruleset saved in a folder, or null when it cannot be played. */
async function rulesetKey(dir: string): Promise<string | null> {
  try {
    const { ruleset } = await loadRulesetDir(dir);
    return ruleset ? leavesKey(ruleset, rulesFromRuleset(ruleset)) : null;
  } catch {
    return null;
  }
}
