// `cardwords serve`: one Colyseus server on one port (WebSocket rooms, matchmaking, the
// browser client's files, /health). Embedded by default (one process, game logs in the
// data folder); with a Redis URL, presence, matchmaking driver and game logs live in Redis
// and several processes serve the same games, each reachable at its own public address.
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import './websocket-global.js';
import { LocalPresence, Server, matchMaker, type Presence } from '@colyseus/core';
import { RedisPresence } from '@colyseus/redis-presence';
import type { Redis } from 'ioredis';
import { DEFAULT_BODY_IDLE_MS, DEFAULT_MAX_BODY_BYTES, gatedTransport, type Limits } from './gate.js';
import { setContext, type Timeouts } from './context.js';
import { OneLobby } from './lobby.js';
import { installRoutes, limitBodies, limitCors } from './http.js';
import { DamagedLogError, FileGameStore, RedisGameStore, type GameStore, type LogDamage } from './store.js';
import { guardRedisRejections, redisClient, watch } from './redis.js';
import { YatzeeRoom } from './yatzee-room.js';
import { CardwordsRoom } from './cardwords-room.js';
import { RobotPool } from './robot-pool.js';
import { RulesetRegistry } from './rulesets.js';
import { RedisSharedWords } from './shared-words.js';
import { FileCarriedQuestions, RedisCarriedQuestions } from './carried-questions.js';
import { dataFolderInUseText, portInUseText } from '../../core/protocol/serve-output.js';
import { Placement } from './placement.js';
import { OwnListingsDriver } from './room-listings.js';

export interface ServeOptions {
  port: number;
  host: string;
  dataDir: string;
  rulesets: string[];
  redisUrl?: string;
  /** host:port clients reach this process at (several processes); default host:port. */
  publicAddress?: string;
  mediaDir: string;
  timeouts: Timeouts;
  limits: Limits;
  log: (line: string) => void;
  /** How long a process's claim on a game lasts without renewal (Redis; default 30 s). */
  leaseMs?: number;
}

export interface RunningServer {
  port: number;
  url: string;
  ownerUrl: string;
  ownerToken: string;
  restored: string[];
  stop(): Promise<void>;
}

/** Redis presence whose connections (its subscriber is its own duplicate) can be closed without a command. */
class ClosablePresence extends RedisPresence {
  constructor(redis: Redis, log: (line: string) => void) {
    const ours = redis.listeners('error');
    super(redis);
    // Colyseus' presence logs every failed reconnection attempt of both its connections (38
    // lines in a 15 s outage): they say it once an outage and once back, as ours (redis.ts)
    for (const l of redis.listeners('error')) if (!ours.includes(l)) redis.off('error', l as (e: Error) => void);
    this.sub.removeAllListeners('error');
    watch(this.sub as Redis, 'presence subscriber', log);
  }

  close(): void {
    this.sub.disconnect();
    this.pub.disconnect();
  }
}

async function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.once('error', reject);
    s.listen(0, host, () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

const OWNER_TOKEN_KEY = 'cardwords:owner-token';

/** Offers `token` as the processes' shared owner token (kept when Redis has none); the shared one. */
async function shareOwnerToken(redis: Redis, token: string): Promise<string> {
  await redis.set(OWNER_TOKEN_KEY, token, 'NX');
  return (await redis.get(OWNER_TOKEN_KEY)) ?? token;
}

/** The server could not start as asked: said in one line, and the process exits with 1. */
export class StartError extends Error {}

/** The server could not listen (a port in use, an address not this machine's): said as such, not as an internal error. */
export class ListenError extends StartError {}

/** The data folders held by servers of this process (tests run several in one process). */
const heldHere = new Set<string>();

/** The fields of `/proc/<pid>/stat` after the command's name (state first), or null when unknown. */
function procStat(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** When process `pid` started (Linux: clock ticks since boot), '' where unknown: a pid reused by another process is no holder. */
function startedAt(pid: number): string {
  return procStat(pid)?.[19] ?? '';
}

/** Whether `pid` (started at `start`, '' unknown) still runs: not this process, and not another that got its number since. */
function running(pid: number, start: string): boolean {
  if (pid === process.pid || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(pid);
  // a server that ended but was not reaped yet (a zombie: its parent, an editor's extension
  // host, went first, and a container's first process may never reap it) holds nothing
  if (stat?.[0] === 'Z' || stat?.[0] === 'X') return false;
  const now = stat?.[19] ?? '';
  return start === '' || now === '' || now === start;
}

/**
 * A data folder is one process's (its game files, with Redis its followed process id): the
 * folder's `server-process` file names the server that holds it (process id, pid, the pid's
 * start time). A second server on a folder whose holder runs is refused (StartError: both
 * wrote the same game files, and the second took the first one's place as the process to
 * follow); a holder that is gone (a stop, a crash, SIGKILL) is taken over at once. Returns
 * the gone holder's process id, so that a restart on Redis takes its games back at once
 * (null when none is known). The file is left at the stop: the next start follows it.
 */
async function holdDataFolder(dataDir: string, processId: string): Promise<string | null> {
  if (heldHere.has(dataDir)) throw new StartError(dataFolderInUseText(dataDir, process.pid));
  const file = join(dataDir, 'server-process');
  const mine = `${processId} ${process.pid} ${startedAt(process.pid)}\n`;
  const tmp = `${file}.${process.pid}`;
  await writeFile(tmp, mine, { mode: 0o600 });
  try {
    // bounded: each round either holds the folder, refuses, or lost a race to a start that moved on
    for (let round = 0; round < 5; round++) {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch {
        // none yet: taken only if no other start took it meanwhile (link fails when the file exists)
        if (await link(tmp, file).then(() => true, () => false)) return held(dataDir, null);
        continue;
      }
      const [id, pidText, start] = text.trim().split(' ');
      const pid = Number(pidText);
      if (Number.isInteger(pid) && running(pid, start ?? '')) throw new StartError(dataFolderInUseText(dataDir, pid));
      // a gone holder: its file moved aside by one start alone (rename is atomic), which checks it moved that one
      const aside = `${file}.gone.${process.pid}`;
      if (!(await rename(file, aside).then(() => true, () => false))) continue;
      if ((await readFile(aside, 'utf8').catch(() => '')) !== text) {
        // another start's fresh file, moved by mistake: put back
        await rename(aside, file).catch(() => undefined);
        continue;
      }
      await unlink(aside).catch(() => undefined);
      if (await link(tmp, file).then(() => true, () => false)) return held(dataDir, id && /^[\w-]{1,32}$/.test(id) ? id : null);
    }
    throw new StartError(`the data folder ${dataDir} is being taken by another cardwords serve starting at the same time`);
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}

function held(dataDir: string, previous: string | null): string | null {
  heldHere.add(dataDir);
  return previous;
}

/**
 * The owner token: kept in the data folder (and Redis, shared) so a restart keeps the owner's
 * link working. With Redis the data folder keeps a copy: a Redis that lost its data gets the
 * token back from it (a restart made a new one, and the owner's link no longer worked).
 */
async function ownerToken(dataDir: string, redis: Redis | null): Promise<string> {
  const file = join(dataDir, 'owner-token');
  let kept: string | null = null;
  try {
    const t = (await readFile(file, 'utf8')).trim();
    if (/^[A-Za-z0-9_-]{16,}$/.test(t)) kept = t;
  } catch {
    // first start
  }
  const fresh = kept ?? randomBytes(18).toString('base64url');
  const token = redis ? await shareOwnerToken(redis, fresh) : fresh;
  if (token !== kept) await writeFile(file, `${token}\n`, { mode: 0o600 });
  return token;
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
}

export async function startGameServer(o: ServeOptions): Promise<RunningServer> {
  await mkdir(o.dataDir, { recursive: true, mode: 0o700 });
  // first, before anything is written or connected: a refusal leaves nothing behind
  const processId = randomBytes(6).toString('base64url');
  const previous = await holdDataFolder(o.dataDir, processId);
  const port = o.port === 0 ? await freePort(o.host) : o.port;
  const publicAddress = o.publicAddress ?? `${urlHost(o.host)}:${port}`;
  const unguard = o.redisUrl ? guardRedisRejections(o.log) : () => undefined;
  const redis = o.redisUrl ? redisClient(o.redisUrl, 'store', o.log) : null;
  const store: GameStore = redis ? new RedisGameStore(redis, processId, o.leaseMs) : new FileGameStore(o.dataDir);
  const damaged: LogDamage[] = [];
  const token = await ownerToken(o.dataDir, redis);
  if (store instanceof RedisGameStore) {
    await store.start();
    store.say = o.log;
    // Redis lost its data: what this process holds besides its games is written again too
    store.restoreOthers = async () => {
      if ((await shareOwnerToken(redis!, token)) !== token) o.log('cardwords serve: the owner token on Redis is not this process\'s (a process started on the empty Redis made a new one): the owner link printed at its start works there');
      // the listings of the rooms here (the driver only writes changes: a lost one never came back)
      await matchMaker.restoreMissingRoomCaches();
      await rulesets.reshare();
    };
  }
  const rulesets = await RulesetRegistry.create(o.rulesets, o.log, { check: true });
  const robots = new RobotPool(o.rulesets);
  rulesets.onWordAdded = (name, word) => robots.addWord(name, word);
  const shared = redis ? await RedisSharedWords.start(redis, processId, o.log, (name, word) => void rulesets.learn(name, word), () => void rulesets.resync()) : null;
  rulesets.shared = shared;
  const questions = redis ? await RedisCarriedQuestions.start(redis, processId, o.log, (name, qs) => CardwordsRoom.askOwnersHere(name, qs)) : new FileCarriedQuestions(o.dataDir);
  const restoring = new Set<string>();
  const adopting = new Map<string, number>();
  let markStarted = (): void => undefined;
  const started = new Promise<void>((ok) => (markStarted = ok));
  const context = { ownerToken: token, store, damaged, timeouts: o.timeouts, limits: o.limits, processId, startedAt: Date.now(), rulesets, robots, questions, restoring, adopting, started, startedYet: false };
  setContext(context);

  limitCors();
  const placement = new Placement();
  // Colyseus' own connections, kept to be closed at the stop even when its shutdown fails
  // (it quits them with a command, which fails while Redis is away: they would reconnect for ever)
  const colyseusRedis = o.redisUrl ? [redisClient(o.redisUrl, 'presence', o.log), redisClient(o.redisUrl, 'driver', o.log)] : [];
  const presence: Presence = colyseusRedis[0] ? new ClosablePresence(colyseusRedis[0], o.log) : new LocalPresence();
  const http = createHttpServer();
  const transport = gatedTransport({ server: http }, o.limits, o.log);
  const server = new Server({
    transport,
    presence,
    ...(colyseusRedis[1] ? { driver: new OwnListingsDriver(colyseusRedis[1]), publicAddress } : {}),
    greet: false,
    gracefullyShutdown: false,
    express: (app) => installRoutes(app, o.mediaDir),
    // a game coming back from its log is created by the process that claimed it
    selectProcessIdToCreateRoom: async (roomName, clientOptions) => {
      if (typeof (clientOptions as { restore?: unknown }).restore === 'string') return matchMaker.processId;
      return placement.choose(await matchMaker.stats.fetchAll(), matchMaker.processId);
    },
  });
  server.define('lobby', OneLobby);
  server.define('yatzee', YatzeeRoom).enableRealtimeListing();
  server.define('cardwords', CardwordsRoom).enableRealtimeListing();
  // a port in use: Colyseus logs the listen error and its promise never settles, so the
  // process hung; the HTTP server's own error ends the start with a clear message. The
  // transport printed every HTTP server error with its stack ("Error: listen EADDRINUSE ...
  // at ..." before that message): one line of ours instead, once listening (before, the
  // start's own message says it)
  let listening = false;
  http.removeAllListeners('error');
  http.on('error', (e: Error) => {
    if (listening) o.log(`the HTTP server: ${e.message}`);
  });
  const listenFailed = new Promise<never>((_, fail) =>
    http.once('error', (e: NodeJS.ErrnoException) =>
      fail(new ListenError(e.code === 'EADDRINUSE' ? portInUseText(port, o.host) : `cannot listen on ${o.host}:${port}: ${e.message}`)),
    ),
  );
  await Promise.race([server.listen(port, o.host), listenFailed]).catch((e: unknown) => {
    heldHere.delete(o.dataDir);
    throw e;
  });
  listening = true;
  limitBodies(http, o.limits.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, o.limits.bodyIdleMs ?? DEFAULT_BODY_IDLE_MS);

  // Unfinished games come back from their logs: at the start, and with Redis whenever a
  // game's lease has ended (its process died), on whichever process claims it first. After
  // the start (`confirm`), a game found without a lease is taken only if it is still without
  // one about a lease later, this process connected all along: a living holder renews within
  // that time (every third of the lease, and at once when its connection is back, store.ts).
  // An outage longer than the lease moved games whose process lived (1 of 6, 1 of 27) when
  // the adoption came before the holder's renewal. At the start the same wait applies unless
  // the game was this data folder's previous process's (a restart takes its games back at
  // once) or its last holder is known dead (its process key expired, store.ts).
  const leaseMs = o.leaseMs ?? 30_000;
  const restored: string[] = [];
  const reported = new Set<string>();
  const adopt = async (confirm: boolean): Promise<void> => {
    const ids = await store.listOpen();
    for (const id of adopting.keys()) if (!ids.includes(id)) adopting.delete(id);
    for (const id of ids) {
      if (matchMaker.getLocalRoomById(id)) {
        adopting.delete(id);
        continue;
      }
      if (confirm && store instanceof RedisGameStore) {
        if (await store.held(id)) {
          adopting.delete(id);
          continue;
        }
        const since = adopting.get(id);
        // three rounds (a third of the lease apart) after it was first found free
        if (since === undefined || since < store.readyAt) adopting.set(id, performance.now());
        if (since === undefined || since < store.readyAt || performance.now() - since < leaseMs * 0.9) continue;
      }
      adopting.delete(id);
      // at the start, at once only a game of this data folder's previous process (a restart)
      // or of a holder known dead; one whose holder may live waits as above
      const claimed = !confirm && store instanceof RedisGameStore ? await store.claimAtStart(id, previous) : (await store.claim(id, processId)) ? 'claimed' : 'held';
      if (claimed === 'wait') adopting.set(id, performance.now());
      if (claimed !== 'claimed') continue;
      try {
        const header = await store.peek(id);
        if (!header) continue;
        restoring.add(id);
        try {
          await matchMaker.createRoom(header.kind, { owner: token, restore: id });
        } finally {
          restoring.delete(id);
        }
        restored.push(id);
      } catch (e) {
        if (reported.has(id)) continue;
        reported.add(id);
        if (e instanceof DamagedLogError) {
          damaged.push(e.damage);
          o.log(`cardwords serve: damaged log: ${e.message}`);
        } else {
          o.log(`cardwords serve: could not restore game ${id}: ${(e as Error).message}`);
        }
      }
    }
  };
  // the questions of games ended by a process that died before it carried them (carried-questions.ts)
  // the open games listed once a recovery, and only if a game is held (not once per held game)
  const recover = (olderThanMs?: number) => {
    let open: Promise<Set<string>> | undefined;
    const ended = async (id: string): Promise<boolean> => !(await (open ??= store.listOpen().then((l) => new Set(l)))).has(id) || (await store.peek(id).then((h) => h === null, () => false));
    return questions.recover(ended, olderThanMs).catch((e: unknown) => o.log(`cardwords serve: the questions of ended games could not be carried now: ${(e as Error).message}; tried again later`));
  };
  await recover();
  await adopt(false);
  context.startedYet = true;
  markStarted();
  let inRound = false;
  const orphans = redis
    ? setInterval(() => {
        if (inRound) return;
        inRound = true;
        // first whether Redis still has its data (else this process writes its games again)
        (store as RedisGameStore)
          .check()
          .then(() => adopt(true))
          // with several processes, one that died after an end and was not started again: a lease on
          .then(() => recover(leaseMs))
          .catch(() => undefined) // Redis away: the next round tries again
          .finally(() => (inRound = false));
      }, leaseMs / 3)
    : null;
  orphans?.unref();

  const url = `http://${urlHost(o.host)}:${port}/`;
  const ownerUrl = `${url}?owner=${token}`;
  let stopped = false;
  return {
    port,
    url,
    ownerUrl,
    ownerToken: token,
    restored,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (orphans) clearInterval(orphans);
      try {
        await server.gracefullyShutdown(false);
      } catch (e) {
        // Redis away at the stop: the rooms' logs are as durable as they were; stop anyway
        o.log(`cardwords serve: the shutdown was incomplete: ${(e as Error).message}`);
      }
      // Colyseus logs a failed step of its shutdown (Redis away) and skips the rest: close
      // the port and the connections here, or the process never exits
      if (http.listening) transport.shutdown();
      http.closeAllConnections();
      await robots.close();
      await shared?.close();
      await questions.close();
      await store.close();
      redis?.disconnect();
      for (const r of colyseusRedis) r.disconnect();
      if (presence instanceof ClosablePresence) presence.close();
      setContext(null);
      unguard();
      heldHere.delete(o.dataDir);
    },
  };
}
