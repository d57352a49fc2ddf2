// The on-disk cache of word graphs: <cache dir>/<key>.cwkg, the key a hash of the graph's
// inputs (alphabet and words) and format version, so a restart loads instead of building.
// Cache dir: the user's cache folder (server/cache-dir.ts).
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Alphabet } from '../../core/words/alphabet.js';
import { buildGraph } from '../../core/words/graph.js';
import { decodeGraph, encodeGraph, graphKey } from '../../core/words/serialize.js';
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
      if (cached.join('\u0000') === chars.join('\u0000')) return { store: new WordStore(new Alphabet(chars), graph), source: 'cache', key };
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
    } catch {
      // a cache that cannot be written is no error
    }
  }
  return { store: new WordStore(alphabet, graph), source: 'built', key };
}
