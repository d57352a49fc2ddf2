// The game server's join options, error codes and room states (docs/server.md). The
// messages themselves are typed in core/protocol/messages.ts; the schemas that send these
// states (server/game/*-schema.ts) are checked against them at compile time.
import { MAX_PLAYERS } from '../games/yatzee/engine.js';
import { sameName } from '../games/names.js';

export type ErrorCode =
  // the gate (server/game/gate.ts)
  | 'malformed'
  | 'too-large'
  | 'rate-limited'
  | 'unsupported'
  // rooms
  | 'unknown-message'
  | 'bad-message'
  | 'not-owner'
  | 'not-player'
  | 'unknown-game'
  | 'name-invalid'
  | 'name-taken'
  /** a person's name that reads as a robot's (Robot1..RobotN): core/games/names.ts */
  | 'name-robot'
  | 'table-full'
  /** a kept seat's key (`key`) whose seat the owner removed, or whose player left */
  | 'seat-removed'
  | 'seat-left'
  | 'game-ended'
  | 'storage-failed'
  | 'server-stopping'
  // to the owner on joining a game restored from a damaged log (server/game/store.ts)
  | 'log-damaged'
  | 'unknown-player'
  | 'robots-unavailable'
  // Cardwords rooms
  | 'unknown-ruleset'
  /** a ruleset of the server whose files have errors that stop play: the message lists them (`cardwords check`'s lines) */
  | 'ruleset-unplayable'
  | 'not-started'
  | 'not-over'
  | 'bad-word'
  /** `reject` of a word that is no open question (decided already, in another of the owner's clients) */
  | 'not-asked'
  // engine codes pass through as they are
  | (string & {});

export interface YatzeeJoinOptions {
  /** The owner token: creating games needs it. */
  owner?: string;
  name?: string;
  /** Seat key from `welcome`, to take a seat back. */
  key?: string;
  watch?: boolean;
  /** Creation only: robots to seat at once (0..9). */
  robots?: number;
}

export interface CardwordsCreateOptions {
  /** The owner token: creating games needs it. */
  owner: string;
  /** One of the server's rulesets (default: the first `--ruleset`). */
  ruleset?: string;
  /** Human seats (default 1); the game starts when all are taken. */
  humans?: number;
  /** Robot seats Robot1..RobotN: a number (each of `level`) or a level per robot. */
  robots?: number | Array<'best' | 'good' | 'casual'>;
  level?: 'best' | 'good' | 'casual';
  /** Watcher places (default 0; the owner may always watch). */
  watchers?: number;
  /** The level of the robot that plays a dropped human's seat (default good). */
  standIn?: 'best' | 'good' | 'casual';
  /**
   * Seconds a dropped human's seat is held before a stand-in plays it (default 60; 0: at
   * once, as the original; 'never': the game waits for the human).
   */
  grace?: number | 'never';
  /** The first deal's seed (1..64 printable ASCII): the same deal again, for tournaments or tests. */
  seed?: string;
  /** The creator's name: it takes the first human seat; without one the owner watches. */
  name?: string;
  alt?: string;
}

export interface CardwordsJoinOptions {
  owner?: string;
  /** No white space, 1..39 characters. */
  name?: string;
  /** Used when `name` is taken. */
  alt?: string;
  /** Seat key from `welcome`, to take the seat back. */
  key?: string;
  watch?: boolean;
}

// The room states as a client decodes them. The server's schemas (server/game/*-schema.ts)
// define what is sent; a compile-time check there ties each schema to its interface here
// (same fields, assignable types), so the two cannot drift apart.

/**
 * Away: a human whose connection dropped (a closed panel, a lost network) keeps the seat.
 * `awaySince` is the server's clock (ms since the epoch) at the drop; 0 while connected.
 */

/** A Yatzee sheet (scores: -1 = open). */
export interface YatzeeSheetState {
  name: string;
  robot: boolean;
  connected: boolean;
  /** Dropped since (server ms); 0 while connected (robots: 0). */
  awaySince: number;
  present: boolean;
  scores: number[];
  dice: number[];
  held: boolean[];
  throwsMade: number;
  phase: string;
  total: number;
  /** Taken with the owner token: the owner's own sheet, which no removal takes (the owner leaves instead), from another tab or editor either. */
  owner: boolean;
}

export interface YatzeeRoomState {
  gameId: string;
  kind: string;
  /** playing | ended (every sheet full, or ended otherwise: the `results` message says why) */
  status: string;
  /** No human is connected: the robots wait. */
  paused: boolean;
  /** Seconds left before the game ends for want of play, once that end is near; 0: not near (any action puts it off). */
  idleEndsIn: number;
  moves: number;
  players: YatzeeSheetState[];
}

/** A card: `char` '' for a wildcard. */
export interface CardwordsCardState {
  char: string;
  points: number;
}

/** A seat; `hand` reaches its own player only (StateView), never anyone else. */
export interface CardwordsSeatState {
  name: string;
  robot: boolean;
  level: string;
  connected: boolean;
  /** Dropped since (server ms); 0 while connected. */
  awaySince: number;
  /** A stand-in robot plays this human's seat (away past the grace period, left, or removed; not the last human's seat given up, which ends the game: that one reads as a person who left). */
  auto: boolean;
  /** Actions a stand-in made for this seat this round (marked in the log and the results). */
  standIns: number;
  score: number;
  cards: number;
  hand?: CardwordsCardState[];
  rematch: boolean;
  handPoints: number;
  adjustment: number;
  /** The human gave the seat up (Leave) or the owner removed them: a stand-in plays it to the end; not away (not coming back). */
  left: boolean;
  /** `left` because the owner removed the human (the pages say so: it read as a leave). */
  removed: boolean;
  /** Taken with the owner token: the owner's own seat, which no removal takes (the owner leaves instead), from another tab or editor either. */
  owner: boolean;
}

/** Before the deal, a human seat nobody has taken: someone may be invited to it. */
export function seatFree(s: Pick<CardwordsRoomState, 'status' | 'players'>): boolean {
  return s.status === 'waiting' && s.players.some((p) => p.name === '' && !p.robot);
}

/** Whether a Cardwords seat is held by a human: taken, not a robot's, not given up or removed (an away human holds theirs). */
export function holdsSeat(p: Pick<CardwordsSeatState, 'name' | 'robot' | 'left'>): boolean {
  return p.name !== '' && !p.robot && !p.left;
}

/**
 * The humans still holding a seat of a Cardwords game (`holdsSeat`). When none is left in a
 * game dealt, it ends for everyone (the room's lifetime, docs/server.md "Lifetime", decides
 * with this; the pages word a leave with it).
 */
export function cardwordsSeated(players: ReadonlyArray<Pick<CardwordsSeatState, 'name' | 'robot' | 'left'>>): string[] {
  return players.filter(holdsSeat).map((p) => p.name);
}

/** Whether seat `i` giving its seat up (a leave, a removal) ends the game: it is the last human seated in a game dealt. */
export function cardwordsEndsWithout(s: { status: string; players: ReadonlyArray<Pick<CardwordsSeatState, 'name' | 'robot' | 'left'>> }, i: number): boolean {
  if (s.status !== 'playing' && s.status !== 'over') return false;
  const p = s.players[i];
  return p !== undefined && holdsSeat(p) && s.players.filter(holdsSeat).length === 1;
}

/**
 * Whom a Cardwords rematch vote waits for (docs/rules.md "Cardwords end of game"): the humans
 * holding a seat who have not asked, but not one a robot plays for (away past the game's
 * grace: a stand-in, as in a turn). So an away player holds the rematch no longer than a turn.
 */
export function cardwordsRematchWaits(players: ReadonlyArray<Pick<CardwordsSeatState, 'name' | 'robot' | 'left' | 'auto' | 'rematch'>>): string[] {
  return players.filter(rematchWaitsFor).map((p) => p.name);
}

/**
 * Whether this seat's player asks for a rematch: voted, and still holds the seat (a vote of a
 * player who left or was removed since is stale: the pages and the Emacs score board showed a
 * removed player as asking).
 */
export function asksRematch(p: Pick<CardwordsSeatState, 'rematch' | 'left'>): boolean {
  return p.rematch && !p.left;
}

/** Whether a rematch vote waits for this seat (`cardwordsRematchWaits`). */
export function rematchWaitsFor(p: Pick<CardwordsSeatState, 'name' | 'robot' | 'left' | 'auto' | 'rematch'>): boolean {
  return holdsSeat(p) && !p.auto && !p.rematch;
}

/**
 * A Yatzee game someone may still join (players join at any time, docs/rules.md "Yatzee
 * players"): not ended, and a place among the players present is free.
 */
export function yatzeePlaceFree(s: Pick<YatzeeRoomState, 'status' | 'players'>): boolean {
  return s.status === 'playing' && s.players.filter((p) => p.present).length < MAX_PLAYERS;
}

/**
 * Whom the owner may remove from a Cardwords game (the room's `remove`; every client offers
 * these): the humans with a seat, but a seat given up or removed already and the owner's
 * own (`mine`, -1 when watching: the owner leaves instead); after a round too (a robot then
 * plays the seat in a rematch); nobody once the game has ended.
 */
export function cardwordsRemovable(s: { status: string; players: ReadonlyArray<Pick<CardwordsSeatState, 'name' | 'robot' | 'left' | 'owner'>> }, mine: number): string[] {
  if (s.status !== 'waiting' && s.status !== 'playing' && s.status !== 'over') return [];
  return s.players.filter((p, i) => holdsSeat(p) && !cardwordsOwnSeat(p, i, mine)).map((p) => p.name);
}

/**
 * Whether seat `i` is the owner's own (`mine`: the owner client's seat, -1 when watching; or
 * taken with the owner token, played in another tab or editor): no removal takes it, the owner
 * leaves instead (the room says so when asked).
 */
export function cardwordsOwnSeat(p: Pick<CardwordsSeatState, 'owner'>, i: number, mine: number): boolean {
  return p.owner || i === mine;
}

/**
 * The humans still holding a Yatzee sheet (a leave or a removal closes it; away ones hold
 * theirs). Once a human has joined, the game ends for everyone when none is left (the room's
 * lifetime, docs/server.md "Lifetime"; the pages word a leave with it).
 */
export function yatzeeSeated(players: ReadonlyArray<Pick<YatzeeSheetState, 'name' | 'robot' | 'present'>>): string[] {
  return players.filter((p) => p.present && !p.robot).map((p) => p.name);
}

/**
 * Whether `mine` giving the sheet up (a leave, a removal) ends the game: no other human holds
 * one. True after that sheet went from the state too (the page learns of a removal after it).
 */
export function yatzeeEndsWithout(s: { status: string; players: ReadonlyArray<Pick<YatzeeSheetState, 'name' | 'robot' | 'present'>> }, mine: string): boolean {
  return s.status === 'playing' && mine !== '' && yatzeeSeated(s.players).every((n) => sameName(n, mine));
}

/** Whether the owner's removal of `name` ends the game: the last human holding a sheet (the question says so first; a robot's never does). */
export function yatzeeRemovalEnds(s: { status: string; players: ReadonlyArray<Pick<YatzeeSheetState, 'name' | 'robot' | 'present'>> }, name: string): boolean {
  return yatzeeSeated(s.players).some((n) => sameName(n, name)) && yatzeeEndsWithout(s, name);
}

/**
 * Whom the owner may remove from a Yatzee game (the room's `remove`; every client offers
 * these): every player still present, robots too, but the owner's own sheet (`mine`, ''
 * when watching); nobody once the game has ended.
 */
export function yatzeeRemovable(s: { status: string; players: ReadonlyArray<Pick<YatzeeSheetState, 'name' | 'present' | 'owner'>> }, mine: string): string[] {
  if (s.status !== 'playing') return [];
  return s.players.filter((p) => p.present && !yatzeeOwnSheet(p, mine)).map((p) => p.name);
}

/**
 * Whether a sheet is the owner's own (`mine`: the owner client's, '' when watching; names alike
 * are the same name; or taken with the owner token, played in another tab or editor): no
 * removal takes it, the owner leaves instead (the room says so when asked).
 */
export function yatzeeOwnSheet(p: Pick<YatzeeSheetState, 'name' | 'owner'>, mine: string): boolean {
  return p.owner || (mine !== '' && sameName(p.name, mine));
}

/** A card on the table; `meaning` is a wildcard's letter ('' otherwise). */
export interface CardwordsPlacedState {
  col: number;
  row: number;
  char: string;
  points: number;
  meaning: string;
}

export interface CardwordsRoomState {
  gameId: string;
  kind: string;
  ruleset: string;
  digest: string;
  /** waiting | playing | over (results out, rematch possible) | ended */
  status: string;
  round: number;
  humans: number;
  watchers: number;
  /** The grace period in ms before a stand-in plays a dropped human's seat; -1: never. */
  grace: number;
  /** No human is connected: no robot or stand-in moves until one is back. */
  paused: boolean;
  /** Seconds left before the game ends for want of play, once that end is near; 0: not near (any action puts it off). */
  idleEndsIn: number;
  width: number;
  height: number;
  players: CardwordsSeatState[];
  board: CardwordsPlacedState[];
  /** The pile's size only: its order is never sent. */
  pile: number;
  turn: number;
  idle: number;
  moves: number;
  /** The last turn; `standIn`: a stand-in robot played it for the seat's human. */
  last: { player: number; type: string; score: number; words: string[]; traded: number; drawn: number; standIn: boolean };
  endReason: string;
  winners: number[];
}

/** One open game as `GET /games` lists it (the lobby page, the extension's game picker). */
export interface GameListing {
  id: string;
  kind: string;
  players: number;
  robots: number;
  maxPlayers: number;
  /** The room's state ('waiting', 'playing', ...); ended games are not listed. */
  state: string;
  clients: number;
  /** Cardwords: the watcher places (the owner watches beyond them) and how many are taken; absent for Yatzee. */
  watchers?: number;
  watching?: number;
}

/** One turn of the game log: what `last` showed after it (all public; a trade shows only a count). */
export type CardwordsTurnInfo = CardwordsRoomState['last'];

/**
 * A game's page on its server: its join page, or with `watch` its watch page (the lobby's
 * links, the invite link of a game waiting for players).
 */
export function gamePath(kind: 'cardwords' | 'yatzee', id: string, watch = false): string {
  return `/${kind}.html?game=${encodeURIComponent(id)}${watch ? '&watch=1' : ''}`;
}

/**
 * Where a server's web pages are, from its URL as a client was given it (`ws://` or
 * `http://`, maybe under a path, maybe with a trailing slash): its `gamePath`s go after it.
 */
export function webBase(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/i.exec(url.trim());
  if (!m) return url;
  const scheme = m[1]!.toLowerCase();
  const protocol = scheme === 'wss' ? 'https' : scheme === 'ws' ? 'http' : scheme;
  return `${protocol}://${m[2]}${m[3]!.replace(/\/+$/, '')}`;
}
