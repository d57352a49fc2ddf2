// Every Redis connection of the game server (store and owner token, presence, matchmaking
// driver, shared words) is made here, with the same bounded behaviour: a command waits at
// most a few reconnection attempts (about a second) and then fails, reconnection goes on
// for ever, and connection errors are logged once per outage, not per attempt. Colyseus'
// presence and driver call Redis from timers without catching; their failures during an
// outage (ioredis' MaxRetriesPerRequestError, a closed connection) would end the process as
// unhandled rejections. `guardRedisRejections` turns exactly those into a log line; any
// other unhandled rejection still ends the process as before.
import { Redis, type RedisOptions } from 'ioredis';

export const REDIS_OPTIONS: RedisOptions = {
  // a command fails after this many reconnection attempts: the room answers storage-failed
  maxRetriesPerRequest: 2,
  // reconnect for ever, at most a second apart
  retryStrategy: (times) => Math.min(times * 100, 1000),
};

/** A connection to `url` with the bounded options; `name` says which in the log. */
export function redisClient(url: string, name: string, log: (line: string) => void): Redis {
  return watch(new Redis(url, REDIS_OPTIONS), name, log);
}

/** Logs the first error of an outage and the return, not every failed attempt between. */
export function watch(r: Redis, name: string, log: (line: string) => void): Redis {
  let down = false;
  r.on('error', (e: Error) => {
    if (down) return;
    down = true;
    log(`cardwords serve: Redis (${name}) unreachable: ${e.message}; retrying`);
  });
  r.on('ready', () => {
    if (!down) return;
    down = false;
    log(`cardwords serve: Redis (${name}) is back`);
  });
  return r;
}

/**
 * A connection of its own (`name` in the log) subscribed to `channel` before it resolves:
 * each message that is a JSON object not sent by this process (`from`) goes to `heard`;
 * anything else on the channel is dropped (the shared words, the questions ended games
 * left). ioredis subscribes again by itself after a reconnection.
 */
export async function subscribeJson(redis: Redis, name: string, channel: string, processId: string, log: (line: string) => void, heard: (m: Record<string, unknown>) => void): Promise<Redis> {
  const sub = watch(redis.duplicate(), name, log);
  sub.on('message', (_channel: string, text: string) => {
    let m: unknown;
    try {
      m = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof m !== 'object' || m === null || Array.isArray(m) || (m as Record<string, unknown>).from === processId) return;
    heard(m as Record<string, unknown>);
  });
  await sub.subscribe(channel);
  return sub;
}

/** An error ioredis gives a command that could not reach Redis. */
export function isRedisOutage(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  return e.name === 'MaxRetriesPerRequestError' || e.message === 'Connection is closed.' || e.message.startsWith("Stream isn't writeable");
}

/** Installs the guard; returns its removal (server stop). */
export function guardRedisRejections(log: (line: string) => void): () => void {
  let last = -Infinity;
  const handler = (e: unknown) => {
    if (!isRedisOutage(e)) throw e;
    // one line a few seconds at most: a long outage must not flood the log
    if (performance.now() - last > 5000) log(`cardwords serve: a Redis command failed (${(e as Error).message}); the server goes on`);
    last = performance.now();
  };
  process.on('unhandledRejection', handler);
  return () => process.off('unhandledRejection', handler);
}
