// The game server's messages (docs/server.md). Client to room: `action` (a game move),
// owner-only `robots`, `remove`, `end` (and, in Cardwords rooms, `approve`/`reject`).
// Room to client: `welcome` after a join, `ack` after an accepted action (sent only once
// the action is durable), `error` for every refused message, `ended` with the results.

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
  | 'table-full'
  | 'game-ended'
  | 'storage-failed'
  // to the owner on joining a game restored from a damaged log (server/game/store.ts)
  | 'log-damaged'
  | 'unknown-player'
  | 'robots-unavailable'
  // Cardwords rooms
  | 'unknown-ruleset'
  | 'not-started'
  | 'not-over'
  | 'bad-word'
  // engine codes pass through as they are
  | (string & {});

export interface ErrorMessage {
  code: ErrorCode;
  message: string;
  /** The refused message's type and id, when it had them. */
  type?: string;
  id?: string | number;
}

export interface WelcomeMessage {
  gameId: string;
  kind: 'yatzee' | 'cardwords';
  role: 'player' | 'watcher';
  owner: boolean;
  /** The seat's name (players). */
  name?: string;
  /** The seat key: with the game id and the name, it gets the seat back after a restart. */
  key?: string;
  /** Cardwords: the seat (0 moves first). */
  seat?: number;
}

export interface AckMessage {
  id?: string | number;
  type: string;
  /** Actions accepted in this game so far. */
  moves: number;
}

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

// The room states as a client decodes them (the server's schema classes in
// server/game/*-room.ts define what is sent; these are their shapes, for the UI and tests).

/** A Yatzee sheet (scores: -1 = open). */
export interface YatzeeSheetState {
  name: string;
  robot: boolean;
  connected: boolean;
  present: boolean;
  scores: number[];
  dice: number[];
  held: boolean[];
  throwsMade: number;
  phase: string;
  total: number;
}

export interface YatzeeRoomState {
  gameId: string;
  status: string;
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
  auto: boolean;
  score: number;
  cards: number;
  hand?: CardwordsCardState[];
  rematch: boolean;
  handPoints: number;
  adjustment: number;
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
  status: string;
  round: number;
  ruleset: string;
  humans: number;
  width: number;
  height: number;
  players: CardwordsSeatState[];
  board: CardwordsPlacedState[];
  /** The pile's size only: its order is never sent. */
  pile: number;
  turn: number;
  idle: number;
  moves: number;
  last: { player: number; type: string; score: number; words: string[]; traded: number; drawn: number };
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
}

/** One turn of the game log: what `last` showed after it (all public; a trade shows only a count). */
export type CardwordsTurnInfo = CardwordsRoomState['last'];

/**
 * `history`: the turns of the current round so far, the answer to a client's `history` (a
 * watcher who comes late, a player back after a reload), so that the game log is whole.
 */
export interface CardwordsHistoryMessage {
  /** The request's id, when it had one. */
  id?: string | number;
  round: number;
  /** The seats' names, by seat index (the state may arrive after this message). */
  players: string[];
  turns: CardwordsTurnInfo[];
}

/** `ruleset`: the ruleset's files a Cardwords room sends at join (never the dictionaries). */
export interface RulesetMessage {
  name: string;
  digest: string;
  files: { charset: string; cardset: string; cardtable: string; bonus: string };
}
