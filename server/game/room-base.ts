// What every game room shares: owner authentication, the error reply, the one queue that
// serialises a room's accepted actions (each is written durably before it changes the
// state and before it is acknowledged), seat keys for rejoining, and the end of a game.
import { randomBytes } from 'node:crypto';
import { Room, ServerError, type Client } from '@colyseus/core';
import { ctx, isOwnerToken } from './context.js';
import { damageText, LeaseLostError, type GameHeader, type GameKind, type GameLog, type LogDamage, type LogEntry, type StoredGame } from './store.js';
import type { ErrorCode } from '../../core/protocol/game.js';
import { CLOSE, CLOSE_REASON, MOVED_MESSAGE, STOPPING_MESSAGE, type CommonServerMessages, type EndReason, type ErrorMessage, type MessageMap, type MessageType, type RequestId, type ResultsMessage, type Untrusted } from '../../core/protocol/messages.js';

/** Refusals of a create or join reach the SDK as a failed request with this code (an HTTP status: creations answer over HTTP) and the message `code: text`. */
export const JOIN_REFUSED = 403;

export function refuse(code: ErrorCode, message: string): ServerError {
  return new ServerError(JOIN_REFUSED, `${code}: ${message}`);
}

export function newKey(): string {
  return randomBytes(16).toString('base64url');
}

export function newGameId(): string {
  return randomBytes(6).toString('base64url').replace(/[-_]/g, 'x');
}

/** A message's correlation id, echoed in its ack or error: a short string or a safe integer. */
export function messageId(m: unknown): string | number | undefined {
  if (typeof m !== 'object' || m === null) return undefined;
  const id = (m as { id?: unknown }).id;
  if (typeof id === 'string' && id.length <= 64) return id;
  if (typeof id === 'number' && Number.isSafeInteger(id)) return id;
  return undefined;
}

export function isRecord(m: unknown): m is Record<string, unknown> {
  return typeof m === 'object' && m !== null && !Array.isArray(m);
}

export interface ClientInfo {
  role: 'player' | 'watcher';
  owner: boolean;
  /** The seat's name, for players. */
  name?: string;
}

/**
 * A game room typed by its protocol maps (core/protocol/messages.ts): `In`, what clients
 * send; `Out`, what it sends. Handlers are registered with `on` and messages go out with
 * `send`/`tell`, so the wire and the code cannot disagree on a type or a field name.
 */
export abstract class GameRoom<In extends MessageMap, Out extends CommonServerMessages> extends Room {
  abstract readonly kind: GameKind;
  protected log: GameLog | null = null;
  protected ended = false;
  // Durations (idle, first join, grace) are measured on the monotonic clock: a jump of the
  // wall clock ended every game of a process as idle, or let a stand-in take a seat at once.
  // Date.now() only for the times people read (log entries, awaySince).
  protected createdAt = performance.now();
  protected lastActionAt = performance.now();
  private queue: Promise<unknown> = Promise.resolve();
  private robotBusy = false;
  protected readonly info = new Map<string, ClientInfo>();
  /**
   * Connections away (their reconnection pending) whose place went meanwhile, with what their
   * close says if they come back: a removal is told as one, not as a seat taken back.
   */
  private readonly gone = new Map<string, string>();

  /**
   * A connection's place is gone (`info` forgotten) for `reason`: closed now when connected,
   * else told on its reconnection (`closedIfGone`). Returns the connected client, if any.
   */
  protected dropSession(sessionId: string, reason: string): Client | undefined {
    this.info.delete(sessionId);
    const c = this.clients.getById(sessionId);
    if (!c) this.gone.set(sessionId, reason);
    return c;
  }

  /**
   * The keys of seats given up (true: removed by the owner; false: left). A page or buffer
   * that comes back with one after its connection closed (offline past the reconnection) is
   * told why: Yatzee seated it on a fresh sheet under the same name, Cardwords said the name
   * was taken.
   */
  private readonly givenUp = new Map<string, boolean>();

  protected keyGivenUp(key: string | null, byOwner: boolean): void {
    if (key !== null) this.givenUp.set(key, byOwner);
  }

  /** Refuses a join that brings the key of a seat given up. */
  protected refuseGivenUp(key: unknown): void {
    const byOwner = typeof key === 'string' ? this.givenUp.get(key) : undefined;
    if (byOwner === true) throw refuse('seat-removed', 'the owner removed you from this game');
    if (byOwner === false) throw refuse('seat-left', 'you left this game');
  }

  /** A reconnecting client whose place went while it was away: closed with the reason; true then. */
  protected closedIfGone(client: Client): boolean {
    if (this.info.has(client.sessionId)) return false;
    const reason = this.gone.get(client.sessionId) ?? CLOSE_REASON.TAKEN_BACK;
    this.gone.delete(client.sessionId);
    client.view?.dispose();
    client.leave(CLOSE.REMOVED, reason);
    return true;
  }

  /** Watcher places taken (the owner watches beyond them). */
  protected watching(): number {
    let n = 0;
    for (const i of this.info.values()) if (i.role === 'watcher' && !i.owner) n++;
    return n;
  }

  /** Refuses a watcher beyond the game's `places` (`table-full`); the owner watches beyond them. */
  protected checkWatcherPlace(owner: boolean, places: number): void {
    if (!owner && this.watching() >= places) throw refuse('table-full', places === 0 ? 'this game has no places for watchers' : `all ${places} watcher places are taken`);
  }

  /** Runs `fn` after every earlier queued task of this room; one at a time. */
  protected enqueue<T>(fn: () => Promise<T> | T): Promise<T> {
    const next = this.queue.then(fn);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Registers the handler of a client message; a payload that is no object arrives as `{}`. */
  protected on<K extends MessageType<In>>(type: K, handler: (client: Client, m: Untrusted<In[K]>) => void): void {
    this.onMessage(type, (client: Client, m: unknown) => handler(client, (isRecord(m) ? m : {}) as Untrusted<In[K]>));
  }

  /** Sends one client a message of this room's protocol. */
  protected sendTo<K extends MessageType<Out>>(client: Client, type: K, payload: Out[K]): void {
    client.send(type, payload);
  }

  /** Sends every client a message of this room's protocol. */
  protected tell<K extends MessageType<Out>>(type: K, payload: Out[K]): void {
    this.broadcast(type, payload);
  }

  protected sendError(client: Client, code: ErrorCode, message: string, extra: Omit<ErrorMessage, 'code' | 'message'> & { id?: RequestId } = {}): void {
    this.sendTo(client, 'error', { code, message, ...extra });
  }

  protected isOwner(client: Client): boolean {
    return this.info.get(client.sessionId)?.owner === true;
  }

  /** Checks the owner for an owner-only message; answers the others with an error. */
  protected requireOwner(client: Client, type: string, m: unknown): boolean {
    if (this.isOwner(client)) return true;
    this.sendError(client, 'not-owner', `only the owner may send '${type}'`, { id: messageId(m), type });
    return false;
  }

  /** The creation: a new game (owner only) or an unfinished one from the store. */
  protected async openGame(options: unknown, makeHeader: (id: string) => GameHeader): Promise<StoredGame> {
    const o = isRecord(options) ? options : {};
    if (!isOwnerToken(o.owner)) throw refuse('not-owner', 'only the owner creates games (give the owner token)');
    const store = ctx().store;
    if (typeof o.restore === 'string') {
      // only the server's own adoption of a claimed log (ServerContext.restoring)
      if (!ctx().restoring.has(o.restore)) throw refuse('unknown-game', 'games come back from their logs by the server itself, not on request');
      const opened = await store.open(o.restore);
      if (!opened || opened.game.header.kind !== this.kind) throw refuse('unknown-game', `no unfinished ${this.kind} game '${o.restore}'`);
      this.roomId = opened.game.header.id;
      this.log = opened.log;
      this.log.onLost = () => this.leaseLost();
      if (opened.damage) this.markDamaged(damageText(opened.damage, opened.game.entries.length), opened.damage);
      return opened.game;
    }
    const header = makeHeader(newGameId());
    this.roomId = header.id;
    this.log = await store.create(header);
    this.log.onLost = () => this.leaseLost();
    return { header, entries: [] };
  }

  /** What was lost to a damaged log, told to the owner on every join (null: nothing). */
  protected damage: string | null = null;

  private markDamaged(text: string, d: LogDamage): void {
    this.damage = text;
    ctx().damaged.push(d);
    console.error(`cardwords serve: damaged log: ${text}`);
    // the owner hears it when joining (after the room's own welcome)
    const join = this.onJoin?.bind(this);
    this.onJoin = async (client: Client, ...rest: unknown[]) => {
      await (join as ((c: Client, ...r: unknown[]) => Promise<void>) | undefined)?.(client, ...rest);
      if (this.damage && this.isOwner(client)) this.sendError(client, 'log-damaged', this.damage);
    };
  }

  /** Appends an entry durably (the caller then commits the state and acknowledges). */
  protected async append(entry: Omit<LogEntry, 't'>): Promise<void> {
    if (!this.log) throw new Error('no game log');
    if (this.shuttingDown) throw new Error('the server is stopping');
    await this.log.append({ t: Date.now(), ...entry });
    this.lastActionAt = performance.now();
    // the warning of an idle end is over (the state that goes out with the action says so)
    this.idleEndsIn = 0;
    this.idleWarnedAt = 0;
  }

  /**
   * The warning of an idle end (docs/rules.md "Yatzee lifetime", docs/server.md "Lifetime"):
   * the seconds left before the game ends for want of play, in the state for every page (0:
   * none). The end came unannounced, the status line saying "You play as Ivy." until then.
   */
  protected idleEndsIn = 0;

  /** When a lifetime check first found the idle end near since the last action (0: not yet). */
  private idleWarnedAt = 0;

  /**
   * The time the game ends for want of play (the monotonic clock): the idle time after the
   * last action, and never less than a tenth of it after the warning's first check. Checks
   * come every tenth of the idle time at most, so on time this changes nothing; one that came
   * late (a process stalled past the idle time's last fifth) ended the game unannounced.
   */
  protected idleEndAt(now: number): number {
    const { idleMs } = ctx().timeouts;
    const due = this.lastActionAt + idleMs;
    if (this.idleWarnedAt === 0 && now >= due - idleMs / 5) this.idleWarnedAt = now;
    return this.idleWarnedAt === 0 ? due : Math.max(due, this.idleWarnedAt + idleMs / 10);
  }

  /**
   * Sets `idleEndsIn` at a lifetime check: in the idle time's last fifth, the time left in whole
   * minutes while more than one is left, then once in seconds (a page says each change: not a
   * count-down). True when it changed: the room syncs its state.
   */
  protected updateIdleWarning(now: number): boolean {
    const { idleMs } = ctx().timeouts;
    const left = this.idleEndAt(now) - now;
    if (left <= 0) return false;
    let shown = 0;
    if (left <= idleMs / 5) shown = left > 60_000 ? Math.ceil(left / 60_000) * 60 : this.idleEndsIn > 0 && this.idleEndsIn <= 60 ? this.idleEndsIn : Math.ceil(left / 1000);
    if (shown === this.idleEndsIn) return false;
    this.idleEndsIn = shown;
    return true;
  }

  protected roleOf(client: Client): ClientInfo | undefined {
    return this.info.get(client.sessionId);
  }

  /** Subclasses: the results of the game ending now, or null when they were announced already (a Cardwords round over by the rules). */
  protected abstract finalResults(reason: EndReason): ResultsMessage | null;
  /** Subclasses: the state is marked ended. */
  protected abstract markEnded(reason: EndReason): void;

  /**
   * Subclasses: what must outlive the game, held (durably, told to nobody) before its end is
   * stored; a failure refuses the end as the store's does. A crash after the end finds it held
   * at the next start (carried-questions.ts `recover`), where it was lost.
   */
  protected async beforeEnd(): Promise<void> {}

  /**
   * Subclasses: what must outlive the game, kept once its end is stored, and only then: the
   * end is fenced (store.ts), so a process that lost the game to another one never gets here
   * and tells nobody anything of a game that goes on elsewhere.
   */
  protected async afterEnd(): Promise<void> {}

  /** Subclasses: what the clients get last, before `ended` (the room closes right after). */
  protected farewell(): void {}

  /** Why the last end could not be stored (said once in the server's log until one is), or null. */
  private endFailed: string | null = null;

  /**
   * Ends the game for good: the log is finished (never restored), `finished` runs (the owner's
   * acknowledgement), everyone gets the results (once) and `ended`, and the room closes with
   * CLOSE.ENDED (a normal end: no error to show). False when the end could not be stored (the
   * store cannot write: Redis away, a full disk): nothing is announced and the game goes on,
   * since it would come back at the next start ended for nobody but its players; the lifetime
   * checks try an automatic end again. Also false when the game moved to another process.
   */
  protected async endGame(reason: EndReason, finished?: () => void): Promise<boolean> {
    if (this.ended) {
      finished?.();
      return true;
    }
    this.ended = true;
    try {
      await this.beforeEnd();
      await this.log?.finish(reason);
    } catch (e) {
      // the game goes on at the process that took it over: no end to announce, the room closes (leaseLost)
      if (e instanceof LeaseLostError) return false;
      const why = (e as Error).message;
      if (why !== this.endFailed) console.error(`cardwords serve: could not finish the log of ${this.roomId} (${reason}): ${why}; the game goes on, and its end is tried again`);
      this.endFailed = why;
      this.ended = false;
      return false;
    }
    this.endFailed = null;
    await this.afterEnd();
    finished?.();
    const results = this.finalResults(reason);
    this.markEnded(reason);
    this.broadcastPatch();
    if (results) this.tell('results', results);
    this.farewell();
    this.tell('ended', { reason });
    void this.setMetadata({ ...(this.metadata as object), state: 'ended' });
    await this.lock();
    this.clock.setTimeout(() => void this.disconnect(CLOSE.ENDED), 200);
    return true;
  }

  /** Subclasses: humans connected now. None: the game pauses (no robot, no stand-in moves). */
  protected abstract humansConnected(): number;
  /** Subclasses: ends the game when its lifetime rules say so (called on a timer and on leaves). */
  protected abstract checkLifetime(): void;
  /** Subclasses: one robot (or stand-in) step, run in the queue. */
  protected abstract robotStep(): Promise<void>;

  /** A game without a connected human waits: it is never played by robots alone. */
  protected get paused(): boolean {
    return this.humansConnected() === 0;
  }

  /** The two clocks of a room: its lifetime checks and its robots' steps (one at a time, in the queue). */
  protected startClocks(lifetimeEveryMs: number): void {
    // Colyseus' room clock reads Date.now on Node: a wall clock set back held these timers (the
    // lifetime checks, the robots) for as long as the jump. The monotonic clock instead.
    const clock = this.clock as unknown as { now: () => number; currentTime: number };
    clock.now = () => performance.now();
    clock.currentTime = clock.now();
    this.clock.setInterval(() => {
      if (!this.ended && !this.shuttingDown) this.checkLifetime();
    }, Math.max(20, lifetimeEveryMs));
    this.clock.setInterval(() => this.robotTick(), Math.max(1, ctx().timeouts.robotDelayMs));
  }

  private robotTick(): void {
    if (this.ended || this.shuttingDown || this.robotBusy || this.paused) return;
    this.robotBusy = true;
    void this.enqueue(async () => {
      if (this.ended || this.shuttingDown || this.paused) return;
      await this.robotStep();
    })
      .catch((e: unknown) => console.error(`cardwords serve: game ${this.roomId}: a robot step failed: ${(e as Error).message}`))
      .finally(() => {
        this.robotBusy = false;
      });
  }

  /** The server is stopping: no action, robot or stand-in from now on; disconnections are no leaves, the game stays as it is. */
  protected shuttingDown = false;
  /** The room closes because another process took the game over (`leaseLost`), not for a stop. */
  private moved = false;

  /** Why an action is refused while the room closes: a stalled holder's said "the server is stopping", its process going on. */
  protected closingRefusal(): { code: ErrorCode; message: string } {
    return { code: 'server-stopping', message: this.moved ? 'the game moved to another server process: join it again to go on' : 'the server is stopping; the game goes on when it is back' };
  }

  override onBeforeShutdown(): void {
    this.closeKept(STOPPING_MESSAGE);
  }

  /**
   * Another process has taken the game over (this one lost its lease: Redis out of its reach,
   * or the process stalled, for longer than the lease). Nothing more is written here (the log
   * refuses it); the clients are told and the room closes as at a stop, so they join the game
   * again where it now is.
   */
  private leaseLost(): void {
    if (this.shuttingDown) return;
    console.error(`cardwords serve: game ${this.roomId} was taken over by another process; its room here closes`);
    this.moved = true;
    this.closeKept(MOVED_MESSAGE);
  }

  /** No action, robot or stand-in from now on; what is queued is settled first, then everyone is told and the room closes with CLOSE.SERVER_STOPPING (the game is kept). */
  private closeKept(message: string): void {
    this.shuttingDown = true;
    void this.enqueue(() => {
      this.tell('stopping', { message });
    }).finally(() => {
      try {
        void this.disconnect(CLOSE.SERVER_STOPPING).catch(() => undefined);
      } catch {
        // still in onCreate, whose failure discards the room
      }
    });
  }

  override onDispose(): void | Promise<void> {
    // A room disposed without an end (server shutdown) keeps its log open: it comes back.
    if (!this.ended) return this.log?.close();
  }
}
