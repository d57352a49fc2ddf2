// The champion level on a real server: it plays on the robots' thread with the ruleset's
// learned card values (learned there in the background on first use) and its time budget;
// every move it makes passes the engine's checks.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, until, type ServerProcess } from '../support/game-server.js';
import { copySample, cwCreate } from './cardwords-helpers.js';

let srv: ServerProcess;
// its own cache: the first champion turn finds no learned values and learns them
const cache = mkdtempSync(join(tmpdir(), 'cardwords-champion-cache-'));
beforeAll(async () => {
  srv = await startServer({ args: ['--ruleset', copySample('tiny'), '--robot-delay', '5'], env: { CARDWORDS_CACHE_DIR: cache } });
});
afterAll(async () => {
  await srv?.stop();
  rmSync(cache, { recursive: true, force: true });
});

it('a champion robot plays a whole game against a passing human', async () => {
  const ann = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 1, robots: ['champion'], name: 'Ann', seed: 'champion-1' });
  await until(() => ann.state.status === 'playing', 5000, 'the start');
  expect([...ann.state.players].map((p) => p.level)).toEqual(['', 'champion']);
  let robotMoves = 0;
  for (let turn = 0; turn < 40 && ann.state.status === 'playing'; turn++) {
    await until(() => ann.state.status !== 'playing' || ann.state.turn === 0, 60_000, "Ann's turn or the end");
    if (ann.state.status !== 'playing') break;
    if (ann.state.last?.player === 1 && ann.state.last.type === 'move') robotMoves++;
    expect((await ann.request('action', { text: 'pass' })).type).toBe('ack');
  }
  await until(() => ann.state.status !== 'playing', 60_000, 'the end');
  expect(robotMoves).toBeGreaterThanOrEqual(2);
  expect(ann.state.players[1]!.score).toBeGreaterThan(ann.state.players[0]!.score);
  expect(srv.output()).not.toContain("robots' thread is not available");
  // the robots' thread learned the values in the background and cached them
  await until(() => readdirSync(cache).some((f) => f.endsWith('.leaves.json')), 120_000, 'the learned values in the cache');
});
