// A jump of one server process's wall clock (an NTP step, a resumed virtual machine) is no
// time passing: the idle end, the first-join wait and the grace before a stand-in are measured
// on the monotonic clock (server/game/room-base.ts). A tester's +16 min ended every game of a
// process as idle, and +70 s let a stand-in take a seat whose human had dropped 1.5 s before.
// The real server process gets the jump through a test-only `--import` module
// (test/support/clock-jump.mjs) on a signal; the product has no hook for it.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Player, getJSON, startServer, until, type ServerProcess } from '../support/game-server.js';
import { copySample, cwCreate, cwJoin } from './cardwords-helpers.js';

const JUMP_MS = 16 * 60_000;

describe("a jump of the server's wall clock", () => {
  let srv: ServerProcess;
  beforeAll(async () => {
    srv = await startServer({
      nodeArgs: ['--import', pathToFileURL(resolve('test/support/clock-jump.mjs')).href],
      // ahead 16 min, then back 32 min (16 min behind)
      env: { CARDWORDS_TEST_CLOCK_JUMP_MS: `${JUMP_MS},${-2 * JUMP_MS}` },
      // the default idle end (15 min) and first-join wait (2 min): the jump passes both
      args: ['--ruleset', copySample('tiny'), '--rate', '1000', '--reconnect-timeout', '1000'],
    });
  });
  afterAll(async () => {
    await srv?.stop();
  });

  it('+16 min: no game ends as idle or unjoined, and no stand-in takes the seat of a human who dropped a moment before', async () => {
    // a game under way whose Bob has just dropped (grace 60 s)
    const ann = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 2, name: 'Ann', grace: 60, seed: 'jump-1' });
    const bob = await cwJoin(srv.url, ann.room.roomId, { name: 'Bob' });
    await until(() => ann.state.status === 'playing', 5000, 'the start');
    bob.room.reconnection.enabled = false;
    bob.raw.transport.ws.close(3000);
    await until(() => ann.state.players[1]!.awaySince > 0, 5000, "Bob's drop");
    // a game nobody has joined yet, the owner watching
    const waiting = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 1 });
    // a Yatzee game with a throw
    const cleo = await Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Cleo' });
    await cleo.next((m) => m.type === 'welcome');
    expect((await cleo.request('action', { type: 'throw' })).type).toBe('ack');

    srv.proc.kill('SIGUSR2');
    await until(() => srv.output().includes('clock-jump 1:'), 5000, 'the jump');

    // time passes for the lifetime checks (every second in these games): a game whose Di
    // drops after the jump gets its stand-in after its grace of 2 s, measured on the monotonic clock
    const cy = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 2, name: 'Cy', grace: 2, seed: 'jump-2' });
    const di = await cwJoin(srv.url, cy.room.roomId, { name: 'Di' });
    await until(() => cy.state.status === 'playing', 5000, 'the start of the second game');
    di.room.reconnection.enabled = false;
    di.raw.transport.ws.close(3000);
    await until(() => cy.state.players[1]!.auto, 10_000, "Di's stand-in after the grace");
    // the process saw the jump: Di's awaySince (its wall clock, for people) is ahead of ours
    expect(cy.state.players[1]!.awaySince - Date.now()).toBeGreaterThan(JUMP_MS - 60_000);

    for (const p of [ann, waiting, cleo]) {
      await p.barrier();
      expect(p.messages.filter((m) => m.type === 'ended' || m.type === 'results')).toEqual([]);
      expect(p.left).toBeNull();
    }
    expect(ann.state.players[1]!.auto).toBe(false);
    expect(ann.state.status).toBe('playing');
    expect((await getJSON<{ games: number }>(`${srv.url}/health`)).body.games).toBe(4);
    await Promise.all([ann.request('end'), cy.request('end'), waiting.request('end'), cleo.request('end')]);
  });

  it('set back 32 min: the rooms\' timers go on (Colyseus\' room clock held them for as long as the jump)', async () => {
    // a game against a robot, the owner playing: the robot answers every move (its timer)
    const ann = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 2, robots: ['casual'], name: 'Ann', grace: 1, seed: 'jump-3' });
    const bob = await cwJoin(srv.url, ann.room.roomId, { name: 'Bob' });
    await until(() => ann.state.status === 'playing' && ann.state.turn === 0, 5000, 'the start');
    srv.proc.kill('SIGUSR2');
    await until(() => srv.output().includes('clock-jump 2:'), 5000, 'the jump back');
    expect((await ann.request('action', { text: 'pass' })).type).toBe('ack');
    // Bob drops on his turn: after the grace (1 s, a lifetime check) his stand-in passes or plays, then the robot
    bob.room.reconnection.enabled = false;
    bob.raw.transport.ws.close(3000);
    await until(() => ann.state.players[1]!.auto, 10_000, "Bob's stand-in after the grace");
    await until(() => ann.state.moves >= 3 && ann.state.turn === 0, 10_000, "the stand-in's and the robot's moves");
    await ann.request('end');
  });
});
