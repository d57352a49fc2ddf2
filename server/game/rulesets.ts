// The rulesets a server offers to Cardwords rooms (`--ruleset DIR`, repeatable). Each is
// named at start (a cheap look at its folder) and loaded on first use: the five files, the
// word graph through the disk cache (server/words/cache.ts), the engine's rules, and the
// texts clients get (charset, cardset, cardtable, bonus; never the dictionaries). Approved
// words are appended durably to the ruleset's personal dictionary <base>.personal.dict and
// added to the live WordStore at once, so every room and robot of this process knows them.
// With Redis (shared-words.ts) they reach the other processes too, and a ruleset loaded
// later gets every word approved anywhere.
import { open } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { rulesFromRuleset, type CardwordsRules } from '../../core/games/cardwords/setup.js';
import { prepareSearch } from '../../core/robots/cardwords/generate.js';
import type { Ruleset } from '../../core/ruleset/types.js';
import type { WordStore } from '../../core/words/store.js';
import { unplayableText } from '../cli/diagnostics.js';
import { findRulesetFiles, loadRulesetDir, readText } from '../ruleset/fs.js';
import { loadWordStore, rulesetChars } from '../words/cache.js';
import type { SharedWords } from './shared-words.js';

/** The files a client gets to draw the game (the texts, as on disk). */
export interface RulesetTexts {
  charset: string;
  cardset: string;
  cardtable: string;
  bonus: string;
}

export interface LoadedRuleset {
  name: string;
  dir: string;
  ruleset: Ruleset;
  rules: CardwordsRules;
  store: WordStore;
  texts: RulesetTexts;
  /** The personal dictionary approved words go to (created on the first approval). */
  personalPath: string;
}

/**
 * A ruleset whose errors stop play (core/ruleset/load.ts `blocksPlay`, the rule `cardwords
 * playtest` plays by): the message lists them as `cardwords check` prints them, for the
 * server's console; `shown` is the same for the clients, with the ruleset's name for its
 * folder and its files by name alone (`tiny.cardset:1:1: error: …`): a client is told what to
 * mend, not where the server keeps its files.
 */
export class UnplayableRuleset extends Error {
  readonly shown: string;
  constructor(message: string, dir: string, name: string) {
    super(message);
    this.shown = message.split(`${dir}${sep}`).join('').split(dir).join(name);
  }
}

export type ApproveResult = { ok: true; added: boolean; word: string } | { ok: false; message: string };

interface Entry {
  dir: string;
  /** The personal dictionary's file name in `dir`. */
  personal: string;
  loading: Promise<LoadedRuleset> | null;
  /** Appends to the personal dictionary, one at a time. */
  chain: Promise<unknown>;
  /** The words of this process's personal dictionary once loaded (at the load, and approved since): shared again if Redis lost them. */
  own: string[];
  /** Why the last load failed, as logged: a later failure for the same reasons is not logged again. */
  failed: string | null;
}

export class RulesetRegistry {
  private readonly entries = new Map<string, Entry>();
  /** Told of every word approved into a ruleset, after it is on disk (the robots' thread). */
  onWordAdded: ((ruleset: string, word: string) => void) | null = null;
  /** The words approved by every process of one Redis (null: this process alone). */
  shared: SharedWords | null = null;

  private constructor(private readonly log: (line: string) => void) {}

  /**
   * Names the rulesets of the folders; a folder that holds none is reported and skipped. With
   * `check`, each is then checked in the background (`checkAll`): one that cannot be played is
   * said on the console at start, not only at the first game that asks for it.
   */
  static async create(dirs: readonly string[], log: (line: string) => void = () => undefined, options: { check?: boolean } = {}): Promise<RulesetRegistry> {
    const reg = new RulesetRegistry(log);
    for (const dir of dirs) {
      try {
        const m = await findRulesetFiles(dir);
        if (reg.entries.has(m.name)) {
          log(`cardwords serve: ruleset '${m.name}' of ${dir} is offered already; skipped`);
          continue;
        }
        reg.entries.set(m.name, { dir, personal: m.personal ?? `${m.name}.personal.dict`, loading: null, chain: Promise.resolve(), own: [], failed: null });
      } catch (e) {
        log(`cardwords serve: ${(e as Error).message}`);
      }
    }
    if (options.check) reg.checked = reg.checkAll();
    return reg;
  }

  /** The check at start (`create`'s `check`), for a caller that waits for it. */
  checked: Promise<void> = Promise.resolve();

  /**
   * Checks each ruleset's charset, card set, table and bonus file (milliseconds: the
   * dictionaries, whose bad words never stop play, are read at the first game) and says those
   * that cannot be played, as a game asking for them would be refused.
   */
  async checkAll(): Promise<void> {
    for (const [name, e] of this.entries) {
      try {
        const result = await loadRulesetDir(e.dir, { dictionaries: false });
        if (!result.ruleset) this.failed(e, `ruleset '${name}': ${await unplayableText(e.dir, result.diagnostics)}`);
      } catch (err) {
        this.failed(e, `ruleset '${name}': ${(err as Error).message}`);
      }
    }
  }

  /** Says why a ruleset cannot be played, unless it was said last for the same errors. */
  private failed(e: Entry, why: string): void {
    // the same errors without the words left out (the check at start does not read the dictionaries)
    const key = why.replace(/\n\(besides, [^\n]*\)$/, '');
    if (e.failed !== key) this.log(`cardwords serve: ${why}`);
    e.failed = key;
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The ruleset, loaded once (concurrent callers share the load); rejects when it does not load. */
  get(name: string): Promise<LoadedRuleset> {
    const e = this.entries.get(name);
    if (!e) return Promise.reject(new Error(`no ruleset '${name}' (this server offers: ${this.names().join(', ') || 'none'})`));
    e.loading ??= load(name, e, this.shared, (r, w) => this.learnInto(r, w)).catch((err: unknown) => {
      e.loading = null; // a later request tries again
      // on the console once (each game asked for it would say it again), the refusal says it each time
      this.failed(e, `ruleset '${name}': ${(err as Error).message}`);
      throw err;
    });
    return e.loading;
  }

  /**
   * Approves a word: folded to canonical characters, appended to the personal dictionary and
   * written to disk (fsync) before it is added to the live store. `added` is false when the
   * word was playable already (nothing written).
   */
  approve(name: string, written: string): Promise<ApproveResult> {
    const e = this.entries.get(name);
    if (!e) return Promise.resolve({ ok: false, message: `no ruleset '${name}'` });
    const next = e.chain.then(async (): Promise<ApproveResult> => {
      const r = await this.get(name);
      const word = r.ruleset.canonicalWord(written.normalize('NFC'));
      const codes = word === undefined ? null : r.store.alphabet.encode(word);
      if (word === undefined || codes === null) return { ok: false, message: `'${written}' has characters outside the charset of ${name}` };
      if (codes.length < 2) return { ok: false, message: `'${written}': a word has at least 2 characters` };
      const added = !r.store.has(word);
      if (added) {
        await appendLine(r.personalPath, word);
        e.own.push(word);
        r.store.add(word);
        this.onWordAdded?.(name, word);
      }
      // shared again when it was playable already: approving once more repairs a process
      // that missed it (the set ignores a repeat)
      if (this.shared && !(await this.shared.publish(name, word))) {
        // on disk and playable here: the other processes get it when Redis is back
        this.log(`cardwords serve: '${word}' (${name}) is not on Redis yet: sent when it is back`);
      }
      return { ok: true, added, word };
    });
    e.chain = next.catch(() => undefined);
    return next;
  }

  /**
   * Redis lost its data (store.ts): the words of every loaded ruleset's personal dictionary go
   * to its set again. Each process shares its own; those only a dead process had are lost.
   */
  async reshare(): Promise<void> {
    if (!this.shared) return;
    for (const [name, e] of this.entries) {
      if (e.loading && (await e.loading.then(() => true, () => false))) await this.shared.share(name, e.own);
    }
  }

  /** After a reconnection to Redis: every loaded ruleset reads its set again (words published meanwhile were missed). */
  async resync(): Promise<void> {
    if (!this.shared) return;
    for (const [name, e] of this.entries) {
      if (!e.loading) continue;
      try {
        const r = await e.loading;
        for (const w of await this.shared.list(name)) this.learnInto(r, w);
      } catch {
        // not loaded, or Redis away again: the next reconnection tries again
      }
    }
  }

  /** A word another process approved: playable here at once if the ruleset is loaded (else its load reads it). */
  async learn(name: string, written: string): Promise<void> {
    const e = this.entries.get(name);
    if (!e?.loading) return;
    let r: LoadedRuleset;
    try {
      r = await e.loading;
    } catch {
      return;
    }
    this.learnInto(r, written);
  }

  /** Adds a word checked against the ruleset (another process may hold a different ruleset of that name). */
  private learnInto(r: LoadedRuleset, written: string): void {
    const word = r.ruleset.canonicalWord(written.normalize('NFC'));
    const codes = word === undefined ? null : r.store.alphabet.encode(word);
    if (word === undefined || codes === null || codes.length < 2 || r.store.has(word)) return;
    r.store.add(word);
    this.onWordAdded?.(r.name, word);
  }
}

async function load(name: string, e: Entry, shared: SharedWords | null, learn: (r: LoadedRuleset, word: string) => void): Promise<LoadedRuleset> {
  const result = await loadRulesetDir(e.dir);
  // played as `cardwords playtest` plays it: a dictionary's bad words are only left out
  if (!result.ruleset) throw new UnplayableRuleset(await unplayableText(e.dir, result.diagnostics), e.dir, name);
  e.failed = null;
  const ruleset = result.ruleset;
  const { store } = await loadWordStore(rulesetChars(ruleset), ruleset.words);
  const text = async (file: string) => (await readText(file)).text;
  const texts: RulesetTexts = {
    charset: await text(ruleset.sources.charset),
    cardset: await text(ruleset.sources.cardset),
    cardtable: await text(ruleset.sources.cardtable),
    bonus: await text(ruleset.sources.bonus),
  };
  const rules = rulesFromRuleset(ruleset);
  // the move search's one-time setup (its WebAssembly compiled, the graph copied in, a first
  // search: about 20 ms for English) now rather than in the first robot's or hint's move
  prepareSearch({ table: rules.table, bonus: rules.bonus, store }, rules.handSize);
  const loaded: LoadedRuleset = { name, dir: e.dir, ruleset, rules, store, texts, personalPath: ruleset.sources.personal ?? join(e.dir, e.personal) };
  e.own.push(...ruleset.personalWords);
  if (shared) {
    for (const w of await shared.list(name)) learn(loaded, w);
    // this process's own approvals, some maybe never shared (Redis was away, or not used then)
    await shared.share(name, ruleset.personalWords).catch(() => undefined); // Redis away: the next approval or load shares them
  }
  return loaded;
}

/** Appends one line to a file (created when missing), on a line of its own, then fsyncs it. */
async function appendLine(path: string, line: string): Promise<void> {
  const fh = await open(path, 'a+');
  try {
    const { size } = await fh.stat();
    let sep = '';
    if (size > 0) {
      const last = Buffer.alloc(1);
      await fh.read(last, 0, 1, size - 1);
      if (last[0] !== 0x0a) sep = '\n';
    }
    await fh.write(`${sep}${line}\n`);
    await fh.sync();
    if (size === 0) {
      // a new file: its name must be durable too
      const d = await open(dirname(path), 'r');
      await d.sync().finally(() => d.close());
    }
  } finally {
    await fh.close();
  }
}
