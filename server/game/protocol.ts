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
  | 'unknown-player'
  | 'robots-unavailable'
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
