// Lobby rooms are bounded (server/game/lobby.ts): of many concurrent creations over real
// sockets one lobby exists; the others are refused, and joinOrCreate joins the one there is.
import { Client } from '@colyseus/sdk';
import { loadavg } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJSON, rssMiB, startServer, type ServerProcess } from '../support/game-server.js';

describe('lobby rooms', () => {
  let srv: ServerProcess;
  beforeAll(async () => {
    srv = await startServer();
  });
  afterAll(async () => {
    await srv?.stop();
  });

  it('200 concurrent creations make one lobby; the rest are refused; joinOrCreate shares it', async () => {
    const before = rssMiB(srv);
    const tries = await Promise.allSettled(Array.from({ length: 200 }, () => new Client(srv.url).create('lobby')));
    const made = tries.filter((t) => t.status === 'fulfilled');
    expect(made.length).toBe(1);
    for (const t of tries) if (t.status === 'rejected') expect(String(t.reason)).toMatch(/lobby exists/);
    expect((await getJSON<{ rooms: number }>(`${srv.url}/health`)).body.rooms).toBe(1);
    const joined = await new Client(srv.url).joinOrCreate('lobby');
    expect(joined.roomId).toBe((made[0] as PromiseFulfilledResult<{ roomId: string }>).value.roomId);
    if (process.env.CARDWORDS_FIGURES) console.log(`lobby flood: RSS ${before} -> ${rssMiB(srv)} MiB (load ${loadavg()[0]!.toFixed(1)})`);
    await joined.leave();
    await (made[0] as PromiseFulfilledResult<{ leave(): Promise<unknown> }>).value.leave();
  });
});
