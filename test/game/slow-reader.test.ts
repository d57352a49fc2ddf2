// The bound on what the server queues for a client that does not read (`--max-queued-bytes`,
// server/game/gate.ts), on a real `cardwords serve` process: a player whose TCP socket stops
// reading keeps asking and never takes the answers; once the kernel's buffers are full, the
// answers queue in the server, and past the bound its connection is dropped (its sheet shows
// away). The other player, who reads, is served all along, is never dropped, and the game
// state is the same for her and for a watcher who joins afterwards.
//
// The slow player also sends unsolicited pongs (allowed by RFC 6455), as a hostile reader
// would: Colyseus' ping timeout then never drops it, so only the bound can
// (test/support/slow-client.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { YatzeeClientMessages } from '../../core/protocol/messages.js';
import { Player, startServer, type ServerProcess } from '../support/game-server.js';
import { joinSlowClient, rssMiB } from '../support/slow-client.js';

const MAX_QUEUED = 64 * 1024;

/** Ann's n-th action: a throw, then a die held and released in turn (each a change for everyone). */
function annAction(n: number): YatzeeClientMessages['action'] {
  return n === 0 ? { type: 'throw' } : n % 2 === 1 ? { type: 'hold', dice: [0] } : { type: 'release', dice: [0] };
}

describe('a client that does not read', () => {
  let srv: ServerProcess;
  beforeAll(async () => {
    // a short reconnection wait: the server's stop waits for the dropped seat's to run out
    srv = await startServer({ args: ['--max-queued-bytes', String(MAX_QUEUED), '--rate', '100000', '--reconnect-timeout', '1000'] });
  });
  afterAll(async () => {
    await srv?.stop();
  });

  it('is dropped once its queue passes the bound; the server, the other player and the game go on', async () => {
    const ann = await Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Ann' });
    await ann.next((m) => m.type === 'welcome');
    const id = ann.room.roomId;
    const slow = await joinSlowClient(srv.url, id, { name: 'Sly' });
    const sheet = (name: string) => ann.state.players.find((s) => s.name === name)!;
    await expect.poll(() => sheet('Sly')?.connected).toBe(true);
    const movesBefore = ann.state.moves;

    // Sly stops reading; pongs keep the ping timeout away
    slow.stopReading();
    try {
      const rssBefore = rssMiB(srv.proc.pid!);
      // Sly asks (an unknown message, answered with an error naming it) and never reads the
      // answers; Ann plays on meanwhile (throw, then hold and release a die: each an action,
      // acknowledged, its state patch sent to both). Until Ann sees Sly away, or so much has
      // been asked that the kernel's buffers and the bound are long passed.
      const question = 'q'.repeat(64);
      let asked = 0;
      let acted = 0;
      while (sheet('Sly').connected && asked < 100_000) {
        for (let i = 0; i < 500; i++) slow.player.room.send(question, { id: asked++ });
        const r = await ann.request('action', annAction(acted));
        expect(r.type, JSON.stringify(r.payload)).toBe('ack');
        acted++;
      }
      // a figure, not a claim: the server's memory before the questions and after them
      console.log(`slow reader: ${asked} questions, ${acted} actions of Ann's; server RSS ${rssBefore.toFixed(1)} MiB before, ${rssMiB(srv.proc.pid!).toFixed(1)} MiB after`);
      expect(sheet('Sly').connected).toBe(false);
      // the bound dropped it (the gate says so), and nobody else
      await expect.poll(() => srv.output()).toMatch(new RegExp(`dropped a connection that does not read: \\d+ bytes queued, more than ${MAX_QUEUED}`));
      expect(srv.output().match(/dropped a connection/g)).toHaveLength(1);
      expect(slow.socket.isPaused()).toBe(true);

      // the server serves on: Ann acts and is answered; her connection was never dropped
      const moves = ann.state.moves;
      const r = await ann.request('action', annAction(acted));
      expect(r.type, JSON.stringify(r.payload)).toBe('ack');
      expect(r.payload.moves).toBe(moves + 1);
      await expect.poll(() => ann.state.moves).toBe(moves + 1);
      expect(ann.left).toBeNull();
      expect(sheet('Ann').connected).toBe(true);
      const health = (await (await fetch(`${srv.url}/health`)).json()) as { storage: string };
      expect(health.storage).toBe('ok');

      // the game state is intact: a watcher who joins now sees what Ann sees; Sly's sheet
      // is held, away, untouched
      const watcher = await Player.join(srv.url, id, { watch: true });
      await watcher.next((m) => m.type === 'welcome');
      await expect.poll(() => watcher.state.toJSON()).toEqual(ann.state.toJSON());
      expect(ann.state.moves).toBe(movesBefore + acted + 1);
      expect(sheet('Sly').scores.every((s) => s === -1)).toBe(true);
      await watcher.leave();
      await ann.leave();
    } finally {
      slow.destroy();
    }
  });
});
