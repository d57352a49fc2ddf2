// A Cardwords game (docs/rules.md#cardwords) as a Colyseus room over
// core/games/cardwords. The owner creates it with a ruleset and numbers of humans, robots
// (Robot1..RobotN, each with a level) and watchers; the game starts when the humans are
// seated. Seats: the humans in the order they sat down, then the robots; the first seat
// moves first.
//
// - Private hands: a seat's `hand` is a `.view()` field. Each player's StateView holds its
//   own seat (view.add + view.subscribe on the hand); watchers get an empty view, so no
//   client ever receives another player's cards. The pile is sent as a count only.
// - An unknown word refuses the move naming the words, and the owner's clients are asked;
//   an approved word goes to the ruleset's personal dictionary (fsync) and the live word
//   store (server/game/rulesets.ts), and the refused player is told. Nobody else is.
// - A dropped human's seat is played by a stand-in robot at once; the human who comes back
//   (reconnection token, or game id + name + seat key) plays it again.
// - The log (room-base.ts, store.ts): `seat`/`unseat` entries while humans sit down, then
//   the engine actions `a`, the owner's open questions `ask` (unknown words and who was
//   refused for them) and answers `word` (approved) and `reject`, `remove`d humans and
//   `rematch` seeds. The game starts by itself once the humans are seated, so a replay
//   rebuilds it all, the questions still waiting for the owner included.
import { schema, t, StateView, type SchemaType } from '@colyseus/schema';
import type { Client } from '@colyseus/core';
import { ANY_WORD, MAX_NAME_LENGTH, apply, newGame, type CardwordsAction, type CardwordsError, type CardwordsState, type Words } from '../../core/games/cardwords/engine.js';
import { NotationError, parseAction } from '../../core/games/cardwords/notation.js';
import { viewOf } from '../../core/games/cardwords/view.js';
import type { Card } from '../../core/games/cardwords/types.js';
import { ROBOT_LEVELS, bestNonMove, chooseAction, choiceToAction, moveWords, robotAction, type RobotChoice, type RobotLevel } from '../../core/robots/cardwords/robot.js';
import { generateMoves, sortMoves } from '../../core/robots/cardwords/generate.js';
import { Rng } from '../../core/random.js';
import { ctx, isOwnerToken } from './context.js';
import { GameRoom, isRecord, messageId, newKey, refuse } from './room-base.js';
import type { LoadedRuleset } from './rulesets.js';
import type { LogEntry, StoredGame } from './store.js';
import type { CardwordsHistoryMessage, CardwordsTurnInfo } from '../../core/protocol/game.js';

/** How many moves a hint ranks. */
const HINT_MOVES = 10;

/** Most seats (humans + robots) in one game; the deck may allow fewer. */
export const MAX_SEATS = 16;
export const MAX_WATCHERS = 64;
/** Most unknown words waiting for the owner in one game; later ones are refused but not asked. */
export const MAX_PENDING_WORDS = 256;
/** Most of those one player's refusals may hold (one player cannot fill the owner's list). */
export const MAX_PENDING_PER_PLAYER = 32;

export const CwCard = schema({ char: t.string().default(''), points: t.int16().default(0) }, 'CwCard');

/** A card on the table; `char` '' is a wildcard, shown as its `meaning`. */
export const CwPlaced = schema(
  {
    col: t.uint8().default(0),
    row: t.uint8().default(0),
    char: t.string().default(''),
    points: t.int16().default(0),
    meaning: t.string().default(''),
  },
  'CwPlaced',
);

export const CwSeat = schema(
  {
    /** '' for a human seat nobody has taken yet. */
    name: t.string().default(''),
    robot: t.boolean().default(false),
    /** A robot's level ('' for humans). */
    level: t.string().default(''),
    connected: t.boolean().default(false),
    /** A stand-in robot plays this human's seat (dropped or gone). */
    auto: t.boolean().default(false),
    score: t.int32().default(0),
    /** Cards in the hand (public). */
    cards: t.uint8().default(0),
    /** The cards: only this seat's player receives them. */
    hand: t.array(CwCard).view(),
    /** Agreed to a rematch. */
    rematch: t.boolean().default(false),
    /** After the end: the points left in the hand, and what the end added to the score. */
    handPoints: t.int32().default(0),
    adjustment: t.int32().default(0),
  },
  'CwSeat',
);
export type CwSeatT = SchemaType<typeof CwSeat>;

export const CwLast = schema(
  {
    player: t.int8().default(-1),
    type: t.string().default(''),
    score: t.int32().default(0),
    words: t.array('string'),
    traded: t.uint8().default(0),
    drawn: t.uint8().default(0),
  },
  'CwLast',
);

export const CardwordsRoomState = schema(
  {
    gameId: t.string().default(''),
    kind: t.string().default('cardwords'),
    ruleset: t.string().default(''),
    digest: t.string().default(''),
    /** waiting (humans sitting down) | playing | over (results out, rematch possible) | ended */
    status: t.string().default('waiting'),
    /** 1 for the first game, +1 per rematch. */
    round: t.uint16().default(1),
    humans: t.uint8().default(0),
    watchers: t.uint8().default(0),
    width: t.uint8().default(0),
    height: t.uint8().default(0),
    players: t.array(CwSeat),
    /** The cards on the table, in the order laid. */
    board: t.array(CwPlaced),
    /** Cards left in the pile (never which). */
    pile: t.uint16().default(0),
    /** The seat to move; -1 before the start. */
    turn: t.int8().default(-1),
    idle: t.uint8().default(0),
    /** Actions accepted in this round. */
    moves: t.uint32().default(0),
    last: t.ref(CwLast),
    /** After the end: 'out' or 'idle', and the winning seats. */
    endReason: t.string().default(''),
    winners: t.array('uint8'),
  },
  'CardwordsRoomState',
);

interface Seat {
  index: number;
  /** '' while a human seat is free. */
  name: string;
  /** A robot seat's level; null for a human seat. */
  robot: RobotLevel | null;
  key: string | null;
  /** The connected client (also while it may reconnect). */
  sessionId: string | null;
  /** Connected, dropped and awaiting reconnection, or awaiting the return after a restart. */
  held: boolean;
  /** A restored seat waits for its human until then (ms), then a stand-in plays it. */
  heldUntil: number;
  /** A stand-in robot plays the seat. */
  auto: boolean;
  rematch: boolean;
  /** Removed by the owner: the key is void, a stand-in plays to the end. */
  removed: boolean;
}

interface CreationOptions {
  ruleset: string;
  humans: number;
  robots: RobotLevel[];
  watchers: number;
  /** The level of the robot that plays a dropped human's seat. */
  standIn: RobotLevel;
  /** The first deal's seed, when the owner fixes it (the same deal for a tournament, tests). */
  seed?: string;
}

export interface CardwordsResult {
  seat: number;
  name: string;
  robot: boolean;
  score: number;
  handPoints: number;
  adjustment: number;
  winner: boolean;
}

const ROBOT_NAME = /^robot\d+$/i;

let warnedNoRobotThread = false;
function warnNoRobotThread(e: unknown): void {
  if (warnedNoRobotThread) return;
  warnedNoRobotThread = true;
  console.error(`cardwords serve: the robots' thread is not available (${(e as Error).message}); robots play on the main thread`);
}

/** A player name as the seed: no white space, 1..39 characters, no control characters; null otherwise. */
export function seatName(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const n = raw.normalize('NFC').trim();
  const len = [...n].length;
  if (len < 1 || len > MAX_NAME_LENGTH || /[\s\u0000-\u001f\u007f-\u009f\u2028\u2029]/u.test(n)) return null;
  return n;
}

function isLevel(x: unknown): x is RobotLevel {
  return typeof x === 'string' && (ROBOT_LEVELS as readonly string[]).includes(x);
}

const same = (a: string, b: string) => a.toLocaleLowerCase('en') === b.toLocaleLowerCase('en');
const cardKey = (c: { char: string | null; points: number }) => `${c.char ?? ''}\u0000${c.points}`;

function intIn(x: unknown, min: number, max: number, fallback: number): number | null {
  if (x === undefined) return fallback;
  return typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max ? x : null;
}

export class CardwordsRoom extends GameRoom {
  readonly kind = 'cardwords';
  override state = new CardwordsRoomState();
  override autoDispose = false;
  private ruleset!: LoadedRuleset;
  private opts!: CreationOptions;
  private seats: Seat[] = [];
  private game: CardwordsState | null = null;
  private round = 1;
  private roundSeed = '';
  /** Unknown words waiting for the owner: word -> names of the players refused for it. */
  private readonly pending = new Map<string, Set<string>>();
  private lastResults: CardwordsResult[] | null = null;
  private robotBusy = false;
  /** Actions of this round whose cards are in the schema's board. */
  private shownActions = 0;

  override async onCreate(options: unknown): Promise<void> {
    const o = isRecord(options) ? options : {};
    if (!isOwnerToken(o.owner)) throw refuse('not-owner', 'only the owner creates games (give the owner token)');
    const registry = ctx().rulesets;
    let opts: CreationOptions | null = null;
    if (typeof o.restore !== 'string') {
      opts = this.readOptions(o, registry.names());
      const loaded = await this.loadRuleset(opts.ruleset);
      const seats = opts.humans + opts.robots.length;
      if (loaded.rules.deck.length < seats * loaded.rules.handSize) {
        throw refuse('table-full', `ruleset ${opts.ruleset} has ${loaded.rules.deck.length} cards: too few for ${seats} players with ${loaded.rules.handSize} each`);
      }
    }
    const stored = await this.openGame(o, (id) => ({
      v: 1,
      id,
      kind: 'cardwords',
      seed: opts?.seed ?? newKey(),
      created: Date.now(),
      options: { ...opts!, digest: this.ruleset.rules.ruleset.digest },
    }));
    try {
      this.setUp(opts ?? (await this.restoredOptions(stored.header.options, stored.header.id)), stored);
    } catch (e) {
      await this.log?.close(); // a game that does not come back stays in the store as it is
      throw e;
    }
    this.onMessage('action', (client, m) => this.onAction(client, m));
    this.onMessage('approve', (client, m) => this.onWords(client, m, true));
    this.onMessage('reject', (client, m) => this.onWords(client, m, false));
    this.onMessage('rematch', (client, m) => this.onRematch(client, m));
    this.onMessage('remove', (client, m) => this.onRemove(client, m));
    this.onMessage('hint', (client, m) => this.onHint(client, m));
    this.onMessage('history', (client, m) => this.onHistory(client, m));
    this.onMessage('end', (client, m) => {
      if (!this.requireOwner(client, 'end', m)) return;
      client.send('ack', { id: messageId(m), type: 'end', moves: this.moves() });
      void this.enqueue(() => this.endGame('owner'));
    });
    this.onMessage('*', (client, type, m) => this.sendError(client, 'unknown-message', `no message '${String(type)}' in a Cardwords room`, { id: messageId(m), type: String(type) }));
    const { timeouts } = ctx();
    this.clock.setInterval(() => this.checkLifetime(), Math.max(20, Math.min(1000, timeouts.firstJoinMs / 10, timeouts.idleMs / 10, timeouts.reconnectMs / 10)));
    this.clock.setInterval(() => this.robotStep(), Math.max(1, timeouts.robotDelayMs));
  }

  /** The header's options of a restored game, with its ruleset loaded and checked. */
  private async restoredOptions(raw: Record<string, unknown>, id: string): Promise<CreationOptions> {
    const h = raw as unknown as CreationOptions & { digest?: string };
    const loaded = await this.loadRuleset(h.ruleset);
    if (h.digest !== loaded.rules.ruleset.digest) {
      throw refuse('unknown-game', `game ${id} was played with another version of ruleset ${h.ruleset} (digest ${h.digest}, now ${loaded.rules.ruleset.digest})`);
    }
    return { ruleset: h.ruleset, humans: h.humans, robots: h.robots, watchers: h.watchers, standIn: h.standIn };
  }

  /** Seats, schema and the replay of the stored entries. */
  private setUp(opts: CreationOptions, stored: StoredGame): void {
    this.opts = opts;
    this.roundSeed = stored.header.seed;
    this.maxClients = opts.humans + opts.watchers + 16;
    const st = this.state;
    st.gameId = stored.header.id;
    st.ruleset = this.ruleset.name;
    st.digest = this.ruleset.rules.ruleset.digest;
    st.humans = opts.humans;
    st.watchers = opts.watchers;
    st.width = this.ruleset.rules.table.width;
    st.height = this.ruleset.rules.table.height;
    for (let i = 0; i < opts.humans; i++) this.seats.push(this.freeSeat(i));
    opts.robots.forEach((level, i) => {
      this.seats.push({ ...this.freeSeat(opts.humans + i), name: `Robot${i + 1}`, robot: level });
    });
    for (const _ of this.seats) st.players.push(new CwSeat());
    for (const e of stored.entries) this.replayEntry(e);
    this.maybeStart();
    if (stored.entries.length > 0) {
      // a restored game: its humans have a while to come back before stand-ins play for them
      const until = Date.now() + ctx().timeouts.reconnectMs;
      for (const s of this.seats) if (s.robot === null && s.name !== '' && !s.removed) Object.assign(s, { held: true, heldUntil: until, auto: false });
    }
    this.sync();

  }

  private freeSeat(index: number): Seat {
    return { index, name: '', robot: null, key: null, sessionId: null, held: false, heldUntil: 0, auto: false, rematch: false, removed: false };
  }

  private readOptions(o: Record<string, unknown>, names: string[]): CreationOptions {
    const ruleset = o.ruleset === undefined ? names[0] : o.ruleset;
    if (typeof ruleset !== 'string' || !names.includes(ruleset)) throw refuse('unknown-ruleset', `no ruleset ${JSON.stringify(ruleset ?? null)}; this server offers: ${names.join(', ') || 'none'}`);
    const humans = intIn(o.humans, 0, MAX_SEATS, 1);
    if (humans === null) throw refuse('bad-message', `humans: a whole number from 0 to ${MAX_SEATS}`);
    const level = o.level === undefined ? 'good' : o.level;
    if (!isLevel(level)) throw refuse('bad-message', `level: one of ${ROBOT_LEVELS.join(', ')}`);
    let robots: RobotLevel[];
    if (Array.isArray(o.robots)) {
      if (o.robots.length > MAX_SEATS || !o.robots.every(isLevel)) throw refuse('bad-message', `robots: a number, or a list of levels (${ROBOT_LEVELS.join(', ')})`);
      robots = o.robots.slice();
    } else {
      const n = intIn(o.robots, 0, MAX_SEATS, 0);
      if (n === null) throw refuse('bad-message', `robots: a whole number from 0 to ${MAX_SEATS}, or a list of levels`);
      robots = new Array<RobotLevel>(n).fill(level);
    }
    if (humans + robots.length < 1 || humans + robots.length > MAX_SEATS) throw refuse('bad-message', `a game has 1 to ${MAX_SEATS} players (humans + robots)`);
    const watchers = intIn(o.watchers, 0, MAX_WATCHERS, 0);
    if (watchers === null) throw refuse('bad-message', `watchers: a whole number from 0 to ${MAX_WATCHERS}`);
    const standIn = o.standIn === undefined ? 'good' : o.standIn;
    if (!isLevel(standIn)) throw refuse('bad-message', `standIn: one of ${ROBOT_LEVELS.join(', ')}`);
    if (o.name !== undefined && humans === 0) throw refuse('bad-message', 'a game without human seats has no seat for the creator: create it without a name to watch');
    if (o.seed !== undefined && !(typeof o.seed === 'string' && /^[\x21-\x7e]{1,64}$/.test(o.seed))) throw refuse('bad-message', 'seed: 1 to 64 printable ASCII characters');
    return { ruleset, humans, robots, watchers, standIn, ...(typeof o.seed === 'string' ? { seed: o.seed } : {}) };
  }

  private async loadRuleset(name: string): Promise<LoadedRuleset> {
    try {
      this.ruleset = await ctx().rulesets.get(name);
      return this.ruleset;
    } catch (e) {
      throw refuse('unknown-ruleset', (e as Error).message);
    }
  }

  private get words(): Words {
    return this.ruleset.store;
  }

  private moves(): number {
    return this.game?.actions.length ?? 0;
  }

  private replayEntry(e: LogEntry): void {
    if (typeof e.seat === 'string') {
      const seat = this.seats.find((s) => s.robot === null && s.name === '');
      if (!seat) throw new Error(`game ${this.roomId}: the log seats more humans than the game has`);
      Object.assign(seat, { name: e.seat, key: typeof e.key === 'string' ? e.key : null });
      this.maybeStart();
    } else if (typeof e.unseat === 'string') {
      const seat = this.findSeat(e.unseat);
      if (seat) this.vacate(seat);
    } else if (typeof e.remove === 'string') {
      const seat = this.findSeat(e.remove);
      if (seat) Object.assign(seat, { removed: true, key: null, auto: true });
    } else if (typeof e.rematch === 'string') {
      this.newRound(e.rematch);
    } else if (e.a !== undefined) {
      if (!this.game) throw new Error(`game ${this.roomId}: an action before the start`);
      const r = apply(this.ruleset.rules, this.game, e.a, ANY_WORD);
      if (!r.ok) throw new Error(`game ${this.roomId}: the log does not replay (${r.error.message})`);
      this.game = r.state;
    } else if (Array.isArray(e.ask) && typeof e.player === 'string') {
      this.addPending(e.ask.filter((w): w is string => typeof w === 'string'), e.player);
    } else if (typeof e.word === 'string' || typeof e.reject === 'string') {
      // the personal dictionary holds the approved words themselves
      this.pending.delete((e.word ?? e.reject) as string);
    }
  }

  private findSeat(name: string): Seat | undefined {
    return this.seats.find((s) => s.name !== '' && same(s.name, name));
  }

  /** A human seat before the start becomes free again. */
  private vacate(seat: Seat): void {
    Object.assign(seat, this.freeSeat(seat.index));
    // a fresh schema object: no view that held the old one sees the next occupant
    this.state.players[seat.index] = new CwSeat();
  }

  /** The game starts when every human seat is taken. */
  private maybeStart(): void {
    if (this.game || this.seats.some((s) => s.name === '')) return;
    this.newRound(this.roundSeed, false);
  }

  private newRound(seed: string, next = true): void {
    const g = newGame(this.ruleset.rules, { seed, players: this.seats.map((s) => s.name) });
    if (!g.ok) throw new Error(`game ${this.roomId}: ${g.error.message}`);
    if (next) this.round++;
    this.roundSeed = seed;
    this.game = g.state;
    this.lastResults = null;
    for (const s of this.seats) s.rematch = false;
  }

  // ---- joining, dropping, leaving

  override async onJoin(client: Client, options: unknown): Promise<void> {
    const o = isRecord(options) ? options : {};
    const owner = isOwnerToken(o.owner);
    if (this.ended) throw refuse('game-ended', 'the game has ended');
    if (o.watch === true || (owner && o.name === undefined)) {
      const watching = [...this.info.values()].filter((i) => i.role === 'watcher' && !i.owner).length;
      if (!owner && watching >= this.opts.watchers) throw refuse('table-full', this.opts.watchers === 0 ? 'this game has no places for watchers' : `all ${this.opts.watchers} watcher places are taken`);
      this.info.set(client.sessionId, { role: 'watcher', owner });
      client.view = new StateView();
      this.greet(client, { role: 'watcher', owner });
      return;
    }
    const name = seatName(o.name);
    if (name === null) throw refuse('name-invalid', `a player name has 1 to ${MAX_NAME_LENGTH} characters and no white space`);
    const alt = o.alt === undefined || o.alt === '' ? null : seatName(o.alt);
    if (o.alt !== undefined && o.alt !== '' && alt === null) throw refuse('name-invalid', `the alternative name has 1 to ${MAX_NAME_LENGTH} characters and no white space`);
    await this.enqueue(async () => {
      if (this.ended) throw refuse('game-ended', 'the game has ended');
      let seat = this.findSeat(name);
      if (seat && seat.robot === null && seat.key !== null && o.key === seat.key) {
        // the seat's human is back
        if (seat.sessionId && seat.sessionId !== client.sessionId) {
          const old = this.clients.getById(seat.sessionId);
          this.info.delete(seat.sessionId);
          old?.leave(4000, 'the seat was taken back from another connection');
        }
        Object.assign(seat, { sessionId: client.sessionId, held: true, heldUntil: 0, auto: false });
      } else {
        const free = (n: string | null) => n !== null && !ROBOT_NAME.test(n) && !this.findSeat(n);
        const chosen = free(name) ? name : free(alt) ? alt! : null;
        if (chosen === null) throw refuse('name-taken', `a player named '${name}' is in this game${alt ? `, and so is '${alt}'` : ''} (Robot1..RobotN are the robots' names)`);
        seat = this.seats.find((s) => s.robot === null && s.name === '');
        if (!seat || this.game) throw refuse('table-full', `all ${this.opts.humans} human seats are taken: join as a watcher`);
        const key = newKey();
        try {
          await this.append({ seat: chosen, key });
        } catch (e) {
          throw refuse('storage-failed', `the seat could not be stored: ${(e as Error).message}`);
        }
        Object.assign(seat, { name: chosen, key, sessionId: client.sessionId, held: true, heldUntil: 0, auto: false });
        this.maybeStart();
        // a seated player who dropped meanwhile is played by a stand-in from the start
        if (this.game) for (const s of this.seats) if (s.robot === null && s.sessionId !== null && s.sessionId !== client.sessionId && !this.clients.getById(s.sessionId)) s.auto = true;
      }
      this.info.set(client.sessionId, { role: 'player', owner, name: seat.name });
      const mine = this.state.players[seat.index]!;
      const view = new StateView();
      view.add(mine);
      view.subscribe(mine.hand);
      client.view = view;
      this.sync();
      this.greet(client, { role: 'player', owner, name: seat.name, key: seat.key!, seat: seat.index });
    });
  }

  /** `welcome`, the ruleset's files, and for the owner the words waiting for a decision. */
  private greet(client: Client, w: { role: 'player' | 'watcher'; owner: boolean; name?: string; key?: string; seat?: number }): void {
    client.send('welcome', { gameId: this.roomId, kind: 'cardwords', ...w });
    const r = this.ruleset;
    client.send('ruleset', { name: r.name, digest: r.rules.ruleset.digest, files: r.texts });
    if (w.owner) for (const [player, words] of this.pendingByPlayer()) client.send('word-request', { words, player, ruleset: r.name });
  }

  /**
   * `history`: asked by a client once it has its first state (a message sent during the join
   * would reach it after that state, older than it). Anyone in the room may ask: it is public.
   */
  private onHistory(client: Client, m: unknown): void {
    const id = messageId(m);
    if (!this.game) return this.sendError(client, 'not-started', 'the game has not started', { id, type: 'history' });
    client.send('history', { id, round: this.round, players: this.seats.map((s) => s.name), turns: this.history() } satisfies CardwordsHistoryMessage);
  }

  /** The round's turns as `last` showed them, replayed from the round's seed (public only). */
  private history(): CardwordsTurnInfo[] {
    const g = newGame(this.ruleset.rules, { seed: this.roundSeed, players: this.seats.map((s) => s.name) });
    if (!g.ok || !this.game) return [];
    let st = g.state;
    const out: CardwordsTurnInfo[] = [];
    for (const a of this.game.actions) {
      const r = apply(this.ruleset.rules, st, a, ANY_WORD);
      if (!r.ok || !r.state.last) break;
      st = r.state;
      const l = st.last!;
      out.push({ player: l.player, type: l.type, score: l.score, words: [...l.words], traded: l.traded, drawn: l.drawn });
    }
    return out;
  }

  private pendingByPlayer(): Map<string, string[]> {
    const out = new Map<string, string[]>();
    for (const [word, names] of this.pending) {
      // approved meanwhile in another game (or by another process): no longer a question
      if (this.ruleset.store.has(word)) continue;
      for (const n of names) out.set(n, [...(out.get(n) ?? []), word]);
    }
    return out;
  }

  /** Records who was refused for which words (the words are in the log already). */
  private addPending(words: readonly string[], player: string): void {
    for (const w of words) {
      const names = this.pending.get(w) ?? new Set<string>();
      names.add(player);
      this.pending.set(w, names);
    }
  }

  /**
   * The words of a refusal that are new questions from `player`, within the caps. Words that
   * became playable meanwhile (approved in another game or process) leave the list first.
   */
  private newQuestions(words: readonly string[], player: string): string[] {
    for (const [w, names] of [...this.pending]) {
      if (!this.ruleset.store.has(w)) continue;
      this.pending.delete(w);
      for (const name of names) {
        const seat = this.findSeat(name);
        const c = seat?.sessionId ? this.clients.getById(seat.sessionId) : undefined;
        c?.send('word', { word: w, approved: true });
      }
    }
    let mine = 0;
    for (const names of this.pending.values()) if (names.has(player)) mine++;
    let total = this.pending.size;
    const fresh: string[] = [];
    for (const w of words) {
      const names = this.pending.get(w);
      if (names?.has(player) || fresh.includes(w)) continue;
      if (mine >= MAX_PENDING_PER_PLAYER || (!names && total >= MAX_PENDING_WORDS)) continue;
      fresh.push(w);
      mine++;
      if (!names) total++;
    }
    return fresh;
  }

  private seatOf(client: Client): Seat | null {
    const i = this.info.get(client.sessionId);
    if (!i || i.role !== 'player' || !i.name) return null;
    const seat = this.findSeat(i.name);
    return seat && seat.sessionId === client.sessionId ? seat : null;
  }

  override async onDrop(client: Client): Promise<void> {
    const seat = this.seatOf(client);
    if (!seat || this.ended || this.shuttingDown) return this.forget(client);
    // a robot plays the seat at once; the seat is held for a reconnection
    if (this.game) seat.auto = true;
    this.sync();
    try {
      await this.allowReconnection(client, Math.max(1, Math.round(ctx().timeouts.reconnectMs / 1000)));
    } catch {
      await this.onLeave(client);
    }
  }

  override onReconnect(client: Client): void {
    if (!this.info.has(client.sessionId)) {
      // the seat was taken back meanwhile by another connection (seat key), or removed
      client.view?.dispose();
      client.leave(4000, 'the seat was taken back from another connection');
      return;
    }
    const seat = this.seatOf(client);
    if (seat && !seat.removed) Object.assign(seat, { auto: false, held: true });
    this.sync();
  }

  override async onLeave(client: Client): Promise<void> {
    const seat = this.seatOf(client);
    this.forget(client);
    if (!seat || this.ended || this.shuttingDown) return;
    seat.sessionId = null;
    seat.held = false;
    if (this.game) seat.auto = true;
    else {
      // before the start the seat is free again
      await this.enqueue(async () => {
        if (seat.sessionId !== null || this.game || seat.name === '') return;
        try {
          await this.append({ unseat: seat.name });
          this.vacate(seat);
        } catch (e) {
          console.error(`cardwords serve: game ${this.roomId}: could not free a seat: ${(e as Error).message}`);
        }
      });
    }
    this.sync();
    this.checkLifetime();
  }

  private forget(client: Client): void {
    this.info.delete(client.sessionId);
    client.view?.dispose();
  }

  // ---- actions

  /** Applies an engine action, writes it durably, then commits it: the engine's error or null. */
  private async commit(action: unknown, words: Words = this.words): Promise<CardwordsError | { code: string; message: string } | null> {
    if (this.ended) return { code: 'game-ended', message: 'the game has ended' };
    if (!this.game) return { code: 'not-started', message: 'the game has not started' };
    const r = apply(this.ruleset.rules, this.game, action, words);
    if (!r.ok) return r.error;
    const done: CardwordsAction = r.state.actions[r.state.actions.length - 1]!;
    try {
      await this.append({ a: done });
    } catch (e) {
      return { code: 'storage-failed', message: `the action could not be stored: ${(e as Error).message}` };
    }
    this.game = r.state;
    if (this.game.over) this.lastResults = this.computeResults();
    this.sync();
    // the patch goes out before any acknowledgement: a client that got `ack` sees the new state
    this.broadcastPatch();
    if (this.game.over) this.broadcast('results', { round: this.round, reason: this.game.end!.reason, out: this.game.end!.out, results: this.lastResults });
    return null;
  }

  private onAction(client: Client, m: unknown): void {
    const id = messageId(m);
    const seat = this.seatOf(client);
    if (!seat) return this.sendError(client, 'not-player', 'watchers cannot play: join with a name', { id, type: 'action' });
    if (!this.game) {
      const seated = this.seats.filter((s) => s.robot === null && s.name !== '').length;
      return this.sendError(client, 'not-started', `the game starts when all ${this.opts.humans} humans are seated (${seated} so far)`, { id, type: 'action' });
    }
    let action: unknown;
    if (isRecord(m) && typeof m.text === 'string') {
      try {
        action = parseAction(m.text, (ch) => this.ruleset.rules.canonical(ch), seat.index);
      } catch (e) {
        if (e instanceof NotationError) return this.sendError(client, e.code, e.message, { id, type: 'action' });
        throw e;
      }
    } else if (isRecord(m) && typeof m.type === 'string') {
      const a: Record<string, unknown> = { ...m, player: seat.index };
      delete a.id;
      action = a;
    } else {
      return this.sendError(client, 'bad-message', "an action is { text: 'move 3,3 [A 1] 4,3 [T 1]' | 'trade [Q 10]' | 'pass' } or { type, cards }", { id, type: 'action' });
    }
    void this.enqueue(async () => {
      const err = await this.commit(action);
      if (!err) return client.send('ack', { id, type: 'action', moves: this.moves() });
      if (err.code !== 'unknown-words' || !('words' in err)) return client.send('error', { ...err, id, type: 'action' });
      // the question is durable before the refusal goes out: a restart does not lose it;
      // `asked: false` when the owner's list is full (the player is told so)
      const { fresh, asked } = await this.askOwner(err.words as readonly string[], seat.name);
      client.send('error', { ...err, id, type: 'action', asked });
      if (fresh.length) for (const c of this.clients) if (this.info.get(c.sessionId)?.owner) c.send('word-request', { words: fresh, player: seat.name, ruleset: this.ruleset.name });
    });
  }

  /**
   * Puts unknown words to the owner (docs/rules.md#cardwords-unknown-words: nobody else is told): logged first, then
   * counted as open, so no owner is asked a question a crash would lose. Returns the new
   * questions and whether every word of the refusal is now waiting for the owner.
   */
  private async askOwner(words: readonly string[], player: string): Promise<{ fresh: string[]; asked: boolean }> {
    const fresh = this.newQuestions(words, player);
    if (fresh.length) {
      try {
        await this.append({ ask: fresh, player });
      } catch (e) {
        console.error(`cardwords serve: game ${this.roomId}: the question about ${fresh.join(', ')} could not be stored: ${(e as Error).message}`);
        return { fresh: [], asked: false };
      }
      this.addPending(fresh, player);
    }
    return { fresh, asked: words.every((w) => this.pending.get(w)?.has(player) === true) };
  }

  private onWords(client: Client, m: unknown, approve: boolean): void {
    const type = approve ? 'approve' : 'reject';
    if (!this.requireOwner(client, type, m)) return;
    const id = messageId(m);
    const raw = isRecord(m) ? (typeof m.word === 'string' ? [m.word] : m.words) : undefined;
    if (!Array.isArray(raw) || raw.length === 0 || raw.length > 50 || !raw.every((w) => typeof w === 'string' && w.length <= 64)) {
      return this.sendError(client, 'bad-message', `${type}: { word } or { words: [...] } (1 to 50 words)`, { id, type });
    }
    void this.enqueue(async () => {
      const done: string[] = [];
      for (const w of raw as string[]) {
        let word = w;
        if (approve) {
          let r;
          try {
            r = await ctx().rulesets.approve(this.ruleset.name, w);
          } catch (e) {
            return this.sendError(client, 'storage-failed', `'${w}' could not be added to the personal dictionary: ${(e as Error).message}`, { id, type });
          }
          if (!r.ok) return this.sendError(client, 'bad-word', r.message, { id, type });
          word = r.word;
          try {
            if (r.added || this.pending.has(word)) await this.append({ word });
          } catch (e) {
            console.error(`cardwords serve: game ${this.roomId}: the approval of '${word}' is in the dictionary but not in the game log: ${(e as Error).message}`);
          }
        } else {
          word = this.ruleset.ruleset.canonicalWord(w.normalize('NFC')) ?? w;
          if (this.pending.has(word)) {
            try {
              await this.append({ reject: word });
            } catch (e) {
              return this.sendError(client, 'storage-failed', `the rejection of '${word}' could not be stored: ${(e as Error).message}`, { id, type });
            }
          }
        }
        done.push(word);
        // the refused players, and only they, are told
        for (const name of this.pending.get(word) ?? []) {
          const seat = this.findSeat(name);
          const c = seat?.sessionId ? this.clients.getById(seat.sessionId) : undefined;
          c?.send('word', { word, approved: approve });
        }
        this.pending.delete(word);
      }
      client.send('ack', { id, type, moves: this.moves(), words: done });
    });
  }

  private onRematch(client: Client, m: unknown): void {
    const id = messageId(m);
    const seat = this.seatOf(client);
    const owner = this.isOwner(client);
    if (!seat && !owner) return this.sendError(client, 'not-player', 'only the players and the owner ask for a rematch', { id, type: 'rematch' });
    if (!this.game?.over || this.ended) return this.sendError(client, 'not-over', 'a rematch follows the end of a game', { id, type: 'rematch' });
    void this.enqueue(async () => {
      if (!this.game?.over || this.ended) return this.sendError(client, 'not-over', 'a rematch follows the end of a game', { id, type: 'rematch' });
      if (seat) seat.rematch = true;
      const humans = this.seats.filter((s) => s.robot === null && s.held && !s.removed);
      if (owner || humans.every((s) => s.rematch)) {
        const seed = newKey();
        try {
          await this.append({ rematch: seed });
        } catch (e) {
          return this.sendError(client, 'storage-failed', `the rematch could not be stored: ${(e as Error).message}`, { id, type: 'rematch' });
        }
        this.newRound(seed);
        this.sync();
        this.broadcastPatch();
        this.broadcast('rematch', { round: this.round });
      } else this.sync();
      client.send('ack', { id, type: 'rematch', moves: this.moves() });
    });
  }

  private onRemove(client: Client, m: unknown): void {
    if (!this.requireOwner(client, 'remove', m)) return;
    const id = messageId(m);
    const name = isRecord(m) ? m.name : undefined;
    if (typeof name !== 'string') return this.sendError(client, 'bad-message', 'remove: { name }', { id, type: 'remove' });
    void this.enqueue(async () => {
      const seat = this.findSeat(name);
      if (!seat || seat.robot !== null || seat.removed) return this.sendError(client, 'unknown-player', `no human player named '${name}' is in this game`, { id, type: 'remove' });
      const sessionId = seat.sessionId;
      try {
        await this.append(this.game ? { remove: seat.name } : { unseat: seat.name });
      } catch (e) {
        return this.sendError(client, 'storage-failed', `the removal could not be stored: ${(e as Error).message}`, { id, type: 'remove' });
      }
      if (this.game) Object.assign(seat, { removed: true, key: null, auto: true, sessionId: null, held: false });
      else this.vacate(seat);
      if (sessionId) {
        const c = this.clients.getById(sessionId);
        this.info.delete(sessionId);
        c?.leave(4000, 'removed by the owner');
      }
      this.sync();
      client.send('ack', { id, type: 'remove', moves: this.moves() });
      this.checkLifetime();
    });
  }

  /**
   * `hint`: the best robot's choice for the asking player's own hand (from that seat's view
   * only), sent to that client alone: `{ id, action, score, words, moves }`, `moves` the
   * best HINT_MOVES choices, best first (the best trade or pass among them by its score).
   * Any time in a game.
   */
  private onHint(client: Client, m: unknown): void {
    const id = messageId(m);
    const seat = this.seatOf(client);
    if (!seat) return this.sendError(client, 'not-player', 'watchers get no hints: join with a name', { id, type: 'hint' });
    const g = this.game;
    if (!g) return this.sendError(client, 'not-started', 'the game has not started', { id, type: 'hint' });
    if (g.over) return this.sendError(client, 'game-over', 'the game is over', { id, type: 'hint' });
    const view = viewOf(g, seat.index);
    const ctx = { table: this.ruleset.rules.table, bonus: this.ruleset.rules.bonus, store: this.ruleset.store };
    const choice = chooseAction(ctx, view.board, view.hand!, view.pile, 'best', Rng.fromSeed(`hint/${g.actions.length}`));
    const action = choiceToAction(seat.index, view.board.width, choice);
    const words = choice.kind === 'move' ? moveWords(ctx, view.board, choice.move) : [];
    const ranked: RobotChoice[] = sortMoves(generateMoves(ctx, view.board, view.hand!))
      .slice(0, HINT_MOVES)
      .map((move) => ({ kind: 'move', move, score: move.score }));
    const other = bestNonMove(ctx.bonus, view.hand!, view.pile);
    const at = ranked.findIndex((c) => c.score < other.score);
    ranked.splice(at < 0 ? ranked.length : at, 0, other);
    const moves = ranked.slice(0, HINT_MOVES).map((c) => ({ action: choiceToAction(seat.index, view.board.width, c), score: c.score, words: c.kind === 'move' ? moveWords(ctx, view.board, c.move) : [] }));
    client.send('hint', { id, action, score: choice.score, words, moves });
  }

  // ---- robots

  private robotStep(): void {
    if (this.ended || this.robotBusy || !this.game || this.game.over) return;
    const seat = this.seats[this.game.turn]!;
    if (seat.robot === null && !seat.auto) return;
    this.robotBusy = true;
    void this.enqueue(async () => {
      const g = this.game;
      if (!g || g.over || this.ended) return;
      const s = this.seats[g.turn]!;
      if (s.robot === null && !s.auto) return;
      const level = s.robot ?? this.opts.standIn;
      const seed = `${this.roundSeed}/${g.actions.length}`;
      const view = viewOf(g, g.turn);
      let action: CardwordsAction;
      try {
        // on the robots' thread; on this one if that thread is not there
        action = await ctx()
          .robots.choose(this.ruleset.name, view, level, seed)
          .catch((e: unknown) => {
            warnNoRobotThread(e);
            return robotAction({ table: this.ruleset.rules.table, bonus: this.ruleset.rules.bonus, store: this.ruleset.store }, view, level, Rng.fromSeed(seed));
          });
      } catch (e) {
        console.error(`cardwords serve: game ${this.roomId}: the robot failed (${(e as Error).message}); it passes`);
        action = { type: 'pass', player: g.turn };
      }
      if (this.game !== g || g.over || this.ended) return; // the game moved on meanwhile
      const err = await this.commit(action);
      if (err && err.code !== 'storage-failed') {
        console.error(`cardwords serve: game ${this.roomId}: the robot's ${action.type} was refused (${err.message}); it passes`);
        await this.commit({ type: 'pass', player: g.turn });
      }
    }).finally(() => {
      this.robotBusy = false;
    });
  }

  // ---- lifetime and results

  private checkLifetime(): void {
    if (this.ended || this.shuttingDown) return;
    const { timeouts } = ctx();
    const now = Date.now();
    let changed = false;
    for (const s of this.seats) {
      if (s.held && s.sessionId === null && s.heldUntil > 0 && now > s.heldUntil) {
        Object.assign(s, { held: false, heldUntil: 0, auto: this.game !== null });
        changed = true;
        if (!this.game) {
          // restored before the start, and the player did not come back: the seat is free again
          const name = s.name;
          void this.enqueue(async () => {
            if (this.game || s.sessionId !== null || s.name !== name) return;
            await this.append({ unseat: name });
            this.vacate(s);
            this.sync();
          }).catch((e: unknown) => console.error(`cardwords serve: game ${this.roomId}: could not free a seat: ${(e as Error).message}`));
        }
      }
    }
    if (changed) this.sync();
    const humansHere = this.seats.some((s) => s.robot === null && s.held);
    const seatedHumans = this.seats.some((s) => s.robot === null && s.name !== '');
    let reason: string | null = null;
    if (!this.game && !seatedHumans && now - this.createdAt > timeouts.firstJoinMs && now - this.lastActionAt > timeouts.firstJoinMs) reason = 'no-players';
    else if (now - this.lastActionAt > timeouts.idleMs) reason = 'idle';
    else if (this.game?.over && !humansHere) reason = 'left';
    if (reason) {
      const r = reason;
      void this.enqueue(() => this.endGame(r));
    }
  }

  private computeResults(): CardwordsResult[] {
    const g = this.game!;
    return g.players.map((p, i) => ({
      seat: i,
      name: p.name,
      robot: this.seats[i]!.robot !== null,
      score: p.score,
      handPoints: g.end?.handPoints[i] ?? 0,
      adjustment: g.end?.adjustments[i] ?? 0,
      winner: g.end?.winners.includes(i) ?? false,
    }));
  }

  protected results(): unknown {
    const r = this.lastResults ?? (this.game ? this.computeResults() : []);
    return r.slice().sort((a, b) => b.score - a.score);
  }

  protected markEnded(): void {
    this.state.status = 'ended';
  }

  private updateListing(): void {
    const humans = this.seats.filter((s) => s.robot === null && s.name !== '').length;
    const robots = this.seats.filter((s) => s.robot !== null).length;
    const state = this.ended ? 'ended' : !this.game ? 'waiting' : this.game.over ? 'over' : 'playing';
    const meta = this.metadata as { players?: number; state?: string } | undefined;
    if (meta && meta.players === humans && meta.state === state) return;
    void this.setMetadata({ kind: 'cardwords', ruleset: this.ruleset.name, players: humans, robots, humans: this.opts.humans, maxPlayers: this.seats.length, state });
  }

  /** Copies the engine state into the synchronised schema (only changed fields go out). */
  private sync(): void {
    const st = this.state;
    const g = this.game;
    if (!this.ended) st.status = !g ? 'waiting' : g.over ? 'over' : 'playing';
    if (st.round !== this.round) {
      st.round = this.round;
      st.board.clear();
      this.shownActions = 0;
    }
    st.moves = g?.actions.length ?? 0;
    this.seats.forEach((seat, i) => {
      const p = st.players[i]!;
      set(p, 'name', seat.name);
      set(p, 'robot', seat.robot !== null);
      set(p, 'level', seat.robot ?? '');
      set(p, 'connected', seat.robot !== null || (seat.sessionId !== null && this.clients.getById(seat.sessionId) !== undefined));
      set(p, 'auto', seat.robot === null && seat.auto);
      set(p, 'rematch', seat.rematch);
      const gp = g?.players[i];
      set(p, 'score', gp?.score ?? 0);
      set(p, 'cards', gp?.hand.length ?? 0);
      setHand(p.hand, gp?.hand ?? []);
      set(p, 'handPoints', g?.end?.handPoints[i] ?? 0);
      set(p, 'adjustment', g?.end?.adjustments[i] ?? 0);
    });
    if (g) {
      // the table's cards in the order they were laid (a replay gives the same order)
      for (; this.shownActions < g.actions.length; this.shownActions++) {
        const a = g.actions[this.shownActions]!;
        if (a.type !== 'move') continue;
        for (const p of a.cards) {
          const pc = new CwPlaced();
          pc.col = p.col;
          pc.row = p.row;
          pc.char = p.card.char ?? '';
          pc.points = p.card.points;
          pc.meaning = p.card.meaning ?? '';
          st.board.push(pc);
        }
      }
    }
    set(st, 'pile', g?.pile.length ?? 0);
    set(st, 'turn', g && !g.over ? g.turn : -1);
    set(st, 'idle', g?.idle ?? 0);
    const last = g?.last;
    const l = st.last;
    set(l, 'player', last?.player ?? -1);
    set(l, 'type', last?.type ?? '');
    set(l, 'score', last?.score ?? 0);
    setArray(l.words, last?.words ?? []);
    set(l, 'traded', last?.traded ?? 0);
    set(l, 'drawn', last?.drawn ?? 0);
    set(st, 'endReason', g?.end?.reason ?? '');
    setArray(st.winners, g?.end?.winners ?? []);
    this.updateListing();
  }
}

function set<O extends object, K extends keyof O>(o: O, k: K, v: O[K]): void {
  if (o[k] !== v) o[k] = v;
}

interface SchemaArray<T> {
  length: number;
  push(...v: T[]): number;
  splice(start: number, deleteCount?: number): T[];
  [i: number]: T;
}

function setArray<T>(arr: SchemaArray<T>, values: readonly T[]): void {
  for (let i = 0; i < values.length; i++) {
    if (i < arr.length) {
      if (arr[i] !== values[i]) arr[i] = values[i]!;
    } else arr.push(values[i]!);
  }
  if (arr.length > values.length) arr.splice(values.length, arr.length - values.length);
}

/**
 * Brings a schema hand to the engine's: cards that left it are removed, new ones pushed. The
 * engine keeps a hand's order (kept cards, then the cards drawn), so the kept cards match in
 * order. New cards are always new schema objects: a card object is never moved between hands.
 */
function setHand(hand: SchemaArray<SchemaType<typeof CwCard>>, cards: readonly Card[]): void {
  let j = 0;
  for (let i = 0; i < hand.length; ) {
    const c = hand[i]!;
    if (j < cards.length && cardKey({ char: c.char === '' ? null : c.char, points: c.points }) === cardKey(cards[j]!)) {
      i++;
      j++;
    } else hand.splice(i, 1);
  }
  for (; j < cards.length; j++) {
    const card = new CwCard();
    card.char = cards[j]!.char ?? '';
    card.points = cards[j]!.points;
    hand.push(card);
  }
}
