// Redis outages (docs/server.md "Faults"): a real redis-server killed for longer than
// ioredis' default retry window (20 retries, about 10 s) and started again on the same port
// and data. The server process must live through it: actions are refused with
// `storage-failed` while Redis is away, /health says so, and play resumes when it is back.
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Player, getJSON, startServer, tempDir, until, type ServerProcess } from '../support/game-server.js';
import { startRedis, type RedisProcess } from '../support/redis.js';
import { copySample, cwCreate } from './cardwords-helpers.js';

describe('a Redis outage', () => {
  let redis: RedisProcess | null = null;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of servers) {
      if (s.proc.exitCode !== null) console.error(s.output().split('\n').filter((l) => !/ECONNREFUSED|afterConnect/.test(l)).join('\n'));
      await s.stop();
    }
    await redis?.stop();
  });

  it('longer than the retry window: no exit, storage-failed meanwhile, play resumes after', async () => {
    const dir = tempDir('cardwords-redis-');
    redis = await startRedis(undefined, dir);
    const port = redis.port;
    const srv = await startServer({ env: { REDIS_URL: redis.url }, args: ['--rate', '1000'] });
    servers.push(srv);
    const ann = await Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Ann' });
    await ann.next((m) => m.type === 'welcome');
    expect((await ann.request('action', { type: 'throw' })).type).toBe('ack');

    await redis.kill9();
    const down = Date.now();
    // while Redis is away: every action is refused (nothing acknowledged that is not stored)
    let refusals = 0;
    while (Date.now() - down < 12_500) {
      const r = await ann.request('action', { type: 'hold', dice: [0] }, 15_000);
      expect(r.type, JSON.stringify(r.payload)).toBe('error');
      expect(r.payload.code).toBe('storage-failed');
      // in the server's words: the Redis client's ("Reached the max retries per request limit
      // (which is 2). Refer to "maxRetriesPerRequest" option…") reached the players
      expect(r.payload.message).toBe('the action could not be stored: Redis is unreachable');
      refusals++;
      expect(srv.proc.exitCode, srv.output()).toBeNull();
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(refusals).toBeGreaterThan(0);
    const health = await getJSON<{ storage: string; games: number | null; listings?: string }>(`${srv.url}/health`);
    expect(health.body.storage).toBe('failed');
    // no count it cannot know (it said -1), and why
    expect(health.body.games).toBeNull();
    expect(health.body.listings).toMatch(/^the games' listings cannot be read: /);
    // the owner's end is refused too, and nothing is announced: an end Redis never kept was
    // acknowledged and announced, and the game came back once Redis did
    const end = await ann.request('end', {}, 15_000);
    expect([end.type, end.payload.code]).toEqual(['error', 'storage-failed']);
    expect(ann.messages.some((m) => m.type === 'results' || m.type === 'ended')).toBe(false);

    redis = await startRedis(port, dir);
    await until(async () => (await getJSON<{ storage: string }>(`${srv.url}/health`)).body.storage === 'ok', 20_000, 'the health endpoint to see Redis back');
    expect(srv.proc.exitCode, srv.output()).toBeNull();
    // each connection says the outage once, not at every reconnection attempt (Colyseus' presence logged 38 lines in 15 s)
    await until(() => srv.output().includes('Redis (presence) is back'), 10_000, 'the presence back');
    // (the lines of its connections; the owner's end refused meanwhile has a line of its own)
    const said = srv.output().split('\n').filter((l) => /Redis \(|ECONNREFUSED/.test(l) && !/a Redis command failed/.test(l));
    const unreachable = said.filter((l) => l.includes('unreachable'));
    expect(new Set(unreachable).size, said.join('\n')).toBe(unreachable.length);
    expect(said.filter((l) => !/^cardwords serve: Redis \([a-z ]+\) (unreachable: .*; retrying|is back)$/.test(l)), said.join('\n')).toEqual([]);
    expect(unreachable.some((l) => l.includes('(presence subscriber)'))).toBe(true);
    { const r = await ann.request('action', { type: 'hold', dice: [0] }); expect(r.type, JSON.stringify(r.payload)).toBe('ack'); }
    await ann.leave();
  });

  it("a crashed process's game is taken over by a live process as soon as its lease ends", async () => {
    redis ??= await startRedis();
    const env = { REDIS_URL: redis.url };
    const args = ['--rate', '1000', '--lease-timeout', '2000'];
    const a = await startServer({ env, args });
    servers.push(a);
    const b = await startServer({ env, args });
    servers.push(b);
    const ann = await Player.create(a.url, 'yatzee', { owner: a.ownerToken, name: 'Ann' });
    const key = (await ann.next((m) => m.type === 'welcome')).payload.key!;
    const id = ann.room.roomId;
    expect((await ann.request('action', { type: 'throw' })).type).toBe('ack');
    const seen = (await ann.request('action', { type: 'hold', dice: [1] })).payload.moves!;
    // the game is A's (the only process then): B took nothing at its start
    expect(b.output()).not.toContain('restored games');
    await a.kill9();
    const killed = Date.now();
    let back: Player | null = null;
    await until(
      async () => {
        back = await Player.join(b.url, id, { name: 'Ann', key }).catch(() => null);
        return back !== null;
      },
      15_000,
      'the game taken over after its lease',
    );
    if (process.env.CARDWORDS_FIGURES) console.log(`taken over ${Date.now() - killed} ms after the kill (lease 2000 ms)`);
    const p = back! as Player;
    await p.next((m) => m.type === 'welcome');
    expect(p.state.moves).toBe(seen);
    expect((await p.request('action', { type: 'release', dice: [1] })).type).toBe('ack');
    await p.leave();
  });

  it('Redis back without its data: the process says so, writes its games, their listings and the owner token again; a restart keeps the owner token', async () => {
    const bare = await startRedis(); // no persistence, as a Redis without appendonly
    let again: RedisProcess | null = null;
    const r = new Redis(bare.url, { maxRetriesPerRequest: null });
    r.on('error', () => undefined);
    try {
      const dataDir = tempDir();
      const args = ['--rate', '1000', '--lease-timeout', '2000', '--ruleset', copySample('tiny')];
      const srv = await startServer({ dataDir, env: { REDIS_URL: bare.url }, args });
      servers.push(srv);
      const ann = await Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Ann' });
      await ann.next((m) => m.type === 'welcome');
      const id = ann.room.roomId;
      expect((await ann.request('action', { type: 'throw' })).type).toBe('ack');
      // a Cardwords game whose owner approved a word (shared on Redis)
      const cw = await cwCreate(srv.url, { owner: srv.ownerToken, ruleset: 'tiny', humans: 0, robots: ['casual'] });
      expect((await cw.request('approve', { word: 'tnt' })).type).toBe('ack');
      expect(await r.smembers('cardwords:words:tiny')).toEqual(['TNT']);
      const before = await r.lrange(`cardwords:game:${id}`, 0, -1);
      const processId = (await getJSON<{ processId: string }>(`${srv.url}/health`)).body.processId;

      await bare.kill9();
      again = await startRedis(bare.port);
      await until(() => srv.output().includes('Redis has the games held here again (2 written again)'), 15_000, 'the games written again');
      expect(srv.output()).toContain('Redis lost its data (restarted without persistence?); the games held here are being written again (2)');
      expect(await r.lrange(`cardwords:game:${id}`, 0, -1)).toEqual(before);
      expect(await r.sismember('cardwords:games:open', id)).toBe(1);
      expect(await r.get(`cardwords:claim:${id}`)).toBe(processId);
      expect(await r.get('cardwords:owner-token')).toBe(srv.ownerToken);
      expect(await r.smembers('cardwords:words:tiny')).toEqual(['TNT']);
      // the room's listing: the game can be found and joined through the matchmaker again
      await until(async () => (await r.hexists('roomcaches', id)) === 1, 5000, 'the listing written again');
      expect((await getJSON<{ storage: string }>(`${srv.url}/health`)).body.storage).toBe('ok');
      const bob = await Player.join(srv.url, id, { name: 'Bob' });
      await bob.next((m) => m.type === 'welcome');
      expect((await ann.request('action', { type: 'hold', dice: [0] })).type).toBe('ack');
      expect((await r.lrange(`cardwords:game:${id}`, 0, -1)).slice(0, before.length)).toEqual(before);
      await cw.request('end');
      await Promise.all([ann.leave(), bob.leave()]);

      // the process restarts on a Redis that lost its data again: its owner link still works
      await srv.stop();
      await r.flushall();
      const back = await startServer({ dataDir, env: { REDIS_URL: bare.url }, args });
      servers.push(back);
      expect(back.ownerToken).toBe(srv.ownerToken);
      await back.stop();
    } finally {
      r.disconnect();
      await again?.stop();
      await bare.stop();
    }
  });
});
