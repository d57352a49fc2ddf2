// Scale-out: two server processes on one real redis-server (presence, matchmaking driver,
// game logs), each with its own public address. A client asks one process and plays in a
// room the other process holds.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Player, getJSON, logRecord, startServer, type ServerProcess } from '../support/game-server.js';
import { startRedis, type RedisProcess } from '../support/redis.js';

describe('two processes on Redis', () => {
  let redis: RedisProcess;
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    redis = await startRedis();
    a = await startServer({ env: { REDIS_URL: redis.url } });
    b = await startServer({ env: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await redis?.stop();
  });

  it('shares the owner and the games; a client joins through one process a room the other holds', async () => {
    expect(b.ownerToken).toBe(a.ownerToken);
    const ann = await Player.create(a.url, 'yatzee', { owner: a.ownerToken, name: 'Ann' });
    await ann.next((m) => m.type === 'welcome');
    const id = ann.room.roomId;
    // which process holds it: the one whose /health counts a room
    const rooms = async (s: ServerProcess) => (await getJSON<{ rooms: number }>(`${s.url}/health`)).body.rooms;
    const holder = (await rooms(a)) > 0 ? a : b;
    const other = holder === a ? b : a;
    // the other process lists it and hands out a seat on the holder
    expect((await getJSON<{ id: string }[]>(`${other.url}/games`)).body.map((g) => g.id)).toContain(id);
    const bob = await Player.join(other.url, id, { name: 'Bob' });
    expect((await bob.next((m) => m.type === 'welcome')).payload.gameId).toBe(id);
    expect((await bob.request('action', { type: 'throw' })).type).toBe('ack');
    expect([...ann.state.players].map((s) => s.name)).toEqual(['Ann', 'Bob']);
    // the log is in Redis
    const r = new Redis(redis.url);
    try {
      const log = await r.lrange(`cardwords:game:${id}`, 0, -1);
      expect(logRecord(log[0]!)).toMatchObject({ id, kind: 'yatzee' });
      expect(log.length).toBe(4); // header, two joins, a throw
      expect(await r.sismember('cardwords:games:open', id)).toBe(1);
    } finally {
      r.disconnect();
    }
    await Promise.all([ann.leave(), bob.leave()]);
  });

  it('a second process on the data folder of a live process is refused (it wrote over the first one)', async () => {
    await expect(startServer({ dataDir: a.dataDir, env: { REDIS_URL: redis.url } })).rejects.toThrow(
      `cardwords serve: the data folder ${a.dataDir} is in use by another cardwords serve (pid ${a.proc.pid}): stop it first, or give this one its own --data\n`,
    );
    expect(readFileSync(join(a.dataDir, 'server-process'), 'utf8').split(' ')[1]).toBe(String(a.proc.pid));
    expect((await getJSON<{ storage: string }>(`${a.url}/health`)).body.storage).toBe('ok');
  });
});
