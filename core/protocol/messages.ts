// The game rooms' messages, typed once for both sides (docs/server.md "Messages"): what a
// client sends a Cardwords or Yatzee room, and what the room sends back. The rooms register
// their handlers and send through these maps (server/game/room-base.ts), and every client
// (the panels in media/, the tests) sends and receives through core/protocol/client.ts, so a
// renamed field fails to compile on both sides. Plain types only: no Colyseus import.
import type { Card, PlacedCard } from '../games/cardwords/types.js';
import type { MoveError } from '../games/cardwords/rules.js';
import type { Category } from '../games/yatzee/rules.js';
import type { CardwordsTurnInfo, ErrorCode } from './game.js';

/** A request's correlation id, echoed in its `ack` or `error`: a string (≤ 64) or a safe integer. */
export type RequestId = string | number;

/** Every client message may carry an id; the reply (`ack` or `error`) carries it back. */
export interface Request {
  id?: RequestId;
}

// ---------------------------------------------------------------- client → room

/** A Cardwords action: the notation's text, or the action as data (the seat is the sender's). */
export type CardwordsActionMessage = Request &
  ({ text: string } | { type: 'move'; cards: PlacedCard[] } | { type: 'trade'; cards: Card[] } | { type: 'pass' });

/** The owner's answer to unknown words: one word or a list of 1..50. */
export interface WordsDecision extends Request {
  word?: string;
  words?: string[];
}

export interface RemoveMessage extends Request {
  /** The player to remove (owner only). */
  name: string;
}

/** Messages every game room takes. */
export interface CommonClientMessages {
  /** Owner only: ends the game for good (the clients confirm first). */
  end: Request;
  /** Owner only: removes a human; the key is void. */
  remove: RemoveMessage;
  /**
   * The player leaves the game for good (the clients confirm first). Closing a panel is a
   * drop, not a leave: the seat is held (see `away`). Cardwords: a stand-in plays the seat
   * to the end (before the start the seat is free again). Yatzee: the sheet leaves the table.
   */
  leave: Request;
}

export interface CardwordsClientMessages extends CommonClientMessages {
  action: CardwordsActionMessage;
  approve: WordsDecision;
  reject: WordsDecision;
  rematch: Request;
  /** The best robot's choice for one's own hand. */
  hint: Request;
  /** The round's turns so far (a late watcher, a reload). */
  history: Request;
  /**
   * Which of these words the dictionary lacks (a move's words, previewed before it is played:
   * the owner would be asked to approve them). Players only; 1 to 32 words of up to 64 characters.
   */
  check: CheckMessage;
}

export interface CheckMessage extends Request {
  words?: string[];
}

/** The answer to `check`: the words asked, canonical, and those the dictionary does not have now. */
/**
 * How a player's words the dictionary lacks reach the owner once played: `owner`, the player
 * is the owner (asked in their own page); `now`, an owner's client is in the game; `later`,
 * the owner plays in this game (asked when its round is over: the words would show the
 * player's cards); `absent`, no owner's client is in the game (asked when one joins it).
 */
export type WordAsk = 'owner' | 'now' | 'later' | 'absent';

export interface CheckedMessage {
  id?: RequestId;
  words: string[];
  unknown: string[];
  /** Of the unknown words, those the owner rejected in this game (a move with one is refused at once). */
  rejected?: string[];
  /** How playing the unknown words would ask the owner now (the preview says it). */
  ask?: WordAsk;
  /**
   * Of the unknown words, those whose question from this player the owner has now and has not
   * decided (the preview says the owner has been asked: after a restart or a reload it said
   * that playing would ask).
   */
  asked?: string[];
}

/** A Yatzee action from a client (the player is the sender; `join` and `leave` are not actions). */
export type YatzeeActionMessage = Request &
  (
    | { type: 'throw' }
    | { type: 'hold'; dice: number[] }
    | { type: 'release'; dice: number[] }
    | { type: 'transfer'; category: Category }
    | { type: 'undoTransfer' }
    | { type: 'resetDices' }
  );

export interface YatzeeClientMessages extends CommonClientMessages {
  action: YatzeeActionMessage;
  /** Owner only: seats robots. */
  robots: Request & { add: number };
}

// ---------------------------------------------------------------- room → client

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
  id?: RequestId;
  /** The acknowledged message's type. */
  type: string;
  /** Actions accepted in this game (round) so far. */
  moves: number;
  /** approve/reject: the words decided (as stored). */
  words?: string[];
  /** robots: the names of the robots seated. */
  robots?: string[];
}

/** Every refused message gets one, with the request's id and type; the connection stays. */
export interface ErrorMessage {
  code: ErrorCode;
  message: string;
  /** The refused message's type and id, when it had them. */
  type?: string;
  id?: RequestId;
  // Cardwords engine refusals add what the panel explains:
  /** unknown-words: the words; bad-word. */
  words?: readonly string[];
  /** unknown-words: false when the owner's list is full (the owner was not asked), or some word was rejected. */
  asked?: boolean;
  /**
   * unknown-words, asked: the owner plays in this round, so the question waits for its end
   * (an opponent's word would show the owner cards of that player's hand).
   */
  later?: boolean;
  /** unknown-words, asked: no owner's client is in the game now: the owner is asked on joining it. */
  absent?: boolean;
  /** unknown-words: those the owner rejected in this game (not asked again). */
  rejected?: readonly string[];
  /** illegal-move: each reason. */
  errors?: readonly MoveError[];
  player?: number;
  /** not-your-turn: whose turn it is. */
  turn?: number;
  /** pile-too-small: the pile's size and the cards wanted. */
  pile?: number;
  wanted?: number;
  /** not-in-hand: the cards missing. */
  cards?: readonly string[];
}

/**
 * Why a game (a Cardwords round) ended:
 * - `out`: the pile is empty and a player laid their last card;
 * - `passes`: everyone passed twice in a row;
 * - `sheets-full`: every Yatzee sheet is full;
 * - `owner`: ended by the owner;
 * - `idle`: no action for the idle timeout; `no-players`: nobody joined in time;
 *   `left`: the last human left.
 */
export type EndReason = 'out' | 'passes' | 'sheets-full' | 'owner' | 'idle' | 'no-players' | 'left';

export interface PlayerResult {
  name: string;
  robot: boolean;
  /** Final score, adjustments included. */
  score: number;
  winner: boolean;
  /** A stand-in robot made at least one of this human's actions. */
  standIn: boolean;
  /** Cardwords: the seat, the points left in the hand and what the end added (negative: taken). */
  seat?: number;
  handPoints?: number;
  adjustment?: number;
}

/** Sent once when a game (a Cardwords round) ends, by the rules or by the owner. */
export interface ResultsMessage {
  /** Cardwords: the round (1, then +1 per rematch). */
  round?: number;
  reason: EndReason;
  /** Cardwords, `out`: the seat that went out. */
  out?: number | null;
  /** Best first. */
  results: PlayerResult[];
  /** The winners' names (ties share). */
  winners: string[];
}

/** The room closes after this (an end for good): no error to show, the results came first. */
export interface EndedMessage {
  reason: EndReason;
}

/** The server is stopping (or the game moved to another server process): the game is kept; the room then closes with CLOSE.SERVER_STOPPING. */
export interface StoppingMessage {
  message: string;
}

export interface CommonServerMessages {
  welcome: WelcomeMessage;
  ack: AckMessage;
  error: ErrorMessage;
  results: ResultsMessage;
  ended: EndedMessage;
  stopping: StoppingMessage;
}

/** `ruleset`: the ruleset's files a Cardwords room sends at join (never the dictionaries). */
export interface RulesetMessage {
  name: string;
  digest: string;
  files: { charset: string; cardset: string; cardtable: string; bonus: string };
}

/**
 * `history`: the game log so far, the answer to a client's `history`, so that a page that
 * comes in (a reload, a late player, a watcher, an editor) shows the lines of one that stayed
 * open: the current round's turns, the turns of the earlier rounds (games before a rematch),
 * and the lines that are no turn, placed among them.
 */
export interface CardwordsHistoryMessage {
  id?: RequestId;
  round: number;
  /** The seats' names, by seat index (the state may arrive after this message). */
  players: string[];
  turns: CardwordsHistoryTurn[];
  /**
   * The earlier rounds' turns, oldest first (no review: that is the current round's). Newest
   * first back from the current round while fewer than `LOG_LINES` turns are sent, so the
   * message is bounded by one round's turns plus `LOG_LINES`: the rounds before stay with a
   * page that has them. Absent from an older server.
   */
  earlier?: Array<{ round: number; turns: CardwordsHistoryTurn[] }>;
  /** The log's other lines of the rounds sent (the earliest sent and on), in the order they happened. */
  events?: CardwordsLogEvent[];
}

/**
 * How many lines of the game log a page shows (the newest), and so how far back `history`
 * reaches at least.
 */
export const LOG_LINES = 200;

/**
 * What became of a seat given up (a leave, a removal): absent, a stand-in plays it to the end
 * of the round; `rematch`, the round was over (a robot plays it in a rematch); `end`, it was
 * the last person's, so the game ended with it.
 */
export type GoneThen = 'rematch' | 'end';

/**
 * A line of the game log that is no turn, placed after the first `at` turns of its `round`:
 * a rematch (at 0 of the new round), a round's end with its winners (by the rules: first after
 * its last turn; the room's end of a round going on: where it came), a player who left or
 * whom the owner removed (public: the state says it), another player's rematch vote (the
 * voter's own page has it on its button: not in their history; at most one a seat a round),
 * and the owner's decision on a word, only in the history of the player it was asked for
 * (docs/rules.md: nobody else is told).
 */
export type CardwordsLogEvent = { round: number; at: number } & (
  | { kind: 'rematch' }
  | { kind: 'vote'; name: string }
  | { kind: 'end'; winners: string[]; reason?: EndReason }
  | { kind: 'leave'; name: string; then?: GoneThen }
  | { kind: 'remove'; name: string; then?: GoneThen }
  | { kind: 'word'; word: string; approved: boolean }
);

/**
 * A turn of the history: what `last` showed, the cards a move laid (public: they are on the
 * table) and, once the game is over, for every turn a human played, the best robot's
 * choice in that position, and for every turn the hands (the review: the hands are no
 * longer secret).
 */
export type CardwordsHistoryTurn = CardwordsTurnInfo & {
  cells?: Array<{ col: number; row: number; char: string; points: number }>;
  best?: ReviewBest;
  /**
   * Once the game is over (the review), every seat's hand before the turn, by seat: the
   * review shows what the player chose from, and counts the unseen cards of its step.
   */
  hands?: Card[][];
};

/**
 * The best robot's choice in a turn's position, for the review: a move's words and the
 * cards it lays (the game is over: they show where, and which letters a wildcard takes), or
 * the cards a trade gives back (the game is over: its hands are no longer secret).
 */
export interface ReviewBest {
  type: 'move' | 'trade' | 'pass';
  score: number;
  words: string[];
  cards?: PlacedCard[];
  tradedCards?: Card[];
}

/** To the owner: a player's move was refused for these words (only the words, never the rest of the move). */
export interface WordRequestMessage {
  words: string[];
  player: string;
  ruleset: string;
  /** Asked in a game that has ended (questions outlive their game: server/game/carried-questions.ts). */
  earlier?: boolean;
}

/**
 * To the owner's clients only, at an end that closes the room: the questions left open there
 * (`words`), asked when the owner next joins a game of `ruleset` (server/game/carried-questions.ts).
 */
export interface CarriedMessage {
  words: string[];
  ruleset: string;
}

/** To the refused player only: the owner decided. */
export interface WordDecisionMessage {
  word: string;
  approved: boolean;
}

export interface HintMessage {
  id?: RequestId;
  action: { type: 'move'; cards: readonly PlacedCard[] } | { type: 'trade'; cards: readonly Card[] } | { type: 'pass' };
  score: number;
  words: string[];
  /**
   * The 10 best actions by equity (score + the value of the cards kept, learned for the
   * ruleset; 0 until the server has learned them), best first: a move's cards on the table,
   * or a trade's cards.
   */
  ranked?: Array<{ kind: 'move' | 'trade' | 'pass'; score: number; leave: number; equity: number; cards: ReadonlyArray<PlacedCard | Card>; kept: readonly Card[] }>;
  /** The actions of the game so far (the state's `moves`) when the hint was found: the table it is for. */
  moves?: number;
}

export interface CardwordsServerMessages extends CommonServerMessages {
  ruleset: RulesetMessage;
  history: CardwordsHistoryMessage;
  'word-request': WordRequestMessage;
  carried: CarriedMessage;
  word: WordDecisionMessage;
  /** To every client of the owner: an open question was decided (by any of them), it goes from the list. */
  'word-settled': WordDecisionMessage;
  hint: HintMessage;
  checked: CheckedMessage;
  rematch: { round: number };
}

export interface YatzeeServerMessages extends CommonServerMessages {
  /** The owner removed a player (said before the state drops the sheet): pages tell it from a leave. */
  removed: { name: string };
}

// ---------------------------------------------------------------- closing

/** Close codes a room uses (WebSocket close frames). */
export const CLOSE = {
  /** The game ended (after `results` and `ended`), or the client left: nothing went wrong. */
  ENDED: 4000,
  /** The server is stopping, or another server process took the game over (after `stopping`): the game is kept; it resumes when the server is back, or at once where it moved. */
  SERVER_STOPPING: 4001,
  /** The owner removed the player, the player left, or the seat was taken back from another connection (the reason says which). */
  REMOVED: 4000,
} as const;

/** The close reasons of CLOSE.REMOVED (4000), which a client words in its own language (media/ui/rejoin.ts). */
export const CLOSE_REASON = {
  /** The player left the game (`leave`). */
  LEFT: 'left',
  /** The seat was taken back from another connection (the same player in another window): this connection no longer plays it. */
  TAKEN_BACK: 'the seat was taken back from another connection',
  /** The owner removed the player. */
  REMOVED: 'removed by the owner',
} as const;

/** The `stopping` message's text (a client may show its own). */
export const STOPPING_MESSAGE = 'The server is stopping. The game is kept and goes on where it was when the server is back.';

/** The `stopping` message's text when another server process has taken the game over (several processes on Redis). */
export const MOVED_MESSAGE = 'The game moved to another server process. Join it again to go on where it was.';

// ---------------------------------------------------------------- helpers for both sides

/** The keys of every member of a union (keyof a union gives only the common ones). */
type KeysOfUnion<T> = T extends unknown ? keyof T : never;

/**
 * A client message as a room receives it: any object (non-objects arrive as `{}`), each
 * known field possibly of any type. A handler can read only the protocol's fields, so a
 * renamed field fails to compile there too; it checks each one before use.
 */
export type Untrusted<T> = { readonly [K in KeysOfUnion<T>]?: unknown };

export type MessageMap = object;
export type MessageType<M extends MessageMap> = keyof M & string;
