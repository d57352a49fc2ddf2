// The on-disk cache of word graphs: <cache dir>/<key>.cwkg, the key a hash of the graph's
// inputs (alphabet and words) and format version, so a restart loads instead of building.
// Cache dir: the user's cache folder (server/cache-dir.ts).
// Every change of the words (an owner approving one) makes a new key on the next load, and a
// new format version makes new keys for all: after each build, graphs of an older format
// and graphs unused for PRUNE_DAYS are deleted (a load marks its file used), so the folder
// does not grow with every change.
import { lstat, mkdir, open, readdir, readFile, rename, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Alphabet } from '../../core/words/alphabet.js';
import { buildGraph } from '../../core/words/graph.js';
import { decodeGraph, encodeGraph, graphKey, GRAPH_FORMAT_VERSION, GRAPH_MAGIC } from '../../core/words/serialize.js';
import { WordStore } from '../../core/words/store.js';
import type { Ruleset } from '../../core/ruleset/types.js';
import { cacheDir } from '../cache-dir.js';

export interface LoadedStore {
  store: WordStore;
  /** 'cache' when read from the cache, 'built' when built (and written to the cache). */
  source: 'cache' | 'built';
  key: string;
}

/** The canonical characters of a ruleset's charset, in charset order. */
export function rulesetChars(ruleset: Ruleset): string[] {
  return ruleset.charset.entries.map((e) => e.canonical);
}

/** Loads the word store of the words from the cache, or builds it and caches it. */
export async function loadWordStore(chars: readonly string[], words: readonly string[], options: { cache?: boolean; dir?: string } = {}): Promise<LoadedStore> {
  const key = graphKey(chars, words);
  const useCache = options.cache ?? true;
  const dir = options.dir ?? cacheDir();
  const file = join(dir, `${key}.cwkg`);
  if (useCache) {
    try {
      const bytes = await readFile(file);
      const { graph, chars: cached } = decodeGraph(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), key);
      if (cached.join('\u0000') === chars.join('\u0000')) {
        const now = new Date();
        await utimes(file, now, now).catch(() => undefined);
        return { store: new WordStore(new Alphabet(chars), graph), source: 'cache', key };
      }
    } catch {
      // missing, stale or broken: build
    }
  }
  const alphabet = new Alphabet(chars);
  const graph = buildGraph(alphabet.encodeAll(words));
  if (useCache) {
    try {
      await mkdir(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, encodeGraph(graph, chars, key));
      await rename(tmp, file);
      await pruneCache(dir, file);
    } catch {
      // a cache that cannot be written is no error
    }
  }
  return { store: new WordStore(alphabet, graph), source: 'built', key };
}

/** Graphs unused for this long are deleted from the cache after a build. */
export const PRUNE_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

/**
 * Deletes from the cache folder the graphs of an older format (a day old: an older version
 * of the program sharing the folder keeps today's) and those unused for PRUNE_DAYS, and
 * temporary files of writes that died (a day old); only regular files named as this module
 * names them (never a link, a folder or another name); never `keep`, never a graph of a
 * newer format (another version of the program may share the folder).
 */
export async function pruneCache(dir: string, keep: string, now = Date.now()): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const file = join(dir, name);
    if (file === keep) continue;
    const tmp = /^[0-9a-f]{16}\.cwkg\.\d+\.tmp$/.test(name);
    if (!tmp && !/^[0-9a-f]{16}\.cwkg$/.test(name)) continue;
    try {
      const info = await lstat(file);
      if (!info.isFile()) continue;
      const age = now - info.mtimeMs;
      if (tmp) {
        if (age > DAY_MS) await unlink(file);
        continue;
      }
      const version = await formatVersion(file);
      if (version === null || version > GRAPH_FORMAT_VERSION) continue;
      if ((version < GRAPH_FORMAT_VERSION && age > DAY_MS) || age > PRUNE_DAYS * DAY_MS) await unlink(file);
    } catch {
      // gone already, or not ours to delete
    }
  }
}

/** The format version in a graph file's header, or null when it is not a graph file. */
async function formatVersion(file: string): Promise<number | null> {
  const fd = await open(file, 'r');
  try {
    const head = new Uint8Array(8);
    const { bytesRead } = await fd.read(head, 0, 8, 0);
    if (bytesRead < 8) return null;
    const dv = new DataView(head.buffer);
    return dv.getUint32(0, true) === GRAPH_MAGIC ? dv.getUint32(4, true) : null;
  } finally {
    await fd.close();
  }
}
