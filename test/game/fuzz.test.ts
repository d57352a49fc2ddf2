// 10,000 malformed messages against a real server: every one is answered with an error,
// nothing changes, the connection and the server survive. Seeded, so a failure replays.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../core/random.js';
import { Player, getJSON, startServer, until } from '../support/game-server.js';

const COUNT = 10_000;

function randomValue(rng: Rng, depth = 0): unknown {
  switch (rng.int(depth > 2 ? 6 : 8)) {
    case 0:
      return null;
    case 1:
      return rng.int(2000) - 1000;
    case 2:
      return rng.next() * 1e9;
    case 3:
      return 'x'.repeat(rng.int(40)) + String.fromCharCode(rng.int(0x3000));
    case 4:
      return rng.int(2) === 0;
    case 5:
      return 'throw';
    case 6:
      return Array.from({ length: rng.int(5) }, () => randomValue(rng, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = rng.int(4); i > 0; i--) o[['type', 'dice', 'category', 'name', 'add', 'player', 'id', 'z'][rng.int(8)]!] = randomValue(rng, depth + 1);
      return o;
    }
  }
}

/** An action payload that is never legal: its type is not a string or not an action. */
function badAction(rng: Rng): unknown {
  const v = randomValue(rng);
  if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    o.type = [7, null, 'jump', 'join', 'leave', '', ['throw'], { t: 1 }][rng.int(8)];
    return o;
  }
  return v;
}

describe('fuzz', () => {
  it(`answers ${COUNT} malformed messages with errors; no crash, no state change`, async () => {
    const srv = await startServer({ args: ['--rate', '100000'] });
    try {
      const owner = await Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Owner' });
      const id = owner.room.roomId;
      const p = await Player.join(srv.url, id, { name: 'Fuzzy' });
      await p.next((m) => m.type === 'welcome');
      expect((await p.request('action', { type: 'throw' })).type).toBe('ack');
      await until(() => owner.state.moves === p.state.moves, 5000, 'in step');
      const before = JSON.stringify(owner.state.toJSON());
      const rng = Rng.fromSeed('fuzz-1');
      const from = p.messages.length;
      for (let i = 0; i < COUNT; i++) {
        const kind = rng.int(6);
        if (kind === 0) p.room.send('action', badAction(rng));
        else if (kind === 1) p.room.send(['end', 'remove', 'robots'][rng.int(3)]!, randomValue(rng));
        else if (kind === 2) p.room.send(`no-such-${rng.int(100)}`, randomValue(rng));
        else if (kind === 3) {
          // a user frame with random bytes after its code
          const bytes = new Uint8Array(1 + rng.int(30));
          bytes[0] = 13;
          for (let k = 1; k < bytes.length; k++) bytes[k] = rng.int(256);
          p.raw.send(bytes);
        } else if (kind === 4) p.raw.transport.ws.send(`text ${i}`);
        else p.room.send(rng.int(1000), randomValue(rng));
        if (i % 500 === 499) await new Promise((r) => setTimeout(r, 5)); // let the socket drain
      }
      await until(() => p.messages.length - from >= COUNT, 60_000, `${COUNT} replies`);
      await p.barrier(); // nothing more comes: every reply to the fuzz arrives before the barrier's
      const replies = p.messages.slice(from).filter((m) => !String(m.payload?.id ?? '').startsWith('barrier-'));
      expect(replies.every((m) => m.type === 'error')).toBe(true);
      expect(replies).toHaveLength(COUNT);
      expect(p.left).toBeNull();
      expect(JSON.stringify(owner.state.toJSON())).toBe(before);
      expect((await getJSON(`${srv.url}/health`)).status).toBe(200);
      // still a working game
      expect((await p.request('action', { type: 'transfer', category: 'chance' })).type).toBe('ack');
    } finally {
      await srv.stop();
    }
  });
});
