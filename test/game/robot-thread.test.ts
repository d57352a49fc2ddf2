// The robots play on their own thread (server/game/robot-pool.ts): a word the owner
// approves reaches that thread before the robot's next turn, so the robot plays it at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, until, type ServerProcess } from '../support/game-server.js';
import { aaRuleset, cwCreate } from './cardwords-helpers.js';

describe('robots on their own thread', () => {
  let srv: ServerProcess;
  beforeAll(async () => {
    // every card is an A, and the only word is BB: nobody can move until AA is approved
    srv = await startServer({ args: ['--ruleset', aaRuleset(), '--robot-delay', '5'] });
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
