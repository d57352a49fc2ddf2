// The server's view of rulesets: which files form the ruleset of a document (the rules of
// server/ruleset/fs.ts: base name, ruleset.json, .personal.dict, .removed.dict), and their
// texts, from the editor when open there, else from disk. Watches the folders of open
// documents so that a sibling changing on disk refreshes the diagnostics.
import { watch, type FSWatcher } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { fileKindOf } from '../../core/formats/index.js';
import type { FileKind } from '../../core/formats/types.js';
import type { RulesetContext, SourceText } from '../../core/language/index.js';
import { LANGUAGE_IDS } from '../../core/protocol/language.js';
import { dictionaryDecoding } from '../../core/ruleset/load.js';
import { findRulesetFiles, readText, rulesetBaseName, type Manifest } from '../ruleset/fs.js';

export function uriToPath(uri: string): string | null {
  if (!uri.startsWith('file:')) return null;
  try {
    return fileURLToPath(uri);
  } catch {
    return null;
  }
}

const BY_LANGUAGE = new Map<string, FileKind>(Object.entries(LANGUAGE_IDS).map(([k, id]) => [id, k as FileKind]));

/** The kind of a document: by file name, else by language id ("cardwords-cardset", or "cardset"). */
export function kindOf(uri: string, languageId?: string): FileKind | undefined {
  const byName = fileKindOf(decodeURIComponent(uri.replace(/[?#].*$/, '')));
  if (byName) return byName;
  if (!languageId) return undefined;
  const id = languageId.replace(/-mode$/, '');
  return BY_LANGUAGE.get(id) ?? (fileKindOf(`x.${id === 'dictionary' ? 'dict' : id}`) || BY_LANGUAGE.get(`cardwords-${id}`));
}

interface DiskText {
  mtimeMs: number;
  size: number;
  text: string;
}

type Files = Manifest & { name: string };

const LISTING_TTL_MS = 2000;

export class Workspace {
  private readonly disk = new Map<string, DiskText>();
  private readonly listings = new Map<string, { at: number; files: Promise<Files | null>; entries: Promise<string[]> }>();
  private readonly watchers = new Map<string, FSWatcher>();
  /** Called with a folder and the file name that changed in it (null: unknown). */
  onDiskChange: (dir: string, file: string | null) => void = () => {};

  constructor(private readonly documents: TextDocuments<TextDocument>) {}

  /** The open document of a path, if any. */
  private openAt(path: string): TextDocument | undefined {
    for (const d of this.documents.all()) if (uriToPath(d.uri) === path) return d;
    return undefined;
  }

  private listing(dir: string) {
    const hit = this.listings.get(dir);
    if (hit && Date.now() - hit.at < LISTING_TTL_MS) return hit;
    const entries = readdir(dir).catch(() => [] as string[]);
    const files = findRulesetFiles(dir).catch(() => null);
    const fresh = { at: Date.now(), files, entries };
    this.listings.set(dir, fresh);
    return fresh;
  }

  /**
   * The text of a file: the editor's if open, else the disk's (cached by mtime), else undefined
   * (not readable as text). A `dictionary`'s line with an invalid byte leaves that word out, as
   * the loader does (`dictionaryDecoding`): its other words count.
   */
  async source(path: string, dictionary = false): Promise<SourceText | undefined> {
    const open = this.openAt(path);
    if (open) return { name: open.uri, text: open.getText(), version: open.version };
    let info;
    try {
      info = await stat(path);
    } catch {
      this.disk.delete(path);
      return undefined;
    }
    if (!info.isFile()) return undefined;
    const hit = this.disk.get(path);
    if (hit && hit.mtimeMs === info.mtimeMs && hit.size === info.size) return { name: pathToFileURL(path).href, text: hit.text, version: null };
    const r = await readText(path);
    if ((dictionary ? r.diagnostics.map(dictionaryDecoding) : r.diagnostics).some((d) => d.severity === 'error' && d.code.startsWith('file/'))) return undefined;
    this.disk.set(path, { mtimeMs: info.mtimeMs, size: info.size, text: r.text });
    return { name: pathToFileURL(path).href, text: r.text, version: null };
  }

  /** The files of the ruleset a path belongs to (by manifest or base name), relative to its folder. */
  async rulesetFiles(path: string): Promise<Files> {
    const dir = dirname(path);
    const file = basename(path);
    const l = this.listing(dir);
    const m = await l.files;
    if (m && [m.charset, m.cardset, m.cardtable, m.bonus, ...(m.dictionaries ?? []), m.personal, m.removal].includes(file)) return m;
    // Not in the folder's ruleset (or the folder has several): the siblings sharing its base name.
    const entries = await l.entries;
    const base = rulesetBaseName(file);
    const has = (f: string) => entries.includes(f) || f === file;
    const dicts = entries.filter((f) => f.endsWith('.dict') && (f === `${base}.dict` || f.startsWith(`${base}.`)));
    if (file.endsWith('.dict') && !dicts.includes(file)) dicts.push(file);
    const personal = `${base}.personal.dict`;
    const removal = `${base}.removed.dict`;
    return {
      name: base,
      charset: has(`${base}.charset`) ? `${base}.charset` : '',
      cardset: has(`${base}.cardset`) ? `${base}.cardset` : '',
      cardtable: has(`${base}.cardtable`) ? `${base}.cardtable` : '',
      bonus: has(`${base}.bonus`) ? `${base}.bonus` : '',
      dictionaries: dicts.filter((f) => f !== personal && f !== removal).sort(),
      ...(dicts.includes(personal) ? { personal } : {}),
      ...(dicts.includes(removal) ? { removal } : {}),
    };
  }

  /**
   * The ruleset context of a document. Dictionaries are read only when asked for (the
   * distribution statistics, and the diagnostics of the files checked against the words).
   */
  async contextFor(uri: string, options: { dictionaries?: boolean } = {}): Promise<RulesetContext> {
    const path = uriToPath(uri);
    if (path === null) return { name: '', dictionaries: [] };
    const dir = dirname(path);
    const m = await this.rulesetFiles(path);
    const get = async (file: string | undefined, dictionary = false) => (file ? this.source(join(dir, file), dictionary) : undefined);
    const [charset, cardset, cardtable, bonus] = await Promise.all([get(m.charset), get(m.cardset), get(m.cardtable), get(m.bonus)]);
    const ctx: RulesetContext = { name: m.name, dictionaries: [] };
    if (charset) ctx.charset = charset;
    if (cardset) ctx.cardset = cardset;
    if (cardtable) ctx.cardtable = cardtable;
    if (bonus) ctx.bonus = bonus;
    if (options.dictionaries) {
      for (const f of m.dictionaries ?? []) {
        const s = await get(f, true);
        if (s) ctx.dictionaries.push(s);
      }
      if (m.personal) {
        const s = await get(m.personal, true);
        if (s) ctx.personal = s;
      }
      // the words it takes away from the dictionaries', for the checks against the words
      if (m.removal) {
        const s = await get(m.removal, true);
        if (s) ctx.removal = s;
      }
    }
    return ctx;
  }

  /** Forgets what is known of a folder (after a change on disk). */
  invalidate(dir: string, file: string | null): void {
    this.listings.delete(dir);
    if (file) this.disk.delete(join(dir, file));
    else for (const p of this.disk.keys()) if (dirname(p) === dir) this.disk.delete(p);
  }

  /** Watches the folders of the open documents (and only those). */
  syncWatchers(): void {
    const wanted = new Set<string>();
    for (const d of this.documents.all()) {
      const p = uriToPath(d.uri);
      if (p) wanted.add(dirname(p));
    }
    for (const [dir, w] of this.watchers) {
      if (!wanted.has(dir)) {
        w.close();
        this.watchers.delete(dir);
      }
    }
    for (const dir of wanted) {
      if (this.watchers.has(dir)) continue;
      try {
        const w = watch(dir, { persistent: false }, (_event, file) => {
          const name = file === null ? null : String(file);
          this.invalidate(dir, name);
          this.onDiskChange(dir, name);
        });
        w.on('error', () => {
          w.close();
          this.watchers.delete(dir);
        });
        this.watchers.set(dir, w);
      } catch {
        // A folder that cannot be watched (gone, or no inotify left): changes arrive by
        // workspace/didChangeWatchedFiles or the next edit instead.
      }
    }
  }

  dispose(): void {
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }
}
