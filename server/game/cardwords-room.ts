// A Cardwords game (docs/rules.md#cardwords; docs/server.md "Cardwords rooms") as a
// Colyseus room over core/games/cardwords. The owner creates it with a ruleset, numbers of
// humans, robots (Robot1..RobotN, each with a level) and watchers, and a grace period
// (cardwords-options.ts); the game starts when the humans are seated. Seats: the humans in
// the order they sat down, then the robots; the first seat moves first. Its parts:
// cardwords-schema.ts (the synchronised state: private hands, the pile as a count),
// cardwords-log.ts (the log's entries, replayed here), word-questions.ts (the owner's open
// questions), room-base.ts (the queue, the robots' clock, lifetime, endings, shutdown).
//
// - An unknown word refuses the move naming the words, and the owner's clients are asked
//   (an owner who plays a seat only at the end of the round: the word would show cards of
//   that hand); an approved word goes to the ruleset's personal dictionary and the live word
//   store (rulesets.ts), and the refused player is told. Nobody else is.
// - A dropped human (closed panel, lost network) keeps the seat, away. After the game's grace
//   period a stand-in robot plays it, each action marked (log, state, history, results); the
//   human who comes back (reconnection token, or game id + name + seat key) plays it again.
//   `leave` gives the seat to a stand-in for good. No human connected: nothing moves.
import { CHECK_MAX_WORDS } from '../../core/games/cardwords/word-checks.js';
import { bestAction, equityHints, rankActions, type EquityOptions } from '../../core/robots/cardwords/equity.js';
import { handPoints, unseenCards } from '../../core/robots/cardwords/simulate.js';
import { leavesNow } from '../robots/leaves.js';
import { isRobotName, normalizeName, sameName } from '../../core/games/names.js';
import { StateView } from '@colyseus/schema';
import type { Client } from '@colyseus/core';
import { ANY_WORD, MAX_NAME_LENGTH, apply, finish, newGame, type CardwordsAction, type CardwordsError, type CardwordsState, type Words } from '../../core/games/cardwords/engine.js';
import { NotationError, parseAction } from '../../core/games/cardwords/notation.js';
import { viewOf, type CardwordsView } from '../../core/games/cardwords/view.js';
import type { Leaves } from '../../core/robots/cardwords/leaves.js';
import { choiceToAction, moveWords, robotAction, type RobotLevel } from '../../core/robots/cardwords/robot.js';
import { Rng } from '../../core/random.js';
import { ctx, isOwnerToken } from './context.js';
import { GameRoom, isRecord, messageId, newKey, refuse } from './room-base.js';
import { parseCreateOptions, storedOptions, type CreationOptions } from './cardwords-options.js';
import { UnplayableRuleset, type LoadedRuleset } from './rulesets.js';
import { LeaseLostError, type LogEntry, type StoredGame } from './store.js';
import { readEntry, unreachable, writeEntry, type CardwordsEntry } from './cardwords-log.js';
import { byPlayer, WordQuestions } from './word-questions.js';
import { MAX_CARRIED } from './carried-questions.js';
import { earlierRoundsSent, LogNotes, type LogNote, type RoundLog } from './cardwords-history.js';
import { CLOSE, CLOSE_REASON, type WordAsk, type CardwordsClientMessages, type CardwordsHistoryMessage, type CardwordsHistoryTurn, type CardwordsServerMessages, type EndReason, type PlayerResult, type ResultsMessage, type Untrusted, type WordDecisionMessage } from '../../core/protocol/messages.js';
import { CardwordsRoomState, CardwordsStateSync, CwSeat } from './cardwords-schema.js';
import { cardwordsEndsWithout, cardwordsOwnSeat, cardwordsRematchWaits, cardwordsRemovable, holdsSeat } from '../../core/protocol/game.js';

/** How long an agreed rematch the room starts by itself waits after a failed write. */
const REMATCH_RETRY_MS = 10_000;

interface Seat {
  index: number;
  /** '' while a human seat is free. */
  name: string;
  /** A robot seat's level; null for a human seat. */
  robot: RobotLevel | null;
  key: string | null;
  /** The client (also while the SDK may reconnect it); null when none. */
  sessionId: string | null;
  /** Dropped (or restored and not back yet) since (ms since the epoch, shown to people); 0 while connected. */
  awaySince: number;
  /** The same moment on the monotonic clock (performance.now()), which the grace is measured on; 0 while connected. */
  awayAt: number;
  /** A stand-in robot plays the seat (away past the grace period, left, or removed; not the last human's seat given up: the game ends, `giveUp`). */
  auto: boolean;
  rematch: boolean;
  /** Removed by the owner or left: the key is void, a stand-in plays to the end. */
  removed: boolean;
  /** `removed` by the owner (not a leave): the pages say so. */
  byOwner: boolean;
  /** Taken with the owner token: the owner plays this seat (and must not see the others' unknown words during a round). */
  owner: boolean;
  /**
   * Taken before a restart and not back since: held for its human until they come back, the
   * owner removes it or the game ends, where a seat whose player closed the page before the
   * deal is freed after the grace (nobody chose to go by the server stopping).
   */
  held: boolean;
}

/** A round played: its seed, its actions and which of them a stand-in made (replayed for `history`). */
interface PlayedRound {
  round: number;
  seed: string;
  actions: readonly CardwordsAction[];
  standInAt: ReadonlySet<number>;
}

/** A person's seat given up (left or removed): the state's `left`, and no longer removable. */
function hasLeft(seat: Seat): boolean {
  return seat.robot === null && seat.removed;
}


let warnedNoRobotThread = false;
function warnNoRobotThread(e: unknown): void {
  if (warnedNoRobotThread) return;
  warnedNoRobotThread = true;
  console.error(`cardwords serve: the robots' thread is not available (${(e as Error).message}); robots play on the main thread`);
}

/** A player name as the seed: a name by core/games/names.ts, and no white space; null otherwise. */
export function seatName(raw: unknown): string | null {
  const n = normalizeName(raw);
  return n !== null && !/\s/u.test(n) ? n : null;
}

const same = sameName; // core/games/names.ts: look-alike names are the same name

/** This process's Cardwords rooms: told at once of the questions a game of their ruleset leaves open (carried-questions.ts). */
const liveRooms = new Set<CardwordsRoom>();

export class CardwordsRoom extends GameRoom<CardwordsClientMessages, CardwordsServerMessages> {
  readonly kind = 'cardwords';
  override state = new CardwordsRoomState();
  override autoDispose = false;
  private ruleset!: LoadedRuleset;
  private opts!: CreationOptions;
  private seats: Seat[] = [];
  private game: CardwordsState | null = null;
  private round = 1;
  private roundSeed = '';
  /** Unknown words waiting for the owner, and who was refused for each. */
  private questions!: WordQuestions;
  /** The open questions carried at this room's end (afterEnd), said to the owner's clients (farewell). */
  private carriedWords: string[] = [];
  /** The questions of ended games asked here (sendCarried), until decided: they wait on after this room's end too. */
  private readonly earlierAsked = new Set<string>();
  /**
   * Words the owner rejected in this game (from the log too): a move with one is refused
   * without asking again (docs/rules.md#cardwords-unknown-words), until the owner approves it.
   */
  private readonly rejected = new Set<string>();
  private lastResults: PlayerResult[] | null = null;
  /** Indexes of this round's actions a stand-in made (marked in the log and the history). */
  private standInAt = new Set<number>();
  /** The review of a finished round (see reviewed()). */
  private review: { round: number; turns: CardwordsHistoryTurn[] } | null = null;
  /** The rounds before this one (a rematch followed each), for `history`; their logs are worked out once. */
  private pastRounds: Array<PlayedRound & { log?: RoundLog }> = [];
  /** The log's lines that are no turn (cardwords-history.ts), noted as their entries are logged or replayed. */
  private readonly notes = new LogNotes();
  private readonly stateSync = new CardwordsStateSync();

  override async onCreate(options: unknown): Promise<void> {
    const o = isRecord(options) ? options : {};
    if (!isOwnerToken(o.owner)) throw refuse('not-owner', 'only the owner creates games (give the owner token)');
    const registry = ctx().rulesets;
    let opts: CreationOptions | null = null;
    if (typeof o.restore !== 'string') {
      const parsed = parseCreateOptions(o, registry.names());
      if (!parsed.ok) throw refuse(parsed.code, parsed.message);
      opts = parsed.options;
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
    this.on('action', (client, m) => this.onAction(client, m));
    this.on('approve', (client, m) => this.onWords(client, m, true));
    this.on('reject', (client, m) => this.onWords(client, m, false));
    this.on('rematch', (client, m) => this.onRematch(client, m));
    this.on('remove', (client, m) => this.onRemove(client, m));
    this.on('hint', (client, m) => this.onHint(client, m));
    this.on('check', (client, m) => this.onCheck(client, m));
    this.on('history', (client, m) => this.onHistory(client, m));
    this.on('leave', (client, m) => this.onLeaveRequest(client, m));
    this.on('end', (client, m) => {
      if (!this.requireOwner(client, 'end', m)) return;
      const id = messageId(m);
      // acknowledged once the end is stored (it was before: an end Redis never kept came back)
      void this.enqueue(async () => {
        if (!(await this.endGame('owner', () => this.sendTo(client, 'ack', { id, type: 'end', moves: this.moves() }))) && !this.ended) {
          this.sendError(client, 'storage-failed', 'the end could not be stored; the game goes on', { id, type: 'end' });
        }
      });
    });
    this.onMessage('*', (client, type, m) => this.sendError(client, 'unknown-message', `no message '${String(type)}' in a Cardwords room`, { id: messageId(m), type: String(type) }));
    const { timeouts } = ctx();
    this.startClocks(Math.min(1000, timeouts.firstJoinMs / 10, timeouts.idleMs / 10, this.opts.grace > 0 ? this.opts.grace / 10 : 1000));
    liveRooms.add(this);
  }

  /** The header's options of a restored game, with its ruleset loaded and checked. */
  private async restoredOptions(raw: Record<string, unknown>, id: string): Promise<CreationOptions> {
    const { digest, ...h } = storedOptions(raw);
    const loaded = await this.loadRuleset(h.ruleset);
    if (digest !== loaded.rules.ruleset.digest) {
      throw refuse('unknown-game', `game ${id} was played with another version of ruleset ${h.ruleset} (digest ${digest}, now ${loaded.rules.ruleset.digest})`);
    }
    return h;
  }

  /** Seats, schema and the replay of the stored entries. */
  private setUp(opts: CreationOptions, stored: StoredGame): void {
    this.opts = opts;
    this.questions = new WordQuestions((w) => this.ruleset.store.has(w));
    this.roundSeed = stored.header.seed;
    this.maxClients = opts.humans + opts.watchers + 16;
    const st = this.state;
    st.gameId = stored.header.id;
    st.ruleset = this.ruleset.name;
    st.digest = this.ruleset.rules.ruleset.digest;
    st.humans = opts.humans;
    st.watchers = opts.watchers;
    st.grace = opts.grace;
    st.width = this.ruleset.rules.table.width;
    st.height = this.ruleset.rules.table.height;
    for (let i = 0; i < opts.humans; i++) this.seats.push(this.freeSeat(i));
    opts.robots.forEach((level, i) => {
      this.seats.push({ ...this.freeSeat(opts.humans + i), name: `Robot${i + 1}`, robot: level });
    });
    // the robots' thread loads the ruleset now, not when the first robot is to move (a
    // thread that cannot is found out then, and the robots play on this thread)
    if (opts.robots.length > 0) ctx().robots.prepare(this.ruleset.name).catch(() => undefined);
    for (const _ of this.seats) st.players.push(new CwSeat());
    for (const e of stored.entries) this.replayEntry(e);
    this.maybeStart();
    if (stored.entries.length > 0) {
      // a restored game waits for its humans: away from now, a stand-in after the grace period
      // (before the deal, the seats are held: Seat.held)
      const away = this.awayNow();
      for (const s of this.seats) if (s.robot === null && s.name !== '' && !s.removed) Object.assign(s, { ...away, auto: false, held: true });
    }
    this.sync();

  }

  private freeSeat(index: number): Seat {
    return { index, name: '', robot: null, key: null, sessionId: null, awaySince: 0, awayAt: 0, auto: false, rematch: false, removed: false, byOwner: false, owner: false, held: false };
  }

  private async loadRuleset(name: string): Promise<LoadedRuleset> {
    try {
      this.ruleset = await ctx().rulesets.get(name);
      // the learned leave values are read from the cache now, not at the first hint
      this.leaves();
      return this.ruleset;
    } catch (e) {
      // a ruleset this server offers whose files have errors is not "no such ruleset"
      throw e instanceof UnplayableRuleset ? refuse('ruleset-unplayable', e.shown) : refuse('unknown-ruleset', (e as Error).message);
    }
  }

  /** A word as a client wrote it, in the ruleset's canonical form (as written when it has none). */
  private canonicalWord(w: string): string {
    return this.ruleset.ruleset.canonicalWord(w.normalize('NFC')) ?? w;
  }

  private get words(): Words {
    return this.ruleset.store;
  }

  /** What the robot functions need of the ruleset (hint, review, the main thread's robot). */
  private get robotCtx(): { table: LoadedRuleset['rules']['table']; bonus: LoadedRuleset['rules']['bonus']; store: LoadedRuleset['store'] } {
    return { table: this.ruleset.rules.table, bonus: this.ruleset.rules.bonus, store: this.ruleset.store };
  }

  private moves(): number {
    return this.game?.actions.length ?? 0;
  }

  /** Rebuilds the game from one stored record (every kind of entry is handled: the switch is checked). */
  private replayEntry(record: LogEntry): void {
    const e = readEntry(record);
    if (!e) return;
    this.notes.add(this.noteOf(e));
    switch (e.kind) {
      case 'seat': {
        const seat = this.seats.find((s) => s.robot === null && s.name === '');
        if (!seat) throw new Error(`game ${this.roomId}: the log seats more humans than the game has`);
        Object.assign(seat, { name: e.name, key: e.key, owner: e.owner });
        this.maybeStart();
        return;
      }
      case 'unseat': {
        const seat = this.findSeat(e.name);
        if (seat) this.vacate(seat);
        return;
      }
      case 'remove':
      case 'leave': {
        const seat = this.findSeat(e.name);
        if (seat) this.giveUp(seat, e.kind === 'remove');
        return;
      }
      case 'vote': {
        // flagged as it was (newRound clears the flags): a vote of a player gone since stays
        // stale (asksRematch, core/protocol/game.ts), as it did in the room that took it
        const seat = this.findSeat(e.name);
        if (seat && this.game?.over) seat.rematch = true;
        return;
      }
      case 'rematch':
        return this.newRound(e.seed);
      case 'action': {
        if (!this.game) throw new Error(`game ${this.roomId}: an action before the start`);
        const r = apply(this.ruleset.rules, this.game, e.action, ANY_WORD);
        if (!r.ok) throw new Error(`game ${this.roomId}: the log does not replay (${r.error.message})`);
        this.game = r.state;
        if (e.standIn) this.standInAt.add(this.game.actions.length - 1);
        return;
      }
      case 'ask':
        return this.questions.add(e.words, e.player);
      case 'word':
        // the personal dictionary holds the approved words themselves
        this.rejected.delete(e.word);
        return this.questions.resolve(e.word);
      case 'reject':
        this.rejected.add(e.word);
        return this.questions.resolve(e.word);
      default:
        return unreachable(e);
    }
  }

  /** Approvals the game log could not take when they were made (the store failing): written before its next entry. */
  private readonly unlogged: string[] = [];

  /** Appends one entry of this game's log durably (and notes its line, once written). */
  private async record(e: CardwordsEntry): Promise<void> {
    while (this.unlogged.length > 0) {
      await this.append(writeEntry({ kind: 'word', word: this.unlogged[0]! }));
      this.unlogged.shift();
    }
    // placed before the write: the game may move on meanwhile
    const note = this.noteOf(e);
    await this.append(writeEntry(e));
    this.notes.add(note);
  }

  /**
   * The log line an entry makes, placed after the round's actions so far, as a page in the
   * room wrote it (before the entry changes anything): a leave or removal in a game, a
   * rematch, the owner's decision on a word someone asked about (for them only). Null: none.
   */
  private noteOf(e: CardwordsEntry): LogNote | null {
    const at = { round: this.round, at: this.moves() };
    switch (e.kind) {
      case 'leave':
      case 'remove': {
        if (!this.game) return null;
        // what became of the seat, as the pages word it from the state that shows it given up
        const seat = this.findSeat(e.name);
        const status = this.game.over ? 'over' : 'playing';
        const then = seat && cardwordsEndsWithout({ status, players: this.seatStates() }, seat.index) ? 'end' : this.game.over ? 'rematch' : undefined;
        return { ...at, kind: e.kind, name: e.name, ...(then ? { then } : {}) };
      }
      case 'vote':
        return { ...at, kind: 'vote', name: e.name };
      case 'rematch':
        return { round: this.round + 1, at: 0, kind: 'rematch' };
      case 'word':
      case 'reject': {
        const askers = this.questions.askers(e.word);
        return askers.length ? { ...at, kind: 'word', word: e.word, approved: e.kind === 'word', askers } : null;
      }
      default:
        return null;
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
    if (next && this.game) this.pastRounds.push({ round: this.round, seed: this.roundSeed, actions: this.game.actions, standInAt: this.standInAt });
    if (next) this.round++;
    this.roundSeed = seed;
    this.game = g.state;
    this.lastResults = null;
    this.standInAt = new Set();
    for (const s of this.seats) s.rematch = false;
  }

  // ---- joining, dropping, leaving

  override async onJoin(client: Client, options: unknown): Promise<void> {
    const o = isRecord(options) ? options : {};
    const owner = isOwnerToken(o.owner);
    if (this.ended) throw refuse('game-ended', 'the game has ended');
    if (o.watch === true || (owner && o.name === undefined)) {
      this.checkWatcherPlace(owner, this.opts.watchers);
      this.info.set(client.sessionId, { role: 'watcher', owner });
      client.view = new StateView();
      this.greet(client, { role: 'watcher', owner });
      this.updateListing();
      return;
    }
    const name = seatName(o.name);
    if (name === null) throw refuse('name-invalid', `a player name has 1 to ${MAX_NAME_LENGTH} characters and no white space`);
    const alt = o.alt === undefined || o.alt === '' ? null : seatName(o.alt);
    if (o.alt !== undefined && o.alt !== '' && alt === null) throw refuse('name-invalid', `the alternative name has 1 to ${MAX_NAME_LENGTH} characters and no white space`);
    await this.enqueue(async () => {
      if (this.ended) throw refuse('game-ended', 'the game has ended');
      this.refuseGivenUp(o.key);
      let seat = this.findSeat(name);
      if (seat && seat.robot === null && seat.key !== null && o.key === seat.key) {
        // the seat's human is back
        if (seat.sessionId && seat.sessionId !== client.sessionId) this.dropSession(seat.sessionId, CLOSE_REASON.TAKEN_BACK)?.leave(CLOSE.REMOVED, CLOSE_REASON.TAKEN_BACK);
        Object.assign(seat, { sessionId: client.sessionId, awaySince: 0, awayAt: 0, auto: false, held: false, owner: seat.owner || owner });
      } else {
        const free = (n: string | null) => n !== null && !isRobotName(n) && !this.findSeat(n);
        const chosen = free(name) ? name : free(alt) ? alt! : null;
        if (chosen === null && isRobotName(name) && (alt === null || isRobotName(alt))) throw refuse('name-robot', "Robot1..RobotN are the robots' names");
        if (chosen === null) throw refuse('name-taken', `a player named '${name}' is in this game${alt ? `, and so is '${alt}'` : ''} (Robot1..RobotN are the robots' names)`);
        seat = this.seats.find((s) => s.robot === null && s.name === '');
        if (!seat || this.game) throw refuse('table-full', `all ${this.opts.humans} human seats are taken: join as a watcher`);
        const key = newKey();
        try {
          await this.record({ kind: 'seat', name: chosen, key, owner });
        } catch (e) {
          throw refuse('storage-failed', `the seat could not be stored: ${(e as Error).message}`);
        }
        Object.assign(seat, { name: chosen, key, sessionId: client.sessionId, awaySince: 0, awayAt: 0, auto: false, owner });
        this.maybeStart();
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
    this.sendTo(client, 'welcome', { gameId: this.roomId, kind: 'cardwords', ...w });
    const r = this.ruleset;
    this.sendTo(client, 'ruleset', { name: r.name, digest: r.rules.ruleset.digest, files: r.texts });
    if (w.owner) {
      for (const [player, words] of this.visibleQuestions()) this.sendTo(client, 'word-request', { words, player, ruleset: r.name });
      void this.askCarried(client);
    }
  }

  /**
   * The questions ended games of this ruleset left open (carried-questions.ts), to an owner's
   * client that joins: the round they came from is over, so no hand of this game shows.
   */
  private async askCarried(client: Client): Promise<void> {
    const name = this.ruleset.name;
    let kept: Map<string, string[]>;
    try {
      kept = await ctx().questions.list(name);
    } catch (e) {
      return console.error(`cardwords serve: game ${this.roomId}: the open questions of ended games could not be read: ${(e as Error).message}`);
    }
    // approved meanwhile: no longer questions
    const known = [...kept.keys()].filter((w) => this.ruleset.store.has(w));
    if (known.length) await ctx().questions.settle(name, known).catch(() => undefined);
    if (this.clients.getById(client.sessionId)) this.sendCarried([client], kept);
  }

  /**
   * The owner clients in this process's live games of `ruleset` (but `except`) are asked at
   * once the questions an ended game left open: one that ended here, or on another process
   * (carried-questions.ts' channel).
   */
  static askOwnersHere(ruleset: string, questions: ReadonlyMap<string, readonly string[]>, except?: CardwordsRoom): void {
    for (const r of liveRooms) {
      if (r !== except && !r.ended && r.ruleset.name === ruleset) r.sendCarried(r.clients.filter((c) => r.roleOf(c)?.owner === true), questions);
    }
  }

  /** `word-request`s (`earlier`) to `clients` for the questions ended games left, by player: not those known or asked here. */
  private sendCarried(clients: readonly Client[], kept: ReadonlyMap<string, readonly string[]>): void {
    const asked = byPlayer([...kept].filter(([word]) => !this.ruleset.store.has(word) && !this.questions.has(word)));
    for (const c of clients) for (const [player, words] of asked) this.sendTo(c, 'word-request', { words, player, ruleset: this.ruleset.name, earlier: true });
    // still waiting at this room's end unless decided here (bounded: the store's own bound)
    if (clients.length) for (const words of asked.values()) for (const w of words) if (this.earlierAsked.size < MAX_CARRIED) this.earlierAsked.add(w);
  }

  override onDispose(): void | Promise<void> {
    liveRooms.delete(this);
    return super.onDispose();
  }

  /**
   * The questions still open outlive the game: held for it before its end is stored (a crash
   * between the end and the carry finds them at the next start), then carried (below).
   */
  protected override async beforeEnd(): Promise<void> {
    if (this.questions) await ctx().questions.hold(this.roomId, this.ruleset.name, this.questions.open());
  }

  /**
   * The questions still open outlive the game: the owner is asked them in the next game of
   * this ruleset (and at once in those open here). Only once the end is stored (room-base.ts):
   * a stale holder of a game taken over elsewhere told the owner's other games a word held
   * back from a round that still went on.
   */
  protected override async afterEnd(): Promise<void> {
    const open = this.questions?.open();
    // said to the owner's clients at the end (farewell): kept, or held for the next start, they
    // are asked later either way; so are the earlier games' asked here and not decided
    const waiting = new Set([...(open?.keys() ?? []), ...[...this.earlierAsked].filter((w) => !this.ruleset.store.has(w))]);
    this.carriedWords = [...waiting];
    if (!open?.size) return;
    try {
      await ctx().questions.carry(this.ruleset.name, open, this.roomId);
    } catch (e) {
      return console.error(`cardwords serve: game ${this.roomId}: the open questions (${[...open.keys()].join(', ')}) could not be kept for the next game now: ${(e as Error).message}; they are held, and kept at the next start`);
    }
    // an owner already in another game of this ruleset here is asked at once (other processes: by the channel)
    CardwordsRoom.askOwnersHere(this.ruleset.name, open, this);
  }

  /**
   * `history`: asked by a client once it has its first state (a message sent during the join
   * would reach it after that state, older than it). Anyone in the room may ask: it is public.
   */
  private onHistory(client: Client, m: Untrusted<CardwordsClientMessages['history']>): void {
    const id = messageId(m);
    if (!this.game) return this.sendError(client, 'not-started', 'the game has not started', { id, type: 'history' });
    // after the game, every human turn carries the best robot's choice (the review); never
    // during it: that choice shows the hand the player held (docs/rules.md "Privacy")
    this.sendTo(client, 'history', { id, ...this.historyFor(client) });
  }

  /**
   * The log as `client` may see it (core/protocol/messages.ts): this round's turns (after the
   * game, or with `review` at the room's end, with the review), the earlier rounds' back to
   * LOG_LINES turns, and the other lines.
   */
  private historyFor(client: Client, review = this.game!.over): Omit<CardwordsHistoryMessage, 'id'> {
    const game = this.game!;
    const turns = review ? this.reviewed() : this.history(false);
    const k = earlierRoundsSent(turns.length, this.pastRounds.map((r) => r.actions.length));
    const earlier = this.pastRounds.slice(this.pastRounds.length - k).map((r) => (r.log ??= this.roundLog(r)));
    const current: RoundLog = { round: this.round, turns, winners: game.over ? this.winners(game) : null };
    const events = this.notes.events([...earlier, current], this.seatOf(client)?.name ?? null);
    return { round: this.round, players: this.seats.map((s) => s.name), turns, earlier: earlier.map((r) => ({ round: r.round, turns: r.turns })), events };
  }

  /** An earlier round's turns and winners (it is over: a rematch follows only an end by the rules). */
  private roundLog(r: PlayedRound): RoundLog {
    const { turns, state } = this.replayRound(r, false);
    return { round: r.round, turns, winners: state?.over ? this.winners(state) : null };
  }

  /** The winners' names, as the results name them (`cw.won`). */
  private winners(g: CardwordsState): string[] {
    return (g.end?.winners ?? []).map((i) => g.players[i]?.name ?? '?');
  }

  /** The finished round's history with the review, worked out once (every client asks for it). */
  private reviewed(): CardwordsHistoryTurn[] {
    if (this.review?.round !== this.round) this.review = { round: this.round, turns: this.history(true) };
    return this.review.turns;
  }

  /**
   * The round's turns as `last` showed them, replayed from the round's seed, with the cards
   * each move laid (public); with `review`, each turn a human played (not a stand-in) also
   * carries what the best robot would have done from that player's view then, and every
   * turn the hands before it.
   */
  private history(review: boolean): CardwordsHistoryTurn[] {
    if (!this.game) return [];
    return this.replayRound({ round: this.round, seed: this.roundSeed, actions: this.game.actions, standInAt: this.standInAt }, review).turns;
  }

  /** A round's turns replayed from its seed (see history()), and the state it came to. */
  private replayRound(round: PlayedRound, review: boolean): { turns: CardwordsHistoryTurn[]; state: CardwordsState | null } {
    const g = newGame(this.ruleset.rules, { seed: round.seed, players: this.seats.map((s) => s.name) });
    if (!g.ok) return { turns: [], state: null };
    let st = g.state;
    const out: CardwordsHistoryTurn[] = [];
    const rctx = this.robotCtx;
    for (const a of round.actions) {
      let best: CardwordsHistoryTurn['best'];
      // the game is over: the hands are no longer secret (docs/rules.md)
      const hands = review ? st.players.map((p) => p.hand.map((c) => ({ char: c.char, points: c.points }))) : undefined;
      if (review && this.seats[a.player]?.robot === null && !round.standInAt.has(out.length)) {
        const view = viewOf(st, a.player);
        // the hint's measure: what the hint put first there is what the review shows
        const c = bestAction(rctx, view.board, view.hand!, view.pile, this.leaves(), this.equityOptions(view)).choice;
        // a move's cards too: the review marks its wildcards and can lay it on the table
        const action = choiceToAction(a.player, view.board.width, c);
        // a trade's cards too: the review names them (the game is over, docs/rules.md)
        best =
          action.type === 'move' && c.kind === 'move'
            ? { type: 'move', score: c.score, words: moveWords(rctx, view.board, c.move), cards: [...action.cards] }
            : action.type === 'trade'
              ? { type: 'trade', score: c.score, words: [], tradedCards: action.cards.map((k) => ({ char: k.char, points: k.points })) }
              : { type: c.kind, score: c.score, words: [] };
      }
      const r = apply(this.ruleset.rules, st, a, ANY_WORD);
      if (!r.ok || !r.state.last) break;
      st = r.state;
      const l = st.last!;
      const cells = a.type === 'move' ? a.cards.map((p) => ({ col: p.col, row: p.row, char: p.card.char ?? p.card.meaning ?? '', points: p.card.points })) : undefined;
      out.push({ player: l.player, type: l.type, score: l.score, words: [...l.words], traded: l.traded, drawn: l.drawn, standIn: round.standInAt.has(out.length), ...(cells ? { cells } : {}), ...(best ? { best } : {}), ...(hands ? { hands } : {}) });
    }
    return { turns: out, state: st };
  }

  /**
   * Whether the owner plays a seat in a round under way. The owner is then an opponent too:
   * another player's unknown word would show the owner cards of that player's hand, so those
   * questions wait for the end of the round (the refused player plays another move meanwhile).
   */
  private ownerInPlay(): boolean {
    return this.game !== null && !this.game.over && this.seats.some((s) => s.owner && !s.removed);
  }

  /** How `seat`'s words the dictionary lacks reach the owner now (WordAsk, core/protocol/messages.ts). */
  private askMode(seat: Seat): WordAsk {
    if (seat.owner) return 'owner';
    if (!this.mayAsk(seat.name)) return 'later';
    return this.clients.some((c) => this.roleOf(c)?.owner === true) ? 'now' : 'absent';
  }

  /** May the owner's clients see `player`'s questions now? Always their own. */
  private mayAsk(player: string): boolean {
    return !this.ownerInPlay() || this.findSeat(player)?.owner === true;
  }

  /** The open questions the owner's clients may see now, by player. */
  private visibleQuestions(): Map<string, string[]> {
    const out = this.questions.byPlayer();
    for (const player of [...out.keys()]) if (!this.mayAsk(player)) out.delete(player);
    return out;
  }

  /** The round is over: the questions held back from a playing owner go out now. */
  private releaseQuestions(): void {
    for (const [player, words] of this.questions.byPlayer()) {
      if (!this.findSeat(player)?.owner) this.askOwners(words, player); // the owner's own: sent when asked
    }
  }

  /** Tells the players refused for a word the owner's decision (only they are told). */
  private tellAskers(word: string, approved: boolean, askers: readonly string[] = this.questions.askers(word)): void {
    for (const name of askers) {
      const seat = this.findSeat(name);
      const c = seat?.sessionId ? this.clients.getById(seat.sessionId) : undefined;
      if (c) this.sendTo(c, 'word', { word, approved });
    }
  }

  /** The owner's decision on an open question, to every connected client of the owner: each drops the question. */
  private tellOwners(payload: WordDecisionMessage): void {
    for (const c of this.clients) if (this.info.get(c.sessionId)?.owner) this.sendTo(c, 'word-settled', payload);
  }

  /** Puts a player's unknown words to every connected client of the owner. */
  private askOwners(words: string[], player: string): void {
    for (const c of this.clients) if (this.info.get(c.sessionId)?.owner) this.sendTo(c, 'word-request', { words, player, ruleset: this.ruleset.name });
  }

  private seatOf(client: Client): Seat | null {
    const i = this.info.get(client.sessionId);
    if (!i || i.role !== 'player' || !i.name) return null;
    const seat = this.findSeat(i.name);
    return seat && seat.sessionId === client.sessionId ? seat : null;
  }

  /** A seat's drop now: the wall clock for people (the state's awaySince), the monotonic one for the grace. */
  private awayNow(): Pick<Seat, 'awaySince' | 'awayAt'> {
    return { awaySince: Date.now(), awayAt: performance.now() };
  }

  /** A drop (a closed panel, a lost network): the seat is held, away; the SDK may reconnect for a while, the seat key always works. */
  override async onDrop(client: Client): Promise<void> {
    const seat = this.seatOf(client);
    if (!seat || this.ended || this.shuttingDown) return this.forget(client);
    Object.assign(seat, this.awayNow());
    this.sync();
    try {
      await this.allowReconnection(client, Math.max(1, Math.round(ctx().timeouts.reconnectMs / 1000)));
    } catch {
      await this.onLeave(client);
    }
  }

  override onReconnect(client: Client): void {
    // the seat was taken back meanwhile by another connection (seat key), or removed
    if (this.closedIfGone(client)) return;
    const seat = this.seatOf(client);
    if (seat && !seat.removed) Object.assign(seat, { auto: false, awaySince: 0, awayAt: 0 });
    this.sync();
  }

  /** The connection is gone for good (the SDK gave up, or a consented close): still a drop, never a leave (`leave` is). */
  override async onLeave(client: Client): Promise<void> {
    const seat = this.seatOf(client);
    this.forget(client);
    if (!seat || this.ended) return;
    seat.sessionId = null;
    if (seat.awaySince === 0) Object.assign(seat, this.awayNow());
    this.sync();
  }

  private forget(client: Client): void {
    const watcher = this.info.get(client.sessionId)?.role === 'watcher';
    this.info.delete(client.sessionId);
    client.view?.dispose();
    // a watcher place is free again: the listing says so
    if (watcher) this.updateListing();
  }


  // ---- actions

  /** Applies an engine action, writes it durably, then commits it: the engine's error or null. */
  private async commit(action: unknown, words: Words = this.words, standIn = false): Promise<CardwordsError | { code: string; message: string } | null> {
    if (this.ended) return { code: 'game-ended', message: 'the game has ended' };
    if (this.shuttingDown) return this.closingRefusal();
    if (!this.game) return { code: 'not-started', message: 'the game has not started' };
    const r = apply(this.ruleset.rules, this.game, action, words);
    if (!r.ok) return r.error;
    const done: CardwordsAction = r.state.actions[r.state.actions.length - 1]!;
    try {
      await this.record({ kind: 'action', action: done, standIn });
    } catch (e) {
      return { code: 'storage-failed', message: `the action could not be stored: ${(e as Error).message}` };
    }
    this.game = r.state;
    if (standIn) this.standInAt.add(this.game.actions.length - 1);
    if (this.game.over) this.lastResults = this.computeResults();
    this.sync();
    // the patch goes out before any acknowledgement: a client that got `ack` sees the new state
    this.broadcastPatch();
    if (this.game.over) {
      this.tell('results', this.resultsMessage(this.gameEndReason()));
      if (this.seats.some((s) => s.owner && !s.removed)) this.releaseQuestions();
    }
    return null;
  }

  private onAction(client: Client, m: Untrusted<CardwordsClientMessages['action']>): void {
    const id = messageId(m);
    const seat = this.seatOf(client);
    if (!seat) return this.sendError(client, 'not-player', 'watchers cannot play: join with a name', { id, type: 'action' });
    if (!this.game) {
      const seated = this.seats.filter((s) => s.robot === null && s.name !== '').length;
      return this.sendError(client, 'not-started', `the game starts when all ${this.opts.humans} humans are seated (${seated} so far)`, { id, type: 'action' });
    }
    let action: unknown;
    if (typeof m.text === 'string') {
      try {
        action = parseAction(m.text, (ch) => this.ruleset.rules.canonical(ch), seat.index);
      } catch (e) {
        if (e instanceof NotationError) return this.sendError(client, e.code, e.message, { id, type: 'action' });
        throw e;
      }
    } else if (typeof m.type === 'string') {
      const a: Record<string, unknown> = { ...m, player: seat.index };
      delete a.id;
      action = a;
    } else {
      return this.sendError(client, 'bad-message', "an action is { text: 'move 3,3 [A 1] 4,3 [T 1]' | 'trade [Q 10]' | 'pass' } or { type, cards }", { id, type: 'action' });
    }
    void this.enqueue(async () => {
      const err = await this.commit(action);
      if (!err) return this.sendTo(client, 'ack', { id, type: 'action', moves: this.moves() });
      if (err.code !== 'unknown-words' || !('words' in err)) return this.sendError(client, err.code, err.message, { ...err, id, type: 'action' });
      // the question is durable before the refusal goes out: a restart does not lose it;
      // `asked: false` when the owner's list is full (the player is told so); words the owner
      // rejected in this game are not asked again (`rejected`: the player is told so)
      const words = err.words as readonly string[];
      const rejected = words.filter((w) => this.rejected.has(w));
      const open = words.filter((w) => !this.rejected.has(w));
      const { fresh, asked } = open.length ? await this.askOwner(open, seat.name) : { fresh: [], asked: false };
      const told = asked && rejected.length === 0;
      const mode = this.askMode(seat);
      this.sendError(client, err.code, err.message, { ...err, id, type: 'action', asked: told, ...(told && mode === 'later' ? { later: true } : {}), ...(told && mode === 'absent' ? { absent: true } : {}), ...(rejected.length ? { rejected } : {}) });
      if (fresh.length && this.mayAsk(seat.name)) this.askOwners(fresh, seat.name);
    });
  }

  /**
   * Puts unknown words to the owner (docs/rules.md#cardwords-unknown-words: nobody else is told): logged first, then
   * counted as open, so no owner is asked a question a crash would lose. Returns the new
   * questions and whether every word of the refusal is now waiting for the owner.
   */
  private async askOwner(words: readonly string[], player: string): Promise<{ fresh: string[]; asked: boolean }> {
    // words approved meanwhile elsewhere leave the list first (their askers are told)
    for (const [w, askers] of this.questions.settleKnown()) this.tellAskers(w, true, askers);
    const fresh = this.questions.fresh(words, player);
    if (fresh.length) {
      try {
        await this.record({ kind: 'ask', words: fresh, player });
      } catch (e) {
        console.error(`cardwords serve: game ${this.roomId}: the question about ${fresh.join(', ')} could not be stored: ${(e as Error).message}`);
        return { fresh: [], asked: false };
      }
      this.questions.add(fresh, player);
    }
    return { fresh, asked: this.questions.waiting(words, player) };
  }

  private onWords(client: Client, m: Untrusted<CardwordsClientMessages['approve']>, approve: boolean): void {
    const type = approve ? 'approve' : 'reject';
    if (!this.requireOwner(client, type, m)) return;
    const id = messageId(m);
    const raw = typeof m.word === 'string' ? [m.word] : m.words;
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
          this.rejected.delete(word);
          try {
            if (r.added || this.questions.has(word)) await this.record({ kind: 'word', word });
          } catch (e) {
            // the game moved to another process: nothing more here (the room closes)
            if (e instanceof LeaseLostError) return this.sendError(client, 'storage-failed', (e as Error).message, { id, type });
            // durable in the dictionary and playable (as with Redis away: shared-words.ts), so
            // acknowledged; the game log gets it before its next entry (it never did)
            this.unlogged.push(word);
            console.error(`cardwords serve: game ${this.roomId}: the approval of '${word}' is in the dictionary; the game log records it with its next entry: ${(e as Error).message}`);
          }
        } else {
          word = this.canonicalWord(w);
          // a question decided meanwhile (the owner's other client, a tab left open): acknowledged,
          // it read "You rejected SEENS." of a word that stayed approved
          if (!this.questions.has(word) && !this.earlierAsked.has(word)) {
            return this.sendError(client, 'not-asked', `'${word}' is no open question: it was decided already, or never asked`, { id, type, words: [word] });
          }
          if (this.questions.has(word)) {
            try {
              await this.record({ kind: 'reject', word });
            } catch (e) {
              return this.sendError(client, 'storage-failed', `the rejection of '${word}' could not be stored: ${(e as Error).message}`, { id, type });
            }
            this.rejected.add(word);
          }
        }
        done.push(word);
        const open = this.questions.has(word) || this.earlierAsked.delete(word);
        this.tellAskers(word, approve);
        // every client of the owner drops the question (a tab that did not decide kept it)
        if (open) this.tellOwners({ word, approved: approve });
        this.questions.resolve(word);
        // a question an ended game left is answered too
        await ctx().questions.settle(this.ruleset.name, [word]).catch((e: unknown) => console.error(`cardwords serve: game ${this.roomId}: '${word}' is decided but may be asked again in a later game: ${(e as Error).message}`));
      }
      this.sendTo(client, 'ack', { id, type, moves: this.moves(), words: done });
    });
  }

  private onRematch(client: Client, m: Untrusted<CardwordsClientMessages['rematch']>): void {
    const id = messageId(m);
    const seat = this.seatOf(client);
    const owner = this.isOwner(client);
    if (!seat && !owner) return this.sendError(client, 'not-player', 'only the players and the owner ask for a rematch', { id, type: 'rematch' });
    if (!this.game?.over || this.ended) return this.sendError(client, 'not-over', 'a rematch follows the end of a game', { id, type: 'rematch' });
    void this.enqueue(async () => {
      if (!this.game?.over || this.ended) return this.sendError(client, 'not-over', 'a rematch follows the end of a game', { id, type: 'rematch' });
      const voted = seat !== null && !seat.rematch;
      if (seat) seat.rematch = true;
      if (owner || this.rematchAgreed()) {
        const failed = await this.startRematch();
        if (failed) return this.sendError(client, 'storage-failed', `the rematch could not be stored: ${failed}`, { id, type: 'rematch' });
      } else {
        // written durably (a restart forgot it: the voter saw it gone, the others were never
        // dealt); its history line too, the others' pages logging the vote ("Bo asks for a
        // rematch."): so does one that comes in later (once a seat a round: the flag goes with the round)
        if (voted) {
          try {
            await this.record({ kind: 'vote', name: seat.name });
          } catch (e) {
            seat.rematch = false;
            return this.sendError(client, 'storage-failed', `the rematch vote could not be stored: ${(e as Error).message}`, { id, type: 'rematch' });
          }
        }
        this.sync();
      }
      this.sendTo(client, 'ack', { id, type: 'rematch', moves: this.moves() });
    });
  }

  /** When the room may start an agreed rematch by itself again after a failed write (0: now). */
  private rematchRetryAt = 0;

  /** Someone asked for a rematch and it waits on nobody (cardwordsRematchWaits: not on a seat a stand-in plays). */
  private rematchAgreed(): boolean {
    return this.seats.some((s) => s.rematch && !s.removed) && cardwordsRematchWaits(this.seatStates()).length === 0;
  }

  /** The next round, written durably first: why it could not be stored, or null. */
  private async startRematch(): Promise<string | null> {
    const seed = newKey();
    try {
      await this.record({ kind: 'rematch', seed });
    } catch (e) {
      return (e as Error).message;
    }
    this.newRound(seed);
    this.sync();
    this.broadcastPatch();
    this.tell('rematch', { round: this.round });
    return null;
  }

  /** `leave`: the player leaves for good; a stand-in plays the seat to the end (before the start the seat is free again). */
  private onLeaveRequest(client: Client, m: Untrusted<CardwordsClientMessages['leave']>): void {
    const id = messageId(m);
    const seat = this.seatOf(client);
    if (!seat) return this.sendError(client, 'not-player', 'only players leave: a watcher closes the panel', { id, type: 'leave' });
    void this.enqueue(async () => {
      if (this.seatOf(client) !== seat) return this.sendError(client, 'not-player', 'the seat is no longer yours', { id, type: 'leave' });
      const failed = await this.unseat(seat, 'leave');
      if (failed) return this.sendError(client, 'storage-failed', `the leave could not be stored: ${failed}`, { id, type: 'leave' });
      this.info.delete(client.sessionId);
      this.sendTo(client, 'ack', { id, type: 'leave', moves: this.moves() });
      // the last human's leave ends the game for everyone (checkLifetime): the leaver sees that
      // end too (results, review, `ended`), as the others do; it read "a robot plays your seat"
      // (an end the store could not keep: the leaver is let go as any, the end tried again)
      if (this.nobodySeated() && (await this.endGame('left'))) return;
      // the state that says so before the close: the leaver's score board says "left" too
      this.sync();
      this.broadcastPatch();
      client.leave(CLOSE.ENDED, CLOSE_REASON.LEFT);
      this.checkLifetime();
    });
  }

  /**
   * A human seat given up for good (`leave`) or taken away (`remove`), written durably first:
   * in a game a stand-in plays it to the end, before the start it is free again. Returns
   * why it could not be stored, or null.
   */
  private async unseat(seat: Seat, kind: 'leave' | 'remove'): Promise<string | null> {
    try {
      await this.record(this.game ? { kind, name: seat.name } : { kind: 'unseat', name: seat.name });
    } catch (e) {
      return (e as Error).message;
    }
    if (this.game) this.giveUp(seat, kind === 'remove', { sessionId: null, awaySince: 0, awayAt: 0 });
    else this.vacate(seat);
    return null;
  }

  /**
   * A seat given up in a game (a leave, a removal; live or replayed): a stand-in plays it on
   * (`auto`), unless no human holds a seat any more: the game then ends and nobody plays it
   * (with `auto` the last leaver's Type read R, a robot, on every score board, and Emacs said
   * "a robot plays").
   */
  private giveUp(seat: Seat, byOwner: boolean, more: Partial<Seat> = {}): void {
    this.keyGivenUp(seat.key, byOwner);
    Object.assign(seat, { removed: true, byOwner, key: null, ...more });
    seat.auto = !this.nobodySeated();
  }

  /** Whom this owner client may remove now (core/protocol/game.ts), from the seats themselves. */
  private removable(client: Client): string[] {
    const status = this.ended ? 'ended' : this.state.status;
    return cardwordsRemovable({ status, players: this.seatStates() }, this.seatOf(client)?.index ?? -1);
  }

  /** A game dealt in which no human holds a seat any more: it ends for everyone. */
  private nobodySeated(): boolean {
    return this.game !== null && !this.seatStates().some(holdsSeat);
  }

  /** The seats as the state shows them, for the rules the pages read there too (core/protocol/game.ts). */
  private seatStates(): Array<{ name: string; robot: boolean; left: boolean; auto: boolean; rematch: boolean; owner: boolean }> {
    return this.seats.map((seat) => ({ name: seat.name, robot: seat.robot !== null, left: hasLeft(seat), auto: seat.robot === null && seat.auto, rematch: seat.rematch, owner: seat.owner }));
  }

  private onRemove(client: Client, m: Untrusted<CardwordsClientMessages['remove']>): void {
    if (!this.requireOwner(client, 'remove', m)) return;
    const id = messageId(m);
    const name = m.name;
    if (typeof name !== 'string') return this.sendError(client, 'bad-message', 'remove: { name }', { id, type: 'remove' });
    void this.enqueue(async () => {
      const seat = this.findSeat(name);
      // the owner's own seat is not removed (cardwordsRemovable), from this connection nor from
      // another tab watching (there the removal went through, and told the owner "The owner
      // removed you"); `own` says why
      const own = seat !== undefined && cardwordsOwnSeat(seat, seat.index, this.seatOf(client)?.index ?? -1);
      if (!seat || !this.removable(client).some((n) => same(n, name))) return this.sendError(client, 'unknown-player', this.ended ? 'the game has ended: nobody is removed' : own ? 'the owner does not remove their own seat: leave the game instead' : `no human player named '${name}' is in this game`, { id, type: 'remove' });
      const sessionId = seat.sessionId;
      const failed = await this.unseat(seat, 'remove');
      if (failed) return this.sendError(client, 'storage-failed', `the removal could not be stored: ${failed}`, { id, type: 'remove' });
      const c = sessionId ? this.dropSession(sessionId, CLOSE_REASON.REMOVED) : undefined;
      if (this.nobodySeated()) {
        // the last human's removal ends the game for everyone (checkLifetime): the removed
        // player sees that end too (results, review, `ended`), as after the last leave, then
        // the close says who ended it (the page stood at "Cy's turn", no results)
        this.sendTo(client, 'ack', { id, type: 'remove', moves: this.moves() });
        await this.endGame('left');
        c?.leave(CLOSE.REMOVED, CLOSE_REASON.REMOVED);
        return;
      }
      this.sync();
      // the state before the acknowledgement, as for an action: the owner's client says "removed"
      // on the ack, and a patch after it (the deal, if it had not gone out yet) said something older;
      // and before the close, so the removed player's own score board says "removed" too
      this.broadcastPatch();
      c?.leave(CLOSE.REMOVED, CLOSE_REASON.REMOVED);
      this.sendTo(client, 'ack', { id, type: 'remove', moves: this.moves() });
      this.checkLifetime();
    });
  }

  /**
   * `hint`: the best robot's choice for the asking player's own hand (from that seat's view
   * only), sent to that client alone: `{ id, action, score, words, ranked }` (`ranked`: the
   * top 10 by equity, core/robots/cardwords/equity.ts). Any time in a game.
   */
  private onHint(client: Client, m: Untrusted<CardwordsClientMessages['hint']>): void {
    const id = messageId(m);
    const seat = this.seatOf(client);
    if (!seat) return this.sendError(client, 'not-player', 'watchers get no hints: join with a name', { id, type: 'hint' });
    const g = this.game;
    if (!g) return this.sendError(client, 'not-started', 'the game has not started', { id, type: 'hint' });
    if (g.over) return this.sendError(client, 'game-over', 'the game is over', { id, type: 'hint' });
    const view = viewOf(g, seat.index);
    const ctx = this.robotCtx;
    // the robot's ten best by equity (the points and the value of the cards kept), the first
    // as the hint itself: the measure of the review after the game too (docs/rules.md)
    const all = rankActions(ctx, view.board, view.hand!, view.pile, this.leaves(), this.equityOptions(view));
    const choice = all[0]!.choice;
    const action = choiceToAction(seat.index, view.board.width, choice);
    const words = choice.kind === 'move' ? moveWords(ctx, view.board, choice.move) : [];
    const ranked = equityHints(all.slice(0, 10), view.board.width);
    this.sendTo(client, 'hint', { id, action, score: choice.score, words, ranked, moves: g.actions.length });
  }

  /** The leave values the robot's advice weighs (learned for this ruleset, or the first guess). */
  private leaves(): Leaves {
    return leavesNow(this.ruleset.ruleset, this.ruleset.rules);
  }

  /** What the advice knows of the cards a seat cannot see: their points, for the end of the pile. */
  private equityOptions(view: CardwordsView): EquityOptions {
    return { unseenPoints: handPoints(unseenCards(this.ruleset.rules.deck, view.hand!, view.board)) };
  }

  /**
   * `check`: which of a move's words the dictionary lacks, before the move (the panel's
   * preview says so: the owner would be asked). Playing them is asking anyway, so this tells a
   * player nothing a move would not.
   */
  private onCheck(client: Client, m: Untrusted<CardwordsClientMessages['check']>): void {
    const id = messageId(m);
    const seat = this.seatOf(client);
    if (!seat) return this.sendError(client, 'not-player', 'watchers make no moves: join with a name', { id, type: 'check' });
    const raw = m.words;
    if (!Array.isArray(raw) || raw.length === 0 || raw.length > CHECK_MAX_WORDS || !raw.every((w) => typeof w === 'string' && w.length > 0 && w.length <= 64)) {
      return this.sendError(client, 'bad-message', `check: { words: [...] } (1 to ${CHECK_MAX_WORDS} words of up to 64 characters)`, { id, type: 'check' });
    }
    const words = (raw as string[]).map((w) => this.canonicalWord(w));
    const store = this.ruleset.store;
    const unknown = words.filter((w) => !store.has(w));
    const ask = this.askMode(seat);
    // the owner has this player's open questions (asked, or at the owner's join): kept in the
    // log, so a restart's preview says so as the refusal before it did
    const asked = ask === 'now' ? unknown.filter((w) => this.questions.waiting([w], seat.name)) : [];
    this.sendTo(client, 'checked', { id, words, unknown, rejected: words.filter((w) => this.rejected.has(w) && !store.has(w)), ask, ...(asked.length ? { asked } : {}) });
  }

  // ---- robots

  /** Seated humans connected now; a game without human seats counts its watchers (the owner watching robots). */
  protected humansConnected(): number {
    if (this.opts.humans === 0) return this.clients.length;
    return this.seats.filter((s) => s.robot === null && !s.removed && s.sessionId !== null && s.awaySince === 0).length;
  }

  /** The robot or stand-in to move, if the seat to move has one. */
  protected async robotStep(): Promise<void> {
    const g = this.game;
    if (!g || g.over) return;
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
          return robotAction(this.robotCtx, view, level, Rng.fromSeed(seed));
        });
    } catch (e) {
      console.error(`cardwords serve: game ${this.roomId}: the robot failed (${(e as Error).message}); it passes`);
      action = { type: 'pass', player: g.turn };
    }
    // the game moved on meanwhile, the human came back, the server is stopping, or nobody is here
    if (this.game !== g || g.over || this.ended || this.shuttingDown || this.paused || (s.robot === null && !s.auto)) return;
    const standIn = s.robot === null;
    const err = await this.commit(action, this.words, standIn);
    if (err && err.code !== 'storage-failed' && err.code !== 'server-stopping') {
      console.error(`cardwords serve: game ${this.roomId}: the robot's ${action.type} was refused (${err.message}); it passes`);
      await this.commit({ type: 'pass', player: g.turn }, this.words, standIn);
    }
  }

  // ---- lifetime and results

  protected checkLifetime(): void {
    if (this.ended || this.shuttingDown) return;
    const { timeouts } = ctx();
    const now = performance.now(); // durations on the monotonic clock (room-base.ts)
    const grace = this.opts.grace;
    let changed = false;
    for (const s of this.seats) {
      if (s.robot !== null || s.removed || s.name === '' || s.awaySince === 0 || s.auto || grace < 0 || now - s.awayAt < grace) continue;
      if (this.game) {
        // away past the grace period: a stand-in plays the seat until the human is back
        s.auto = true;
        changed = true;
      } else if (s.sessionId === null && !s.held) {
        // before the start, a player away past the grace period frees the seat (not one held
        // through a restart)
        const name = s.name;
        void this.enqueue(async () => {
          if (this.game || s.sessionId !== null || s.name !== name || this.shuttingDown) return;
          await this.record({ kind: 'unseat', name });
          this.vacate(s);
          this.sync();
        }).catch((e: unknown) => console.error(`cardwords serve: game ${this.roomId}: could not free a seat: ${(e as Error).message}`));
      }
    }
    if (this.updateIdleWarning(now) || changed || this.state.paused !== this.isPausedNow()) this.sync();
    const seatedHumans = this.seats.some((s) => s.robot === null && s.name !== '');
    const humansLeft = this.seatStates().some(holdsSeat);
    let reason: EndReason | null = null;
    if (!this.game && !seatedHumans && now - this.createdAt > timeouts.firstJoinMs && now - this.lastActionAt > timeouts.firstJoinMs) reason = 'no-players';
    else if (now > this.idleEndAt(now)) reason = 'idle';
    else if (this.game && this.opts.humans > 0 && !humansLeft) reason = 'left';
    if (reason) {
      const r = reason;
      void this.enqueue(() => this.endGame(r));
    } else if (this.game?.over && now >= this.rematchRetryAt && this.rematchAgreed()) {
      // the last vote a rematch waited for went with a seat a stand-in took (away past the grace)
      void this.enqueue(async () => {
        if (!this.game?.over || this.ended || this.shuttingDown || !this.rematchAgreed()) return;
        const failed = await this.startRematch();
        // a store that cannot write: tried again after a while, said once (not at every tick)
        if (failed && this.rematchRetryAt === 0) console.error(`cardwords serve: game ${this.roomId}: the rematch could not be stored (tried again every ${REMATCH_RETRY_MS / 1000} s): ${failed}`);
        this.rematchRetryAt = failed ? performance.now() + REMATCH_RETRY_MS : 0;
      });
    }
  }

  private isPausedNow(): boolean {
    return this.game !== null && !this.game.over && !this.ended && this.paused;
  }

  /** The engine's end as the protocol names it. */
  private gameEndReason(): EndReason {
    return this.game?.end?.reason === 'out' ? 'out' : 'passes';
  }

  /**
   * A game the room ends before its end (`reason`), settled as the rules settle one (hands count
   * against); an idle end names no winner: nobody played, and "Winner: Robot1" of a round nobody
   * played, every score negative, read as a result (docs/rules.md "Cardwords end of game").
   */
  private settled(g: CardwordsState, reason: EndReason | null): CardwordsState {
    if (g.over) return g;
    const s = finish(g, 'idle', null);
    return reason === 'idle' ? { ...s, end: { ...s.end!, winners: [] } } : s;
  }

  /** The room's end, once it is announced (null before). */
  private endedFor: EndReason | null = null;

  /** Each seat's result; a game the room ends is settled (`settled`). */
  private computeResults(reason: EndReason | null = null): PlayerResult[] {
    const g = this.settled(this.game!, reason);
    return g.players.map((p, i) => ({
      seat: i,
      name: p.name,
      robot: this.seats[i]!.robot !== null,
      score: p.score,
      winner: g.end?.winners.includes(i) ?? false,
      standIn: this.state.players[i]!.standIns > 0,
      handPoints: g.end?.handPoints[i] ?? 0,
      adjustment: g.end?.adjustments[i] ?? 0,
    }));
  }

  private resultsMessage(reason: EndReason): ResultsMessage {
    const results = (this.lastResults ?? (this.game ? this.computeResults(reason) : [])).slice().sort((a, b) => b.score - a.score);
    return { round: this.round, reason, out: this.game?.end?.out ?? null, results, winners: results.filter((r) => r.winner).map((r) => r.name) };
  }

  protected finalResults(reason: EndReason): ResultsMessage | null {
    // a round over by the rules had its results at its end; the room's end adds none
    if (this.game?.over) return null;
    const results = this.resultsMessage(reason);
    // the room's end (the owner's, the last person's leave) is a line of the log as the rules'
    // end is: a page logs it at these results, and the history it gets next (the review) had
    // it not, so its log lost "The game is over. Winner: …"
    if (results.results.length > 0) this.notes.add({ round: this.round, at: this.moves(), kind: 'end', winners: results.winners, reason });
    return results;
  }

  protected markEnded(reason: EndReason): void {
    this.endedFor = reason;
    this.state.status = 'ended';
    this.state.turn = -1;
    // the scores settled as the results settle them (sync)
    this.sync();
  }

  /**
   * The review goes out with the end: the room closes before a client could ask for it. The
   * owner's clients are told which questions wait for their next game of this ruleset (after
   * the history, which rebuilds a page's log): nothing said so, and the words were first seen
   * in that next game. Only theirs, as the questions are.
   */
  protected override farewell(): void {
    // each client's own: a word decision is in its asker's log only
    if (this.game && this.game.actions.length > 0) for (const c of this.clients) this.sendTo(c, 'history', this.historyFor(c, true));
    if (this.carriedWords.length) for (const c of this.clients) if (this.roleOf(c)?.owner === true) this.sendTo(c, 'carried', { words: this.carriedWords, ruleset: this.ruleset.name });
  }

  private updateListing(): void {
    const humans = this.seats.filter((s) => s.robot === null && s.name !== '').length;
    const robots = this.seats.filter((s) => s.robot !== null).length;
    const state = this.ended ? 'ended' : !this.game ? 'waiting' : this.game.over ? 'over' : 'playing';
    const watching = this.watching();
    const meta = this.metadata as { players?: number; state?: string; watching?: number } | undefined;
    if (meta && meta.players === humans && meta.state === state && meta.watching === watching) return;
    void this.setMetadata({ kind: 'cardwords', ruleset: this.ruleset.name, players: humans, robots, humans: this.opts.humans, maxPlayers: this.seats.length, state, watchers: this.opts.watchers, watching });
  }

  /** Copies the game into the synchronised schema (only changed fields go out). */
  private sync(): void {
    this.stateSync.sync(this.state, {
      // a game the owner (or the lifetime rules) ended before its end is settled as its
      // results settle it: every client's score board showed the scores before the hands
      // counted against, beside results that did
      game: this.ended && this.game ? this.settled(this.game, this.endedFor) : this.game,
      round: this.round,
      ended: this.ended,
      paused: this.isPausedNow(),
      idleEndsIn: this.ended ? 0 : this.idleEndsIn,
      standInAt: this.standInAt,
      seats: this.seats.map((seat) => ({
        name: seat.name,
        level: seat.robot,
        connected: seat.robot !== null || (seat.sessionId !== null && this.clients.getById(seat.sessionId) !== undefined),
        auto: seat.robot === null && seat.auto,
        awaySince: seat.robot === null ? seat.awaySince : 0,
        rematch: seat.rematch,
        left: hasLeft(seat),
        removed: hasLeft(seat) && seat.byOwner,
        owner: seat.owner,
      })),
    });
    this.updateListing();
  }
}
