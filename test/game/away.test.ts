// The away policy and the endings on a real `cardwords serve` process with real SDK clients
// (docs/server.md "Away, leave and endings"): a game without a connected human pauses; the
// server stopping (SIGTERM, SIGINT) never plays a human's turn and the game comes back where
// it was; the owner's end gives every client the results and a normal close.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE, STOPPING_MESSAGE } from '../../core/protocol/messages.js';
import { logRecord, startServer, until, type ServerProcess } from '../support/game-server.js';
import { copySample, cwCreate, cwJoin, handOf } from './cardwords-helpers.js';

const logOf = (srv: ServerProcess, id: string) =>
  readFileSync(join(srv.dataDir, 'games', `${id}.log`), 'utf8')
    .trim()
    .split('\n')
    .map((l) => logRecord<{ a?: { player: number }; standIn?: boolean }>(l));

describe('away: no human connected, no move', () => {
  let srv: ServerProcess;
  let rulesetDir: string;
  beforeAll(async () => {
    rulesetDir = copySample('tiny');
    srv = await startServer({ args: ['--ruleset', rulesetDir, '--rate', '1000', '--robot-delay', '5', '--reconnect-timeout', '1000'] });
  });
  afterAll(async () => {
    await srv?.stop();
  });

  it('a solo game against a robot: the human drops on their turn; past 3x the grace period no move is made; back, the human plays on', async () => {
    const graceMs = 200;
    const ann = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 1, robots: 1, name: 'Ann', grace: graceMs / 1000, seed: 'solo-1' });
    const id = ann.room.roomId;
    const key = (await ann.next((m) => m.type === 'welcome')).payload.key!;
    const watcher = await cwJoin(srv.url, id, { owner: srv.ownerToken });
    await until(() => watcher.state.status === 'playing' && watcher.state.turn === 0, 5000, 'the start');
    expect(watcher.state.paused).toBe(false);
    const dropped = Date.now();
    ann.raw.transport.ws.close(3000); // a drop, on her turn
    // the grace period passes (the seat gets its stand-in), but nobody is here: the game pauses
    await until(() => watcher.state.players[0]!.auto && watcher.state.paused, 5000, 'stand-in assigned, paused');
    expect(Date.now() - dropped).toBeGreaterThanOrEqual(graceMs);
    // a span of time is the claim itself: poll the clock, then look again
    await until(() => Date.now() - dropped >= 3 * graceMs, 5000, '3x the grace period');
    expect(watcher.state.moves).toBe(0);
    expect(watcher.state.turn).toBe(0);
    expect(logOf(srv, id).some((e) => e.a)).toBe(false);

    // Ann is back (seat key): the stand-in is off, the game goes on, she plays her turn
    const back = await cwJoin(srv.url, id, { name: 'Ann', key });
    await until(() => !watcher.state.paused && !watcher.state.players[0]!.auto && handOf(back).length > 0, 5000, 'Ann back');
    expect((await back.request('action', { text: 'pass' })).type).toBe('ack');
    await until(() => watcher.state.moves === 2, 5000, "the robot's reply");
    expect(logOf(srv, id).filter((e) => e.a).map((e) => e.standIn === true)).toEqual([false, false]);
    await back.request('end');
  });

  it("the owner's end: every client gets the results (ended by the owner, with the adjustments and the winners), then a normal close", async () => {
    const ann = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 2, name: 'Ann', seed: 'end-1' });
    const id = ann.room.roomId;
    const bob = await cwJoin(srv.url, id, { name: 'Bob' });
    const watcher = await cwJoin(srv.url, id, { owner: srv.ownerToken });
    await until(() => ann.state.status === 'playing' && handOf(ann).length > 0 && handOf(bob).length > 0, 5000, 'the start');
    // every greeting in first: the ruleset's files can reach a client after its first state
    for (const p of [ann, bob, watcher]) await p.next((m) => m.type === 'ruleset');
    const hands = [handOf(ann), handOf(bob)].map((h) => h.reduce((s, c) => s + c.points, 0));
    const from = [ann, bob, watcher].map((p) => p.messages.length);
    expect((await ann.request('end')).type).toBe('ack');
    for (const [i, p] of [ann, bob, watcher].entries()) {
      const r = await p.next((m) => m.type === 'results', 5000, from[i]);
      expect(r.payload.reason).toBe('owner');
      const bySeat = r.payload.results!.slice().sort((a, b) => a.seat! - b.seat!);
      expect(bySeat.map((x) => [x.name, x.handPoints, x.adjustment, x.score])).toEqual([
        ['Ann', hands[0], -hands[0]!, -hands[0]!],
        ['Bob', hands[1], -hands[1]!, -hands[1]!],
      ]);
      const top = Math.max(...bySeat.map((x) => x.score));
      expect(r.payload.winners).toEqual(r.payload.results!.filter((x) => x.score === top).map((x) => x.name));
      await until(() => p.left !== null, 5000, 'closed');
      expect(p.left).toBe(CLOSE.ENDED);
      expect(p.messages.slice(from[i]).map((m) => m.type)).toEqual(p === ann ? ['ack', 'results', 'ended'] : ['results', 'ended']);
    }
    expect(watcher.state.status).toBe('ended');
    expect(watcher.state.turn).toBe(-1);
    await expect(cwJoin(srv.url, id, { name: 'Late' })).rejects.toThrow();
  });
});

describe('the server stopping never plays a human turn', () => {
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    it(`${sig} during a human's turn (grace 0: a drop would be played at once), restart on the same data folder: the turn is still the human's, no stand-in action`, async () => {
      const rulesetDir = copySample('tiny');
      const args = ['--ruleset', rulesetDir, '--rate', '1000', '--robot-delay', '5'];
      const srv = await startServer({ args });
      let srv2: ServerProcess | null = null;
      try {
        const ann = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 1, robots: 1, name: 'Ann', grace: 0, seed: `stop-${sig}` });
        const id = ann.room.roomId;
        const key = (await ann.next((m) => m.type === 'welcome')).payload.key!;
        await until(() => ann.state.status === 'playing' && ann.state.turn === 0 && handOf(ann).length > 0, 5000, 'the start');
        expect((await ann.request('action', { text: 'pass' })).type).toBe('ack');
        await until(() => ann.state.moves === 2 && ann.state.turn === 0, 5000, "the robot's reply; Ann's turn");
        const hand = handOf(ann);

        expect(await srv.signal(sig)).toBe(0);
        // told why, with the close code for it
        expect((await ann.next((m) => m.type === 'stopping')).payload.message).toBe(STOPPING_MESSAGE);
        await until(() => ann.left !== null, 5000, 'closed');
        expect(ann.left).toBe(CLOSE.SERVER_STOPPING);
        const log = logOf(srv, id);
        expect(log.filter((e) => e.a)).toHaveLength(2);
        expect(log.some((e) => e.standIn)).toBe(false);

        srv2 = await startServer({ dataDir: srv.dataDir, args });
        expect(srv2.output()).toContain(id);
        const back = await cwJoin(srv2.url, id, { name: 'Ann', key });
        await until(() => back.state.status === 'playing' && handOf(back).length > 0, 5000, 'the game back');
        expect(back.state.moves).toBe(2);
        expect(back.state.turn).toBe(0);
        expect(handOf(back)).toEqual(hand);
        expect(back.state.players[0]!.auto).toBe(false);
        expect(logOf(srv2, id).some((e) => e.standIn)).toBe(false);
        expect((await back.request('action', { text: 'pass' })).type).toBe('ack');
        await back.request('end');
      } finally {
        await srv2?.stop();
        await srv.stop();
      }
    });
  }
});
