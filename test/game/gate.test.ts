// The gate (server/game/gate.ts) against a real server over real sockets: its refusals carry
// the refused message's id and type, so a client waiting on an id hears back; a field JSON
// cannot carry (a 64-bit integer) is refused instead of vanishing; every frame kind (text,
// Colyseus' PING) takes from the same rate as messages do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Player, startServer, type ServerProcess } from '../support/game-server.js';

describe('the gate', () => {
  let srv: ServerProcess;
  beforeAll(async () => {
    srv = await startServer({ args: ['--rate', '1', '--max-message-bytes', '512'] });
  });
  afterAll(async () => {
    await srv?.stop();
  });

  async function player(name: string): Promise<Player> {
    const p = await Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name });
    await p.next((m) => m.type === 'welcome');
    return p;
  }

  it('too-large and rate-limited errors name the message they refuse', async () => {
    const ann = await player('Ann');
    const big = await ann.requestRaw('action', { type: 'throw', pad: 'x'.repeat(2000) });
    expect(big.payload).toMatchObject({ code: 'too-large', type: 'action', id: 'action-1' });
    // the burst (2) is spent: the next ones are refused, each by its own id
    const ids: (string | number | undefined)[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await ann.request('action', { type: 'hold', dice: [0] });
      if (r.payload.code === 'rate-limited') ids.push(r.payload.id);
    }
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => typeof id === 'string' && id.startsWith('action-'))).toBe(true);
    await ann.leave();
  });

  it('a 64-bit integer field is refused with bad-message, and the action is not taken', async () => {
    const ann = await player('Bea');
    const moves = ann.state.moves;
    const r = await ann.requestRaw('action', { type: 'throw', n: 2n ** 62n });
    expect(r.payload).toMatchObject({ code: 'bad-message', type: 'action' });
    expect(ann.state.moves).toBe(moves);
    await ann.leave();
  });

  it('text frames and PING frames take from the rate: a flood of them leaves no room for a message', async () => {
    for (const [name, flood] of [
      ['Cid', (p: Player) => p.raw.transport.ws.send('x')],
      ['Dot', (p: Player) => p.raw.send(new Uint8Array([18]))], // Colyseus' PING
    ] as const) {
      const p = await player(name);
      const moves = p.state.moves;
      for (let i = 0; i < 200; i++) flood(p);
      const r = await p.request('action', { type: 'throw' });
      expect(r.payload.code, name).toBe('rate-limited');
      expect(p.state.moves).toBe(moves);
      await p.leave();
    }
  });
});
