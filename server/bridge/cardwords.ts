// Cardwords in the bridge: the @colyseus/sdk client of one game, the action-selection area
// (core/games/cardwords/compose.ts, the same state machine as the web panel) and the live score
// preview (core/games/cardwords), so the editor draws the view and sends keys.
import { Client, type Room } from '@colyseus/sdk';
import { rulesFromRuleset, type CardwordsRules } from '../../core/games/cardwords/setup.js';
import type { Board, Card } from '../../core/games/cardwords/types.js';
import { cardwordsRoom, type CardwordsRoomClient } from '../../core/protocol/client.js';
import { asksRematch, cardwordsRemovable, gamePath, seatFree, webBase, type CardwordsCreateOptions, type CardwordsRoomState, type CardwordsTurnInfo } from '../../core/protocol/game.js';
import { CLOSE, CLOSE_REASON, type CardwordsActionMessage, type CardwordsHistoryMessage, type CardwordsHistoryTurn, type CardwordsLogEvent, type HintMessage, type ResultsMessage, type WelcomeMessage } from '../../core/protocol/messages.js';
import { bestMoveWords, reviewBestMissing, reviewStepped, reviewTable, reviewUnseenBasis, spelledWords, unseenCards } from '../../media/cardwords/words.js';
import { goneKey, goneKeys, goneThen, historyLines } from '../../media/cardwords/log-lines.js';
import type { PlacedCard } from '../../core/games/cardwords/types.js';
import { loadRuleset } from '../../core/ruleset/load.js';
import { isStartCell } from '../../core/games/cardwords/rules.js';
import { boardState, Composer, composeContext, Coords, DEFAULT_COORDS, previewAction, type ComposedAction, type CoordOptions } from '../../core/games/cardwords/compose.js';
import { actionRefusedText, notStartedText, awayText, carriedLine, ownerDecidedText, notAskedText, idleWarningMessage, rematchVotesLine, braces, displacedText, hintUnseen, startedMessage, freeSeatName, inviteText, reviewHandText, reviewBestMissingLine, rematchRefusal, endedMessage, endText, standInsWhileAway, hintLine, moveProblem, reviewLine, reviewNote, movePreview, passPreview, locationOnlyText, pileTooSmallPreview, refusal, refusedPreview, rematchWaitsLine, goneSeatMark, leaveQuestionText, leftText, removeQuestionsText, resultColumns, resultMarks, standInName, startSentence, tradePreview, connectionLostText, closedText, cardwordsRemovedLastText, stoppingText, playingHereText, wordsDecidedText, logEventLine, removedText, unknownWords, wordsAsked, wordsNotAsked, wordsRejected, wordsSoFar } from './texts.js';
import { idleSeconds } from '../../media/ui/end-reason.js';
import { scoreMove } from '../../core/games/cardwords/scoring.js';
import { awayNote, isAway, waitText } from '../../core/protocol/away.js';
import { closeWords, connectRoom, reconnectQuickly, sessionUnknown, idParam, joinKeptSeat, joinOptions, leaveRoom, letGo, ownerParam, BackNotice, Rejoin, str, urlParam, watchGame } from './params.js';
import { BridgeError, type BridgeNotification } from './protocol.js';
import { MAX_DECISIONS, type OwnerDecision, type RememberedSeat } from './local-server.js';
import { WordChecks } from '../../core/games/cardwords/word-checks.js';

const cardText = (c: Card & { meaning?: string }) => (c.char === null ? `${c.meaning ? `(${c.meaning})` : '*'} ${c.points}` : `${c.char} ${c.points}`);

/** A line of the game log: its round, and the seat whose turn it was (-1: a line that is no turn). */
interface LogLine {
  round: number;
  seat: number;
  text: string;
  /** A turn's line without the review's note (the review is the current round's: an earlier round's turns have none, as `history` sends them). */
  plain?: string;
  /** The owner's decision on another's word, logged here: the room's history has it for that player only. */
  decision?: true;
}

/**
 * What a player sees change at the table: a move, the turn, someone leaving, away or back, a
 * stand-in; not seat `me`'s own connection (its coming back is what "Connected again." says,
 * and the state saying so may come after it).
 */
const gameKey = (s: CardwordsRoomState, me: number): string =>
  JSON.stringify([s.status, s.round, s.moves, s.turn, s.players.map((p, i) => [p.name, p.left, i === me || p.connected, p.auto])]);

export class CardwordsSession {
  private room: Room | null = null;
  /** The same room, its messages typed by core/protocol. */
  private typed: CardwordsRoomClient | null = null;
  private welcome: WelcomeMessage | null = null;
  /** The owner's decisions on your words said in the message, while it still says them. */
  private decisions: { approved: string[]; rejected: string[]; said: string } | null = null;
  /** The words of your own move the owner was asked about: their approval lets RET play it again. */
  private askedMine = new Set<string>();
  /** Who played each word the owner was asked about (`word-request`): the owner's decision on another's word is logged here, as the room tells only the player. */
  private askedBy = new Map<string, string>();
  /** The seconds the idle end's warning named at the last state (0 none): `idleWarningMessage`. */
  private idleBefore = 0;
  /** Words the owner decided in another client (`word-settled`): an answer here after it is refused. */
  private readonly settled = new Set<string>();
  private rules: CardwordsRules | null = null;
  private state: CardwordsRoomState | null = null;
  private composer: Composer | null = null;
  private coords: Coords | null = null;
  private board: Board | null = null;
  private hand: readonly Card[] = [];
  private allCards: Card[] = [];
  /**
   * The game log, every round's (a game's turns are bounded by its cards and passes): each
   * line with its round and the seat whose turn it was (-1: a line that is no turn).
   */
  private log: LogLine[] = [];
  /** The round the log has come to (0: no state yet): a new one logs its rematch. */
  private loggedRound = 0;
  /** The leaves and removals logged (`round:name`), from `history` too: logged once. */
  private goneLogged = new Set<string>();
  private message = '';
  /** The owner's open questions the room's end carried to their next game of this ruleset, in words ('' none): said with the end. */
  private carried = '';
  /** The player the owner's `remove` on its way names (said once the room acknowledges it). */
  private removing: string | null = null;
  /** The names this client asked the room to remove: their removal is said by the acknowledgement, not again by the state. */
  private readonly removalsAsked = new Set<string>();
  /** The round's turns from the history that comes after the game (the review's tables), and the seats' names. */
  private history: CardwordsHistoryTurn[] = [];
  private historyPlayers: string[] = [];
  /** The review's turn shown (null: the final table) and whether its table has the best robot's move on it. */
  private reviewAt: number | null = null;
  private reviewBest = false;
  /**
   * The robot's best actions from the last hint (the server's ranking, best first) and the one
   * in the area: M-n and M-p go through them, as the web panel's arrows do, while the table
   * is the one they were found for (`rankedFor`: another game, round or move count is another
   * table, so nothing needs forgetting).
   */
  private ranked: NonNullable<HintMessage['ranked']> = [];
  /** What the server said of the preview's words (core/games/cardwords/word-checks.ts); made anew with each room. */
  private wordChecks = this.newWordChecks();
  private rankedAt = 0;
  /**
   * How many hints came into the area as they arrived (not by M-n): the editor compares it
   * with the last view's to tell a hint that came while keys typed ahead still waited.
   */
  private hintsLoaded = 0;
  /** The game, round and move count the ranking was found for (`moves`: the server's count). */
  private rankedFor = '';
  /** The message that said what became of a move's unknown words (asked, refused): the preview does not say them again under it. */
  private wordsSaid = '';
  /** The room said `ended`: its closing is no disconnection. */
  private ended = false;
  private results: ResultsMessage | null = null;
  private lastMoves = -1;
  /** The game's status at the last state change (the review is asked for when it turns over). */
  private lastStatus = '';
  /** The others asking for a rematch, as last said: a new vote is said in the message (it showed only on the score board, below an 80x24 window). */
  private rematchAsking: string[] = [];
  /** Your seat's stand-in turns seen so far, and in which round (-1: no state yet). */
  private standIns = { round: -1, seen: 0 };
  /** How cells are named (the players' coordinate options; the web panel's defaults). */
  private coordOptions: CoordOptions = DEFAULT_COORDS;
  /** Numbers every view: a response and a notification may cross, the editor keeps the newest. */
  private seq = 0;

  /** The URL of the server the game is on. */
  private url = '';
  /** The seat taken in this game (from `welcome`), remembered while the game goes on. */
  private seat: RememberedSeat | null = null;
  /** While the connection is down, why ('The server is stopping…'): keys are refused with it. */
  private down = '';
  /** The room let this client go for good (the owner removed the player, the seat was taken back elsewhere): no seat to play or give up. */
  private closed = false;
  /** The room let this client go because the owner removed the player (the editor says so, not "Disconnected"). */
  private removed = false;
  /** The seat is played elsewhere now (taken back by another tab or editor): its key kept for `playHere`. */
  private elsewhere = false;
  /** "Connected again.", which gives way after a while or once the game changes, as on the web page. */
  private readonly back = new BackNotice(
    () => this.message,
    () => this.say(''),
  );
  /** Joining again with the seat key once the room is gone. */
  private readonly rejoin = new Rejoin(true);

  /**
   * `onRoom`: the URL of the server this session's game is now on (null: none), for the local
   * servers' count of their games. `onSeat`: the seat the player sits in in game `gameId` on the
   * server at a URL, to remember (null: the game ended or was left on purpose: forget it).
   * `keptSeat`: the seat remembered for game `gameId` on the server at a URL, if any.
   */
  constructor(
    private readonly notify: (n: BridgeNotification) => void,
    private readonly onRoom: (url: string | null) => void = () => undefined,
    private readonly onSeat: (url: string, gameId: string, seat: RememberedSeat | null) => void = () => undefined,
    private readonly keptSeat: (url: string, gameId: string) => RememberedSeat | null = () => null,
  ) {}

  /** Forgets the seat of this game (over, or left on purpose). */
  private forgetSeat(): void {
    const id = this.seat?.gameId ?? this.welcome?.gameId;
    if (id) this.onSeat(this.url, id, null);
  }

  async create(params: { url?: unknown; options?: Partial<CardwordsCreateOptions> }): Promise<unknown> {
    const url = urlParam(params?.url);
    const options = { ...(params.options ?? {}) } as CardwordsCreateOptions;
    ownerParam(options.owner, 'options.owner');
    return this.enter(url, options.owner, () => new Client(url).create('cardwords', options));
  }

  /** `key`: the seat key from an earlier `welcome`, which takes that seat back. */
  async join(params: { url?: unknown; id?: unknown; name?: unknown; owner?: unknown; watch?: unknown; key?: unknown }): Promise<unknown> {
    const url = urlParam(params?.url);
    const id = idParam(params.id);
    const opts = joinOptions(params);
    return this.enter(url, typeof opts.owner === 'string' ? opts.owner : '', () => new Client(url).joinById(id, opts), opts.watch === true);
  }

  /**
   * `owner`: the owner token the game is entered with, remembered with the seat; `watching`: no
   * seat asked; `kept`: the composition of the same seat before its room was lost (its direction
   * went back to across when the seat was taken back).
   */
  private async enter(url: string, owner: string, connect: () => Promise<Room>, watching = false, kept: Composer | null = null): Promise<unknown> {
    this.rejoin.cancel();
    await this.closeRoom();
    // the new game's server is counted before the old game's is let go: the same server stays
    this.onRoom(url);
    this.reset();
    this.composer = kept;
    this.url = url;
    const room = await connectRoom(connect, () => this.onRoom(null), true, watching);
    this.room = room;
    const typed = (this.typed = cardwordsRoom(room));
    const welcomed = new Promise<void>((ok) =>
      typed.on('welcome', (w) => {
        this.welcome = w;
        if (w.role === 'player' && w.key && w.name) {
          // the stand-in turns an earlier bridge said for this seat: not said again
          const kept = this.keptSeat(url, w.gameId);
          // (the same seat: this game's, by name; its key may be a new one)
          const said = kept && kept.name === w.name ? kept.standIns : undefined;
          if (said) this.standIns = { ...said };
          // the owner's decisions on others' words an earlier bridge logged: the history has
          // them for their players only (kept at the end of their round's lines as it comes)
          const decisions = kept && kept.name === w.name && w.owner ? (kept.decisions ?? []) : [];
          for (const d of decisions) this.logDecision(d);
          this.seat = { gameId: w.gameId, key: w.key, name: w.name, ...(owner ? { owner } : {}), ...(said ? { standIns: said } : {}), ...(decisions.length > 0 ? { decisions } : {}) };
          this.onSeat(url, w.gameId, this.seat);
          // a state that came before the welcome did not know the seat: its stand-in turns are counted now
          if (this.state) this.sayStandIns(this.state);
        }
        ok();
      }),
    );
    typed.on('ruleset', (m) => {
      const r = loadRuleset(
        {
          name: m.name,
          charset: { name: `${m.name}.charset`, text: m.files.charset },
          cardset: { name: `${m.name}.cardset`, text: m.files.cardset },
          cardtable: { name: `${m.name}.cardtable`, text: m.files.cardtable },
          bonus: { name: `${m.name}.bonus`, text: m.files.bonus },
          dictionaries: [],
        },
        { players: 1 },
      );
      if (r.ruleset) {
        this.rules = rulesFromRuleset(r.ruleset);
        this.allCards = r.ruleset.cards.map((c) => ({ char: c.char, points: c.points }));
      }
      this.update();
    });
    typed.on('ack', (a) => {
      if (a.type === 'action') {
        this.composer?.reset();
        this.message = '';
      } else if (a.type === 'remove' && this.removing !== null) {
        this.message = removedText(this.removing);
        this.removing = null;
      }
      this.update();
    });
    typed.on('error', (e) => {
      // a check that failed (the rate limit): the preview just says nothing of the words
      if (e.type === 'check') {
        this.wordChecks.failed();
        return;
      }
      if (e.type === 'hint') this.composer?.hintAsked(false);
      // words not in the dictionary: the owner was asked, the move waits for the answer (the
      // owner's own in the editor's minibuffer); no refusal to show yet
      if (e.code === 'unknown-words' && e.rejected?.length) {
        for (const w of e.rejected) this.wordChecks.decided(w, false);
        this.message = this.wordsSaid = `Refused: ${wordsRejected(e.rejected)}`;
      } else if (e.code === 'unknown-words') {
        if (e.asked !== false) for (const w of e.words ?? []) this.askedMine.add(w);
        this.message = this.wordsSaid = e.asked === false ? `Refused: ${wordsNotAsked(e.words ?? [])}` : wordsAsked(e.words ?? [], this.welcome?.owner === true, e.later === true ? 'later' : e.absent === true ? 'absent' : 'now');
        // every other refusal (a move's, the owner's removal's) as the web panel words it, a
        // sentence (the removal's came in the server's raw words, no full stop)
      } else this.message = actionRefusedText(e, this.rules?.table, this.coords, (i) => this.state?.players[i]?.name);
      this.update();
    });
    typed.on('hint', (h) => {
      this.ranked = h.ranked ?? [];
      this.rankedAt = 0;
      this.rankedFor = this.tableKey(h.moves ?? this.state?.moves ?? -1);
      const first = this.ranked[0];
      // the ranking's first is the suggestion; without a ranking, the suggestion alone; into
      // the area unless the player has composed since asking (their typing is kept: M-n
      // then puts the first in)
      if (first && this.composer && !this.composer.awaitingHint) {
        this.rankedAt = -1;
        this.message = `The robot's ${this.ranked.length} best actions are ready, your move kept: M-n puts the first in the area`;
      } else {
        if (first) this.loadHint(first.kind, first.cards, first.score, first.equity);
        else this.loadHint(h.action.type, h.action.type === 'pass' ? [] : h.action.cards, h.score);
        this.hintsLoaded++;
      }
      this.update();
    });
    typed.on('word-request', (m) => {
      // bounded by the room's open questions
      for (const w of m.words) {
        this.askedBy.set(w, m.player);
        // asked again (played again after a rejection, another game): open here once more
        this.settled.delete(w);
      }
      this.notify({ method: 'cardwords/word-request', params: { words: m.words, player: m.player, earlier: m.earlier === true } });
    });
    // the owner's decision in another client: Emacs drops the question as the web page does (it
    // stayed among the open ones, asked again by C-c C-a, and a late reject is refused)
    typed.on('word-settled', (m) => {
      this.askedBy.delete(m.word);
      // (bounded: the room's open questions are)
      this.settled.add(m.word);
      this.notify({ method: 'cardwords/word-settled', params: { word: m.word, approved: m.approved } });
    });
    typed.on('checked', (c) => {
      this.wordChecks.answered(c.words, c.unknown, c.rejected ?? [], c.ask, c.asked ?? []);
      this.update();
    });
    typed.on('word', (w) => {
      this.wordChecks.decided(w.word, w.approved);
      // the owner's decisions on a move's words come one message a word: said together while
      // nothing else was said (only the last one was: "The owner rejected SEN.")
      const d = this.decisions !== null && this.message === this.decisions.said ? this.decisions : { approved: [], rejected: [], said: '' };
      (w.approved ? d.approved : d.rejected).push(w.word);
      // the owner is told in the web page's words for the owner, with RET when the move was their own;
      // after the game there is no move to play again (the web page: "it is in the dictionary now")
      const over = this.ended || this.state?.status === 'over' || this.state?.status === 'ended';
      d.said = wordsDecidedText(d.approved, d.rejected, { owner: this.welcome?.owner === true, mine: d.approved.some((a) => this.askedMine.has(a)), over });
      this.decisions = d;
      this.message = d.said;
      this.logNote({ round: this.state?.round ?? 1, at: this.state?.moves ?? 0, kind: 'word', word: w.word, approved: w.approved }, over);
      this.update();
    });
    typed.on('history', (m) => {
      this.rebuild();
      // a rematch came in between: that round's log goes on from the state
      if (m.round < this.loggedRound) return;
      this.history = m.turns;
      this.historyPlayers = m.players;
      this.logFromHistory(m);
      // the turns it holds are logged: a state that comes after it adds only newer ones
      if (this.state && m.round === this.state.round) this.lastMoves = Math.max(this.lastMoves, m.turns.length);
      this.update();
    });
    typed.on('results', (r) => {
      this.results = r;
      // a room ended before any game was dealt: nobody won
      if (r.results.length > 0) this.logNote({ round: r.round ?? this.state?.round ?? 1, at: this.state?.moves ?? 0, kind: 'end', winners: r.results.filter((x) => x.winner).map((x) => x.name), reason: r.reason });
      // the game is over: not offered to resume (a rematch remembers it again)
      this.forgetSeat();
      // the game is over: what the action area held, and a refusal or hint about it, are stale
      this.composer?.reset();
      this.message = '';
      this.update();
    });
    typed.on('rematch', (m) => {
      this.logRematch(m.round);
      // a new round of the game: its stand-in turns are counted afresh
      this.standIns = { round: -1, seen: 0 };
      if (this.seat) {
        const { standIns: _said, ...seat } = this.seat;
        this.seat = seat;
        this.onSeat(url, this.seat.gameId, this.seat);
      }
      this.results = null;
      this.history = [];
      this.reviewAt = null;
      this.reviewBest = false;
      // said as the web panel says it in its status line ("Rematch: game 2 begins."; the bridge
      // said its own "A new round")
      this.message = logEventLine({ round: m.round, at: 0, kind: 'rematch' });
      this.update();
    });
    // to the owner only, just before `ended`: the web page's line, in the log and with the end
    typed.on('carried', (m) => {
      if (!Array.isArray(m.words) || m.words.length === 0) return;
      this.carried = carriedLine(m.words.slice(0, 100).map(String));
      this.log.push({ round: this.state?.round ?? 1, seat: -1, text: this.carried });
      this.message = this.carried;
      this.update();
    });
    typed.on('ended', (e) => {
      this.ended = true;
      this.forgetSeat();
      this.message = [endedMessage(e.reason, this.results?.reason === e.reason, this.welcome?.owner === true), this.carried].filter((x) => x).join(' ');
      this.update();
    });
    room.onStateChange((s: CardwordsRoomState) => {
      // the game is over: the history again, now with the review (as the web panel asks; the
      // state is one object changed in place, so its last status is kept apart)
      // (a watcher or player who comes after the end asks at once: the web panel's first state)
      if ((this.lastStatus === 'playing' || this.lastStatus === '') && s.status === 'over') room.send('history', {});
      // joined in a round going on (a resume, a watcher): its log so far, and so Last:, as the
      // web panel asks at its first state (after a resume Last: was missing)
      // (also before the round's first turn: the earlier rounds, a leave)
      else if (this.lastMoves < 0 && s.status !== 'waiting') room.send('history', {});
      if (this.lastStatus === 'waiting' && s.status === 'playing') this.message = startedMessage(s.players.map((p) => p.name), s.turn, this.mySeat);
      this.lastStatus = s.status;
      const first = this.state === null;
      this.state = s;
      // the state of a rematch can come before its `rematch` message
      if (first) this.loggedRound = s.round;
      else this.logRematch(s.round);
      this.logGone(s, first);
      if (s.moves !== this.lastMoves) {
        if (this.lastMoves >= 0 && s.moves > this.lastMoves && s.last) this.log.push({ round: s.round, seat: s.last.player, text: this.turnText(s.last, s.players.map((p) => p.name)) });
        this.lastMoves = s.moves;
      }
      this.sayStandIns(s);
      this.sayRematchVotes(s);
      if (this.back.stale(gameKey(s, this.mySeat))) this.message = '';
      // an idle end near, said as the web panel says it (nothing told Emacs before the end)
      const idle = idleSeconds(s);
      this.message = idleWarningMessage(this.idleBefore, idle, this.message);
      this.idleBefore = idle;
      this.update();
    });
    // the server stopping, or the connection lost: said at once, and keys refused with it
    // until the connection is back (the web panel's words)
    typed.on('stopping', () => this.lost(room, stoppingText()));
    // the client library's tries a second apart at most: a restarted server is found at once
    reconnectQuickly(room);
    room.onDrop(() => this.lost(room, this.down || connectionLostText()));
    room.onReconnect(() => {
      this.down = '';
      this.sayBack();
    });
    room.onLeave((code, reason) => {
      // after `ended` the room closes as it should: its message stays, but for the last
      // person's removal, whose end comes before the close that says so (worded as the web panel
      // words it; it read "The game has ended." alone)
      // (removed, it is let go as any removal: `closed`)
      if (this.ended) {
        if (code === CLOSE.REMOVED && reason === CLOSE_REASON.REMOVED) {
          this.message = cardwordsRemovedLastText();
          this.letGo(reason);
          this.logRemoved();
        }
        return this.update();
      }
      // closed here (left, another game entered): nothing to say
      if (this.room !== room) return;
      // removed by the owner, or the seat taken back elsewhere: nothing to take back, and
      // keys are refused with why
      const closed = closeWords(code, reason);
      if (closed !== null) {
        this.letGo(reason);
        if (this.removed) this.logRemoved();
        // nothing reconnects: not "Connection lost: reconnecting…"
        this.lost(room, closed || closedText(undefined));
        return;
      }
      this.lost(room, code === CLOSE.SERVER_STOPPING ? stoppingText() : this.down || connectionLostText());
      // the room is gone: the seat taken back with its key once the server answers again
      const seat = this.seat;
      if (!seat) return;
      this.rejoin.seat(
        url,
        seat,
        (back) => this.enter(url, owner, () => Promise.resolve(back), false, this.composer),
        () => this.sayBack(),
        (e) => {
          this.forgetSeat();
          this.say(e.message);
        },
        sessionUnknown(code),
      );
    });
    await welcomed;
    return this.view();
  }

  /** Someone else asked for a rematch since the last state: said, as the web panel says it under the results. */
  private sayRematchVotes(s: CardwordsRoomState): void {
    const asking = s.status === 'over' ? s.players.filter((p, i) => asksRematch(p) && i !== this.mySeat).map((p) => p.name) : [];
    if (asking.some((name) => !this.rematchAsking.includes(name))) this.message = rematchVotesLine(asking);
    this.rematchAsking = asking;
  }

  /** The room let this client go for `reason`: the seat kept when it is played elsewhere, else forgotten (params.ts `letGo`). */
  private letGo(reason: string | undefined): void {
    ({ closed: this.closed, elsewhere: this.elsewhere, removed: this.removed, seat: this.seat } = letGo(reason, this.seat, () => this.forgetSeat()));
  }

  /**
   * The local server at `url` stopped and the bridge does not start it again (`text`: why, and
   * what to do): said in the buffer, where "Connection lost: reconnecting…" stood for ever, and
   * no more tries to take the seat back (the game is kept, offered to resume).
   */
  serverLost(url: string, text: string): void {
    if (!this.room || webBase(this.url) !== webBase(url)) return;
    this.rejoin.cancel();
    this.lost(this.room, text);
  }

  /** The connection of `room` is down for `why`: said, and keys refused with it. */
  private lost(room: Room, why: string): void {
    if (this.room !== room || this.ended) return;
    this.down = why;
    this.say(why);
  }

  /** "Connected again." (it stood under the action area through later moves). */
  private sayBack(): void {
    this.say(this.back.say(this.state ? gameKey(this.state, this.mySeat) : ''));
  }

  /** `text` in the message line, drawn. */
  private say(text: string): void {
    this.message = text;
    this.update();
  }

  private reset(): void {
    this.welcome = null;
    this.askedMine = new Set();
    this.askedBy = new Map();
    this.settled.clear();
    this.wordChecks = this.newWordChecks();
    this.rules = null;
    this.state = null;
    this.composer = null;
    this.log = [];
    this.loggedRound = 0;
    this.goneLogged = new Set();
    this.message = '';
    this.results = null;
    this.lastMoves = -1;
    this.lastStatus = '';
    this.rematchAsking = [];
    this.standIns = { round: -1, seen: 0 };
    this.ended = false;
    this.carried = '';
    this.seat = null;
    this.down = '';
    this.closed = false;
    this.removed = false;
    this.elsewhere = false;
    this.history = [];
    this.historyPlayers = [];
    this.reviewAt = null;
    this.reviewBest = false;
  }

  /**
   * Leaves the game; a local server no other game uses stops. `forget`: the player leaves on
   * purpose, the game is not remembered (else a game left with its buffer, or with the editor,
   * is offered to resume on the next start).
   */
  /** Leaves the game; `said`: what the web page says of a seat given up in a game going on ('' none), for the editor, whose buffer goes with the leave. */
  async leave(forget = false): Promise<{ said: string }> {
    this.rejoin.cancel();
    this.back.cancel();
    if (this.countdown) clearTimeout(this.countdown);
    this.countdown = null;
    // (a seat played elsewhere stays remembered: it is still the player's, to take back)
    if (forget && this.seat && !this.elsewhere) this.forgetSeat();
    // on purpose, in a game going on: the seat is given up (a stand-in plays it to the end;
    // before the deal it is free again), not held for a return that will not come
    const status = this.state?.status;
    const said = forget && this.welcome?.role === 'player' && status === 'playing' && this.state && !this.closed ? leftText(this.state, this.mySeat) : '';
    await this.closeRoom(forget && this.welcome?.role === 'player' && (status === 'waiting' || status === 'playing'));
    this.onRoom(null);
    return { said };
  }

  private async closeRoom(forGood = false): Promise<void> {
    const room = this.room;
    this.room = null;
    this.typed = null;
    await leaveRoom(room, forGood);
  }

  /** The game the editor is in now (its room open), or null. */
  get openGame(): string | null {
    return this.room?.connection?.isOpen && this.welcome ? this.welcome.gameId : null;
  }

  private get roomOrFail(): CardwordsRoomClient {
    if (!this.typed) throw new BridgeError('refused', 'not in a Cardwords game');
    this.refuseWhileDown();
    return this.typed;
  }

  /** A key while the connection is down: refused with why (the client library would queue what it sends). */
  private refuseWhileDown(): void {
    if (this.down) throw new BridgeError('refused', this.down);
  }

  /**
   * A key that composes or acts: refused with why while the connection is down, and while the
   * game waits for its players, in the web panel's sentence (a key went into a composition
   * nobody saw, a trade begun there was still there at the deal, a pass was sent for nothing
   * and RET said the raw "the game has not started").
   */
  private refuseBeforePlay(): void {
    this.refuseWhileDown();
    if (this.state?.status === 'waiting') throw new BridgeError('refused', notStartedText());
  }

  /** One key of the action-selection area (the web panel's KeyboardEvent.key names). */
  key(params: { key?: unknown }): unknown {
    const key = str(params?.key, 'key', 20);
    this.refuseBeforePlay();
    if (!this.composer) throw new BridgeError('refused', 'no hand to play from yet');
    const r = this.composer.key(key);
    // a card's points being typed ("Which T?" then `-`): the question stays while it is open
    this.message = r.ok ? (r.note ? refusal(r.note) : this.composer.pending ? this.message : '') : refusal(r.why);
    return this.view();
  }

  /** The coordinate options: digits for the columns, columns counted from the right, rows from the bottom. */
  coordinates(params: { digitsForColumns?: unknown; colsRight?: unknown; rowsUp?: unknown }): unknown {
    const flag = (v: unknown, d: boolean) => (v === undefined ? d : v === true);
    this.coordOptions = {
      digitsForColumns: flag(params?.digitsForColumns, DEFAULT_COORDS.digitsForColumns),
      colsRight: flag(params?.colsRight, DEFAULT_COORDS.colsRight),
      rowsUp: flag(params?.rowsUp, DEFAULT_COORDS.rowsUp),
    };
    this.composer?.reset();
    this.rebuild();
    // the log's and the review's places in the new names
    if (this.history.length > 0) this.retextTurns();
    if (this.reviewAt !== null) this.message = this.reviewMessage();
    return this.view();
  }

  /** A click on a table cell: the location of the move (as RET on the cell in the panel). */
  locate(params: { col?: unknown; row?: unknown }): unknown {
    this.refuseBeforePlay();
    if (!this.composer || !this.board) throw new BridgeError('refused', 'no table yet');
    const { col, row } = params ?? {};
    if (!Number.isInteger(col) || !Number.isInteger(row) || (col as number) < 0 || (row as number) < 0 || (col as number) >= this.board.width || (row as number) >= this.board.height) {
      throw new BridgeError('bad-request', 'col and row must name a cell of the table');
    }
    this.composer.setLocation(col as number, row as number);
    this.message = '';
    return this.view();
  }

  /** A click on a card of the hand: it joins the composition (a wildcard asks for its letter next). */
  pick(params: { index?: unknown }): unknown {
    this.refuseBeforePlay();
    if (!this.composer) throw new BridgeError('refused', 'no hand yet');
    const i = params?.index;
    if (!Number.isInteger(i) || (i as number) < 0 || (i as number) >= this.hand.length) throw new BridgeError('bad-request', 'index must name a card of the hand');
    const r = this.composer.clickHand(i as number);
    this.message = r.ok ? '' : refusal(r.why);
    return this.view();
  }

  /**
   * `seen`: the `hintsLoaded` of the last view the editor showed. A hint that came into the
   * area after it (the editor ran a RET typed ahead before it redrew: `C-c C-s RET` in one
   * burst) is not played unseen: that RET is refused, and the next one plays it.
   */
  submit(params?: { seen?: unknown }): unknown {
    const room = this.roomOrFail;
    const seen = params?.seen;
    if (seen !== undefined && (!Number.isInteger(seen) || (seen as number) < 0)) throw new BridgeError('bad-request', 'seen: a count of hints');
    this.refuseBeforePlay();
    const s = this.state;
    if (!this.composer || !s) throw new BridgeError('refused', notStartedText());
    if (s.status !== 'playing') throw new BridgeError('refused', 'the game is over');
    if (s.turn !== this.mySeat) throw new BridgeError('refused', `it is ${s.players[s.turn]?.name ?? '?'}'s turn`);
    if (seen !== undefined && (seen as number) < this.hintsLoaded) {
      this.message = hintUnseen();
      return this.view();
    }
    // Return as the web panel's: refused with a coordinate half typed, a card's points still
    // asked, right after another player's move cleared the one composed, or a hint on its way
    const held = this.composer.key('Enter');
    if (!held.ok) {
      this.message = refusal(held.why);
      return this.view();
    }
    const a = this.composer.action();
    const payload: CardwordsActionMessage =
      a.type === 'move'
        ? { type: 'move', cards: a.cards.map((p) => ({ col: p.col, row: p.row, card: p.card.char === null ? { char: null, points: p.card.points, meaning: p.card.meaning } : { char: p.card.char, points: p.card.points } })) }
        : a.type === 'trade'
          ? { type: 'trade', cards: a.cards }
          : { type: 'pass' };
    room.send('action', payload);
    this.message = '';
    return this.view();
  }

  pass(): unknown {
    const room = this.roomOrFail;
    this.refuseBeforePlay();
    room.send('action', { type: 'pass' });
    return this.view();
  }

  trade(): unknown {
    this.refuseBeforePlay();
    if (!this.composer) throw new BridgeError('refused', 'no hand to trade from yet');
    this.composer.makeTrade();
    this.message = 'Trade: type the cards to give back, then RET';
    return this.view();
  }

  hint(): unknown {
    this.refuseBeforePlay();
    this.roomOrFail.send('hint', {});
    this.composer?.hintAsked(true);
    return this.view();
  }

  /** The next (delta 1) or previous (-1) of the best actions of the last hint into the area, round the list. */
  hintStep(params: { delta?: unknown }): unknown {
    const delta = params?.delta;
    if (delta !== 1 && delta !== -1) throw new BridgeError('bad-request', 'delta: 1 or -1');
    this.refuseBeforePlay();
    const n = this.ranked.length;
    const s = this.state;
    const current = s !== null && s.status === 'playing' && this.tableKey(s.moves) === this.rankedFor;
    if (n === 0 || !current) {
      // a hint for this table that came without a ranking (an older server) has nothing to go through
      throw new BridgeError('refused', current ? 'the hint came without the robot\'s other choices: nothing to go through' : 'no best moves to go through: ask for a hint first');
    }
    // (-1: none in the area yet, the hint having come after the player composed)
    this.rankedAt = this.rankedAt < 0 ? (delta === 1 ? 0 : n - 1) : (this.rankedAt + (delta === -1 ? n - 1 : 1)) % n;
    const r = this.ranked[this.rankedAt]!;
    this.loadHint(r.kind, r.cards, r.score, r.equity);
    return this.view();
  }

  /**
   * The review after the game, as the web panel's: turn `step` of the round (0 the first; null:
   * the final table; absent: the one shown), and with `best` the table before that turn with
   * the best robot's move on it (absent: as it was). The message says which.
   */
  review(params: { step?: unknown; delta?: unknown; best?: unknown }): unknown {
    const s = this.state;
    if (!s || (s.status !== 'over' && !this.ended)) throw new BridgeError('refused', 'the review comes after the game');
    const n = this.history.length;
    if (n === 0) throw new BridgeError('refused', 'the review has not come yet: the history comes with the end');
    const { step, delta, best } = params ?? {};
    if (step !== undefined && step !== null && !(Number.isInteger(step) && (step as number) >= 0 && (step as number) < n)) throw new BridgeError('bad-request', `step: 0 to ${n - 1}, or null for the final table`);
    if (delta !== undefined && ((delta !== 1 && delta !== -1) || step !== undefined)) throw new BridgeError('bad-request', 'delta: 1 or -1, and no step with it');
    if (best !== undefined && typeof best !== 'boolean') throw new BridgeError('bad-request', 'best: true or false');
    if (step !== undefined) this.reviewAt = step as number | null;
    if (delta !== undefined) this.reviewAt = reviewStepped(this.reviewAt, n, delta);
    // b alone where the best robot's move has nothing to lay (the final table, a robot's turn,
    // a best trade or pass): why, as the web panel's b and its switched-off button, the
    // choice unchanged (it showed the same table with nothing said)
    const missing = this.reviewBestMissing();
    // (at a turn the turn's line stays, the reason after it, as the web panel's line under the
    // step: it was replaced by the reason alone)
    if (best !== undefined && step === undefined && delta === undefined && missing !== '') {
      const said = this.reviewMessage();
      this.message = this.reviewAt === null ? missing : said.endsWith(` · ${missing}`) ? said : `${said} · ${missing}`;
      return this.view();
    }
    if (best !== undefined) this.reviewBest = best;
    this.message = this.reviewMessage();
    return this.view();
  }

  /** Why the review's best robot's move has nothing to lay on the table at the step shown ('' when it has), in the web panel's words. */
  private reviewBestMissing(): string {
    const k = this.reviewAt;
    const why = reviewBestMissing(k === null ? null : (this.history[k] ?? null));
    return why === null ? '' : reviewBestMissingLine(why);
  }

  /** Which turn the review shows, with its log line (or the final table). */
  private reviewMessage(): string {
    const k = this.reviewAt;
    const line = reviewLine(k, this.history.length, k !== null && this.reviewTable(k)?.best === true, k === null ? '' : (this.roundTurns()[k]?.text ?? ''));
    // what the turn's player chose from (the hands come with the history once the game is over)
    const turn = k === null ? undefined : this.history[k];
    const hand = turn?.hands?.[turn.player];
    const said = hand ? `${line} · ${reviewHandText(this.historyPlayers[turn!.player] ?? '?', hand.map((c) => `[${cardText(c)}]`))}` : line;
    // the best robot's move kept on while stepping: why this step shows none, the web panel's line under the step
    const missing = this.reviewBest ? this.reviewBestMissing() : '';
    return missing ? `${said} · ${missing}` : said;
  }

  /**
   * The log from the history (media/cardwords/log-lines.ts): the rounds it holds as a buffer
   * there all along logged them, each turn as `last` showed it (this round's, a person's with
   * the best robot's choice there after the game), the other lines in the live lines' words;
   * the rounds before them stay as logged here.
   */
  private logFromHistory(m: CardwordsHistoryMessage): void {
    const { from, lines } = historyLines(m);
    const kept = this.log.filter((l) => l.round < from);
    const decisions = this.log.filter((l) => l.decision && l.round >= from);
    // the others' rematch votes are said in the message here, not logged (the web panel logs them)
    this.log = [...kept, ...lines.filter((l) => !('event' in l) || l.event.kind !== 'vote').map((l): LogLine => ('turn' in l ? { round: l.round, seat: l.turn.player, text: this.turnText(l.turn, m.players, l.current ? this.tableBefore(m.turns, m.turns.indexOf(l.turn)) : null), plain: this.turnText({ ...l.turn, best: undefined }, m.players) } : { round: l.round, seat: -1, text: logEventLine(l.event, l.over === true, this.welcome?.owner === true) }))];
    // the owner's decisions on others' words, which the history has not (a history that came
    // after the answer, the game's end's, dropped them): each at the end of its round's lines
    for (const d of decisions) {
      const after = this.log.findLastIndex((l) => l.round <= d.round);
      this.log.splice(after + 1, 0, d);
    }
    for (const k of goneKeys(lines)) this.goneLogged.add(k);
    this.loggedRound = m.round;
  }

  /** This round's turns in the log: the review's steps. */
  private roundTurns(): LogLine[] {
    const round = this.state?.round ?? this.loggedRound;
    return this.log.filter((l) => l.seat >= 0 && l.round === round);
  }

  /** This round's turns worded again from the history (new coordinate options). */
  private retextTurns(): void {
    this.roundTurns().forEach((l, k) => {
      const t = this.history[k];
      if (t) l.text = this.turnText(t, this.historyPlayers, this.tableBefore(this.history, k));
    });
  }

  /** A line that is no turn, as the web panel logs it. */
  private logNote(e: CardwordsLogEvent, over = false): void {
    this.log.push({ round: e.round, seat: -1, text: logEventLine(e, over, this.welcome?.owner === true) });
  }

  /** The owner's decision on another's word, logged (the room's history has it for that player only). */
  private logDecision(d: OwnerDecision): void {
    this.logNote({ round: d.round, at: d.at, kind: 'word', word: d.word, approved: d.approved }, true);
    this.log.at(-1)!.decision = true;
  }

  /** A new round: its rematch line, once (the state or the `rematch` message, whichever comes first). */
  private logRematch(round: number): void {
    if (round === this.loggedRound) return;
    this.loggedRound = round;
    // the review was the round's that is over now
    for (const l of this.log) if (l.plain !== undefined) l.text = l.plain;
    this.logNote({ round, at: 0, kind: 'rematch' });
  }

  /** The players who left or were removed since the last state (not you: your removal is logged as the room closes, `logRemoved`), logged once each. */
  private logGone(s: CardwordsRoomState, first: boolean): void {
    s.players.forEach((p, i) => {
      const key = goneKey(s.round, p.name);
      if (!p.left || p.name === '' || i === this.mySeat || this.goneLogged.has(key)) return;
      this.goneLogged.add(key);
      // the first state's: `history` brings them in their places
      if (first) return;
      const e: CardwordsLogEvent = { round: s.round, at: s.moves, kind: p.removed ? 'remove' : 'leave', name: p.name, then: goneThen(s.status) };
      this.logNote(e);
      // said too, as the web panel says it (a leave went to the log and the score board alone);
      // not a removal asked here: its acknowledgement has said it (one the owner made from
      // another tab or editor went unsaid)
      if (!(p.removed && this.removalsAsked.has(p.name))) this.message = logEventLine(e);
    });
  }

  /**
   * The owner removed this client's player: the removal in its own log too, as in every other
   * and as the web panel logs it (the removed player's log had none until they watched).
   */
  private logRemoved(): void {
    const s = this.state;
    const name = s?.players[this.mySeat]?.name;
    if (!s || !name || this.goneLogged.has(goneKey(s.round, name))) return;
    this.goneLogged.add(goneKey(s.round, name));
    this.logNote({ round: s.round, at: s.moves, kind: 'remove', name, then: this.ended ? 'end' : goneThen(s.status) });
  }

  /** The review's table at turn k (media/cardwords/words.ts), the best robot's move on it as chosen. */
  private reviewTable(k: number): ReturnType<typeof reviewTable> | null {
    return this.history[k] && this.board ? reviewTable(this.board, this.history, k, this.reviewBest) : null;
  }

  /** The table a hint is for: the game, the round and the actions so far. */
  private tableKey(moves: number): string {
    return `${this.welcome?.gameId ?? ''}/${this.state?.round ?? 0}/${moves}`;
  }

  /** Loads a suggested action into the area and says what it is (hintLine). */
  private loadHint(kind: 'move' | 'trade' | 'pass', cards: ReadonlyArray<PlacedCard | Card>, score: number, equity?: number): void {
    const action = (kind === 'pass' ? { type: 'pass' } : { type: kind, cards }) as ComposedAction;
    if (!this.composer?.load(action)) {
      this.message = 'The hint does not fit the hand';
      return;
    }
    const words = kind === 'move' && this.rules && this.board ? spelledWords(this.rules.table, this.rules.bonus, this.board, cards as readonly PlacedCard[]) : [];
    this.message = hintLine(kind, words, score, this.rankedAt, this.ranked.length, equity);
  }

  words(params: { words?: unknown; approve?: unknown }): unknown {
    if (!Array.isArray(params?.words) || params.words.length === 0 || params.words.length > 50) throw new BridgeError('bad-request', 'words: 1 to 50 words');
    const words = params.words.map((w) => str(w, 'word', 100));
    const approve = params.approve === true;
    // decided in another of the owner's clients meanwhile (its question was open here): said
    // as the web panel says it, not "You rejected …" of a word that stayed approved
    const settled = words.filter((w) => this.settled.has(w));
    if (settled.length > 0) throw new BridgeError('refused', notAskedText(settled));
    this.roomOrFail.send(approve ? 'approve' : 'reject', { words });
    // Emacs's echo of the answer: the owner's words as the owner's web page logs them
    const over = this.ended || this.state?.status === 'over' || this.state?.status === 'ended';
    // and the owner's log: the room tells only the player whose word it was (the owner's own
    // word is logged at its `word`); a decision asked at the game's end went unlogged
    const me = this.state?.players[this.mySeat]?.name;
    const others = words.filter((w) => {
      const by = this.askedBy.get(w);
      this.askedBy.delete(w);
      return by === undefined || by !== me;
    });
    const decided = others.map((word): OwnerDecision => ({ round: this.state?.round ?? 1, at: this.state?.moves ?? 0, word, approved: approve }));
    for (const d of decided) this.logDecision(d);
    // remembered with the seat: a new Emacs's (or a resume's) log has them too; a seated owner
    // decides at the round's end, when the seat is forgotten: the rematch remembers them again
    if (decided.length > 0 && this.seat) {
      this.seat = { ...this.seat, decisions: [...(this.seat.decisions ?? []), ...decided].slice(-MAX_DECISIONS) };
      if (!over) this.onSeat(this.url, this.seat.gameId, this.seat);
    }
    if (others.length > 0) this.update();
    return { said: ownerDecidedText(approve ? words : [], approve ? [] : words, { mine: words.every((w) => this.askedMine.has(w)), over }) };
  }

  /**
   * The seat played elsewhere (another tab or editor took it back) is taken back here with its
   * kept key, as the web page's "Play here": the other one loses it. The composition goes on.
   */
  async playHere(): Promise<unknown> {
    const seat = this.seat;
    if (!this.elsewhere || !seat) throw new BridgeError('refused', 'your seat is not played elsewhere: nothing to take back');
    const url = this.url;
    // joined before this session lets go of what it shows: a refusal leaves it as it was
    const room = await joinKeptSeat(url, seat, true, () => {
      this.forgetSeat();
      this.seat = null;
      this.elsewhere = false;
    });
    await this.enter(url, seat.owner ?? '', () => Promise.resolve(room), false, this.composer);
    this.message = playingHereText();
    this.update();
    return this.view();
  }

  /**
   * The game watched here (the web page's "Watch the game"), once the room let this client go
   * while it goes on: the seat played elsewhere (its key stays remembered), or the owner removed
   * the player (the web page offers it then too; Emacs offered nothing).
   */
  async watchHere(): Promise<unknown> {
    const gameId = this.welcome?.gameId;
    if (!this.watchable || !gameId) throw new BridgeError('refused', 'your seat is not played elsewhere: watch a game from the list');
    const url = this.url;
    const owner = this.seat?.owner ?? '';
    const room = await watchGame(url, gameId, owner, true);
    return this.enter(url, owner, () => Promise.resolve(room), true);
  }

  /** The room let this client go while the game goes on (the seat played elsewhere, removed by the owner): it may be watched. */
  private get watchable(): boolean {
    return this.closed && !this.ended && (this.elsewhere ? this.seat !== null : this.removed);
  }

  /** The hand held: none once the room let this client go (removed, the seat played elsewhere), as the web panel's goes with the seat. */
  private get held(): readonly Card[] {
    return this.closed ? [] : this.hand;
  }

  rematch(): unknown {
    const room = this.roomOrFail;
    // during play, refused here in the web panel's words for the room's refusal (it was sent
    // on, and the room's raw words came later in the message); after the room ended, to none
    if (this.state?.status !== 'over' || this.ended) throw new BridgeError('refused', rematchRefusal(this.ended));
    room.send('rematch', {});
    return this.view();
  }

  /**
   * The owner removes a human player (the room's `remove`: before the deal the seat is free
   * again, after it a robot plays it to the end); the room's answer comes in the message.
   */
  remove(params: { name?: unknown }): unknown {
    const name = str(params?.name, 'name', 64);
    if (this.welcome?.owner !== true) throw new BridgeError('refused', 'only the owner removes players');
    this.removing = name;
    this.removalsAsked.add(name);
    this.roomOrFail.send('remove', { name });
    return null;
  }

  /** The owner ends the game for everyone (the room's `end`: the results, then `ended`, said in the message). */
  end(): unknown {
    if (this.welcome?.owner !== true) throw new BridgeError('refused', 'only the owner ends the game');
    this.roomOrFail.send('end', {});
    return null;
  }

  /**
   * Your turns a stand-in played while you were away: said when you are back (the web panel's
   * words), once: remembered with the seat, so a new bridge (Emacs started again) does not say
   * them again.
   */
  private sayStandIns(s: CardwordsRoomState): void {
    const mine = this.mySeat >= 0 ? s.players[this.mySeat] : undefined;
    if (!mine) return;
    const before = this.standIns.round === s.round ? this.standIns.seen : 0;
    this.standIns = { round: s.round, seen: mine.standIns };
    if (mine.standIns <= before) return;
    this.message = standInsWhileAway(mine.standIns - before);
    if (this.seat) {
      this.seat = { ...this.seat, standIns: { ...this.standIns } };
      this.onSeat(this.url, this.seat.gameId, this.seat);
    }
  }

  private get mySeat(): number {
    return this.welcome?.role === 'player' ? (this.welcome.seat ?? -1) : -1;
  }

  private update(): void {
    this.rebuild();
    this.notify({ method: 'cardwords/view', params: this.view() });
    this.countDown();
  }

  /** While a robot is about to play for an away player, the view again each second: its `away` line counts down. */
  private countdown: ReturnType<typeof setTimeout> | null = null;
  private countDown(): void {
    if (this.countdown) clearTimeout(this.countdown);
    this.countdown = null;
    const note = this.state && this.room ? awayNote(this.state, Date.now()) : null;
    if (note?.kind !== 'soon' || note.msLeft <= 0) return;
    this.countdown = setTimeout(() => {
      this.countdown = null;
      if (this.room) this.update();
    }, Math.min(1000, note.msLeft));
    this.countdown.unref();
  }

  /** Board, hand and composer from the latest state and ruleset (as the web panel does). */
  private rebuild(): void {
    const s = this.state;
    const rules = this.rules;
    if (!s || !rules) return;
    const ctx = composeContext(s, rules, this.mySeat, this.coordOptions);
    ({ board: this.board, hand: this.hand, coords: this.coords } = ctx);
    if (!this.composer) this.composer = new Composer(ctx);
    else {
      const displaced = this.composer.setContext(ctx, s.last.player !== this.mySeat);
      if (displaced !== null) this.message = displacedText(displaced);
    }
  }

  /** The table before turn k of a finished round's history, when that turn has the best robot's choice to word. */
  private tableBefore(turns: readonly CardwordsHistoryTurn[], k: number): Board | null {
    return turns[k]?.best && this.board ? reviewTable(this.board, turns, k, false).before : null;
  }

  private turnText(t: CardwordsTurnInfo & { best?: CardwordsHistoryTurn['best'] }, names: string[], before: Board | null = null): string {
    // a stand-in's action is marked as the stand-in's (docs/rules.md), as the web panel does
    const seat = names[t.player] ?? `seat ${t.player}`;
    const who = t.standIn ? standInName(seat) : seat;
    const text = t.type === 'move' ? `${who}: ${t.words.join(', ')} for ${t.score}` : t.type === 'trade' ? `${who}: traded ${t.traded} for ${t.score}` : `${who}: passed for ${t.score}`;
    // after the game each human turn carries the best robot's choice there (the review), its
    // wildcards' letters and place worded as the web panel shows them
    const best = t.best;
    if (!best) return text;
    const cards = best.type === 'move' ? best.cards : undefined;
    const words = cards?.length && before && this.rules && this.coords ? bestMoveWords(this.rules.table, this.rules.bonus, this.coords, before, cards) : null;
    return `${text} · ${reviewNote(best, words?.spelled ?? null, words?.place ?? '')}`;
  }

  /**
   * The log's lines since your own last turn (the others' moves you have not played after yet),
   * at most one a player but you; just the newest when it was yours. A watcher gets the last
   * round's.
   */
  private sinceMine(): string[] {
    // a watcher has no turn of its own: a round of every player's moves (it had one move fewer:
    // with two players the watcher's Last: had the robot's move, not the player's before it)
    const players = this.state?.players.length ?? 2;
    const others = Math.max(1, this.mySeat >= 0 ? players - 1 : players);
    const turns = this.roundTurns().map((l) => l.text);
    const mine = this.mySeat >= 0 ? this.roundTurns().map((l) => l.seat).lastIndexOf(this.mySeat) : -1;
    const since = turns.slice(mine + 1).slice(-others);
    return since.length > 0 ? since : turns.slice(-1);
  }

  /** The cards nobody has seen yet from this seat: all cards minus the table and the hand. */
  private unseen(): string[] {
    // the table and the hand shown: now, or at the review's step (media/cardwords/words.ts)
    const k = this.reviewAt;
    const table = k !== null && k < this.history.length ? this.reviewTable(k) : null;
    // a hand no longer held (removed, the seat played elsewhere) is unseen, as to a watcher:
    // the count had gone on leaving out the cards of the hand taken away
    const from = table ? reviewUnseenBasis(this.history, k!, table, this.welcome?.role === 'player' && !this.closed ? this.mySeat : -1, this.held) : { board: this.board, hand: this.held };
    if (!from.board) return [];
    return unseenCards(this.allCards, from.board, from.hand).map((c) => `${c.char ?? '*'} ${c.points}`);
  }

  /**
   * The preview of what the action area holds, with the web panel's content and words
   * (media/cardwords/view/action.tsx): `text` what Return does or the move's score, `details`
   * the words with their points (and cell points, bonus) after it, `problems` why the move
   * would be refused or why Return trades (and a trade the pile cannot take), `note` the words
   * a refused move makes so far. None once the game is not being played, as the web panel.
   */
  private preview(a: ComposedAction): { text: string; details: string[]; problems: string[]; note: string } | null {
    const rules = this.rules;
    const s = this.state;
    const coords = this.coords;
    if (!rules || !this.board || !coords || s?.status !== 'playing') return null;
    if (a.type === 'move' && a.cards.length === 0) return null;
    const mine = s.turn === this.mySeat;
    const p = previewAction(rules, { board: this.board, hand: this.hand }, a);
    // nothing composed: what Return does, on your turn only (on another's turn it plays nothing)
    // (Return refused, a location half typed, a hint on its way…: that, not "Return passes")
    // (said once: after a refused RET the message says it)
    const held = this.composer?.returnHeld();
    const why = held && !held.ok ? refusal(held.why) : null;
    if (p.type === 'pass') {
      // a location and no card yet (`7h`, typed for the hand's seventh card or an H it lacks):
      // what the keys made and what comes next, where `{7H}` alone explained nothing
      const cp = this.composer;
      const at = cp && cp.mode === 'cards' && cp.location && !cp.invalid && !cp.pending && cp.cards.length === 0 ? locationOnlyText(coords.name(cp.location.col, cp.location.row, cp.dir), cp.dir) : null;
      if (!mine || (why !== null && why === this.message)) return at ? { text: at, details: [], problems: [], note: '' } : null;
      return { text: why ?? passPreview(p.score), details: [], problems: at ? [at] : [], note: '' };
    }
    if (p.type === 'trade') {
      const bracesWhy = this.composer?.bracesWhy ?? null;
      const problems = bracesWhy ? [braces(bracesWhy, rules.table, coords)] : [];
      // a trade the pile cannot take: only why (it also said "RET trades 1 card")
      if (s.pile < p.cards) return { text: pileTooSmallPreview(s.pile, p.cards), details: [], problems, note: '' };
      // RET refused meanwhile (a wildcard's points asked…): that, not "RET trades 1 card"
      if (mine && why !== null) return { text: why, details: [], problems, note: '' };
      return { text: tradePreview(mine, p.cards, p.score), details: [], problems, note: '' };
    }
    const check = p.check;
    if (check.ok) {
      // a card still asked about (its points, a wildcard's letter): the words are not the
      // move's yet, so neither asked of the server nor warned about, as the web panel waits
      if (this.composer?.cardAsked) return { ...movePreview(check.score), problems: [], note: '' };
      // the words the dictionary lacks, asked of the server (each once; its answer redraws)
      const words = check.score.words.map((w) => w.word);
      this.checkWords(words);
      // not while the message says what became of them, the move played: "ZOLT: not in the
      // dictionary. … playing the move asks you to add it." stood over "ZOLT is not in the
      // dictionary: answer y or n", said twice
      const said = this.message !== '' && this.message === this.wordsSaid;
      return { ...movePreview(check.score), problems: said ? [] : unknownWords(this.wordChecks.lacking(words)), note: '' };
    }
    const made = scoreMove(rules.table, rules.bonus, this.board, p.cards).words;
    return { text: refusedPreview(), details: [], problems: check.errors.map((e) => moveProblem(e, rules.table, coords)), note: made.length > 0 ? wordsSoFar(made.map((w) => w.word)) : '' };
  }

  /** What the server said of the preview's words, asked once the keys pause (the web panel's way). */
  private newWordChecks(): WordChecks {
    return new WordChecks({
      send: (words) => this.typed !== null && this.welcome?.role === 'player' && (this.typed.send('check', { words }), true),
      later: (fn, ms) => setTimeout(fn, ms),
    });
  }

  /** The preview's words: asked of the room (a player's). */
  private checkWords(words: readonly string[]): void {
    if (this.welcome?.role === 'player') this.wordChecks.want(words);
  }

  view(): unknown {
    const s = this.state;
    const over = s !== null && (s.status === 'over' || this.ended) && this.history.length > 0;
    const step = this.reviewAt !== null && this.reviewAt < this.history.length ? this.reviewAt : null;
    const review = over ? { step, table: step === null ? null : this.reviewTable(step) } : null;
    const cp = this.composer;
    const action = cp?.action() ?? null;
    // whom the owner may remove now (none for the others)
    const removable = s && this.welcome?.owner === true && !this.ended ? cardwordsRemovable(s, this.mySeat) : [];
    const t = this.rules?.table;
    // none of your own seat once the owner removed you: the message and the status line say
    // it to you (the line said it a third time, of you by name)
    const away = s && !(this.removed && s.turn === this.mySeat) ? awayNote(s, Date.now()) : null;
    // the table shown: the review's turn, or the game's
    const board = review?.table ? boardState(review.table.board) : (s?.board ?? []);
    return {
      seq: ++this.seq,
      connected: this.room !== null && !this.down,
      // why keys are refused while the connection is down ('' when up), and whether the room let
      // this client go for good (removed, the seat taken back elsewhere): nothing to leave
      down: this.down,
      closed: this.closed,
      removed: this.removed,
      // the seat is played elsewhere (not lost): `cardwords/play-here` takes it back, `cardwords/watch-here` watches
      elsewhere: this.elsewhere,
      // the room let this client go while the game goes on: `cardwords/watch-here` watches it
      // (the web page's "Watch the game", after a removal too)
      watchable: this.watchable,
      welcome: this.welcome,
      seat: this.mySeat,
      status: s?.status ?? 'connecting',
      // the status line's words once the room let this client go, as the web page's status line
      // says them (removed, the removal that ended the game, the seat played elsewhere); '' else
      // (Emacs's status line said "playing" beside a mode line saying "Removed")
      statusText: this.removed ? (this.ended ? cardwordsRemovedLastText() : closedText(CLOSE_REASON.REMOVED)) : this.elsewhere ? closedText(CLOSE_REASON.TAKEN_BACK) : '',
      round: s?.round ?? 0,
      moves: s?.moves ?? 0,
      turn: s?.turn ?? -1,
      pile: s?.pile ?? 0,
      width: t?.width ?? 0,
      height: t?.height ?? 0,
      columns: this.coords ? Array.from({ length: this.coords.width }, (_, c) => this.coords!.colLabel(c)) : [],
      rows: this.coords ? Array.from({ length: this.coords.height }, (_, r) => this.coords!.rowLabel(r)) : [],
      // `start`: a cell the first move may cover to meet the start condition (until a card is on
      // the table shown: the review's first turn too, as during the game)
      cells: t ? t.cells.map((c, i) => ({ i, blocked: c.blocked, points: c.points, letter: c.letterFactor, word: c.wordFactor, start: board.length === 0 && isStartCell(t, i % t.width, Math.floor(i / t.width)) })) : [],
      startText: t && this.coords ? startSentence(t, this.coords) : '',
      board,
      // after the game: the turn the review shows (null: the final table), of how many, its
      // table with the best robot's move or not, and the cells to ring
      // (`bestMissing`: why the best robot's move has nothing to lay at the step, '' when it has)
      review: review ? { step: review.step, of: this.history.length, best: this.reviewBest, bestMissing: this.reviewBestMissing(), ringed: (review.table?.ringed ?? []).map((c) => ({ col: c.col, row: c.row })) } : null,
      // `away`: a human gone from the table; `standIn`: a robot plays the seat until they are back
      // `free`: a human seat nobody has taken yet, named as the web panel names it
      removable,
      // the web page's questions, for Emacs to ask: before each removal, and before your leave
      // while the game goes on (what becomes of the seat, or that the game ends: the last person)
      removeQuestions: s ? removeQuestionsText(s, removable) : [],
      leaveQuestion: s && s.status === 'playing' && this.mySeat >= 0 && !this.ended && !this.closed ? leaveQuestionText(s, this.mySeat) : '',
      // (no player connected: the game waits, no stand-in plays; the web page marks them away)
      players: (s?.players ?? []).map((p) => ({ name: p.name === '' ? freeSeatName() : p.name, free: p.name === '', robot: p.robot, score: p.score, cards: p.cards, connected: p.connected, away: isAway(p), left: p.left, removed: p.removed, standIn: p.auto && !s?.paused, rematch: s?.status === 'over' && asksRematch(p) })),
      // no player is connected: the game waits until one comes back (the `away` line says so)
      paused: s?.paused === true,
      // what the table waits on when the turn's player is away, as the web panel says it ('' none),
      // and `awayIn` the wait left, m:ss, while a robot is about to play for them (the mode line's,
      // always in sight; the `away` line is under the pile)
      away: away ? awayText(away) : '',
      awayIn: away?.kind === 'soon' ? waitText(away.msLeft) : null,
      // once someone asked for a rematch, whom the vote waits for, as the web panel says it ('' none)
      rematchWaits: s?.status === 'over' && !this.ended && (this.mySeat >= 0 || this.welcome?.owner === true) ? rematchWaitsLine(s.players, s.players[this.mySeat]?.name, s.grace) : '',
      // before the deal with a human seat free: the game's join page to give someone, and what
      // the web panel says of it
      invite: s && this.welcome && seatFree(s) ? webBase(this.url) + gamePath('cardwords', this.welcome.gameId) : '',
      inviteText: s && seatFree(s) ? inviteText() : '',
      // a turn of the review shows its table, not the hand left at the end (as the web panel)
      // nor once the room let this client go (removed, the seat played elsewhere): the web page
      // shows no hand and no action area then, and Emacs kept both, "Action: _" and all
      hand: (review?.table ? [] : this.held).map((c, i) => ({ i, text: cardText(c), used: cp?.cards.some((x) => x.hand === i) ?? false })),
      // `pending`: the card being chosen as typed so far ("T-" while its points are typed)
      composing: cp && !this.closed ? { display: cp.display(), mode: cp.mode, buffer: cp.buf, direction: cp.dir, pending: cp.pendingText(), placed: action?.type === 'move' ? action.cards.map((p) => ({ col: p.col, row: p.row, text: cardText({ ...p.card }), char: p.card.char ?? '', points: p.card.points, meaning: p.card.meaning ?? '' })) : [], cards: cp.cards.map((c) => cardText({ ...c.card, ...(c.meaning ? { meaning: c.meaning } : {}) })) } : null,
      preview: action && !this.closed ? this.preview(action) : null,
      unseen: this.unseen(),
      // the whole log (a game's turns are bounded by its cards and passes): after the game
      // Emacs showed only the last 12 turns of it, with no sign of the rest
      log: this.log.map((l) => l.text),
      // `Last:` in the editor: every move since your own last turn
      last: this.sinceMine(),
      message: this.message,
      hintsLoaded: this.hintsLoaded,
      // the end reason as the web panels word it, and their table's headings (the end
      // adjustment's says the final score includes it); results of an earlier round are gone
      // (the state of a rematch can come before its `rematch` message)
      // a row's `gone`: the seat given up, "removed" or "left", in place of "a robot stood in" (the web panel's)
      results: this.results && (this.results.round ?? 1) === (s?.round ?? 1) ? { ...this.results, results: this.results.results.map((r) => ({ ...r, gone: goneSeatMark(r.seat === undefined ? undefined : s?.players[r.seat]) })), reasonText: endText(this.results.reason, this.welcome?.owner === true), columns: resultColumns(), marks: resultMarks() } : null,
    };
  }
}
