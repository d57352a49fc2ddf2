// The word graph cache (server/words/cache.ts): a load reads what a build wrote and marks it
// used; a build deletes the graphs of an older format (a day old) and those unused for
// PRUNE_DAYS, and leaves everything else: the graph it wrote, graphs of a newer format
// (another version of the program), files that are not graphs or not named as the cache
// names them, links and folders named as graphs, a write in progress.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadWordStore, PRUNE_DAYS } from '../../server/words/cache.js';
import { GRAPH_FORMAT_VERSION, GRAPH_MAGIC } from '../../core/words/serialize.js';

const DAY = 24 * 3600;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A file with a graph file's header of the given format version (the rest does not matter). */
function graphFile(dir: string, name: string, version: number, daysOld: number): string {
  const file = join(dir, name);
  const head = new DataView(new ArrayBuffer(40));
  head.setUint32(0, GRAPH_MAGIC, true);
  head.setUint32(4, version, true);
  writeFileSync(file, new Uint8Array(head.buffer));
  const t = Date.now() / 1000 - daysOld * DAY;
  utimesSync(file, t, t);
  return file;
}

describe('word graph cache', () => {
  it('a build deletes older formats (a day old) and graphs unused for 30 days, and nothing else', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cardwords-cache-'));
    dirs.push(dir);
    graphFile(dir, '0000000000000001.cwkg', GRAPH_FORMAT_VERSION - 1, 2); // older format
    graphFile(dir, '0000000000000008.cwkg', GRAPH_FORMAT_VERSION - 1, 0); // older format, written today (an older program)
    graphFile(dir, '0000000000000002.cwkg', GRAPH_FORMAT_VERSION, PRUNE_DAYS + 1); // unused
    graphFile(dir, '0000000000000003.cwkg', GRAPH_FORMAT_VERSION, PRUNE_DAYS - 1); // used lately
    graphFile(dir, '0000000000000004.cwkg', GRAPH_FORMAT_VERSION + 1, PRUNE_DAYS + 100); // newer program
    graphFile(dir, 'notes.cwkg', GRAPH_FORMAT_VERSION - 1, 400); // not a cache name
    graphFile(dir, '0000000000000005.cwkg.123.tmp', GRAPH_FORMAT_VERSION, 0); // a write in progress
    graphFile(dir, '0000000000000006.cwkg.124.tmp', GRAPH_FORMAT_VERSION, 2); // a write that died
    graphFile(dir, 'thesis.cwkg.2.tmp', GRAPH_FORMAT_VERSION, 400); // not a cache name
    const target = graphFile(dir, 'elsewhere.bin', GRAPH_FORMAT_VERSION - 1, 400);
    symlinkSync(target, join(dir, '0000000000000009.cwkg')); // a link named as a graph
    mkdirSync(join(dir, '000000000000000a.cwkg')); // a folder named as a graph
    utimesSync(join(dir, '000000000000000a.cwkg'), 0, 0);
    writeFileSync(join(dir, '0000000000000007.cwkg'), 'not a graph');
    const built = await loadWordStore(['A', 'B', 'C'], ['AB', 'BA', 'CAB'], { dir });
    expect(built.source).toBe('built');
    expect(readdirSync(dir).sort()).toEqual(
      [
        `${built.key}.cwkg`,
        '0000000000000003.cwkg',
        '0000000000000004.cwkg',
        'notes.cwkg',
        '0000000000000005.cwkg.123.tmp',
        '0000000000000007.cwkg',
        '0000000000000008.cwkg',
        'thesis.cwkg.2.tmp',
        'elsewhere.bin',
        '0000000000000009.cwkg',
        '000000000000000a.cwkg',
      ].sort(),
    );
  });

  it('a load from the cache marks the graph used', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cardwords-cache-'));
    dirs.push(dir);
    const built = await loadWordStore(['A', 'B'], ['AB', 'BA'], { dir });
    const file = join(dir, `${built.key}.cwkg`);
    const old = Date.now() / 1000 - (PRUNE_DAYS + 5) * DAY;
    utimesSync(file, old, old);
    const loaded = await loadWordStore(['A', 'B'], ['AB', 'BA'], { dir });
    expect(loaded.source).toBe('cache');
    expect(statSync(file).mtimeMs).toBeGreaterThan(Date.now() - DAY * 1000);
    // so another ruleset's build leaves it
    await loadWordStore(['A', 'B'], ['AB'], { dir });
    expect(readdirSync(dir)).toContain(`${built.key}.cwkg`);
  });
});
