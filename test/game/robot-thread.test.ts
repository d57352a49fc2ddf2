// The robots play on their own thread (server/game/robot-pool.ts): a word the owner
// approves reaches that thread before the robot's next turn, so the robot plays it at once.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, tempDir, until, type ServerProcess } from '../support/game-server.js';
import { cwCreate } from './cardwords-helpers.js';

describe('robots on their own thread', () => {
  let srv: ServerProcess;
  beforeAll(async () => {
    // every card is an A, and the only word is BB: nobody can move until AA is approved
    const dir = join(tempDir('cw-robot-thread-'), 'aa');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'aa.charset'), '2\nAa\nBb\n');
    writeFileSync(join(dir, 'aa.cardset'), `20\n${'[A 1] '.repeat(20).trim()}\n`);
    writeFileSync(join(dir, 'aa.cardtable'), '5*5\n(2,2)\n(5,5)\n');
    writeFileSync(join(dir, 'aa.bonus'), Array.from({ length: 15 }, (_, i) => `${i - 7}:0`).join('\n') + '\n');
    writeFileSync(join(dir, 'aa.dict'), 'BB\n');
    srv = await startServer({ args: ['--ruleset', dir, '--robot-delay', '5'] });
  });
  afterAll(async () => {
    await srv?.stop();
  });

  it('a robot plays a word the owner approved during the game, on its next turn', async () => {
    const ann = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'aa', humans: 1, robots: ['best'], name: 'Ann', seed: 'robot-thread' });
    await until(() => ann.state.status === 'playing', 5000, 'the start');
    // Ann passes; the robot has no word and passes too
    expect((await ann.request('action', { text: 'pass' })).type).toBe('ack');
    await until(() => ann.state.moves >= 2 && ann.state.turn === 0, 5000, "the robot's pass");
    expect(ann.state.last).toMatchObject({ player: 1, type: 'pass' });
    // the owner approves AA; after Ann's next pass the robot lays it
    expect((await ann.request('approve', { word: 'aa' })).type).toBe('ack');
    expect((await ann.request('action', { text: 'pass' })).type).toBe('ack');
    await until(() => ann.state.moves >= 4, 5000, "the robot's move");
    expect(ann.state.last).toMatchObject({ player: 1, type: 'move' });
    expect([...ann.state.last.words]).toContain('AA');
    expect(ann.state.board.length).toBeGreaterThanOrEqual(2);
    await ann.request('end');
    // and it was the robots' own thread that played (the fallback says so once)
    expect(srv.output()).not.toContain("robots' thread is not available");
  });
});
