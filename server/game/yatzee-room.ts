// A Yatzee game (docs/rules.md#yatzee) as a Colyseus room over core/games/yatzee: up to
// 10 sheets played at the same time, players joining at any time, optional robots (the
// optimal robot of core/robots/yatzee), and the seed's lifetime rules. Everything is public:
// every client sees every sheet live (yatzee-schema.ts).
//
// - A closed panel or a lost connection is a drop: the sheet stays, marked away, and its
//   player takes it back (reconnection, or name + seat key). Only `leave` (or the owner's
//   `remove`) closes a sheet, and a closed sheet is released: the name may join again afresh.
// - No human connected: the robots wait (the game pauses).
// - The game ends by itself when every sheet is full (`results` with the winners), or by the
//   seed's lifetime rules, or by the owner.
// - Only the known fields of an action are logged: the log holds what the engine needs.
import { isRobotName, sameName } from '../../core/games/names.js';
import { yatzeeOwnSheet, yatzeeRemovable, yatzeeSeated } from '../../core/protocol/game.js';
import type { Client } from '@colyseus/core';
import { FIRST_JOIN_TIMEOUT_MS, IDLE_TIMEOUT_MS, MAX_PLAYERS, apply, findPlayer, isGameOver, newGame, normalizeName, shouldEnd, totals, type YatzeeAction, type YatzeeState } from '../../core/games/yatzee/index.js';
import { CATEGORIES } from '../../core/games/yatzee/rules.js';
import type { EndReason as LifetimeEnd } from '../../core/games/yatzee/lifetime.js';
import type { OptimalRobot } from '../../core/robots/yatzee/robot.js';
import { CLOSE, CLOSE_REASON, type EndReason, type PlayerResult, type ResultsMessage, type Untrusted, type YatzeeClientMessages, type YatzeeServerMessages } from '../../core/protocol/messages.js';
import { getTable } from '../yatzee/table.js';
import { ctx, isOwnerToken } from './context.js';
import { GameRoom, isRecord, messageId, newKey, refuse } from './room-base.js';
import { setArray } from './schema-sync.js';
import type { LogEntry } from './store.js';
import { YatzeeRoomState, YatzeeSheet } from './yatzee-schema.js';

interface Seat {
  key: string | null;
  robot: boolean;
  sessionId: string | null;
  /** Dropped since (ms); 0 while connected. */
  awaySince: number;
  /**
   * Joined with the owner token: the owner's own sheet, which the owner's `remove` does not
   * take from another tab either (watching there, it removed the owner from the game).
   */
  owner: boolean;
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

const LIFETIME_REASON: Record<LifetimeEnd, EndReason> = { 'no-player': 'no-players', 'last-player-left': 'left', idle: 'idle' };
const DICE = 5;

function diceList(x: unknown): number[] | null {
  return Array.isArray(x) && x.length <= DICE && x.every((d) => Number.isInteger(d) && d >= 0 && d < DICE) ? (x as number[]) : null;
}

/**
 * The engine action a client's message stands for, built from its known fields only (any
 * other field is dropped, never logged), or a refusal's text.
 */
export function yatzeeAction(m: Untrusted<YatzeeClientMessages['action']>, player: string): YatzeeAction | string {
  switch (m.type) {
    case 'throw':
    case 'undoTransfer':
    case 'resetDices':
      return { type: m.type, player };
    case 'hold':
    case 'release': {
      const dice = diceList(m.dice);
      return dice ? { type: m.type, player, dice } : `${m.type}: { dice: [indexes 0..4] }`;
    }
    case 'transfer':
      return typeof m.category === 'string' && (CATEGORIES as readonly string[]).includes(m.category)
        ? { type: 'transfer', player, category: m.category as (typeof CATEGORIES)[number] }
        : `transfer: { category: one of ${CATEGORIES.join(', ')} }`;
    case 'join':
    case 'leave':
      return `'${m.type}' is not an action: join the room, or send 'leave'`;
    default:
      return typeof m.type === 'string' ? `unknown action '${m.type.slice(0, 40)}'` : 'an action is an object with a type';
  }
}

/** Watchers a Yatzee game takes besides its owner (listed, as a Cardwords game's places are). */
export const YATZEE_WATCHER_PLACES = 20;

export class YatzeeRoom extends GameRoom<YatzeeClientMessages, YatzeeServerMessages> {
  readonly kind = 'yatzee';
  override state = new YatzeeRoomState();
  // the players' sheets, the watcher places, and room for the owner watching and for a seat
  // taken back from another connection (the old one leaves after the new one joins): watchers
  // alone never lock a player out of their sheet
  override maxClients = MAX_PLAYERS + YATZEE_WATCHER_PLACES + 10;
  override autoDispose = false;
  private game: YatzeeState = newGame(0);
  private readonly seats = new Map<string, Seat>();
  private humansJoined = 0;
  private robot: OptimalRobot | null = null;

  override async onCreate(options: unknown): Promise<void> {
    const o = isRecord(options) ? options : {};
    const robots = o.robots === undefined ? 0 : Number(o.robots);
    if (!Number.isInteger(robots) || robots < 0 || robots > MAX_PLAYERS - 1) throw refuse('bad-message', `robots: a whole number from 0 to ${MAX_PLAYERS - 1}`);
    // the owner may fix the dice's seed (a tournament, a test): only the owner creates games
    if (o.seed !== undefined && !(typeof o.seed === 'string' && /^[\x21-\x7e]{1,64}$/.test(o.seed))) throw refuse('bad-message', 'seed: 1 to 64 printable ASCII characters');
    const seed = typeof o.seed === 'string' ? o.seed : newKey();
    const stored = await this.openGame(o, (id) => ({ v: 1, id, kind: 'yatzee', seed, created: Date.now(), options: { robots } }));
    this.state.gameId = stored.header.id;
    this.game = newGame(stored.header.seed);
    for (const e of stored.entries) this.replayEntry(e);
    if (stored.entries.length === 0) {
      // robots take their seats first: the creation's first entries
      for (let i = 1; i <= robots; i++) await this.seatRobot();
    } else {
      // restored: its humans are away until they come back
      const now = Date.now();
      for (const s of this.seats.values()) if (!s.robot) s.awaySince = now;
      this.humansJoined = [...this.seats.values()].filter((s) => !s.robot).length;
    }
    this.sync();
    this.on('action', (client, m) => this.onAction(client, m));
    this.on('robots', (client, m) => this.onRobots(client, m));
    this.on('remove', (client, m) => this.onRemove(client, m));
    this.on('leave', (client, m) => this.onLeaveRequest(client, m));
    this.on('end', (client, m) => {
      if (!this.requireOwner(client, 'end', m)) return;
      const id = messageId(m);
      // acknowledged once the end is stored (it was before: an end Redis never kept came back)
      void this.enqueue(async () => {
        if (!(await this.endGame('owner', () => this.sendTo(client, 'ack', { id, type: 'end', moves: this.game.moves }))) && !this.ended) {
          this.sendError(client, 'storage-failed', 'the end could not be stored; the game goes on', { id, type: 'end' });
        }
      });
    });
    this.onMessage('*', (client, type, m) => this.sendError(client, 'unknown-message', `no message '${String(type)}' in a Yatzee room`, { id: messageId(m), type: String(type) }));
    const { timeouts } = ctx();
    this.startClocks(Math.min(1000, timeouts.firstJoinMs / 10, timeouts.idleMs / 10));
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
      this.seats.set(name.toLowerCase(), { key: typeof e.key === 'string' ? e.key : null, robot: e.robot === true, sessionId: null, awaySince: 0, owner: e.owner === true });
    } else if (a.type === 'leave') this.closeSheet(a.player, e.removed === true);
  }

  /** A sheet closed (a leave; `removed` by the owner): its key is refused from now on, saying why. */
  private closeSheet(player: string, removed: boolean): void {
    const k = player.toLowerCase();
    this.keyGivenUp(this.seats.get(k)?.key ?? null, removed);
    this.seats.delete(k);
  }

  private async loadRobot(): Promise<void> {
    try {
      this.robot = await yatzeeRobot();
    } catch (e) {
      console.error(`cardwords serve: the Yatzee robot is unavailable: ${(e as Error).message}`);
    }
  }

  /** Applies an action, writes it durably, then commits it; the error or null. */
  /** `announce`: said to everyone once the action is stored, before its patch. */
  private async commit(action: YatzeeAction, extra: Omit<LogEntry, 't' | 'a'> = {}, announce?: () => void): Promise<{ code: string; message: string } | null> {
    if (this.ended) return { code: 'game-ended', message: 'the game has ended' };
    if (this.shuttingDown) return this.closingRefusal();
    const r = apply(this.game, action);
    if (r.error) return r.error;
    try {
      await this.append({ a: action, ...extra });
    } catch (e) {
      return { code: 'storage-failed', message: `the action could not be stored: ${(e as Error).message}` };
    }
    this.game = r.state;
    if (action.type === 'leave') this.closeSheet(action.player, extra.removed === true);
    announce?.();
    this.sync();
    // the patch goes out before any acknowledgement: a client that got `ack` sees the new state
    this.broadcastPatch();
    // every sheet full: the game is over (queued after this action's acknowledgement); after a
    // transfer, or a leave (a removal too) that closes the last sheet still open: the game stood
    // at "playing" for ever, the others' full sheets waiting on nobody
    if ((action.type === 'transfer' || action.type === 'leave') && isGameOver(this.game)) void this.enqueue(() => this.endGame('sheets-full'));
    return null;
  }

  private async seatRobot(): Promise<string | null> {
    let n = 1;
    while (findPlayer(this.game, `Robot${n}`) >= 0) n++;
    const name = `Robot${n}`;
    const err = await this.commit({ type: 'join', name }, { robot: true });
    if (err) return null;
    this.seats.set(name.toLowerCase(), { key: null, robot: true, sessionId: null, awaySince: 0, owner: false });
    return name;
  }

  override async onJoin(client: Client, options: unknown): Promise<void> {
    const o = isRecord(options) ? options : {};
    const owner = isOwnerToken(o.owner);
    if (this.ended) throw refuse('game-ended', 'the game has ended');
    if (o.watch === true || (owner && o.name === undefined)) {
      this.checkWatcherPlace(owner, YATZEE_WATCHER_PLACES);
      this.info.set(client.sessionId, { role: 'watcher', owner });
      this.sendTo(client, 'welcome', { gameId: this.roomId, kind: 'yatzee', role: 'watcher', owner });
      this.sync(); // a watcher may end a robots-only game's pause
      return;
    }
    const name = normalizeName(o.name);
    if (name === null) throw refuse('name-invalid', 'a player name has 1 to 39 characters and no control characters');
    await this.enqueue(async () => {
      if (this.ended) throw refuse('game-ended', 'the game has ended');
      this.refuseGivenUp(o.key);
      const seat = this.seats.get(name.toLowerCase());
      let key: string;
      if (seat) {
        // the sheet's player is back (a reload, another window, after a restart)
        if (seat.robot || seat.key === null || o.key !== seat.key) throw refuse('name-taken', `a player named '${name}' is already in this game`);
        key = seat.key;
        if (seat.sessionId) this.dropSession(seat.sessionId, CLOSE_REASON.TAKEN_BACK)?.leave(CLOSE.REMOVED, CLOSE_REASON.TAKEN_BACK);
        Object.assign(seat, { sessionId: client.sessionId, awaySince: 0, owner: seat.owner || owner });
      } else {
        if (isRobotName(name)) throw refuse('name-robot', "Robot1..RobotN are the robots' names");
        key = newKey();
        const err = await this.commit({ type: 'join', name }, { key, ...(owner ? { owner: true } : {}) });
        if (err) throw refuse(err.code, err.message);
        this.seats.set(name.toLowerCase(), { key, robot: false, sessionId: client.sessionId, awaySince: 0, owner });
        this.humansJoined++;
      }
      const stored = this.game.players[findPlayer(this.game, name)]!.name;
      this.info.set(client.sessionId, { role: 'player', owner, name: stored });
      this.sync();
      this.sendTo(client, 'welcome', { gameId: this.roomId, kind: 'yatzee', role: 'player', owner, name: stored, key });
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
    s[1].awaySince = Date.now();
    this.sync();
    try {
      await this.allowReconnection(client, Math.max(1, Math.round(ctx().timeouts.reconnectMs / 1000)));
    } catch {
      await this.onLeave(client);
    }
  }

  override onReconnect(client: Client): void {
    // the sheet was taken back meanwhile by another connection (seat key), or removed
    if (this.closedIfGone(client)) return;
    const s = this.seatOf(client);
    if (s) s[1].awaySince = 0;
    this.sync();
  }

  /** A closed connection (the SDK's reconnection gave up, or a consented close): the sheet stays, away. */
  override async onLeave(client: Client): Promise<void> {
    const s = this.seatOf(client);
    this.forget(client);
    if (this.ended) return;
    if (!s) return this.sync();
    s[1].sessionId = null;
    s[1].awaySince ||= Date.now();
    this.sync();
  }

  private forget(client: Client): void {
    this.info.delete(client.sessionId);
    this.updateListing(); // a watcher's place is free again
  }

  private onAction(client: Client, m: Untrusted<YatzeeClientMessages['action']>): void {
    const id = messageId(m);
    const s = this.seatOf(client);
    if (!s) return this.sendError(client, 'not-player', 'watchers cannot play: join with a name', { id, type: 'action' });
    const action = yatzeeAction(m, s[0]);
    if (typeof action === 'string') return this.sendError(client, 'bad-message', action, { id, type: 'action' });
    void this.enqueue(async () => {
      const err = await this.commit(action);
      if (err) this.sendError(client, err.code, err.message, { id, type: 'action' });
      else this.sendTo(client, 'ack', { id, type: 'action', moves: this.game.moves });
    });
  }

  /** `leave`: the player closes the sheet for good (the clients confirm first). */
  private onLeaveRequest(client: Client, m: Untrusted<YatzeeClientMessages['leave']>): void {
    const id = messageId(m);
    const s = this.seatOf(client);
    if (!s) return this.sendError(client, 'not-player', 'only players leave: a watcher closes the panel', { id, type: 'leave' });
    void this.enqueue(async () => {
      const sheet = this.sheetResult(s[0]);
      const err = await this.commit({ type: 'leave', player: s[0] });
      if (err) return this.sendError(client, err.code, err.message, { id, type: 'leave' });
      this.forget(client);
      this.sendTo(client, 'ack', { id, type: 'leave', moves: this.game.moves });
      // the last human's leave ends the game for everyone (the lifetime): the leaver, still
      // connected, gets that end too (results, `ended`); it was told only "your sheet is closed"
      // (an end the store could not keep: the leaver is let go as any, the end tried again)
      if (this.nobodySeated()) {
        this.lastSheet = sheet;
        if (await this.endGame('left')) return;
      }
      client.leave(CLOSE.REMOVED, CLOSE_REASON.LEFT);
      this.checkLifetime();
    });
  }

  private onRobots(client: Client, m: Untrusted<YatzeeClientMessages['robots']>): void {
    if (!this.requireOwner(client, 'robots', m)) return;
    const id = messageId(m);
    const n = m.add;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_PLAYERS) return this.sendError(client, 'bad-message', 'robots: { add: 1..10 }', { id, type: 'robots' });
    void this.enqueue(async () => {
      const names: string[] = [];
      for (let i = 0; i < n; i++) {
        const name = await this.seatRobot();
        if (!name) break;
        names.push(name);
      }
      if (names.length < n) this.sendError(client, 'table-full', `at most ${MAX_PLAYERS} players play at the same time`, { id, type: 'robots' });
      else this.sendTo(client, 'ack', { id, type: 'robots', moves: this.game.moves, robots: names });
      void this.loadRobot();
    });
  }

  private onRemove(client: Client, m: Untrusted<YatzeeClientMessages['remove']>): void {
    if (!this.requireOwner(client, 'remove', m)) return;
    const id = messageId(m);
    const name = m.name;
    if (typeof name !== 'string') return this.sendError(client, 'bad-message', 'remove: { name }', { id, type: 'remove' });
    void this.enqueue(async () => {
      const i = findPlayer(this.game, name);
      const seat = this.seats.get(name.toLowerCase());
      const mine = this.seatOf(client)?.[0] ?? '';
      // whom the owner may remove (core/protocol/game.ts): every player present, but the owner's
      // own sheet, this client's or one played in another tab (from this one, watching, the
      // owner removed themselves); `own` says why
      const removable = yatzeeRemovable({ status: this.ended ? 'ended' : 'playing', players: this.sheetStates() }, mine);
      const own = i >= 0 && yatzeeOwnSheet({ name, owner: seat?.owner === true }, mine);
      if (i < 0 || !seat || !removable.some((n) => sameName(n, name))) {
        const why = this.ended ? 'the game has ended: nobody is removed' : own ? 'the owner does not remove their own sheet: leave the game instead' : i >= 0 && seat ? `${this.game.players[i]!.name} has left the game` : `no player named '${name}' is playing`;
        return this.sendError(client, 'unknown-player', why, { id, type: 'remove' });
      }
      const removedName = this.game.players[i]!.name;
      const sheet = this.sheetResult(removedName);
      // told before the patch that drops the sheet: the other pages said "Cy left the game"
      // `removed` in the log: after a restart too, the removed player's kept key is told so
      const err = await this.commit({ type: 'leave', player: removedName }, { removed: true }, () => this.tell('removed', { name: removedName }));
      if (err) return this.sendError(client, err.code, err.message, { id, type: 'remove' });
      const c = seat.sessionId ? this.dropSession(seat.sessionId, CLOSE_REASON.REMOVED) : undefined;
      this.sendTo(client, 'ack', { id, type: 'remove', moves: this.game.moves });
      // the last human's removal ends the game for everyone (the lifetime), first: the removed
      // player gets that end too (results, `ended`), then the close that says removed, as in
      // Cardwords (closed first, the page had no results and worded the end itself)
      if (this.nobodySeated()) {
        this.lastSheet = sheet;
        await this.endGame('left');
      }
      c?.leave(CLOSE.REMOVED, CLOSE_REASON.REMOVED);
      this.checkLifetime();
    });
  }

  /** Humans connected to their sheets; with no human sheet, the clients watching (the owner watching robots). */
  protected humansConnected(): number {
    let humans = 0;
    let n = 0;
    for (const s of this.seats.values()) {
      if (s.robot) continue;
      humans++;
      if (s.sessionId !== null && s.awaySince === 0) n++;
    }
    return humans === 0 ? this.clients.length : n;
  }

  protected async robotStep(): Promise<void> {
    const robot = this.robot;
    if (!robot) return;
    for (const p of this.game.players) {
      if (this.ended || this.shuttingDown) return;
      if (!this.seats.get(p.name.toLowerCase())?.robot) continue;
      const next = robot.nextActions(this.game, p.name)[0];
      if (next) await this.commit(next);
    }
  }

  /** No human holds a sheet any more: the game ends for everyone (the last leave or removal). */
  private nobodySeated(): boolean {
    return yatzeeSeated(this.sheetStates()).length === 0;
  }

  protected checkLifetime(): void {
    if (this.ended || this.shuttingDown) return;
    const { timeouts } = ctx();
    // every sheet full and the end not stored yet (the store could not keep it): tried again
    // here, as the other automatic ends (it waited for the idle end)
    if (isGameOver(this.game)) return void this.enqueue(() => this.endGame('sheets-full'));
    const now = performance.now(); // as createdAt and lastActionAt (room-base.ts)
    const present = yatzeeSeated(this.sheetStates()).length;
    // core's policy has the seed's durations built in: scale our elapsed times to them
    const reason = shouldEnd({
      sinceStartMs: ((now - this.createdAt) * FIRST_JOIN_TIMEOUT_MS) / timeouts.firstJoinMs,
      sinceLastActionMs: ((now - (this.idleEndAt(now) - timeouts.idleMs)) * IDLE_TIMEOUT_MS) / timeouts.idleMs,
      joined: this.humansJoined,
      present,
    });
    if (reason) void this.enqueue(() => this.endGame(LIFETIME_REASON[reason]));
    else if (this.updateIdleWarning(now)) this.sync();
  }

  /** The sheets as the state shows them, for the rules the pages read there too (core/protocol/game.ts). */
  private sheetStates(): Array<{ name: string; robot: boolean; present: boolean; owner: boolean }> {
    return this.game.players.map((p) => {
      const seat = this.seats.get(p.name.toLowerCase());
      return { name: p.name, robot: seat?.robot ?? false, present: p.present, owner: seat?.owner ?? false };
    });
  }

  /**
   * The last human's sheet as it stood before their leave (or removal) ended the game: the end's
   * results hold it, though the leave released it (the results were the robots' alone, and the
   * leaver, who gets them, found their own score nowhere).
   */
  private lastSheet: { name: string; robot: boolean; score: number } | null = null;

  /** A sheet's line in the results: its name and total as it stands. */
  private resultOf(p: YatzeeState['players'][number]): { name: string; robot: boolean; score: number } {
    return { name: p.name, robot: this.seats.get(p.name.toLowerCase())?.robot ?? false, score: totals(p.scores).total };
  }

  /** The line of the sheet named `name`, if it is in the game. */
  private sheetResult(name: string): { name: string; robot: boolean; score: number } | null {
    const p = this.game.players[findPlayer(this.game, name)];
    return p ? this.resultOf(p) : null;
  }

  protected finalResults(reason: EndReason): ResultsMessage {
    const scored = this.game.players.map((p) => this.resultOf(p));
    // a later join reopened the game: that sheet is no longer the last (a later leave sets its own)
    const last = this.lastSheet;
    if (reason === 'left' && last && findPlayer(this.game, last.name) < 0) scored.push(last);
    // an idle end names no winner: nobody played ("Winner: Robot1." of a game left alone)
    const top = reason === 'idle' ? Infinity : Math.max(...scored.map((r) => r.score));
    const results: PlayerResult[] = scored.map((r) => ({ ...r, winner: r.score === top, standIn: false })).sort((a, b) => b.score - a.score);
    return { reason, results, winners: results.filter((r) => r.winner).map((r) => r.name) };
  }

  protected markEnded(): void {
    this.state.status = 'ended';
    this.state.paused = false;
  }

  private updateListing(): void {
    const humans = [...this.seats.values()].filter((s) => !s.robot).length;
    const robots = this.seats.size - humans;
    const state = this.ended ? 'ended' : this.game.players.length === 0 ? 'waiting' : 'playing';
    const watching = this.watching();
    const meta = this.metadata as { players?: number; robots?: number; state?: string; watching?: number } | undefined;
    if (meta && meta.players === humans && meta.robots === robots && meta.state === state && meta.watching === watching) return;
    void this.setMetadata({ kind: 'yatzee', players: humans, robots, maxPlayers: MAX_PLAYERS, state, watchers: YATZEE_WATCHER_PLACES, watching });
  }

  /** Copies the engine state into the synchronised schema (only changed fields go out). */
  private sync(): void {
    const st = this.state;
    st.moves = this.game.moves;
    if (!this.ended) st.status = 'playing';
    st.paused = !this.ended && this.paused;
    st.idleEndsIn = this.ended ? 0 : this.idleEndsIn;
    // released sheets leave the schema too (a sheet object is never reused for another name)
    for (let i = st.players.length - 1; i >= 0; i--) if (findPlayer(this.game, st.players[i]!.name) < 0) st.players.splice(i, 1);
    this.game.players.forEach((p) => {
      let sheet = st.players.find((x) => x.name === p.name);
      if (!sheet) {
        sheet = new YatzeeSheet();
        sheet.name = p.name;
        st.players.push(sheet);
      }
      const seat = this.seats.get(p.name.toLowerCase());
      sheet.robot = seat?.robot ?? false;
      sheet.connected = seat ? seat.robot || (seat.sessionId !== null && this.clients.getById(seat.sessionId) !== undefined) : false;
      sheet.awaySince = seat && !seat.robot ? seat.awaySince : 0;
      sheet.present = p.present;
      sheet.owner = seat?.owner ?? false;
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
