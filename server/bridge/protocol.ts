// The bridge's wire format (`cardwords client --stdio`, docs/editors.md): one JSON object a
// line each way. Requests carry an id and get one response with the same id; the bridge may
// also send notifications (no id). Plain data, so an editor can speak it with its own JSON.
import type { LinesOptions } from '../../core/games/lines/index.js';

export interface BridgeRequest {
  id: number;
  method: string;
  params?: unknown;
}

export type BridgeResponse = { id: number; result: unknown } | { id: number; error: { code: BridgeErrorCode; message: string } };

export interface BridgeNotification {
  method: string;
  params: unknown;
}

export type BridgeErrorCode = 'parse-error' | 'bad-request' | 'unknown-method' | 'refused' | 'failed';

/** An error the handler means the client to see (a refused move, a bad option). */
export class BridgeError extends Error {
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
    /** A refused join: the seat asked for cannot be taken back (the game over or gone, the name another's). */
    readonly seatLost = false,
    /** A refused join: the room was not found (gone, or not restored yet by a server just started). */
    readonly missing = false,
  ) {
    super(message);
  }
}

/** Longest request line the bridge reads; a longer one is refused, not buffered. */
export const MAX_LINE = 64 * 1024;

// ------------------------------------------------------------------ Lines

/** `lines/new` params: the original's game options (any left out take the defaults). */
export interface LinesNewParams {
  options?: Partial<LinesOptions>;
  /** A fixed seed (the game then stays out of the high-score table, as with `--seed`). */
  seed?: string;
  /** Whose score it is: the editor's player name (a player name's rule); the login name when left out. */
  user?: string;
}

/** `lines/move` params: cell indices (y * width + x). */
export interface LinesMoveParams {
  from: number;
  to: number;
}

/** What every Lines method answers: the game as the editor draws it. */
export interface LinesView {
  options: LinesOptions;
  /** width * height cells: 0 empty, 1..colors a chip. */
  board: number[];
  score: number;
  /** The colours of the next throw when the preview option is on, else null. */
  next: number[] | null;
  over: boolean;
  /** Why the game is over, a sentence ('The board is full.'); '' while it goes on. */
  overReason: string;
  /** Why a move or a hint does nothing now, as the web panel says it ('The game is over.'), for the editor to say when such a key is pressed; '' while the game goes on. */
  overRefusal: string;
  /** What the action key on an empty cell says while no chip is selected, as the web panel says it ('Select a chip first.'). */
  emptyRefusal: string;
  /** Settings under which no chip can ever be removed, a sentence ('No line of 5 fits a 4x4 board: …'); '' for settings a line fits. */
  warning: string;
  moves: number;
  /** The last move's path, removed chips, points and throw (null at the start, after undo). */
  last: { path: number[]; removed: number[]; points: number; thrown: number[]; thrownRemoved: number[]; throwPoints: number } | null;
  /** The game still counts for the high-score table. */
  eligible: boolean;
  /** The high-score line, as the terminal client shows it. */
  highScore: string;
  /** A new personal record was saved (at game over or quit). */
  record: boolean;
  /** For `lines/undo`: what the web panel says of it ('Move taken back.'). */
  undone?: string;
  /** For `lines/move`: its outcome as the web panel says it ('Moved green from row 1, column 2 to row 3, column 4. …'). */
  moved?: string;
  /** For `lines/hint`: the proposed move, or null when there is none. */
  hint?: { from: number; to: number } | null;
}
