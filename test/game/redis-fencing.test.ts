// Split brain on Redis (docs/server.md "Several processes: Redis", fencing): a process that
// lost a game's lease while still running (Redis out of its reach, or the process stalled,
// for longer than the lease) must neither append to the game's log nor acknowledge an
// action once another process has taken the game over. Real redis-server, real processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { LeaseLostError, RedisGameStore, type GameHeader } from '../../server/game/store.js';
import { CLOSE, MOVED_MESSAGE } from '../../core/protocol/messages.js';
import { Player, getJSON, logRecord, startServer, until, type ServerProcess } from '../support/game-server.js';
import { startRedis, type RedisProcess } from '../support/redis.js';

describe('fencing a game taken over by another process', () => {
  let redis: RedisProcess;
  let r: Redis;
  beforeAll(async () => {
    redis = await startRedis();
    r = new Redis(redis.url);
  });
  afterAll(async () => {
    r?.disconnect();
    await redis?.stop();
  });

  it('the store: the old holder appends until another takes the game, then nothing; it cannot finish or release the game', async () => {
    // leases long enough that no renewal runs during the test: the test ends the lease itself
    const ca = new Redis(redis.url);
    const cb = new Redis(redis.url);
    const a = new RedisGameStore(ca, 'proc-a', 600_000);
    const b = new RedisGameStore(cb, 'proc-b', 600_000);
    try {
      const id = 'fence-store';
      const header: GameHeader = { v: 1, id, kind: 'yatzee', seed: 's', created: 0, options: {} };
      const logA = await a.create(header);
      let lost = 0;
      logA.onLost = () => lost++;
      await logA.append({ t: 1 });
      // A's lease ends (as its expiry would); nobody has taken the game yet: A goes on
      await r.del(`cardwords:claim:${id}`);
      await logA.append({ t: 2 });
      // B takes the game over and reads it
      expect(await b.claim(id, 'proc-b')).toBe(true);
      const opened = (await b.open(id))!;
      expect(opened.game.entries.map((e) => e.t)).toEqual([1, 2]);
      // A is fenced off: refused, told once, and Redis is not blamed
      await expect(logA.append({ t: 3 })).rejects.toBeInstanceOf(LeaseLostError);
      await expect(logA.append({ t: 4 })).rejects.toBeInstanceOf(LeaseLostError);
      expect(lost).toBe(1);
      expect(a.problem).toBeNull();
      await opened.log.append({ t: 5 });
      // nor can A end the game, release B's lease, or open the game while B holds it
      await expect(logA.finish('owner')).rejects.toBeInstanceOf(LeaseLostError);
      await logA.close();
      expect(await r.get(`cardwords:claim:${id}`)).toBe('proc-b');
      expect(await a.open(id)).toBeNull();
      const records = await r.lrange(`cardwords:game:${id}`, 0, -1);
      expect(records.slice(1).map((l) => logRecord(l).t)).toEqual([1, 2, 5]);
      expect(await r.sismember('cardwords:games:open', id)).toBe(1);
      // the holder ends it
      await opened.log.finish('owner');
      expect(await r.sismember('cardwords:games:open', id)).toBe(0);
      expect(await r.exists(`cardwords:claim:${id}`)).toBe(0);
      // the counter stays: a stale holder is still refused after the end
      expect(await r.get(`cardwords:fence:${id}`)).toBe('2');
    } finally {
      await a.close();
      await b.close();
      ca.disconnect();
      cb.disconnect();
    }
  });

  it('two processes: the stalled holder refuses the action, its room closes, and the game goes on at the process that took it over', async () => {
    const env = { REDIS_URL: redis.url };
    const args = ['--rate', '1000', '--lease-timeout', '2000'];
    const servers: ServerProcess[] = [await startServer({ env, args }), await startServer({ env, args })];
    try {
      const ann = await Player.create(servers[0]!.url, 'yatzee', { owner: servers[0]!.ownerToken, name: 'Ann' });
      const key = (await ann.next((m) => m.type === 'welcome')).payload.key!;
      const id = ann.room.roomId;
      expect((await ann.request('action', { type: 'throw' })).type).toBe('ack');
      const seen = (await ann.request('action', { type: 'hold', dice: [1] })).payload.moves!;
      const health = async (s: ServerProcess) => (await getJSON<{ rooms: number; processId: string }>(`${s.url}/health`)).body;
      const holder = (await health(servers[0]!)).rooms > 0 ? servers[0]! : servers[1]!;
      const other = holder === servers[0] ? servers[1]! : servers[0]!;
      const otherId = (await health(other)).processId;
      expect(await r.get(`cardwords:claim:${id}`)).toBe((await health(holder)).processId);
      const before = await r.lrange(`cardwords:game:${id}`, 0, -1);

      // the holder stalls for longer than its lease: the other process takes the game over
      process.kill(holder.proc.pid!, 'SIGSTOP');
      try {
        await until(async () => (await r.get(`cardwords:claim:${id}`)) === otherId && (await health(other)).rooms === 1, 20_000, 'the take-over');
        // an action reaches the stalled holder (its room is still open there)
        ann.room.send('action', { type: 'hold', dice: [2], id: 'late' });
      } finally {
        process.kill(holder.proc.pid!, 'SIGCONT');
      }
      await until(() => ann.left !== null, 20_000, "the old holder's room to close");
      // the close comes after every message of the room: the action was never acknowledged
      expect(ann.left).toBe(CLOSE.SERVER_STOPPING);
      const reply = ann.messages.find((m) => (m.type === 'ack' || m.type === 'error') && m.payload.id === 'late');
      expect(reply?.type).not.toBe('ack');
      // refused by the log (fenced) or, when the lost lease was seen first, by the closing room
      if (reply) expect(['storage-failed', 'server-stopping']).toContain(reply.payload.code);
      expect(ann.messages.find((m) => m.type === 'stopping')?.payload.message).toBe(MOVED_MESSAGE);
      expect(holder.proc.exitCode).toBeNull();
      await until(() => holder.output().includes(`game ${id} was taken over by another process`), 10_000, "the old holder's log line");
      // nothing of the old holder's after the take-over
      expect(await r.lrange(`cardwords:game:${id}`, 0, -1)).toEqual(before);

      // Ann takes her seat back at the new holder; Bob joins through the old one: the listing is the new holder's
      const back = await Player.join(other.url, id, { name: 'Ann', key });
      await back.next((m) => m.type === 'welcome');
      expect(back.state.moves).toBe(seen);
      const bob = await Player.join(holder.url, id, { name: 'Bob' });
      await bob.next((m) => m.type === 'welcome');
      expect((await back.request('action', { type: 'hold', dice: [2] })).type).toBe('ack');
      const after = await r.lrange(`cardwords:game:${id}`, 0, -1);
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after.slice(before.length).map((l) => logRecord<{ a: unknown }>(l).a)).toEqual([
        { type: 'join', name: 'Bob' },
        { type: 'hold', player: 'Ann', dice: [2] },
      ]);
      await Promise.all([back.leave(), bob.leave()]);
    } finally {
      for (const s of servers) await s.stop();
    }
  });
});
