// What the Cardwords panel's components draw (media/cardwords/panel.tsx builds it on every
// update): the room's state, the ruleset's rules, the composer and the panel's own state,
// plus the commands the components call. Components are pure functions of it.
import type { CardwordsRules } from '../../../core/games/cardwords/setup.js';
import type { Board, Card } from '../../../core/games/cardwords/types.js';
import type { Ruleset } from '../../../core/ruleset/types.js';
import type { CardwordsRoomState } from '../../../core/protocol/game.js';
import type { ResultsMessage, ReviewBest } from '../../../core/protocol/messages.js';
import type { PlacedCard } from '../../../core/games/cardwords/types.js';
import type { Translate } from '../../ui/l10n/index.js';
import type { Composer, Coords } from '../../../core/games/cardwords/compose.js';
import type { WordLetter } from '../words.js';
import type { Lacking } from '../../../core/games/cardwords/word-checks.js';

export interface Cell {
  col: number;
  row: number;
}

/** One line of the log; a turn keeps its cells so a click can show it on the table. */
export interface LogEntry {
  round: number;
  text: string;
  /** A turn (a move, trade or pass), not a note such as an approved word. */
  turn?: boolean;
  cells?: Array<{ col: number; row: number; char: string; points: number }>;
  /** After the game, for one's own turns: what the best robot would have done there. */
  best?: ReviewBest;
  /** The turn's seat (from the history). */
  player?: number;
  /** After the game: every seat's hand before the turn (the history's). */
  hands?: Card[][];
}

/** One of the robot's suggested actions (the hint list), best first. */
export interface HintMove {
  action: { type: 'move'; cards: readonly PlacedCard[] } | { type: 'trade'; cards: readonly Card[] } | { type: 'pass' };
  score: number;
  words: string[];
  /**
   * The words letter by letter (a cell each), when the table is known: the list marks the
   * wildcards' letters, or two moves that lay a wildcard for different E's of TEES read alike.
   */
  spelled?: WordLetter[][];
  /** Score plus the value of the cards kept (the server's learned leaves), when it sends it. */
  equity?: number;
}

export interface Commands {
  clickCell(c: Cell): void;
  hoverCell(c: Cell): void;
  clickHand(i: number): void;
  removeComposed(k: number): void;
  giveMeaning(ch: string): void;
  toggleDir(): void;
  submit(): void;
  trade(): void;
  pass(): void;
  hint(): void;
  /** Asks the server whether the preview's words are in its dictionary (the answer redraws). */
  checkWords(words: readonly string[]): void;
  end(): void;
  /** The owner removes a human player (the room's `remove`). */
  remove(name: string): void;
  /** Leaves for good (the room's `leave`): a stand-in plays the seat to the end. */
  leave(): void;
  rematch(): void;
  decide(word: string, approve: boolean): void;
  showLog(i: number | null): void;
  chooseHint(i: number): void;
  setCoord(key: 'digitsForColumns' | 'colsRight' | 'rowsUp', on: boolean): void;
  /** The review after the game: step to turn k of the round (null: the final table). */
  review(k: number | null): void;
  /** The review: the table before each turn with the best robot's move on it, or the turn itself. */
  reviewBest(on: boolean): void;
  dragStart(i: number): void;
  drop(c: Cell): void;
}

export interface Model {
  t: Translate;
  state: CardwordsRoomState;
  ruleset: Ruleset;
  rules: CardwordsRules;
  board: Board;
  /** The hand shown: none while the review shows a turn (the hand left is not that turn's). */
  hand: readonly Card[];
  /** The hand held now, the review's steps too: the unseen cards are counted without it. */
  held: readonly Card[];
  coords: Coords;
  composer: Composer;
  isPlayer: boolean;
  /** Whether the server's dictionary has a word (undefined: not known yet). */
  known(word: string): boolean | undefined;
  /** Of the words, those the server lacks: `rejected` those the owner rejected in this game; `ask`, how playing the others asks the owner. */
  lacking(words: readonly string[]): Lacking;
  /** The player left the game, or the owner removed them (a stand-in plays the seat); the page no longer follows it. */
  left: boolean;
  /** It was the owner's removal (said where the hand was, with the offer to watch). */
  removedByOwner: boolean;
  /** The player was the last one seated: their going ended the game (nothing to watch). */
  leftLast: boolean;
  /** The seat is played in another tab or window now: taking it back here (null once here, else why not), offered beside watching. */
  playHere: (() => Promise<string | null>) | null;
  /** Why the game could not be joined again (the page is out of play), or null. */
  refused: string | null;
  /** The location's name when the last move, another's, laid a card on it (typed before, no card composed yet), else null. */
  covered: string | null;
  /** After leaving: watch the game go on (null once watching, else why not); none where the page cannot. */
  watchAgain: (() => Promise<string | null>) | null;
  /** The game ended after this page went out of play (a watch refused so): the way on instead of the offer. */
  overSince: boolean;
  /** The "Games" link's click (media/ui/page.ts gamesClick): VS Code's play list; none in a browser. */
  onGames: ((e: Event) => void) | undefined;
  owner: boolean;
  mySeat: number;
  /** The seat the owner's remove does not offer: mySeat, or, watching, the one this browser plays in another tab. */
  ownSeat: number;
  gameId: string;
  /** The join page of this game, to give to the people invited. */
  inviteUrl: string;
  cursor: Cell;
  hovered: Cell | null;
  lastCells: ReadonlySet<number>;
  /** A log entry shown on the table (its cells ringed), or null. */
  shown: LogEntry | null;
  shownIndex: number | null;
  log: readonly LogEntry[];
  lastPoints: ReadonlyMap<number, number>;
  /** The owner's open questions: word -> who tried it, and whether an ended game left it (said so on its line). */
  requests: ReadonlyMap<string, { player: string; earlier: boolean }>;
  results: ResultsMessage | null;
  ended: boolean;
  /** An action sent and not answered yet: Play waits. */
  busy: boolean;
  /** The last refusal, while it is still true. */
  refusal: string;
  /** `unseen`: spoken only, the page shows it elsewhere. */
  status: { text: string; kind: 'info' | 'error'; seq: number; unseen?: boolean };
  hints: readonly HintMove[];
  /** The review's steps (the log's turns of this round, by log index) and the one shown. */
  reviewTurns: readonly number[];
  reviewStep: number | null;
  /**
   * The best robot's move of the turn shown, when it lays one: its words letter by letter on
   * the table before the turn, where it goes, and whether the table shows it (the `b` key).
   */
  reviewBest: { spelled: WordLetter[][]; place: string; onTable: boolean } | null;
  /** The review shows the best robot's moves on the table (kept while stepping). */
  reviewBestOn: boolean;
  /** Why Best move has nothing to show at the step, in words (words.ts `reviewBestMissing`): its button is off then. */
  reviewBestMissing: string | null;
  /** The review's step: the hand its turn's player chose from, once the history gives it. */
  reviewHand: { name: string; cards: readonly Card[] } | null;
  /** The table and the hand the unseen cards are counted from: now, or the review step's. */
  unseenFrom: { board: Board; hand: readonly Card[] };
  hintIndex: number | null;
  coordOpts: { digitsForColumns: boolean; colsRight: boolean; rowsUp: boolean };
  cmd: Commands;
}

export const cardText = (c: { char: string | null; points: number; meaning?: string }) => (c.char === null ? (c.meaning ? `(${c.meaning}) ${c.points}` : `* ${c.points}`) : `${c.char} ${c.points}`);
