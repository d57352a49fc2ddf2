/// <reference lib="dom" />
// The Cardwords panel over the server's Cardwords room (docs/server.md "Cardwords rooms";
// docs/ui.md "Cardwords"): the controller. It keeps the room's state, the composer
// (core/games/cardwords/compose.ts), the log and the panel's own state, turns keys, clicks and messages into
// changes, and renders the components of view/ (one per screen area) with Preact, which
// patches the DOM: focus, selection and scroll survive every update. Watchers get the same
// without a hand.
import { render } from 'preact';
import { forgetSeat, seatFor } from '../ui/seats.js';
import { gamesClick, setGameTitle } from '../ui/page.js';
import type { WatchRefused } from '../ui/refusal.js';
import { OverSince } from '../ui/watch-offer.js';
import { loadRuleset } from '../../core/ruleset/load.js';
import type { Ruleset } from '../../core/ruleset/types.js';
import { rulesFromRuleset, type CardwordsRules } from '../../core/games/cardwords/setup.js';
import type { Board, Card, PlacedCard } from '../../core/games/cardwords/types.js';
import { flash, typing } from '../ui/dom.js';
import type { Host } from '../ui/host.js';
import { Requests } from '../ui/requests.js';
import { asksRematch, cardwordsEndsWithout, cardwordsRemovable, gamePath, webBase, type CardwordsCardState as CwCardV, type CardwordsPlacedState as CwPlacedV, type CardwordsRoomState as CwStateV, type CardwordsSeatState as CwSeatV, type CardwordsTurnInfo } from '../../core/protocol/game.js';
import type {
  AckMessage,
  CardwordsActionMessage,
  CarriedMessage,
  CardwordsClientMessages,
  CardwordsHistoryMessage,
  CardwordsHistoryTurn,
  CardwordsServerMessages,
  EndedMessage,
  GoneThen,
  ErrorMessage,
  HintMessage,
  ResultsMessage,
  RulesetMessage,
  WelcomeMessage as Welcome,
  WordDecisionMessage,
  CheckedMessage,
  WordRequestMessage,
} from '../../core/protocol/messages.js';
import type { CardwordsRoomClient as RoomLike } from '../../core/protocol/client.js';
import { fullStop, sentence, type StringKey, type Translate } from '../ui/l10n/index.js';
import { Composer, composeContext, Coords, DEFAULT_COORDS, type ComposeResult, type ComposedAction, type CoordOptions, type Refusal } from '../../core/games/cardwords/compose.js';
import type { Cell, HintMove, LogEntry, Model } from './view/model.js';
import { CellInfo, Table } from './view/table.js';
import { ActionArea, Hints, meaningAsked, outOfPlayText } from './view/action.js';
import { bestMoveWords, refusalText, refusedActionText, rematchVotesText, removeQuestion, reviewBestMissing, reviewBestMissingText, reviewStepped, reviewTable, reviewUnseenBasis, spelledText, spelledWords, startedText, startText, type WordLetter } from './words.js';
import { ScoreBoard } from './view/scores.js';
import { CardLists } from './view/lists.js';
import { Log } from './view/log.js';
import { carriedText, goneKey, goneKeys, goneThen, historyLines, logEventText } from './log-lines.js';
import { WordRequests } from './view/requests.js';
import { Results as ResultsView, type KeptCwResults } from './view/results.js';
import { keepResults } from '../ui/kept-results.js';
import { keepReviewFocus, Review } from './view/review.js';
import { endReasonText, idleSeconds, idleWarningStep, withEndReason } from '../ui/end-reason.js';
import { Confirm, END_WORDS, type ConfirmWords } from '../ui/confirm.js';
import { RemovePlayer } from '../ui/remove-player.js';
import { WordChecks } from '../../core/games/cardwords/word-checks.js';

export type { CwCardV, CwPlacedV, CwSeatV, CwStateV, RoomLike, RulesetMessage, Welcome };

interface Sent {
  type: string;
  action?: ComposedAction;
  /** `remove`: whom; `approve`, `reject`: who played the word */
  name?: string;
}

/** Leaving gives the seat up for good (the room's `leave`); closing the panel is only a drop. */
const LEAVE_WORDS: ConfirmWords = { ask: 'cw.leave', question: 'cw.leave.question', confirm: 'cw.leave.confirm' };
/** The last human's leave ends the game for everyone (the room's lifetime): no robot plays on. */
const LEAVE_LAST_WORDS: ConfirmWords = { ...LEAVE_WORDS, question: 'cw.leave.questionLast' };

/** Builds the rules from the texts the server sends (no dictionaries: the server checks words). */
export function rulesFromTexts(m: RulesetMessage): { ruleset: Ruleset; rules: CardwordsRules } | null {
  const f = m.files;
  const r = loadRuleset(
    {
      name: m.name,
      charset: { name: `${m.name}.charset`, text: f.charset },
      cardset: { name: `${m.name}.cardset`, text: f.cardset },
      cardtable: { name: `${m.name}.cardtable`, text: f.cardtable },
      bonus: { name: `${m.name}.bonus`, text: f.bonus },
      dictionaries: [],
    },
    { players: 1 },
  );
  return r.ruleset ? { ruleset: r.ruleset, rules: rulesFromRuleset(r.ruleset) } : null;
}

/** The focus is in the play column (the action area, the results) or has fallen to the page. */
function focusInPlay(): boolean {
  const a = document.activeElement;
  return !a || a === document.body || a.closest('.cw-play, .cw-hints') !== null;
}

/** A panel's log, carried to the panel that replaces it in the same game. */
export interface LogKept {
  gameId: string;
  entries: readonly LogEntry[];
  round: number;
  moves: number;
  points: ReadonlyMap<number, number>;
}

export class CardwordsPanel {
  private state: CwStateV | null = null;
  private ruleset: Ruleset | null = null;
  private rules: CardwordsRules | null = null;
  private board: Board | null = null;
  private hand: readonly Card[] = [];
  private coordOpts: CoordOptions;
  private coords: Coords | null = null;
  private composer: Composer | null = null;
  private cursor: Cell = { col: 0, row: 0 };
  private hovered: Cell | null = null;
  private readonly requests: Requests<CardwordsClientMessages, CardwordsServerMessages, Sent>;
  private readonly log: LogEntry[] = [];
  private loggedMoves = 0;
  private loggedRound = 0;
  private readonly lastPoints = new Map<number, number>();
  /** The leaves and removals logged (`round:name`): from `history` too, so a state that comes after it adds none again. */
  private readonly goneLogged = new Set<string>();
  /** The owner's open questions: word -> who tried it, and whether an ended game left it (`earlier`). */
  private readonly wordRequests = new Map<string, { player: string; earlier: boolean }>();
  private results: ResultsMessage | null = null;
  private ended: EndedMessage | null = null;
  /** The room's end carried the owner's open questions to their next game (`carried`): said with the end. */
  private carried = '';
  /** The cells of the last move (ringed on the table). */
  private lastCells = new Set<number>();
  /** Cards on the table at the last state; -1 before the first (a reload does not know the last move's cards). */
  private boardCount = -1;
  private dragIndex: number | null = null;
  private shownIndex: number | null = null;
  private hints: HintMove[] = [];
  /** The review's step after the game (null: the final table). */
  private reviewStep: number | null = null;
  /** The review shows the table before each turn with the best robot's move on it (b). */
  private reviewBestOn = false;
  private hintIndex: number | null = null;
  /** The last refusal in view, until the turn, the move count or the game's status changes. */
  private refusal = '';
  private status: Model['status'] = { text: '', kind: 'info', seq: 0 };
  /** The status speaks of the action area's content (a hint loaded, a refusal, a step to take): a change of the area ends it. */
  private statusOnArea = false;
  /**
   * What the status line last said of the game, not of the area's content ("You play as Ann.",
   * a robot's move): the line shows it again, unspoken, while its own words are not seen (said
   * of the area and gone with it, shown elsewhere, or only spoken). The line emptied after a
   * wildcard's letter was asked, and nothing took its place.
   */
  private statusBase: { text: string; kind: 'info' | 'error' } = { text: '', kind: 'info' };

  /** The page that joins this game, for the players' invitations (the server's own origin in a webview). */
  private readonly inviteUrl: string;

  constructor(
    private readonly host: Host,
    private readonly root: HTMLElement,
    private readonly t: Translate,
    private readonly room: RoomLike,
    private readonly welcome: Welcome,
    /** After a leave, watching the game (a new join as a watcher): null once watching, else why not. */
    private readonly watchAgain: (() => Promise<WatchRefused | null>) | null = null,
    /** Why nothing can be sent now (the connection is lost: media/ui/rejoin.ts), or null. */
    offline: () => string | null = () => null,
  ) {
    this.overSince = new OverSince(welcome.gameId, () => host.games(), watchAgain, () => {
      this.say(t('watch.overSince'));
      this.render();
      const a = document.activeElement;
      if (!a || a === document.body) this.root.querySelector<HTMLElement>('#cw-over-home')?.focus();
    });
    this.coordOpts = { ...DEFAULT_COORDS, ...(host.load<Partial<CoordOptions>>('cardwords.coords') ?? {}) };
    this.inviteUrl = webBase(host.serverUrl() ?? location.origin) + gamePath('cardwords', welcome.gameId);
    this.applyCardSize();
    // VS Code's settings changed while the panel is open (card size, coordinate options)
    (host as Host & { onUpdate?(listener: () => void): void }).onUpdate?.(() => {
      this.coordOpts = { ...DEFAULT_COORDS, ...(host.load<Partial<CoordOptions>>('cardwords.coords') ?? {}) };
      this.applyCardSize();
      this.rebuild();
    });
    // the join or creation form goes: the components own the whole root from here
    root.replaceChildren();
    this.requests = new Requests<CardwordsClientMessages, CardwordsServerMessages, Sent>(room, { ack: (p, meta) => this.onAck(p, meta), error: (p, meta) => this.onError(p, meta), unsent: (why, meta) => this.onUnsent(why, meta) }, 'ui', offline);
    room.on('word-request', (p) => this.onWordRequest(p));
    room.on('word', (p) => this.onWord(p));
    // decided in another of the owner's clients: the question goes here too (it stood, and its Reject was acknowledged)
    room.on('word-settled', (p) => {
      if (this.wordRequests.delete(p.word)) this.render();
    });
    room.on('results', (p) => this.onResults(p));
    room.on('rematch', (p) => this.onRematch(p));
    room.on('carried', (p) => this.onCarried(p));
    room.on('ended', (p) => this.onEnded(p));
    room.on('history', (p) => this.onHistory(p));
    room.on('hint', (p) => this.onHint(p));
    room.on('checked', (p) => this.onChecked(p));
    document.addEventListener('keydown', this.keydown);
    window.addEventListener('focus', this.windowFocus);
    this.say(this.isPlayer ? t('cw.joined', this.welcome.name ?? '') : t('cw.watching'));
  }

  private readonly keydown = (e: KeyboardEvent) => this.onKey(e);
  private disposed = false;

  /** The page goes on with another panel (watching after a leave): this one lets go of the page. */
  dispose(): void {
    this.disposed = true;
    document.removeEventListener('keydown', this.keydown);
    window.removeEventListener('focus', this.windowFocus);
    this.overSince.stop();
    render(null, this.root);
  }

  /**
   * The card size (pixels; VS Code's cardwords.cardSize setting, or ?cardSize=): cells and
   * hand cards that size at most; without it the table fills the room it has.
   */
  private applyCardSize(): void {
    const size = Number(this.host.param('cardSize'));
    const ok = Number.isInteger(size) && size >= 16 && size <= 128;
    this.root.classList.toggle('cw-sized', ok);
    if (ok) this.root.style.setProperty('--cw-card', `${size}px`);
    else this.root.style.removeProperty('--cw-card');
  }

  get isPlayer(): boolean {
    return this.welcome.role === 'player' && !this.left;
  }

  /** The move being composed and whose seat it is, for the panel that replaces this one when the page joins again. */
  get draft(): { name: string; composer: Composer } | null {
    return this.isPlayer && this.composer && this.welcome.name ? { name: this.welcome.name, composer: this.composer } : null;
  }

  /**
   * Goes on with the move composed in the panel this one replaces (the page joined again after
   * a lost connection, in the same seat): the new state then clears it only when the table no
   * longer fits it, and says so. It was lost with the old panel.
   */
  keepDraft(draft: { name: string; composer: Composer } | null): void {
    if (draft && this.isPlayer && draft.name === this.welcome.name) this.composer = draft.composer;
  }

  /**
   * The log so far, for the panel that replaces this one in the same game (a join again after
   * a lost connection, a watch after a leave): the new one's log came from `history`, this
   * round's turns only, and the earlier rounds and their rematch went with this panel.
   */
  get logKept(): LogKept {
    return { gameId: this.welcome.gameId, entries: [...this.log], round: this.loggedRound, moves: this.loggedMoves, points: new Map(this.lastPoints) };
  }

  /** Goes on with the log of the panel this one replaces (before the first state: `history` then refreshes this round's turns). */
  keepLog(kept: LogKept | null): void {
    if (!kept || kept.gameId !== this.welcome.gameId || this.state) return;
    this.log.push(...kept.entries);
    this.loggedRound = kept.round;
    this.loggedMoves = kept.moves;
    for (const [player, score] of kept.points) this.lastPoints.set(player, score);
  }

  /** The player left the game (the room acknowledged `leave`): no hand, no seat to take back. */
  private left = false;
  private removedByOwner = false;
  /** This page's player was the last one seated: their leave or removal ended the game for everyone. */
  private leftLast = false;

  private get mySeat(): number {
    if (!this.isPlayer || !this.state) return -1;
    const i = this.state.players.findIndex((p) => p.name === this.welcome.name);
    return i >= 0 ? i : (this.welcome.seat ?? -1);
  }

  /**
   * The owner's own seat, which the owner's remove does not offer: this page's, or, watching,
   * the one this browser plays in another tab (offered, it removed the owner themselves).
   */
  private get ownSeat(): number {
    if (this.isPlayer || !this.state) return this.mySeat;
    const kept = seatFor(this.host, 'cardwords', this.welcome.gameId);
    return kept ? this.state.players.findIndex((p) => p.name === kept.name) : -1;
  }

  say(text: string, kind: 'info' | 'error' = 'info', onArea = false): void {
    this.status = { text, kind, seq: this.status.seq + 1 };
    this.statusOnArea = onArea;
    // (a refusal is no such line: it is shown under the hand, and the status only speaks it)
    if (!onArea && text !== this.refusal) this.statusBase = { text, kind };
    this.render();
  }

  /** Says `text` to a screen reader only (the status line is the live region): the page shows it elsewhere (the connection's line at the top, media/ui/rejoin.ts). */
  speak(text: string, kind: 'info' | 'error' = 'info'): void {
    this.status = { text, kind, seq: this.status.seq + 1, unseen: true };
    this.statusOnArea = false;
    this.render();
  }

  /** The page joined the game again after a lost connection (media/ui/rejoin.ts): said first, and kept over the first state's last turn (a turn a stand-in played for you is still said). */
  rejoined(text: string): void {
    this.rejoinedSaid = true;
    // a Pass refused meanwhile for want of the connection: no longer true (it stood under the hand)
    if (this.refusal === this.t('conn.notSent')) this.refusal = '';
    this.say(text);
  }

  private rejoinedSaid = false;

  /** This round is over (by the rules, or the room ended the game): no move is played in it any more. */
  private get gameOver(): boolean {
    const s = this.state;
    return this.ended !== null || s?.status === 'over' || s?.status === 'ended';
  }

  /**
   * Focuses the action area (a watcher, or anyone after the game: the table, which the review
   * steps through); before the first state, once it is drawn. The area stays in the page
   * after the game, hidden: a focus given it fell to the page.
   */
  focus(): void {
    const e = document.getElementById(this.isPlayer && !this.gameOver ? 'cw-area' : 'cw-table');
    if (e) e.focus();
    else this.focusWhenDrawn = true;
  }

  /**
   * A click on a button of the action (Play, Pass, Trade…, a hint) leaves the focus on it:
   * Play and Pass are disabled at once (the turn moves on) and the focus fell to the page; on
   * a hint, Return chose it again where the status line says "Return plays it". The typing
   * goes on in the action area.
   */
  private focusFromButton(): void {
    const a = document.activeElement;
    if (a instanceof HTMLElement && a.tagName === 'BUTTON' && a.closest('.cw-action, .cw-hints')) this.focus();
  }

  /**
   * A key the action area takes while the focus is elsewhere (the page, after a click on its
   * text; a side panel's button): the focus goes to the area, so its ring shows where the
   * typing goes (the keys reached it with no ring at all). The table keeps the focus: its
   * cursor and the area work together.
   */
  private focusTyping(target: HTMLElement): void {
    const area = document.getElementById('cw-area');
    if (area && !area.contains(target) && target.id !== 'cw-table') area.focus();
  }

  /**
   * The page's window gets the focus back (a tab or window switch, VS Code moving the panel
   * to another group and focusing its webview) with the focus on the page itself: the action
   * area takes it, where the keys go, visibly.
   */
  private readonly windowFocus = () => {
    const a = document.activeElement;
    if ((a === null || a === document.body) && this.isPlayer && this.state?.status === 'playing' && !this.gameOver) this.focus();
  };

  private focusWhenDrawn = false;
  private topWhenDrawn = false;
  private focusResultsWhenDrawn = false;
  private focusOfferWhenDrawn = false;

  /**
   * The seat is out of play (a leave, a removal, the seat taken in another tab): Leave now
   * went with its question, the action area with the seat, and the focus fell to the page
   * (a keyboard player was lost). It goes to what the page offers now: the results of a game
   * that ended with it, else the offer to watch (the table when there is none).
   */
  private focusWhenOut(): void {
    const a = document.activeElement;
    if (a && a !== document.body && !a.closest('.cw-play, .cw-hints, .leave-game')) return;
    if (this.leftLast) this.focusResultsWhenDrawn = true;
    else this.focusOfferWhenDrawn = true;
  }

  /**
   * The game ended: the action area hides, and a focus left in it would fall to the page,
   * where Return spoke "the game is over". The results take it (a screen reader reads
   * them; Tab reaches Rematch) unless the player is elsewhere (the log, a setting).
   */
  private focusResultsIfPlaying(): void {
    if (focusInPlay()) this.focusResultsWhenDrawn = true;
  }

  // ------------------------------------------------------------------ state

  setRuleset(m: RulesetMessage): void {
    const r = rulesFromTexts(m);
    if (!r) {
      this.say(this.t('cw.badRuleset', m.name), 'error');
      return;
    }
    this.ruleset = r.ruleset;
    this.rules = r.rules;
    this.rebuild();
  }

  update(s: CwStateV): void {
    const prev = this.state;
    this.state = s;
    // the log so far, asked once the first state is here: the answer is at least as new as
    // this state, so no turn falls between the two (also before the round's first turn: the
    // earlier rounds, a leave)
    if (!prev && s.status !== 'waiting') this.room.send('history', {});
    if (prev && prev.round !== s.round) this.onRematch({ round: s.round });
    // the game is over: the history again, now with the best robot's choice beside each human turn (the review)
    if (prev && prev.status === 'playing' && s.status === 'over') this.room.send('history', {});
    if (prev && prev.status === 'playing' && s.status !== 'playing' && this.isPlayer) this.focusResultsIfPlaying();
    // a refusal or a red line stops being true when the turn, the table or the game's status moves on
    if (prev && (prev.moves !== s.moves || prev.turn !== s.turn || prev.status !== s.status)) {
      this.refusal = '';
      if (this.status.kind === 'error') this.status = { text: '', kind: 'info', seq: this.status.seq + 1 };
      if (this.statusBase.kind === 'error') this.statusBase = { text: '', kind: 'info' };
      this.hints = [];
      this.hintIndex = null;
    }
    this.trackLog(s, prev);
    this.trackGone(s, prev);
    this.trackVotes(s, prev);
    this.trackStandIns(s, prev);
    // the idle end near, said in the status line (the end came unannounced, "You play as Ivy."
    // until then), and put off by an action
    const idle = idleWarningStep(this.t, idleSeconds(prev), idleSeconds(s));
    if (idle && 'say' in idle) this.say(idle.say);
    else if (idle) this.unsay(idle.unsay);
    // the deal, for those who waited for it (the pile line alone changed)
    if (prev?.status === 'waiting' && s.status === 'playing') this.say(startedText(this.t, s.players.map((p) => p.name), s.turn, this.mySeat));
    this.rebuild();
  }

  /** Board, hand, coordinates and composer from the latest state and ruleset. */
  private rebuild(): void {
    const s = this.state;
    const rules = this.rules;
    if (!s || !rules) return;
    // the location as it was, and whether its cell was free on the table before this state
    const at = this.composer?.location ?? null;
    const wasFree = at !== null && this.board !== null && !this.board.cells[at.row * this.board.width + at.col];
    const ctx = composeContext(s, rules, this.mySeat, this.coordOpts);
    ({ board: this.board, hand: this.hand, coords: this.coords } = ctx);
    if (!this.composer) this.composer = new Composer(ctx);
    else {
      // a move composed that the table no longer fits is cleared, never traded: say so
      const byOther = s.last.player !== this.mySeat;
      const displaced = this.composer.setContext(ctx, byOther);
      if (displaced !== null) this.say(this.t('cw.displaced', displaced), 'error');
      // a location typed with no card yet, which another's move has just covered: it stays (the
      // cards go in the free cells after it), but braced with no word why, as if nothing had
      // happened to it; said where a composing problem is (BracesWhy)
      else if (byOther && wasFree && at && ctx.board.cells[at.row * ctx.board.width + at.col]) this.coveredAt = at;
    }
    const W = ctx.board.width;
    if (this.boardCount < 0) {
      // the first state (a join or a reload): the last move's cards are the last ones laid
      // when it drew as many as it laid (the pile was not empty); otherwise nothing is ringed
      const l = s.last;
      const laid = l.type === 'move' && s.pile > 0 ? l.drawn : 0;
      this.lastCells = new Set(laid > 0 ? s.board.slice(-laid).map((p) => p.row * W + p.col) : []);
      this.boardCount = s.board.length;
    } else if (s.board.length !== this.boardCount) {
      const laid = s.board.length - this.boardCount;
      this.lastCells = new Set(laid > 0 ? s.board.slice(-laid).map((p) => p.row * W + p.col) : []);
      this.boardCount = s.board.length;
    }
    this.render();
  }

  private trackLog(s: CwStateV, prev: CwStateV | null): void {
    if (s.round !== this.loggedRound) {
      this.loggedRound = s.round;
      this.loggedMoves = 0;
      this.lastPoints.clear();
    }
    if (s.moves > this.loggedMoves && s.last.player >= 0) {
      const l = s.last;
      const text = this.turnText(l);
      if (s.moves - this.loggedMoves > 1 && this.loggedMoves > 0) this.log.push({ round: s.round, text: this.t('cw.log.skipped', s.moves - this.loggedMoves - 1) });
      // the cards this turn laid: those the table gained since the last state
      const before = prev && prev.round === s.round ? prev.board.length : s.board.length;
      const cells = l.type === 'move' && s.moves - this.loggedMoves === 1 ? s.board.slice(before).map((p) => ({ col: p.col, row: p.row, char: p.char || p.meaning, points: p.points })) : [];
      this.log.push({ round: s.round, text, turn: true, ...(cells.length ? { cells } : {}) });
      this.lastPoints.set(l.player, l.score);
      this.loggedMoves = s.moves;
      // joined again after a lost connection, the first state's last turn is in the log: the status says the page is back;
      // a game over when the page comes to it: its results say so, not its last turn (a watcher read "Robot1 laid NAB")
      const over = s.status === 'over' || s.status === 'ended';
      if (l.player !== this.mySeat && !(prev === null && (this.rejoinedSaid || over))) this.say(text);
    } else if (s.moves < this.loggedMoves) this.loggedMoves = s.moves;
  }

  /**
   * Seats given up since the last state, in the log and said: a leave, or the owner's removal
   * as Yatzee words it (it read as a leave, "Bo (left)"). The owner's own removal is said by
   * its acknowledgement.
   */
  private trackGone(s: CwStateV, prev: CwStateV | null): void {
    if (!prev || prev.round !== s.round) return;
    s.players.forEach((p, i) => {
      const was = prev.players[i];
      if (!p.left || !was || was.left || was.name !== p.name) return;
      const text = this.logGone(s, i, goneThen(s.status));
      // one's own leave or removal is said otherwise (the acknowledgement, the close), but logged as
      // on every page; by name: after one's own leave's acknowledgement the page has no seat any more
      const mine = this.welcome.role === 'player' && p.name === this.welcome.name;
      if (!mine && !(p.removed && this.welcome.owner)) this.say(text);
    });
  }

  /**
   * Another player's rematch vote since the last state, a sentence in the status line and the
   * log ("Bo asks for a rematch."): it showed only in the results, below the fold, while the
   * status line still said the last move. One's own vote is on one's button.
   */
  private trackVotes(s: CwStateV, prev: CwStateV | null): void {
    if (!prev || prev.round !== s.round || s.status !== 'over') return;
    s.players.forEach((p, i) => {
      const was = prev.players[i];
      if (i === this.mySeat || !was || was.name !== p.name || asksRematch(was) || !asksRematch(p)) return;
      const text = rematchVotesText(this.t, [p.name]);
      this.log.push({ round: s.round, text });
      this.say(text);
    });
  }

  /** Seat i given up in the log, once (the state's `removed` says by whom; `removed` as given: one's own leave is logged at its acknowledgement, before the state says it). */
  private logGone(s: CwStateV, i: number, then: GoneThen | undefined, removed = s.players[i]?.removed === true): string {
    const name = s.players[i]?.name ?? '';
    const text = logEventText(this.t, { round: s.round, at: s.moves, kind: removed ? 'remove' : 'leave', name, then });
    const key = goneKey(s.round, name);
    if (!this.goneLogged.has(key)) this.log.push({ round: s.round, text });
    this.goneLogged.add(key);
    return text;
  }

  /**
   * Your turns a stand-in played while you were away (the seat's `standIns`, per round): said
   * when you are back (a reload, a reconnection), so that no move made for you goes unnoticed.
   * The count said is kept (per game and round): a reload says only the turns played since,
   * not again the round's every one (it said "a robot played 1 turn for you" at each reload).
   */
  private trackStandIns(s: CwStateV, prev: CwStateV | null): void {
    const mine = this.isPlayer ? s.players[this.mySeat] : undefined;
    if (!mine) return;
    // read from the host's storage once, then kept here (a state comes with every patch)
    const said = (this.standInsSaid ??= this.host.load<{ gameId: string; round: number; n: number }>('cardwords.standInsSaid') ?? null);
    const kept = said && said.gameId === this.welcome.gameId && said.round === s.round ? said.n : 0;
    const before = prev && prev.round === s.round ? (prev.players[this.mySeat]?.standIns ?? 0) : kept;
    if (mine.standIns > before) this.say(this.t('cw.standInsWhileAway', mine.standIns - before));
    if (mine.standIns !== kept) {
      this.standInsSaid = { gameId: this.welcome.gameId, round: s.round, n: mine.standIns };
      this.host.save('cardwords.standInsSaid', this.standInsSaid);
    }
  }

  /** The stand-in turns said, as kept (undefined: not read yet). */
  private standInsSaid: { gameId: string; round: number; n: number } | null | undefined;

  /** A turn of the log in words (`names`: the seats' names when the state has not come yet). */
  private turnText(l: CardwordsTurnInfo, names?: readonly string[]): string {
    const seat = names?.[l.player] ?? this.state?.players[l.player]?.name ?? '?';
    // a stand-in's action is marked as the stand-in's (docs/rules.md)
    const name = l.standIn ? this.t('cw.standInName', seat) : seat;
    if (l.type === 'move') return this.t('cw.log.move', name, l.words.join(', '), l.score);
    if (l.type === 'trade') return this.t('cw.log.trade', name, l.traded, l.score);
    return this.t('cw.log.pass', name, l.score);
  }

  /**
   * The log so far (asked after the first state, and again after the game for the review):
   * rebuilt whole from the rounds it holds, in the words of the live lines; the rounds before
   * them stay as this page has them.
   */
  private onHistory(p: CardwordsHistoryMessage): void {
    if (!Array.isArray(p.turns) || typeof p.round !== 'number') return;
    // a rematch came in between: that round's log starts afresh from the state
    if (p.round < this.loggedRound) return;
    const entry = (round: number, l: CardwordsHistoryTurn): LogEntry => ({ round, text: this.turnText(l, p.players), turn: true, player: l.player, ...(l.cells ? { cells: l.cells } : {}), ...(l.best ? { best: l.best } : {}), ...(Array.isArray(l.hands) ? { hands: l.hands } : {}) });
    const { from, lines } = historyLines(p);
    const kept = this.log.filter((e) => e.round < from);
    const entries = lines.map((l): LogEntry => ('turn' in l ? entry(l.round, l.turn) : { round: l.round, text: logEventText(this.t, l.event, l.over, this.welcome.owner) }));
    for (const k of goneKeys(lines)) this.goneLogged.add(k);
    // a line shown on the table stays shown when the lines are the same ones
    if (kept.length + entries.length !== this.log.length) this.shownIndex = null;
    this.log.length = 0;
    this.log.push(...kept, ...entries);
    if (this.loggedRound !== p.round) this.lastPoints.clear();
    for (const l of p.turns) this.lastPoints.set(l.player, l.score);
    this.loggedRound = p.round;
    this.loggedMoves = Math.max(this.loggedMoves, p.turns.length);
    this.render();
  }

  // ------------------------------------------------------------------ drawing

  private model(): Model | null {
    const { state, ruleset, rules, coords, composer } = this;
    let board = this.board;
    if (!state || !ruleset || !rules || !board || !coords || !composer) return null;
    const reviewTurns = this.log.flatMap((e, i) => (e.turn && e.round === state.round ? [i] : []));
    const step = this.reviewStep !== null && this.reviewStep < reviewTurns.length ? this.reviewStep : null;
    let shownIndex = this.shownIndex;
    let shown = shownIndex === null ? null : (this.log[shownIndex] ?? null);
    let reviewBest: Model['reviewBest'] = null;
    // the unseen cards: counted from the table and the hand shown (the review's step's, below)
    let unseenFrom: Model['unseenFrom'] = { board, hand: this.hand };
    let reviewHand: Model['reviewHand'] = null;
    if (step !== null) {
      // the table after that turn, its cards ringed; with Best move (b) the table before it
      // with the best robot's move on it, ringed
      const entry = this.log[reviewTurns[step]!]!;
      const turns = reviewTurns.map((i) => this.log[i]!);
      const table = reviewTable(board, turns, step, this.reviewBestOn);
      unseenFrom = reviewUnseenBasis(turns, step, table, this.isPlayer ? this.mySeat : -1, this.hand);
      // what the turn's player chose from (the history's hands come once the game is over)
      const player = entry.player;
      const hand = player === undefined ? undefined : entry.hands?.[player];
      if (player !== undefined && hand) reviewHand = { name: state.players[player]?.name ?? '?', cards: hand };
      const best = entry.best;
      if (best?.type === 'move' && best.cards?.length) reviewBest = { ...bestMoveWords(rules.table, rules.bonus, coords, table.before, best.cards), onTable: table.best };
      board = table.board;
      shown = table.best ? { round: entry.round, text: '', cells: table.ringed.map((c) => ({ col: c.col, row: c.row, char: '', points: 0 })) } : entry;
      shownIndex = reviewTurns[step]!;
    }
    return {
      t: this.t,
      state,
      ruleset,
      rules,
      board,
      hand: step !== null ? [] : this.hand,
      held: this.hand,
      coords,
      composer,
      isPlayer: this.isPlayer,
      known: (w) => this.wordChecks.known(w),
      lacking: (words) => this.wordChecks.lacking(words),
      left: this.left,
      removedByOwner: this.removedByOwner,
      leftLast: this.leftLast,
      playHere: this.playHere,
      refused: this.refusedText,
      covered: this.coveredName(composer, coords),
      watchAgain: this.watchAgain ? this.overSince.watch : null,
      overSince: this.overSince.over,
      onGames: gamesClick(this.host, 'cardwords'),
      owner: this.welcome.owner,
      mySeat: this.mySeat,
      ownSeat: this.ownSeat,
      gameId: this.welcome.gameId,
      inviteUrl: this.inviteUrl,
      cursor: this.cursor,
      hovered: this.hovered,
      lastCells: step !== null ? new Set<number>() : this.lastCells,
      shown,
      shownIndex,
      log: this.log,
      lastPoints: this.lastPoints,
      requests: this.wordRequests,
      results: this.results,
      ended: this.ended !== null || state.status === 'ended',
      busy: this.requests.inFlight('action'),
      refusal: this.refusal,
      status: this.status,
      hints: this.hints,
      reviewTurns,
      reviewStep: step,
      reviewBest,
      reviewBestOn: this.reviewBestOn,
      reviewBestMissing: this.reviewBestMissing(reviewTurns, step),
      reviewHand,
      unseenFrom,
      hintIndex: this.hintIndex,
      coordOpts: this.coordOpts,
      cmd: this.commands,
    };
  }

  private readonly commands: Model['cmd'] = {
    clickCell: (c) => {
      // the Cell box says the cell clicked (the focus that came with the click named the old cursor's)
      this.hovered = c;
      if (!this.composer || !this.isPlayer) return this.render();
      this.cursor = c;
      this.composer.setLocation(c.col, c.row);
      this.render();
    },
    hoverCell: (c) => {
      if (this.hovered?.col === c.col && this.hovered.row === c.row) return;
      this.hovered = c;
      this.render();
    },
    clickHand: (i) => {
      if (!this.composer) return;
      this.act(this.composer.clickHand(i));
      // typing goes on in the area (a wildcard's meaning, the next card)
      this.focus();
    },
    removeComposed: (k) => {
      this.composer?.removeComposed(k);
      this.render();
      // as after a click: a drag left the focus on the card dragged, where Return clicked it again
      this.focus();
    },
    giveMeaning: (ch) => {
      if (!this.composer) return;
      this.act(this.composer.giveMeaning(ch));
      this.focus();
    },
    toggleDir: () => this.act(this.composer?.key('/')),
    submit: () => {
      this.submit();
      this.focusFromButton();
    },
    trade: () => {
      this.act(this.composer ? (this.composer.makeTrade(), { ok: true }) : undefined);
      this.focusFromButton();
    },
    pass: () => {
      this.sendAction({ type: 'pass' });
      this.focusFromButton();
    },
    hint: () => this.askHint(),
    checkWords: (words) => this.checkWords(words),
    end: () => this.send('end', {}, { type: 'end' }),
    remove: (name) => this.send('remove', { name }, { type: 'remove', name }),
    leave: () => this.send('leave', {}, { type: 'leave' }),
    rematch: () => this.send('rematch', {}, { type: 'rematch' }),
    decide: (word, approve) => {
      const asker = this.wordRequests.get(word)?.player;
      this.wordRequests.delete(word);
      this.send(approve ? 'approve' : 'reject', { word }, { type: approve ? 'approve' : 'reject', ...(asker ? { name: asker } : {}) });
      this.render();
      // the clicked question is gone: the next one, else where the player was (after the
      // game there is no action area: the table, which the review steps through)
      const next = document.querySelector<HTMLButtonElement>('#cw-requests button');
      if (next) next.focus();
      else this.focus();
    },
    showLog: (i) => {
      this.shownIndex = i;
      this.render();
    },
    chooseHint: (i) => {
      this.chooseHint(i);
      this.focusFromButton();
    },
    setCoord: (key, on) => {
      this.coordOpts = { ...this.coordOpts, [key]: on };
      this.host.save('cardwords.coords', this.coordOpts);
      this.rebuild();
    },
    review: (k) => {
      this.reviewStep = k;
      this.shownIndex = null;
      this.render();
    },
    reviewBest: (on) => {
      this.reviewBestOn = on;
      this.render();
    },
    dragStart: (i) => (this.dragIndex = i),
    drop: (c) => {
      const i = this.dragIndex;
      this.dragIndex = null;
      if (!this.composer || i === null) return;
      this.cursor = c;
      this.act(this.composer.dropOn(i, c.col, c.row));
      // typing goes on in the area, as after a click: the focus stayed on the card dragged,
      // and Return clicked it again ("Every T of your hand is in the move already")
      this.focus();
    },
  };

  private render(): void {
    if (this.disposed) return;
    const m = this.model();
    const t = this.t;
    setGameTitle(t, 'cw.docTitle', this.welcome.gameId, this.isPlayer && this.state?.status === 'playing' && this.state.turn === this.mySeat);
    // the Keys help's example location: column C, row 5 where the table has them
    const exCol = Math.min(2, (m?.coords.width ?? 1) - 1);
    const exRow = Math.min(4, (m?.coords.height ?? 1) - 1);
    // a refusal is shown under the hand, where the eyes are: the status line still speaks it
    // (live region) but does not show it a second time
    // and the wildcard picker's question is shown by the picker
    const echo = (this.refusal !== '' && this.status.text === this.refusal) || (m !== null && meaningAsked(m) && this.status.text === this.t('cw.key.wildMeaning'));
    // out of play while the game goes on, the page shows only what it offers, which says why
    // itself right under the line: the line speaks it, and shows nothing (the same words stood twice)
    const out = m !== null && m.left && !m.leftLast && !m.ended;
    this.overSince.check(out && m.watchAgain !== null && !m.overSince);
    const outEcho = out && m.refused === null && this.status.text === outOfPlayText(m);
    const unseen = echo || outEcho || this.status.unseen === true;
    // where its own words are not seen, the line shows what it said last of the game (style.css)
    const base = !outEcho && (unseen || this.status.text === '') ? this.statusBase : null;
    const status = (
      <p class="status" id="cw-status" role="status" aria-live="polite" data-kind={this.status.kind} data-shown={base?.text || undefined} data-shown-kind={base?.text ? base.kind : undefined} data-out={outEcho || undefined}>
        <span key={this.status.seq} class={unseen ? 'sr-only' : undefined}>
          {this.status.text}
        </span>
      </p>
    );
    if (!m) {
      render(
        <>
          <h1>{t('cw.title')}</h1>
          {status}
        </>,
        this.root,
      );
      return;
    }
    const over = m.state.status === 'over' || m.ended;
    render(
      <>
        <header class="cw-head">
          <h1>
            {t('cw.title')} <small id="cw-game">{t('cw.gameLink', m.gameId)}</small>
          </h1>
          {/* not on a page out of play (left, removed, the seat played elsewhere): its connection is closed */}
          {m.owner && !m.left && (
            <div class="toolbar owner" role="toolbar" aria-label={t('lobby.owner')}>
              <Confirm id="cw-end" t={t} words={END_WORDS} disabled={over} onConfirm={() => m.cmd.end()} />
              <RemovePlayer
                id="cw-remove"
                t={t}
                names={m.ended ? [] : cardwordsRemovable(m.state, m.ownSeat)}
                question={(who) => removeQuestion(m.state, who)}
                onRemove={(name) => m.cmd.remove(name)}
              />
            </div>
          )}
        </header>
        {status}
        {/* out of play while the game goes on (a leave, the owner's removal, the seat played in
            another tab, a join again refused): the page's connection is closed, and the table,
            the scores and the log as they stood then are no game any more (a tester read their
            scores as current); only what it offers now (Watch, Play here), which brings the
            live table back. A game that ended with it keeps its final table: nothing changes. */}
        {out ? (
          <div class="cw-play">
            <ActionArea m={m} />
          </div>
        ) : (
          <>
            <WordRequests m={m} />
            <div class="cw-layout" style={{ '--w': String(m.rules.table.width), '--h': String(m.rules.table.height) }}>
              <div class="cw-board">
                <Table m={m} onKey={(e) => this.onTableKey(e)} />
              </div>
              <div class="cw-play">
                <ScoreBoard m={m} />
                {/* the review above the results: stepping through it, its turn's text, hand and the
                    best robot's move were below the fold at 1280x720 under the results' table */}
                <Review m={m} />
                <ResultsView m={m} />
                <ActionArea m={m} />
              </div>
              {m.isPlayer && <Hints m={m} />}
              <div class="cw-side">
                <CellInfo m={m} />
                <CardLists m={m} />
                <Log m={m} />
                <Settings m={m} />
                {m.isPlayer && (m.state.status === 'waiting' || m.state.status === 'playing') && !m.ended && (
                  <p class="leave-game">
                    <Confirm id="cw-leave" t={t} words={cardwordsEndsWithout(m.state, m.mySeat) ? LEAVE_LAST_WORDS : LEAVE_WORDS} secondary disabled={false} onConfirm={() => m.cmd.leave()} />
                  </p>
                )}
                <details class="cw-lists">
                  <summary>{t('cw.keys')}</summary>
                  <div id="cw-keys" class="help">
                    {/* the examples in the coordinates chosen (Settings: digits for the columns...) */}
                    {t('cw.keysHelp', m.coords.name(exCol, exRow, 'down'), m.coords.colLabel(exCol), m.coords.name(exCol, exRow, 'across'), m.coords.rowLabel(exRow))
                      .split('\n')
                      .map((l, k) => (
                        // the keys between backticks set apart (". types" read as punctuation)
                        <p key={k}>{l.split('`').map((part, j) => (j % 2 === 1 ? <kbd key={j}>{part}</kbd> : part))}</p>
                      ))}
                  </div>
                </details>
              </div>
            </div>
          </>
        )}
      </>,
      this.root,
    );
    if (this.focusWhenDrawn) {
      this.focusWhenDrawn = false;
      this.focus();
    }
    // a rematch: the new game from its top (the page stayed scrolled down where the results
    // were, its heading and "Rematch: game 2 begins." above the view); after the focus, which
    // scrolls too
    if (this.topWhenDrawn) {
      this.topWhenDrawn = false;
      window.scrollTo(0, 0);
    }
    const results = this.focusResultsWhenDrawn ? document.getElementById('cw-results-title') : null;
    if (results) {
      this.focusResultsWhenDrawn = false;
      results.focus();
    }
    if (this.focusOfferWhenDrawn) {
      this.focusOfferWhenDrawn = false;
      (document.querySelector<HTMLElement>('#cw-watch-again button') ?? document.getElementById('cw-table'))?.focus();
    }
  }

  // ------------------------------------------------------------------ input

  /** Applies a composer result: redraws, and explains a refusal. */
  private act(r: ComposeResult | undefined): void {
    if (!r) return;
    if (!r.ok) return this.refuse(r.why);
    // the area changed: what was said of its last content (a hint, a refusal, a step to
    // take) is no longer true, and no hint is loaded any more
    this.refusal = '';
    this.hintIndex = null;
    if (r.note) this.say(refusalText(this.t, r.note), 'info', true);
    // what was said of the area goes with it: the line shows what it said before (statusBase)
    else if (this.statusOnArea) this.say('', 'info', true);
    else this.render();
  }

  private refuse(r: Refusal): void {
    // said on its own (not after "Refused:"): a sentence, with a capital in English too
    this.refusal = fullStop(sentence(refusalText(this.t, r)));
    this.say(this.refusal, 'error', true);
    const area = document.getElementById('cw-area');
    if (area) flash(area, 'refused');
  }

  /** Why the review's Best move shows nothing at `step` of these turns (log indices), in words; null when it shows the best robot's move. */
  private reviewBestMissing(turns: readonly number[], step: number | null): string | null {
    const why = reviewBestMissing(step === null ? null : (this.log[turns[step]!] ?? null));
    return why === null ? null : reviewBestMissingText(this.t, why);
  }

  private onKey(e: KeyboardEvent): void {
    // the review after the game: [ and ] step through the turns, b shows the best robot's
    // moves on the table or the turns themselves (players and watchers)
    const s = this.state;
    // ([ and ] take modifiers: AltGr or Option types them on Danish and German keyboards)
    const b = e.key === 'b' && !e.ctrlKey && !e.altKey && !e.metaKey;
    if (s && (s.status === 'over' || this.ended) && (e.key === '[' || e.key === ']' || b) && !typing(e)) {
      const n = this.log.filter((x) => x.turn && x.round === s.round).length;
      if (n === 0) return;
      e.preventDefault();
      const was = document.activeElement;
      if (b) {
        // as the Best move button: off where it has nothing to show, and b says why
        const turns = this.log.flatMap((x, i) => (x.turn && x.round === s.round ? [i] : []));
        const why = this.reviewBestMissing(turns, this.reviewStep !== null && this.reviewStep < turns.length ? this.reviewStep : null);
        if (why !== null) return this.say(why);
        return this.commands.reviewBest(!this.reviewBestOn);
      }
      this.commands.review(reviewStepped(this.reviewStep, n, e.key === '[' ? -1 : 1));
      keepReviewFocus(was);
      return;
    }
    if (!this.isPlayer || !this.composer || typing(e) || e.ctrlKey || e.altKey || e.metaKey) return;
    // after the end there is nothing to compose: keys are the page's (the review's above)
    if (s && (s.status === 'over' || s.status === 'ended' || this.ended)) return;
    const target = e.target as HTMLElement;
    const onControl = target.closest('button, a, summary, input, select, textarea') !== null;
    if (onControl && (e.key === 'Enter' || e.key === ' ')) return;
    if (target.id === 'cw-table' && ['Enter', ' ', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(e.key)) return;
    // the hints: up and down go through them, each shown on the table; Return plays it
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && this.hints.length > 0 && target.id !== 'cw-table') {
      e.preventDefault();
      const n = this.hints.length;
      const k = this.hintIndex === null ? (e.key === 'ArrowDown' ? 0 : n - 1) : (this.hintIndex + (e.key === 'ArrowDown' ? 1 : n - 1)) % n;
      this.chooseHint(k);
      return;
    }
    if (e.key.length > 1 && !['Backspace', 'Escape', 'Enter'].includes(e.key)) return;
    // (not Escape: a question asked in place keeps it, and gives the focus back itself)
    if (e.key !== 'Escape') this.focusTyping(target);
    if (e.key === '?') {
      e.preventDefault();
      this.askHint();
      return;
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      const r = this.composer.key('Enter');
      if (!r.ok) return this.act(r);
      this.submit();
      return;
    }
    e.preventDefault();
    if (this.composer.pendingHand !== null && e.key.length === 1 && e.key !== ' ') return this.act(this.composer.giveMeaning(e.key));
    this.act(this.composer.key(e.key));
  }

  private onTableKey(e: KeyboardEvent): void {
    const rules = this.rules;
    if (!rules) return;
    const { width: W, height: H } = rules.table;
    let { col, row } = this.cursor;
    switch (e.key) {
      case 'ArrowLeft':
        col = Math.max(0, col - 1);
        break;
      case 'ArrowRight':
        col = Math.min(W - 1, col + 1);
        break;
      case 'ArrowUp':
        row = Math.max(0, row - 1);
        break;
      case 'ArrowDown':
        row = Math.min(H - 1, row + 1);
        break;
      case 'Home':
        col = 0;
        break;
      case 'End':
        col = W - 1;
        break;
      case 'Enter':
      case ' ':
        e.preventDefault();
        if (this.composer && this.isPlayer) {
          // Return on the move's own location, cards composed: the move is finished, as
          // Return in the action area (on another cell, or with none composed, it sets the
          // location: a second Return never passes)
          const at = this.composer.location;
          if (e.key === 'Enter' && this.composer.cards.length > 0 && at && at.col === col && at.row === row) return this.submit();
          this.composer.setLocation(col, row);
          this.say(this.t('cw.locationSet', this.coords!.name(col, row, this.composer.dir)));
        }
        return;
      default:
        return;
    }
    e.preventDefault();
    this.cursor = { col, row };
    this.hovered = this.cursor;
    this.render();
  }

  private submit(): void {
    const cp = this.composer;
    const s = this.state;
    if (!cp || !s) return;
    // an action on its way: a second click or Return must not send it again
    if (this.requests.inFlight('action')) return;
    if (s.status !== 'playing') return this.refuse({ key: s.status === 'waiting' ? 'cw.err.not-started' : 'cw.err.game-over', args: [] });
    if (s.turn !== this.mySeat) return this.refuse({ key: 'cw.err.not-your-turn.n', args: [s.players[s.turn]?.name ?? '?'] });
    this.sendAction(cp.action());
  }

  private sendAction(a: ComposedAction): void {
    if (this.requests.inFlight('action')) return;
    const payload: Omit<CardwordsActionMessage, 'id'> =
      a.type === 'move'
        ? { type: 'move', cards: a.cards.map((p) => ({ col: p.col, row: p.row, card: p.card.char === null ? { char: null, points: p.card.points, meaning: p.card.meaning } : { char: p.card.char, points: p.card.points } })) }
        : a.type === 'trade'
          ? { type: 'trade', cards: a.cards }
          : { type: 'pass' };
    this.refusal = '';
    this.send('action', payload, { type: a.type, action: a });
  }

  private send<K extends keyof CardwordsClientMessages & string>(type: K, payload: Omit<CardwordsClientMessages[K], 'id'>, meta: Sent): void {
    this.requests.send(type, payload, { ...meta, type: type === 'action' ? 'action' : meta.type });
    this.render();
  }

  private askHint(): void {
    if (!this.isPlayer || this.state?.status !== 'playing') return;
    // of the area: a key meanwhile takes the area back, and the line goes back to what it said
    this.say(this.t('cw.hint.asking'), 'info', true);
    this.composer?.hintAsked(true);
    this.send('hint', {}, { type: 'hint' });
  }

  /** Loads hint `i` into the action area: the table shows it, Return plays it. */
  private chooseHint(i: number): void {
    const h = this.hints[i];
    const cp = this.composer;
    if (!h || !cp) return;
    this.hintIndex = i;
    // the area holds the hint now: a refusal of what it held ("the hint is on its way") is stale
    this.refusal = '';
    if (!cp.load(h.action)) {
      this.say(this.t('cw.hint.none'), 'error');
      return;
    }
    const a = cp.action();
    // asked on another's turn, Return plays it once the turn is the player's (it said "Return
    // plays it", and Return then said "It is Ann's turn.")
    const later = this.state?.turn !== this.mySeat;
    this.say(a.type === 'move' ? this.t(later ? 'cw.hint.moveLater' : 'cw.hint.move', h.spelled?.length ? spelledText(this.t, h.spelled) : h.words.join(', '), h.score) : a.type === 'trade' ? this.t(later ? 'cw.hint.tradeLater' : 'cw.hint.trade', a.cards.length, h.score) : this.t('cw.hint.pass', h.score), 'info', true);
  }

  // ------------------------------------------------------------------ messages

  private onAck(p: AckMessage, meta: Sent): void {
    if (meta.type === 'action' && meta.action) {
      const a = meta.action;
      const l = this.state?.last;
      const score = l && l.player === this.mySeat ? l.score : 0;
      let text = a.type === 'move' ? this.t('cw.done.move', (l?.words ?? []).join(', '), score) : a.type === 'trade' ? this.t('cw.done.trade', a.cards.length, score) : this.t('cw.done.pass', score);
      // the results come before the acknowledgement of the last action: keep them in the message
      if (this.results && this.state?.status === 'over') text += ` ${this.resultText(this.results)}`;
      this.composer?.reset();
      this.hints = [];
      this.hintIndex = null;
      this.say(text);
    } else if (p.type === 'approve' || p.type === 'reject') {
      // the owner's own word: its `word` says it, as the log has it ("You approved TS: …"), whichever comes first
      if (meta.name === this.welcome.name) return this.render();
      // another's word (or an earlier game's): in the owner's log's words, as Emacs says it (server/bridge/texts.ts ownerDecidedText)
      const words = p.words ?? [];
      this.say(p.type === 'approve' ? this.t('cw.word.approved.own.over', words.join(', '), words.length) : this.t('cw.word.rejected.own', words.join(', ')));
    } else if (meta.type === 'remove' && meta.name) {
      this.say(this.t('remove.done', meta.name));
      // the list went with the last player removable, and the focus with it: the action area (a watcher: the table)
      const a = document.activeElement;
      if (!a || a === document.body) this.focus();
    } else if (meta.type === 'leave') {
      // the seat is a stand-in's now: nothing to take back by a reload (the room closes the connection);
      // the last one seated ended the game (the room sends its end before the close)
      this.leftLast = this.state !== null && cardwordsEndsWithout(this.state, this.mySeat);
      // the page's own log has the leave too (the room closes the page before its state says it)
      if (this.state && this.mySeat >= 0) this.logGone(this.state, this.mySeat, this.leftLast ? 'end' : goneThen(this.state.status), false);
      this.left = true;
      this.composer?.reset();
      this.hints = [];
      this.hintIndex = null;
      forgetSeat(this.host, 'cardwords', this.welcome.gameId);
      this.focusWhenOut();
      this.say(this.t(this.leftLast ? 'cw.leftLast' : 'cw.left'));
    } else this.render();
  }

  private onError(p: ErrorMessage, meta: Sent | undefined): void {
    // a check that failed (the rate limit): the preview just says nothing of the words
    if (meta?.type === 'check') {
      this.wordChecks.failed();
      return;
    }
    const t = this.t;
    const start = () => (this.rules && this.coords ? startText(t, this.rules.table, this.coords) : '');
    let text: string;
    switch (p.code) {
      case 'unknown-words':
        // the owner is asked in this very panel: "the owner has been asked" read as someone else
        if (p.rejected?.length) {
          // not asked again: the owner said no in this game
          for (const w of p.rejected) this.wordChecks.decided(w, false);
          text = t('cw.err.unknown-words.rejected', p.rejected.join(', '), p.rejected.length);
        } else {
          const key = p.asked === false ? 'cw.err.unknown-words.notAsked' : this.welcome.owner ? 'cw.err.unknown-words.owner' : p.later ? 'cw.err.unknown-words.later' : p.absent ? 'cw.err.unknown-words.absent' : 'cw.err.unknown-words.asked';
          // the preview says it too from now on, as the server's checks do after a restart
          if (key === 'cw.err.unknown-words.asked') this.wordChecks.askedAbout(p.words ?? []);
          text = t(key, (p.words ?? []).join(', '), (p.words ?? []).length);
        }
        break;
      default:
        text = refusedActionText(t, p, this.coords, start, (i) => this.state?.players[i]?.name);
    }
    const type = meta?.type ?? p.type;
    if (type === 'hint') this.composer?.hintAsked(false);
    const said = t('cw.refused', fullStop(text));
    if (type === 'action' || type === 'hint' || type === 'rematch' || p.type === 'action') this.refusal = said;
    this.say(said, 'error');
    const area = document.getElementById('cw-area');
    if (area) flash(area, 'refused');
  }

  /** Not sent, the connection being lost: said as a refusal is (the page says it is reconnecting). */
  private onUnsent(why: string, meta: Sent): void {
    // a preview's check: the preview just says nothing of the words meanwhile
    if (meta.type === 'check') return;
    if (meta.type === 'hint') this.composer?.hintAsked(false);
    if (meta.type === 'action' || meta.type === 'hint' || meta.type === 'rematch') this.refusal = why;
    this.say(why, 'error');
    const area = document.getElementById('cw-area');
    if (area) flash(area, 'refused');
  }

  /**
   * The connection dropped (media/ui/rejoin.ts): what was on its way is not answered on it.
   * The buttons waiting for an answer come back (an action pressed meanwhile is refused in
   * words), and a hint asked no longer holds Return.
   */
  connectionLost(): void {
    this.requests.forgetAll();
    this.composer?.hintAsked(false);
    this.render();
  }

  /** The status line's `seq` when it last said a word question (the next one joins it, unless something was said since). */
  private requestSaidAt = -1;

  private onWordRequest(p: WordRequestMessage): void {
    for (const w of p.words) {
      this.wordRequests.set(w, { player: p.player, earlier: p.earlier === true });
    }
    // the owner's own move: not named in the third person; one of a game that has ended said so
    const words = p.words.join(', ');
    const own = !p.earlier && p.player === this.welcome.name;
    // (one word is "a word … reject it": it read "words … reject them" for one)
    const n = p.words.length;
    const said = p.earlier ? this.t('cw.request.earlier', p.player, words, n) : own ? this.t('cw.request.own', words, n) : this.t('cw.request', p.player, words, n);
    // questions of several players one after the other (the owner's join: one message each,
    // as after a restart) are said together: the last alone hid the others
    this.say(this.status.seq === this.requestSaidAt ? `${this.status.text} ${said}` : said);
    this.requestSaidAt = this.status.seq;
    // the focus goes to the question only when it answers the owner's own Return (their move
    // was refused for these words); another player's question came unasked, and a Return
    // typed meanwhile approved a word the owner had not read. It is said, and Tab reaches it.
    if (own) document.querySelector<HTMLButtonElement>('#cw-requests button')?.focus();
  }

  /** What the server said of the preview's words, asked once the typing pauses (core/games/cardwords/word-checks.ts). */
  private readonly wordChecks = new WordChecks({
    send: (words) => this.isPlayer && this.requests.send('check', { words }, { type: 'check' }) !== null,
    later: (fn, ms) => setTimeout(fn, ms),
  });

  private checkWords(words: readonly string[]): void {
    if (this.isPlayer) this.wordChecks.want(words);
  }

  private onChecked(p: CheckedMessage): void {
    this.requests.settle(p.id);
    this.wordChecks.answered(p.words, p.unknown, p.rejected ?? [], p.ask, p.asked ?? []);
    this.render();
  }

  private onWord(p: WordDecisionMessage): void {
    // approved words are in the dictionary from now on; a rejected one is not
    this.wordChecks.decided(p.word, p.approved);
    // after the game the word is in the dictionary, but there is no move to play it in
    const text = logEventText(this.t, { round: this.state?.round ?? 1, at: this.state?.moves ?? 0, kind: 'word', word: p.word, approved: p.approved }, this.gameOver, this.welcome.owner);
    this.log.push({ round: this.state?.round ?? 1, text });
    // the refusal that asked the owner ("wait and try again") is answered now
    this.refusal = '';
    this.say(text);
  }

  /**
   * The results of a room that ends, for a reload (main.ts): not a join form saying the game is
   * over or does not exist. A game over by the rules keeps its room, and its results there.
   */
  private keepResults(): void {
    if (this.results && this.results.results.length > 0) keepResults<KeptCwResults>('cardwords', this.welcome.gameId, { results: this.results, said: this.resultText(this.results) });
  }

  private onResults(p: ResultsMessage): void {
    this.results = p;
    this.refusal = '';
    // the room's end (the owner's, the idle limit, the last leave): kept now, not only at its
    // `ended`, after the review's history (Yatzee's reload between the two found nothing kept)
    if (p.reason !== 'out' && p.reason !== 'passes') this.keepResults();
    // a room ended before any game was dealt: nobody won (the end's reason follows, `ended`)
    if (p.results.length === 0) return this.render();
    const winners = p.results.filter((r) => r.winner).map((r) => r.name);
    const round = p.round ?? this.state?.round ?? 1;
    this.log.push({ round, text: logEventText(this.t, { round, at: this.state?.moves ?? 0, kind: 'end', winners, reason: p.reason }, false, this.welcome.owner) });
    this.say(this.resultText(p));
  }

  private resultText(p: ResultsMessage): string {
    const me = this.mySeat;
    const winners = p.results.filter((r) => r.winner).map((r) => r.name);
    // the results come best first: one's own line is found by seat (or name), not by index
    const mine = me >= 0 ? (p.results.find((r) => r.seat === me) ?? p.results.find((r) => r.name === this.welcome.name)) : undefined;
    return withEndReason(this.t, p.reason, mine?.winner ? this.t('cw.youWin', mine.score) : this.t('cw.won', winners.join(', ')), this.welcome.owner);
  }

  private onRematch(p: { round: number }): void {
    if (this.loggedRound === p.round) return;
    this.results = null;
    this.lastCells.clear();
    this.boardCount = 0;
    this.shownIndex = null;
    this.reviewStep = null;
    this.reviewBestOn = false;
    this.composer?.reset();
    // the results and the Rematch button go: a focus in them (or fallen to the page) goes to
    // the new game's action area, as at the first game's start
    if (this.isPlayer && focusInPlay()) this.focusWhenDrawn = true;
    this.topWhenDrawn = true;
    const text = logEventText(this.t, { round: p.round, at: 0, kind: 'rematch' });
    this.log.push({ round: p.round, text });
    this.say(text);
  }

  /**
   * The owner removed this page's player (the room's close said so: media/ui/rejoin.ts has said
   * it): the kept seat key is forgotten, as after a leave. A reload before the deal took a free
   * seat again with it (the name was free), and in a game said "That name is taken".
   */
  removed(): void {
    forgetSeat(this.host, 'cardwords', this.welcome.gameId);
    // the last one seated: the game ended with the removal (there is nothing to watch); the room
    // sends that end before the close
    const s = this.state;
    this.leftLast = this.ended !== null || (s !== null && cardwordsEndsWithout(s, this.mySeat));
    this.removedByOwner = true;
    // the removal in this page's log too, as in every other page's (Bo's had none until he watched)
    if (s && this.mySeat >= 0) this.logGone(s, this.mySeat, this.leftLast ? 'end' : goneThen(s.status), true);
    this.outOfPlay();
  }

  /**
   * The seat is played in another tab or window now (media/ui/rejoin.ts has said so): as after
   * a removal, but the seat key stays (the other page plays with it), and the page offers to
   * take the seat back here beside watching. It stood as it was, "your turn" and all.
   */
  takenBack(playHere: () => Promise<string | null>): void {
    this.playHere = playHere;
    this.outOfPlay();
  }

  private playHere: (() => Promise<string | null>) | null = null;

  /** The game's end since the page went out of play, learnt by Watch or the server's list: said, the offer gone, and the way on focused if the focus was in the offer (it fell to the page). */
  private readonly overSince: OverSince;

  /**
   * The game could not be joined again (media/ui/rejoin.ts has said why at the top): as after a
   * removal, no hand and no action area (they stood, each action answered "Not sent"), and the
   * offer to watch; a seat the room no longer holds is forgotten.
   */
  refused(text: string, seatLost: boolean): void {
    if (seatLost) forgetSeat(this.host, 'cardwords', this.welcome.gameId);
    this.refusedText = text;
    // Play here refused for good (rejoin.ts): the seat is not to be taken back any more
    this.playHere = null;
    // what the line said of the game before ("You play as Ann.") is no longer so
    this.statusBase = { text: '', kind: 'info' };
    this.outOfPlay();
  }

  private refusedText: string | null = null;

  /** The location another's move covered (`rebuild`), until the location changes. */
  private coveredAt: Cell | null = null;

  /** The covered location's name while it is still the location and no card is composed yet (then the table shows where they go). */
  private coveredName(cp: Composer, coords: Coords): string | null {
    const c = this.coveredAt;
    const loc = cp.location;
    if (!c || !loc || loc.col !== c.col || loc.row !== c.row || cp.invalid) {
      // a new location (or none): what was said of the old one is over
      this.coveredAt = null;
      return null;
    }
    return cp.mode === 'cards' && cp.cards.length === 0 && cp.pending === null ? coords.name(c.col, c.row, cp.dir) : null;
  }

  /** As after a leave: no hand, and an offer to watch where it was (the page stood frozen, the hand and the action area still there). */
  private outOfPlay(): void {
    this.focusWhenOut();
    this.left = true;
    this.composer?.reset();
    this.hints = [];
    this.hintIndex = null;
    this.render();
  }

  /** "Connected again." gives way to whose turn it is (media/ui/rejoin.ts), if nothing was said since. */
  unsay(text: string): void {
    if (this.status.text === text) this.say(this.turnLine());
  }

  /** Whose turn it is, as a status line: the game's own status when nothing else is to say. */
  private turnLine(): string {
    const s = this.state;
    if (s?.status === 'waiting') return this.t('cw.waiting');
    // over by the rules: who won, as the results said it (a page back after a restart read nothing)
    if (s?.status === 'over' && s.winners.length > 0) {
      const me = s.players[this.mySeat];
      return s.winners.includes(this.mySeat) && me ? this.t('cw.youWin', me.score) : this.t('cw.won', s.winners.map((i) => s.players[i]?.name ?? '?').join(', '));
    }
    if (s?.status !== 'playing') return '';
    return fullStop(sentence(s.turn === this.mySeat ? this.t('cw.yourTurn') : this.t('cw.turnOf', s.players[s.turn]?.name ?? '?')));
  }

  private onEnded(p: EndedMessage): void {
    if (this.state?.status === 'playing' && this.isPlayer) this.focusResultsIfPlaying();
    this.ended = p;
    this.refusal = '';
    forgetSeat(this.host, 'cardwords', this.welcome.gameId);
    // the room is gone now (after an end by the rules, the idle limit ends it with no results of its own)
    this.keepResults();
    // the results of this end are on the page with its reason: the status keeps what the
    // results said (the winners, after the owner's or an idle end's reason), not the reason a
    // second time
    if (this.results && this.results.reason === p.reason && this.results.results.length > 0) this.render();
    else this.say([endReasonText(this.t, p.reason, this.welcome.owner), this.carried].filter((x) => x).join(' '));
  }

  /**
   * The owner's open questions outlive the room that ends now: which words, and that the owner's
   * next game of this ruleset asks them, in the log and after the end's words in the status
   * line (nothing said so, and they came up unexplained in that next game).
   */
  private onCarried(p: CarriedMessage): void {
    if (!Array.isArray(p.words) || p.words.length === 0) return;
    this.carried = carriedText(this.t, p.words);
    this.log.push({ round: this.state?.round ?? 1, text: this.carried });
    const said = this.results && this.results.results.length > 0 ? this.resultText(this.results) : '';
    this.say([said, this.carried].filter((x) => x).join(' '));
  }

  private onHint(p: HintMessage): void {
    this.requests.settle(p.id);
    // the server's ranking by equity when it sends one, else its one suggestion
    const ranked = Array.isArray(p.ranked) ? p.ranked : [];
    this.hints = ranked.length > 0 ? ranked.slice(0, 10).map((r) => this.hintMove(r)) : [{ action: p.action, score: p.score, words: p.words, ...(p.action.type === 'move' ? { spelled: this.spelled(p.action.cards) } : {}) }];
    this.hintIndex = null;
    // into the area unless the player has composed since asking: their typing is kept
    if (this.composer?.awaitingHint) this.chooseHint(0);
    else this.say(this.t('cw.hint.listed'));
    this.focus();
  }

  /** One ranked choice as the area loads it; a move's words from core's scoring on this table. */
  private hintMove(r: NonNullable<HintMessage['ranked']>[number]): HintMove {
    const base = { score: r.score, equity: r.equity };
    if (r.kind === 'move') {
      const cards = r.cards as readonly PlacedCard[];
      const spelled = this.spelled(cards);
      return { ...base, action: { type: 'move', cards }, words: spelled.map((w) => w.map((l) => l.ch).join('')), spelled };
    }
    if (r.kind === 'trade') return { ...base, action: { type: 'trade', cards: r.cards as readonly Card[] }, words: [] };
    return { ...base, action: { type: 'pass' }, words: [] };
  }

  /** The words a move makes on this table, letter by letter (none while the table is unknown). */
  private spelled(cards: readonly PlacedCard[]): WordLetter[][] {
    return this.rules && this.board ? spelledWords(this.rules.table, this.rules.bonus, this.board, cards) : [];
  }

  /** What the tests and a webview host read: the table, the hand, whose turn. */
  snapshot(): { board: CwPlacedV[]; hand: CwCardV[]; turn: number; seat: number; status: string; pile: number; moves: number; grace: number; players: Array<{ name: string; score: number; cards: number }> } | null {
    const s = this.state;
    if (!s) return null;
    const seat = this.mySeat;
    return {
      board: s.board.map((p) => ({ ...p })),
      hand: seat >= 0 ? (s.players[seat]?.hand ?? []).map((c) => ({ ...c })) : [],
      turn: s.turn,
      seat,
      status: s.status,
      pile: s.pile,
      moves: s.moves,
      grace: s.grace,
      players: s.players.map((p) => ({ name: p.name, score: p.score, cards: p.cards })),
    };
  }

  get isEnded(): boolean {
    return this.ended !== null;
  }
}

function Settings({ m }: { m: Model }) {
  const { t } = m;
  const box = (id: 'digitsForColumns' | 'colsRight' | 'rowsUp', label: StringKey) => (
    <label class="check">
      <input type="checkbox" id={`cw-opt-${id}`} checked={m.coordOpts[id]} onChange={(e) => m.cmd.setCoord(id, (e.currentTarget as HTMLInputElement).checked)} />
      {t(label)}
    </label>
  );
  return (
    <details class="cw-lists settings" id="cw-settings">
      <summary>{t('cw.settings')}</summary>
      <div class="form-grid">
        {box('digitsForColumns', 'cw.opt.digits')}
        {box('colsRight', 'cw.opt.colsRight')}
        {box('rowsUp', 'cw.opt.rowsUp')}
      </div>
    </details>
  );
}
