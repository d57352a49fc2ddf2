// A Yatzee game (docs/rules.md#yatzee) as a Colyseus room over core/games/yatzee: up to
// 10 sheets played at the same time, players joining at any time, optional robots (the
// optimal robot of core/robots/yatzee), and the seed's lifetime rules. Everything is public:
// every client sees every sheet live.
import { schema, t, type SchemaType } from '@colyseus/schema';
import type { Client } from '@colyseus/core';
import {
  CATEGORIES,
  FIRST_JOIN_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
  MAX_PLAYERS,
  apply,
  findPlayer,
  isGameOver,
  newGame,
  normalizeName,
  shouldEnd,
  totals,
  type YatzeeAction,
  type YatzeeState,
} from '../../core/games/yatzee/index.js';
import type { OptimalRobot } from '../../core/robots/yatzee/robot.js';
import { getTable } from '../yatzee/table.js';
import { ctx, isOwnerToken } from './context.js';
import { GameRoom, isRecord, messageId, newKey, refuse } from './room-base.js';
import type { LogEntry } from './store.js';

export const YatzeeSheet = schema(
  {
    name: t.string(),
    robot: t.boolean().default(false),
    connected: t.boolean().default(false),
    present: t.boolean().default(true),
    /** Per category in CATEGORIES order; -1 = not filled yet. */
    scores: t.array('int16'),
    dice: t.array('uint8'),
    held: t.array('boolean'),
    throwsMade: t.uint8().default(0),
    phase: t.string().default('start'),
    total: t.int16().default(0),
  },
  'YatzeeSheet',
);
export type YatzeeSheetT = SchemaType<typeof YatzeeSheet>;

export const YatzeeRoomState = schema(
  {
    gameId: t.string().default(''),
    kind: t.string().default('yatzee'),
    /** playing | over (every present sheet full; a late join reopens it) | ended */
    status: t.string().default('playing'),
    moves: t.uint32().default(0),
    players: t.array(YatzeeSheet),
  },
  'YatzeeRoomState',
);

interface Seat {
  key: string | null;
  robot: boolean;
  sessionId: string | null;
  /** Connected, or dropped and held for a reconnection. */
  held: boolean;
}

let robotPromise: Promise<OptimalRobot> | null = null;
/** The optimal robot needs the solved table: loaded from the cache (or solved) once per process. */
export function yatzeeRobot(): Promise<OptimalRobot> {
  robotPromise ??= (async () => {
    const { OptimalRobot } = await import('../../core/robots/yatzee/robot.js');
    return new OptimalRobot((await getTable({})).table);
  })();
  return robotPromise;
}

const ROBOT_NAME = /^robot\d+$/i;

export class YatzeeRoom extends GameRoom {
  readonly kind = 'yatzee';
  override state = new YatzeeRoomState();
  override maxClients = 40;
  override autoDispose = false;
  private game: YatzeeState = newGame(0);
  private readonly seats = new Map<string, Seat>();
  private humansJoined = 0;
  private robot: OptimalRobot | null = null;
  private robotBusy = false;

  override async onCreate(options: unknown): Promise<void> {
    const o = isRecord(options) ? options : {};
    const robots = o.robots === undefined ? 0 : Number(o.robots);
    if (!Number.isInteger(robots) || robots < 0 || robots > MAX_PLAYERS - 1) throw refuse('bad-message', `robots: a whole number from 0 to ${MAX_PLAYERS - 1}`);
    const stored = await this.openGame(o, (id) => ({ v: 1, id, kind: 'yatzee', seed: newKey(), created: Date.now(), options: { robots } }));
    this.state.gameId = stored.header.id;
    this.game = newGame(stored.header.seed);
    for (const e of stored.entries) this.replayEntry(e);
    if (stored.entries.length === 0) {
      // robots take their seats first: the creation's first entries
      for (let i = 1; i <= robots; i++) await this.seatRobot();
    }
    this.sync();
    this.onMessage('action', (client, m) => this.onAction(client, m));
    this.onMessage('robots', (client, m) => this.onRobots(client, m));
    this.onMessage('remove', (client, m) => this.onRemove(client, m));
    this.onMessage('end', (client, m) => {
      if (!this.requireOwner(client, 'end', m)) return;
      client.send('ack', { id: messageId(m), type: 'end', moves: this.game.moves });
      void this.enqueue(() => this.endGame('owner'));
    });
    this.onMessage('*', (client, type, m) => this.sendError(client, 'unknown-message', `no message '${String(type)}' in a Yatzee room`, { id: messageId(m), type: String(type) }));
    const { timeouts } = ctx();
    this.clock.setInterval(() => this.checkLifetime(), Math.max(20, Math.min(1000, timeouts.firstJoinMs / 10, timeouts.idleMs / 10)));
    this.clock.setInterval(() => this.robotStep(), Math.max(1, timeouts.robotDelayMs));
    if ([...this.seats.values()].some((s) => s.robot)) void this.loadRobot();
    this.updateListing();
  }

  private replayEntry(e: LogEntry): void {
    const a = e.a as YatzeeAction;
    const r = apply(this.game, a);
    if (r.error) throw new Error(`game ${this.roomId}: the log does not replay (${r.error.message})`);
    this.game = r.state;
    if (a.type === 'join') {
      const name = normalizeName(a.name)!;
      const prev = this.seats.get(name.toLowerCase());
      this.seats.set(name.toLowerCase(), { key: typeof e.key === 'string' ? e.key : (prev?.key ?? null), robot: e.robot === true, sessionId: null, held: false });
    }
  }

  private async loadRobot(): Promise<void> {
    try {
      this.robot = await yatzeeRobot();
    } catch (e) {
      console.error(`cardwords serve: the Yatzee robot is unavailable: ${(e as Error).message}`);
    }
  }

  /** Applies an action, writes it durably, then commits it; the error or null. */
  private async commit(action: YatzeeAction, extra: Omit<LogEntry, 't' | 'a'> = {}): Promise<{ code: string; message: string } | null> {
    if (this.ended) return { code: 'game-ended', message: 'the game has ended' };
    const r = apply(this.game, action);
    if (r.error) return r.error;
    try {
      await this.append({ a: action, ...extra });
    } catch (e) {
      return { code: 'storage-failed', message: `the action could not be stored: ${(e as Error).message}` };
    }
    this.game = r.state;
    this.sync();
    // the patch goes out before any acknowledgement: a client that got `ack` sees the new state
    this.broadcastPatch();
    return null;
  }

  private async seatRobot(): Promise<string | null> {
    let n = 1;
    while (findPlayer(this.game, `Robot${n}`) >= 0) n++;
    const name = `Robot${n}`;
    const err = await this.commit({ type: 'join', name }, { robot: true });
    if (err) return null;
    this.seats.set(name.toLowerCase(), { key: null, robot: true, sessionId: null, held: false });
    return name;
  }

  override async onJoin(client: Client, options: unknown): Promise<void> {
    const o = isRecord(options) ? options : {};
    const owner = isOwnerToken(o.owner);
    if (this.ended) throw refuse('game-ended', 'the game has ended');
    if (o.watch === true || (owner && o.name === undefined)) {
      this.info.set(client.sessionId, { role: 'watcher', owner });
      client.send('welcome', { gameId: this.roomId, kind: 'yatzee', role: 'watcher', owner });
      return;
    }
    const name = normalizeName(o.name);
    if (name === null) throw refuse('name-invalid', 'a player name has 1 to 39 characters and no control characters');
    await this.enqueue(async () => {
      const seat = this.seats.get(name.toLowerCase());
      let key: string;
      if (seat) {
        if (seat.robot || seat.key === null || o.key !== seat.key) throw refuse('name-taken', `a player named '${name}' is already in this game`);
        key = seat.key;
        if (seat.sessionId) {
          const old = this.clients.getById(seat.sessionId);
          this.info.delete(seat.sessionId);
          old?.leave(4000, 'the seat was taken back from another connection');
        }
        const p = this.game.players[findPlayer(this.game, name)]!;
        if (!p.present) {
          const err = await this.commit({ type: 'join', name });
          if (err) throw refuse(err.code, err.message);
        }
        seat.sessionId = client.sessionId;
        seat.held = true;
      } else {
        if (ROBOT_NAME.test(name)) throw refuse('name-taken', 'Robot1..RobotN are the robots\' names');
        key = newKey();
        const err = await this.commit({ type: 'join', name }, { key });
        if (err) throw refuse(err.code, err.message);
        this.seats.set(name.toLowerCase(), { key, robot: false, sessionId: client.sessionId, held: true });
      }
      this.humansJoined++;
      const stored = this.game.players[findPlayer(this.game, name)]!.name;
      this.info.set(client.sessionId, { role: 'player', owner, name: stored });
      this.sync();
      client.send('welcome', { gameId: this.roomId, kind: 'yatzee', role: 'player', owner, name: stored, key });
    });
  }

  private seatOf(client: Client): [string, Seat] | null {
    const i = this.info.get(client.sessionId);
    if (!i || i.role !== 'player' || !i.name) return null;
    const seat = this.seats.get(i.name.toLowerCase());
    return seat && seat.sessionId === client.sessionId ? [i.name, seat] : null;
  }

  override async onDrop(client: Client): Promise<void> {
    const s = this.seatOf(client);
    if (!s || this.ended || this.shuttingDown) return this.forget(client);
    this.sync();
    try {
      await this.allowReconnection(client, Math.max(1, Math.round(ctx().timeouts.reconnectMs / 1000)));
    } catch {
      await this.onLeave(client);
    }
  }

  override onReconnect(_client: Client): void {
    this.sync();
  }

  override async onLeave(client: Client): Promise<void> {
    const s = this.seatOf(client);
    this.forget(client);
    if (!s || this.ended || this.shuttingDown) return;
    const [name, seat] = s;
    seat.sessionId = null;
    seat.held = false;
    await this.enqueue(() => this.commit({ type: 'leave', player: name }));
    this.sync();
    this.checkLifetime();
  }

  private forget(client: Client): void {
    this.info.delete(client.sessionId);
  }

  private onAction(client: Client, m: unknown): void {
    const id = messageId(m);
    const s = this.seatOf(client);
    if (!s) return this.sendError(client, 'not-player', 'watchers cannot play: join with a name', { id, type: 'action' });
    if (!isRecord(m) || typeof m.type !== 'string') return this.sendError(client, 'bad-message', 'an action is an object with a type', { id, type: 'action' });
    if (m.type === 'join' || m.type === 'leave') return this.sendError(client, 'bad-message', `'${m.type}' is not an action: join or leave the room`, { id, type: 'action' });
    const action = { ...m, player: s[0] } as unknown as YatzeeAction;
    delete (action as { id?: unknown }).id;
    void this.enqueue(async () => {
      const err = await this.commit(action);
      if (err) this.sendError(client, err.code, err.message, { id, type: 'action' });
      else client.send('ack', { id, type: 'action', moves: this.game.moves });
    });
  }

  private onRobots(client: Client, m: unknown): void {
    if (!this.requireOwner(client, 'robots', m)) return;
    const id = messageId(m);
    const n = isRecord(m) ? m.add : undefined;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_PLAYERS) return this.sendError(client, 'bad-message', 'robots: { add: 1..10 }', { id, type: 'robots' });
    void this.enqueue(async () => {
      const names: string[] = [];
      for (let i = 0; i < n; i++) {
        const name = await this.seatRobot();
        if (!name) break;
        names.push(name);
      }
      if (names.length < n) this.sendError(client, 'table-full', `at most ${MAX_PLAYERS} players play at the same time`, { id, type: 'robots' });
      else client.send('ack', { id, type: 'robots', moves: this.game.moves, robots: names });
      void this.loadRobot();
    });
  }

  private onRemove(client: Client, m: unknown): void {
    if (!this.requireOwner(client, 'remove', m)) return;
    const id = messageId(m);
    const name = isRecord(m) ? m.name : undefined;
    if (typeof name !== 'string') return this.sendError(client, 'bad-message', 'remove: { name }', { id, type: 'remove' });
    void this.enqueue(async () => {
      const i = findPlayer(this.game, name);
      const seat = this.seats.get(name.toLowerCase());
      if (i < 0 || !seat || !this.game.players[i]!.present) return this.sendError(client, 'unknown-player', `no player named '${name}' is playing`, { id, type: 'remove' });
      const err = await this.commit({ type: 'leave', player: this.game.players[i]!.name });
      if (err) return this.sendError(client, err.code, err.message, { id, type: 'remove' });
      if (seat.sessionId) {
        const c = this.clients.getById(seat.sessionId);
        this.info.delete(seat.sessionId);
        c?.leave(4000, 'removed by the owner');
      }
      seat.sessionId = null;
      seat.held = false;
      seat.key = null; // the removed human cannot take the seat back
      client.send('ack', { id, type: 'remove', moves: this.game.moves });
      this.checkLifetime();
    });
  }

  private robotStep(): void {
    if (this.ended || !this.robot || this.robotBusy) return;
    const robot = this.robot;
    this.robotBusy = true;
    void this.enqueue(async () => {
      for (const p of this.game.players) {
        if (!p.present || !this.seats.get(p.name.toLowerCase())?.robot) continue;
        const next = robot.nextActions(this.game, p.name)[0];
        if (next) await this.commit(next);
      }
    }).finally(() => {
      this.robotBusy = false;
    });
  }

  private checkLifetime(): void {
    if (this.ended || this.shuttingDown) return;
    const { timeouts } = ctx();
    const now = Date.now();
    let present = 0;
    for (const s of this.seats.values()) if (!s.robot && s.held) present++;
    // core's policy has the seed's durations built in: scale our elapsed times to them
    const reason = shouldEnd({
      sinceStartMs: ((now - this.createdAt) * FIRST_JOIN_TIMEOUT_MS) / timeouts.firstJoinMs,
      sinceLastActionMs: ((now - this.lastActionAt) * IDLE_TIMEOUT_MS) / timeouts.idleMs,
      joined: this.humansJoined,
      present,
    });
    if (reason) void this.enqueue(() => this.endGame(reason));
  }

  protected results(): unknown {
    return this.game.players
      .map((p) => ({ name: p.name, robot: this.seats.get(p.name.toLowerCase())?.robot ?? false, total: totals(p.scores).total }))
      .sort((a, b) => b.total - a.total);
  }

  protected markEnded(): void {
    this.state.status = 'ended';
  }

  private updateListing(): void {
    const humans = this.game.players.filter((p) => p.present && !this.seats.get(p.name.toLowerCase())?.robot).length;
    const robots = this.game.players.filter((p) => p.present && this.seats.get(p.name.toLowerCase())?.robot).length;
    const state = this.ended ? 'ended' : isGameOver(this.game) ? 'over' : this.game.players.length === 0 ? 'waiting' : 'playing';
    const meta = this.metadata as { players?: number; robots?: number; state?: string } | undefined;
    if (meta && meta.players === humans && meta.robots === robots && meta.state === state) return;
    void this.setMetadata({ kind: 'yatzee', players: humans, robots, maxPlayers: MAX_PLAYERS, state });
  }

  /** Copies the engine state into the synchronised schema (only changed fields go out). */
  private sync(): void {
    const st = this.state;
    st.moves = this.game.moves;
    if (!this.ended) st.status = isGameOver(this.game) ? 'over' : 'playing';
    this.game.players.forEach((p, i) => {
      let sheet = st.players[i];
      if (!sheet) {
        sheet = new YatzeeSheet();
        sheet.name = p.name;
        st.players.push(sheet);
      }
      const seat = this.seats.get(p.name.toLowerCase());
      sheet.robot = seat?.robot ?? false;
      sheet.connected = seat ? seat.robot || (seat.sessionId !== null && this.clients.getById(seat.sessionId) !== undefined) : false;
      sheet.present = p.present;
      setArray(sheet.scores, p.scores.map((s) => s ?? -1));
      setArray(sheet.dice, p.dice);
      setArray(sheet.held, p.held);
      sheet.throwsMade = p.throwsMade;
      sheet.phase = p.phase;
      sheet.total = totals(p.scores).total;
    });
    this.updateListing();
  }
}

function setArray<T>(arr: { length: number; push(...v: T[]): number; [i: number]: T }, values: readonly T[]): void {
  for (let i = 0; i < values.length; i++) {
    if (i < arr.length) {
      if (arr[i] !== values[i]) arr[i] = values[i]!;
    } else arr.push(values[i]!);
  }
}

export const YATZEE_CATEGORIES = CATEGORIES;
