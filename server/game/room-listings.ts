// The matchmaking driver's room listings (Redis hash `roomcaches`, keyed by room id = game
// id), written only by the process a listing names. A game taken over by another process
// (its lease ended here, server/game/store.ts) is listed under the same id by its new
// process while the old room here may still be closing: Colyseus' own driver would let the
// old room's client counts overwrite the new listing and its disposal delete it, and the
// game could no longer be joined. A creation still writes its listing unconditionally (it
// replaces the listing of a process that died).
import { matchMaker, type IRoomCache } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import type { Redis } from 'ioredis';

const KEY = 'roomcaches';

/** Sets (ARGV[3]) or deletes (no ARGV[3]) the listing ARGV[1] while it names the process ARGV[2]. */
const IF_OURS =
  "local v = redis.call('hget', KEYS[1], ARGV[1]) if not v or cjson.decode(v).processId ~= ARGV[2] then return 0 end if ARGV[3] then redis.call('hset', KEYS[1], ARGV[1], ARGV[3]) else redis.call('hdel', KEYS[1], ARGV[1]) end return 1";

export class OwnListingsDriver extends RedisDriver {
  constructor(private readonly redis: Redis) {
    super(redis);
  }

  override async update(room: IRoomCache, operations: Partial<{ $set: Partial<IRoomCache>; $inc: Partial<IRoomCache> }>): Promise<boolean> {
    // the fields change here as in RedisDriver; the stored listing only while it is ours
    Object.assign(room, operations.$set ?? {});
    for (const [k, n] of Object.entries(operations.$inc ?? {})) (room as unknown as Record<string, number>)[k]! += n as number;
    return this.writeIfOurs(room.roomId, room.processId, JSON.stringify(room));
  }

  override async persist(room: IRoomCache, create = false): Promise<boolean> {
    if (create || !room.roomId) return super.persist(room, create);
    return this.writeIfOurs(room.roomId, room.processId, JSON.stringify(room));
  }

  override async remove(roomId: string): Promise<boolean> {
    if (!roomId) return false;
    return this.writeIfOurs(roomId, matchMaker.processId);
  }

  private async writeIfOurs(roomId: string, processId: string, json?: string): Promise<boolean> {
    const args = json === undefined ? [roomId, processId] : [roomId, processId, json];
    return (await this.redis.eval(IF_OURS, 1, KEY, ...args)) === 1;
  }
}
