// Yatzee in the bridge: the @colyseus/sdk client of one game, every sheet of the room as the
// editor draws it, and the transfer suggestion, open-category scores and bonus line from
// core/games/yatzee, so the editor only draws and sends keys. With hints on, the optimal
// robot's expected values for your own sheet, asked of the game server as the web panel
// asks (GET /yatzee/hint, core/games/yatzee/hint.ts).
import { Client, type Room } from '@colyseus/sdk';
import { affordances, type Sheet } from '../../core/games/yatzee/engine.js';
import { hintForThrow, hintQuery, type HintShown, type YatzeeHint } from '../../core/games/yatzee/hint.js';
import { CATEGORIES, CATEGORY_LABELS, bonusLine, bonusLineText, isCategory, score, suggestCategory, totals, type Category } from '../../core/games/yatzee/rules.js';
import { sameName } from '../../core/games/names.js';
import { yatzeeRoom, type YatzeeRoomClient } from '../../core/protocol/client.js';
import { gamePath, webBase, yatzeeEndsWithout, yatzeePlaceFree, yatzeeRemovable, type YatzeeRoomState, type YatzeeSheetState } from '../../core/protocol/game.js';
import { CLOSE, CLOSE_REASON, type WelcomeMessage, type YatzeeActionMessage } from '../../core/protocol/messages.js';
import { idleWarningMessage, closedText, connectionLostText, endedMessage, playingHereText, removedText, stoppingText, transferredText, undoneText, yatzeeGoneText, yatzeeInviteText, yatzeeLastText, yatzeeLeaveQuestionText, yatzeeLeftText, yatzeeRefusal, yatzeeSheetRows } from './texts.js';
import { idleSeconds } from '../../media/ui/end-reason.js';
import { closeWords, connectRoom, reconnectQuickly, sessionUnknown, idParam, joinKeptSeat, joinOptions, leaveRoom, letGo, nameParam, ownerParam, BackNotice, Rejoin, str, urlParam, watchGame } from './params.js';
import { BridgeError, type BridgeNotification } from './protocol.js';
import type { RememberedSeat } from './local-server.js';


const scoresOf = (s: YatzeeSheetState) => s.scores.map((x) => (x < 0 ? null : x));
const hintSheet = (s: YatzeeSheetState) => ({ scores: scoresOf(s), dice: s.dice, phase: s.phase, throwsMade: s.throwsMade });

/** The game server's HTTP address from the address the client connects to. */
const httpBase = (url: string) => url.replace(/^ws(s?):/i, 'http$1:').replace(/\/+$/, '');

/**
 * What a player sees change at the table: a person's throw, hold or transfer, someone joining,
 * leaving, away or back; not `me`'s own connection (its coming back is what "Connected again."
 * says, and the state saying so may come after it), nor a robot's dice: robots throw every
 * half second, and "Connected again." went within 300 ms, never seen in Emacs.
 */
const gameKey = (s: YatzeeRoomState, me: string | undefined): string =>
  JSON.stringify([s.status, s.players.map((p) => [p.name, p.name === me || p.connected, p.present, ...(p.robot ? [] : [p.throwsMade, p.dice, p.held, p.phase])])]);

export class YatzeeSession {
  private room: Room | null = null;
  /** The same room, its messages typed by core/protocol. */
  private typed: YatzeeRoomClient | null = null;
  private welcome: WelcomeMessage | null = null;
  private state: YatzeeRoomState | null = null;
  private message = '';
  /** The seconds the idle end's warning named at the last state (0 none): `idleWarningMessage`. */
  private idleBefore = 0;
  /** The player the owner's `remove` on its way names (said once the room acknowledges it). */
  private removing: string | null = null;
  /** The room said `ended`: its closing is no disconnection. */
  private ended = false;
  private seq = 0;
  private url = '';
  private hints = false;
  /** The last hint answered, the query it answers, the query last asked, and why asking failed. */
  private hint: YatzeeHint | null = null;
  private hintFor = '';
  private hintKey = '';
  private hintError = '';
  /** What each action sent with an id was (a transfer's category, an undo), until the room answers it. */
  private readonly sent = new Map<string, YatzeeActionMessage>();
  private sentSeq = 0;
  /** The category of the last transfer acknowledged, for the undo's sentence. */
  private lastTransfer: Category | null = null;
  /**
   * Others the owner removed (the room's `removed`, its confirmation), told apart from a leave
   * when their sheet goes. Nothing is marked when the removal is sent: a refused one (the
   * owner's own sheet in another editor) marked the name, and that player's real leave went unsaid.
   */
  private readonly othersRemoved = new Set<string>();
  /** Those of them removed from here: the acknowledgement says it ("Cy was removed from the game."), before or after the state. */
  private readonly removedHere = new Set<string>();
  /** The sheets last seen that went from the state (left, removed), as they stood: the end's results may count one. */
  private went: YatzeeSheetState[] = [];
  /** The sheets of the last state, copied. */
  private seen: YatzeeSheetState[] = [];
  /** The names the end's results count (the last person's sheet, gone with the leave that ended the game, among them). */
  private resultNames: readonly string[] = [];
  /** This player's own leave is on its way: an end it brings is worded as the web page's "You left the game, the last person…". */
  private leaving = false;

  /** The URL the room was entered on (the local servers know their games by it). */
  private roomUrl = '';
  /** The sheet taken in this game (from `welcome`), remembered while the game goes on. */
  private seat: RememberedSeat | null = null;
  /** While the connection is down, why ('The server is stopping…'): keys are refused with it. */
  private down = '';
  /** The room let this client go for good (the owner removed the player, the sheet was taken back elsewhere): no sheet to play or give up. */
  private closed = false;
  /** The room let this client go because the owner removed the player (the editor says so, not "Disconnected"). */
  private removed = false;
  /** "Connected again.", which gives way after a while or once the game changes, as on the web page. */
  /** The sheet is played elsewhere now (taken back by another tab or editor): its key kept for `playHere`. */
  private elsewhere = false;
  private readonly back = new BackNotice(
    () => this.message,
    () => this.say(''),
  );
  /** Joining again with the seat key once the room is gone. */
  private readonly rejoin = new Rejoin();

  /**
   * `onRoom`: the URL of the server this session's game is now on (null: none), for the local
   * servers' count of their games. `onSeat`: the sheet the player sits at on the server at a
   * URL, to remember (null: the game ended or was left: forget it).
   */
  constructor(
    private readonly notify: (n: BridgeNotification) => void,
    private readonly onRoom: (url: string | null) => void = () => undefined,
    private readonly onSeat: (url: string, gameId: string, seat: RememberedSeat | null) => void = () => undefined,
  ) {}

  /** Forgets the sheet of this game (over, or left). */
  private forgetSeat(): void {
    const id = this.seat?.gameId ?? this.welcome?.gameId;
    if (id) this.onSeat(this.roomUrl, id, null);
  }

  /** `seed` (the owner's option) fixes the dice; `hints` starts with hints on. */
  async create(params: { url?: unknown; owner?: unknown; name?: unknown; robots?: unknown; seed?: unknown; hints?: unknown }): Promise<unknown> {
    const url = urlParam(params?.url);
    const robots = params.robots === undefined ? 0 : params.robots;
    if (!Number.isInteger(robots) || (robots as number) < 0 || (robots as number) > 9) throw new BridgeError('bad-request', 'robots: 0 to 9');
    const opts: Record<string, unknown> = { owner: ownerParam(params.owner), name: nameParam(params.name), robots };
    if (params.seed !== undefined && params.seed !== null) opts.seed = str(params.seed, 'seed', 64);
    return this.enter(url, params.hints, opts.owner as string, () => new Client(url).create('yatzee', opts));
  }

  /** `key`: the seat key from an earlier `welcome`, which takes that sheet back; `watch`: no sheet, no name. */
  async join(params: { url?: unknown; id?: unknown; name?: unknown; owner?: unknown; hints?: unknown; key?: unknown; watch?: unknown }): Promise<unknown> {
    const url = urlParam(params?.url);
    const opts = joinOptions(params);
    return this.enter(url, params.hints, typeof opts.owner === 'string' ? opts.owner : '', () => new Client(url).joinById(idParam(params.id), opts), opts.watch === true);
  }

  /** `owner`: the owner token the game is entered with, remembered with the sheet; `watching`: no sheet asked. */
  private async enter(url: string, hints: unknown, owner: string, connect: () => Promise<Room>, watching = false): Promise<unknown> {
    this.rejoin.cancel();
    await this.closeRoom();
    // the new game's server is counted before the old game's is let go: the same server stays
    this.onRoom(url);
    this.welcome = null;
    this.state = null;
    this.message = '';
    this.ended = false;
    this.seat = null;
    this.down = '';
    this.closed = false;
    this.removed = false;
    this.elsewhere = false;
    this.othersRemoved.clear();
    this.removedHere.clear();
    this.went = [];
    this.seen = [];
    this.resultNames = [];
    this.leaving = false;
    this.roomUrl = url;
    this.url = httpBase(url);
    this.hints = hints === true;
    this.hint = null;
    this.hintFor = this.hintKey = this.hintError = '';
    const room = await connectRoom(connect, () => this.onRoom(null), false, watching);
    this.room = room;
    const typed = (this.typed = yatzeeRoom(room));
    const welcomed = new Promise<void>((ok) =>
      typed.on('welcome', (w) => {
        this.welcome = w;
        if (w.role === 'player' && w.key && w.name) {
          this.seat = { gameId: w.gameId, key: w.key, name: w.name, ...(owner ? { owner } : {}) };
          this.onSeat(url, w.gameId, this.seat);
        }
        ok();
      }),
    );
    typed.on('ack', (a) => {
      if (a.type === 'remove' && this.removing !== null) {
        this.message = removedText(this.removing);
        this.removing = null;
      }
      this.acknowledged(a.id === undefined ? undefined : this.sent.get(String(a.id)));
      if (a.id !== undefined) this.sent.delete(String(a.id));
      this.update();
    });
    typed.on('error', (e) => {
      if (e.id !== undefined) this.sent.delete(String(e.id));
      // the removal refused: nobody to say removed at the acknowledgement
      if (e.type === 'remove') this.removing = null;
      // after the end a late refusal (of an action sent as the game ended) is stale: the end's message stays
      if (this.ended) return;
      this.message = yatzeeRefusal(e.code, e.message);
      this.update();
    });
    // the results come just before `ended`: the end's message names the winners
    let winners: readonly string[] = [];
    typed.on('results', (r) => {
      winners = r.winners;
      this.resultNames = r.results.map((x) => x.name);
      this.message = '';
    });
    // the owner removed this player: when that ends the game (the last human), the end comes
    // before the close and is worded as the removal's, as the web page words it
    let removedMe = false;
    typed.on('removed', (r) => {
      if (this.welcome?.role === 'player' && r.name === this.welcome.name) removedMe = true;
      // told before the state that drops the sheet: said as a removal, not as a leave
      else {
        this.othersRemoved.add(r.name);
        if (this.removing !== null && sameName(r.name, this.removing)) this.removedHere.add(r.name);
      }
    });
    typed.on('ended', (e) => {
      this.ended = true;
      // the game is over: not offered to resume
      this.forgetSeat();
      this.message = `${removedMe ? yatzeeLastText('removed') : this.leaving ? yatzeeLastText('left') : endedMessage(e.reason, false, this.welcome?.owner === true)}${winners.length > 0 ? ` Winner: ${winners.join(', ')}.` : ''}`;
      this.update();
    });
    room.onStateChange((s: YatzeeRoomState) => {
      this.sheetsWent(s);
      this.state = s;
      if (this.back.stale(gameKey(s, this.welcome?.name))) this.message = '';
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
      // after `ended` the room closes as it should: its message stays (removed, the last human,
      // it is let go as any removal: `closed`, which stayed false)
      if (this.ended) {
        if (code === CLOSE.REMOVED && reason === CLOSE_REASON.REMOVED) this.letGo(reason);
        return this.update();
      }
      // closed here (left, another game entered): nothing to say
      if (this.room !== room) return;
      // removed by the owner, or the seat taken back elsewhere: nothing to take back, and
      // keys are refused with why
      const closed = closeWords(code, reason);
      if (closed !== null) {
        this.letGo(reason);
        // nothing reconnects: not "Connection lost: reconnecting…" (the last human's removal
        // ended the game first: said at `ended`)
        this.lost(room, closed || closedText(undefined));
        return;
      }
      this.lost(room, code === CLOSE.SERVER_STOPPING ? stoppingText() : this.down || connectionLostText());
      // the room is gone: the sheet taken back with its key once the server answers again
      const seat = this.seat;
      if (!seat) return;
      const hintsOn = this.hints;
      this.rejoin.seat(
        url,
        seat,
        (back) => this.enter(url, hintsOn, owner, () => Promise.resolve(back)),
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

  /**
   * Sheets gone in the new state `s`: kept as last seen (the end's results may count one), and
   * while the game goes on another's is said as the web panel says it (the column went without
   * a word); one the owner removed from here is said by the acknowledgement.
   */
  private sheetsWent(s: YatzeeRoomState): void {
    // the room's state is changed in place: the sheets as last seen are copies
    const before = this.seen;
    this.seen = s.players.map((p) => ({ ...p, scores: [...p.scores], dice: [...p.dice], held: [...p.held] }));
    const went = before.filter((p) => !s.players.some((q) => q.name === p.name));
    if (went.length === 0) return;
    this.went = [...this.went.filter((p) => !went.some((q) => q.name === p.name)), ...went];
    const others = went.map((p) => p.name).filter((n) => n !== this.welcome?.name && !this.removedHere.delete(n));
    const removed = others.filter((n) => this.othersRemoved.delete(n));
    const left = others.filter((n) => !removed.includes(n));
    if (!this.ended && s.status !== 'ended' && others.length > 0) this.message = yatzeeGoneText(left, removed);
  }

  /** The room let this client go for `reason`: the sheet kept when it is played elsewhere, else forgotten (params.ts `letGo`). */
  private letGo(reason: string | undefined): void {
    ({ closed: this.closed, elsewhere: this.elsewhere, removed: this.removed, seat: this.seat } = letGo(reason, this.seat, () => this.forgetSeat()));
  }

  /** The local server at `url` stopped for good (`text`: why, and what to do): said, not "reconnecting…" (CardwordsSession's `serverLost`). */
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

  /** "Connected again." (it stood in the buffer through later throws). */
  private sayBack(): void {
    this.say(this.back.say(this.state ? gameKey(this.state, this.welcome?.name) : ''));
  }

  /** `text` in the message line, drawn. */
  private say(text: string): void {
    this.message = text;
    this.update();
  }

  /**
   * Leaves the game; a local server no other game uses stops. Leaving closes your sheet (the
   * room releases it), so the game is forgotten: only one left by a dropped bridge (the editor
   * quit or crashed) is offered to resume. `forGood` false: the editor closed the bridge, a
   * drop (the sheet held, the game remembered).
   */
  async leave(forGood = true): Promise<{ said: string }> {
    this.rejoin.cancel();
    this.back.cancel();
    // (a sheet played elsewhere stays remembered: it is still the player's, to take back)
    if (forGood && this.seat && !this.elsewhere) this.forgetSeat();
    this.seat = null;
    this.leaving = forGood && this.welcome?.role === 'player' && !this.ended;
    // what the web page says once you left a game going on, for the editor, whose buffer goes
    // with the leave (it went with nothing said); the last person's leave ends the game, said by its end
    const s = this.state;
    const me = this.welcome?.name ?? '';
    const said = this.leaving && !this.closed && s?.status === 'playing' && !yatzeeEndsWithout(s, me) ? yatzeeLeftText() : '';
    await this.closeRoom(forGood && this.welcome?.role === 'player' && !this.ended);
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

  private get mine(): YatzeeSheetState | undefined {
    return this.state?.players.find((p) => p.name === this.welcome?.name);
  }

  /** A watcher's dice keys: refused here, in words (the room would refuse them, naming a join Emacs cannot do from there). */
  private noSheet(): BridgeError {
    return new BridgeError('refused', this.welcome?.role === 'watcher' ? 'You are watching: you have no sheet to play.' : 'no sheet of yours');
  }

  act(action: YatzeeActionMessage): unknown {
    if (!this.typed) throw new BridgeError('refused', 'not in a Yatzee game');
    // a key while the connection is down: refused with why (the client library would queue it)
    if (this.down) throw new BridgeError('refused', this.down);
    // a key after the end: refused as a key, the end's message (the winners) stays
    if (this.ended) throw new BridgeError('refused', 'the game has ended');
    if (this.welcome?.role === 'watcher') throw this.noSheet();
    this.message = '';
    const id = `em-${++this.sentSeq}`;
    this.sent.set(id, action);
    this.typed.send('action', { ...action, id });
    return this.view();
  }

  /**
   * The sentence of an action the room accepted, as the web panel says it: a transfer names
   * its category and points (a transfer of 0 points by RET is seen at once, and `u` takes
   * it back), an undo which category is open again.
   */
  private acknowledged(action: YatzeeActionMessage | undefined): void {
    if (!action) return;
    const me = this.mine;
    if (action.type === 'transfer' && me) {
      this.lastTransfer = action.category;
      this.message = transferredText(CATEGORY_LABELS[action.category], scoresOf(me)[CATEGORIES.indexOf(action.category)] ?? 0);
    } else if (action.type === 'undoTransfer') {
      this.message = undoneText(this.lastTransfer && CATEGORY_LABELS[this.lastTransfer]);
      this.lastTransfer = null;
    } else if (action.type === 'throw' || action.type === 'resetDices') this.lastTransfer = null;
  }

  /** Holds a thrown die, or releases a held one (dice are numbered 1..5 as drawn). */
  toggle(params: { die?: unknown }): unknown {
    const die = params?.die;
    if (!Number.isInteger(die) || (die as number) < 0 || (die as number) > 4) throw new BridgeError('bad-request', 'die: 0 to 4');
    const me = this.mine;
    if (!me) throw this.noSheet();
    return this.act({ type: me.held[die as number] ? 'release' : 'hold', dice: [die as number] });
  }

  /** Transfers to `category`, or to the suggestion when none is given. */
  transfer(params: { category?: unknown }): unknown {
    const me = this.mine;
    if (!me) throw this.noSheet();
    if (this.ended) throw new BridgeError('refused', 'the game has ended');
    const category = params?.category ?? this.suggestion(me);
    if (!isCategory(category)) throw new BridgeError('bad-request', `category: one of ${CATEGORIES.join(', ')}`);
    return this.act({ type: 'transfer', category });
  }

  robots(params: { add?: unknown }): unknown {
    const add = params?.add ?? 1;
    if (!Number.isInteger(add) || (add as number) < 1 || (add as number) > 9) throw new BridgeError('bad-request', 'add: 1 to 9');
    if (!this.typed) throw new BridgeError('refused', 'not in a Yatzee game');
    if (this.down) throw new BridgeError('refused', this.down);
    if (this.ended) throw new BridgeError('refused', 'the game has ended');
    this.typed.send('robots', { add: add as number });
    return this.view();
  }

  /** The owner's room messages: refused here unless the sheet was entered with the owner token. */
  private ownerRoom(what: string): NonNullable<typeof this.typed> {
    if (!this.typed) throw new BridgeError('refused', 'not in a Yatzee game');
    if (this.welcome?.owner !== true) throw new BridgeError('refused', `only the owner ${what}`);
    if (this.down) throw new BridgeError('refused', this.down);
    if (this.ended) throw new BridgeError('refused', 'the game has ended');
    return this.typed;
  }

  /** The owner removes a player (the room's `remove`: the sheet is closed for good); the room's answer comes in the message. */
  remove(params: { name?: unknown }): unknown {
    const name = str(params?.name, 'name', 64);
    const room = this.ownerRoom('removes players');
    this.removing = name;
    room.send('remove', { name });
    return this.view();
  }

  /**
   * The sheet played elsewhere (another tab or editor took it back) taken back here with its
   * kept key, as the web page's "Play here": the other one loses it.
   */
  async playHere(): Promise<unknown> {
    const seat = this.seat;
    if (!this.elsewhere || !seat) throw new BridgeError('refused', 'your sheet is not played elsewhere: nothing to take back');
    const url = this.roomUrl;
    // joined before this session lets go of what it shows: a refusal leaves it as it was
    const room = await joinKeptSeat(url, seat, false, () => {
      this.forgetSeat();
      this.seat = null;
      this.elsewhere = false;
    });
    await this.enter(url, this.hints, seat.owner ?? '', () => Promise.resolve(room));
    this.say(playingHereText());
    return this.view();
  }

  /**
   * The game watched here (the web page's "Watch the game"), once the room let this client go
   * while it goes on: the sheet played elsewhere (its key stays remembered), or the owner
   * removed the player (the web page offers it then too; Emacs offered nothing).
   */
  async watchHere(): Promise<unknown> {
    const gameId = this.welcome?.gameId;
    if (!this.watchable || !gameId) throw new BridgeError('refused', 'your sheet is not played elsewhere: watch a game from the list');
    const url = this.roomUrl;
    const owner = this.seat?.owner ?? '';
    const room = await watchGame(url, gameId, owner, false);
    return this.enter(url, this.hints, owner, () => Promise.resolve(room), true);
  }

  /** The room let this client go while the game goes on (the sheet played elsewhere, removed by the owner): it may be watched. */
  private get watchable(): boolean {
    return this.closed && !this.ended && (this.elsewhere ? this.seat !== null : this.removed);
  }

  /** The owner ends the game for everyone (the room's `end`: the results, then `ended`). */
  end(): unknown {
    this.ownerRoom('ends the game').send('end', {});
    return this.view();
  }

  /** Hints on or off (`on`); on, the hint for the current throw is asked at once. */
  setHints(params: { on?: unknown }): unknown {
    if (typeof params?.on !== 'boolean') throw new BridgeError('bad-request', 'on: true or false');
    this.hints = params.on;
    this.hintKey = ''; // on again: ask again (the server may be back)
    this.requestHint();
    return this.view();
  }

  /** The hint of the current throw, when shown and answered; none after the end (the web panel's rule: nothing is played then). */
  private currentHint(me: YatzeeSheetState): HintShown | null {
    return this.hints && !this.ended ? hintForThrow(this.hint, this.hintFor, hintSheet(me)) : null;
  }

  /** The web panel's preselection: the hint's best category when known, else the most points now. */
  private suggestion(me: YatzeeSheetState): Category | null {
    return this.currentHint(me)?.best ?? suggestCategory(scoresOf(me), me.dice);
  }

  /** Asks the server for the hint of your sheet's throw, once per throw; the answer redraws. */
  private requestHint(): void {
    const me = this.mine;
    if (!this.hints || !me || !this.url) return;
    const key = hintQuery(hintSheet(me));
    if (key === this.hintKey) return;
    this.hintKey = key;
    fetch(`${this.url}/yatzee/hint?${key}`, { signal: AbortSignal.timeout(60_000) })
      .then(async (r) => {
        const body = (await r.json()) as YatzeeHint & { error?: string };
        if (!r.ok) throw new Error(body.error ?? `HTTP ${r.status}`);
        return body;
      })
      .then(
        (body) => {
          if (key !== this.hintKey) return;
          this.hint = body;
          this.hintFor = key;
          this.hintError = '';
          this.update();
        },
        (e: Error) => {
          if (key !== this.hintKey) return;
          this.hint = null;
          this.hintError = e.message;
          this.update();
        },
      );
  }

  private update(): void {
    this.requestHint();
    this.notify({ method: 'yatzee/view', params: this.view() });
  }

  view(): unknown {
    const s = this.state;
    const me = this.mine;
    const sheet = (p: YatzeeSheetState) => {
      const scores = scoresOf(p);
      const b = bonusLine(scores);
      return {
        name: p.name,
        robot: p.robot,
        connected: p.connected,
        present: p.present,
        scores,
        dice: p.dice,
        held: p.held,
        throwsMade: p.throwsMade,
        phase: p.phase,
        // the web panel's rows: the upper section's sum, then its bonus, "+3" (the balance
        // until the six are filled), "65+50" after, and for a column too narrow for that (ten
        // sheets in 80 columns) "115", the seed's form (Emacs had one "Bonus line", no sum)
        upper: totals(scores).upper,
        bonus: bonusLineText(b),
        bonusShort: bonusLineText(b, '-', true),
        total: totals(scores).total,
      };
    };
    let mine = null;
    if (me) {
      const scores = scoresOf(me);
      const a = affordances({ ...me, scores, phase: me.phase } as unknown as Sheet);
      const thrown = me.phase === 'thrown' && me.throwsMade > 0;
      mine = {
        can: a,
        suggestion: thrown ? this.suggestion(me) : null,
        // what each open category would score with these dice
        options: thrown ? CATEGORIES.map((c, i) => (scores[i] === null ? score(c as Category, me.dice) : null)) : null,
        // your sheet's only: the optimal robot's expected final scores (null until answered)
        hint: this.currentHint(me),
        hintError: this.hints ? this.hintError : '',
      };
    }
    // after the end, a sheet its results count that went (the last person's, whose leave or
    // removal ended the game), as the web panel's final table has it: the leaver's was not there
    const sheets = [...(s?.players ?? []), ...(this.ended ? this.went.filter((p) => this.resultNames.includes(p.name) && !s?.players.some((q) => q.name === p.name)) : [])];
    return {
      seq: ++this.seq,
      connected: this.room !== null && !this.down,
      welcome: this.welcome,
      status: s?.status ?? 'connecting',
      categories: CATEGORIES.map((c) => ({ id: c, label: CATEGORY_LABELS[c] })),
      // the names of the rows under the categories, the web panel's (Sum, Bonus, Total)
      rows: yatzeeSheetRows(),
      sheets: sheets.map(sheet),
      // the leaver's own column after the end, marked as yours
      me: me?.name ?? (this.welcome?.role === 'player' && sheets.some((p) => p.name === this.welcome?.name) ? this.welcome.name : null) ?? null,
      // whom the owner may remove now (none for the others)
      removable: s && this.welcome?.owner === true && !this.ended ? yatzeeRemovable(s, this.welcome.role === 'player' ? (this.welcome.name ?? '') : '') : [],
      hints: this.hints,
      // the room said `ended`: nothing is left to play (a leave needs no confirmation)
      ended: this.ended,
      // the room let this client go (removed by the owner, the sheet taken back elsewhere):
      // no sheet to give up (a leave needs no confirmation); `down` why keys are refused
      closed: this.closed,
      removed: this.removed,
      // the sheet is played elsewhere (not lost): `yatzee/play-here` takes it back, `yatzee/watch-here` watches
      elsewhere: this.elsewhere,
      // the room let this client go while the game goes on: `yatzee/watch-here` watches it
      // (the web page's "Watch the game", after a removal too)
      watchable: this.watchable,
      // the web page's question before a leave: the sheet closed and its place free, or (the
      // last human's) that the game ends for everyone; '' when nothing is left to give up
      leaveQuestion: s && me && !this.ended && !this.closed ? yatzeeLeaveQuestionText(yatzeeEndsWithout(s, me.name)) : '',
      down: this.down,
      mine,
      message: this.message,
      // while a place is free (players join at any time): the game's join page, as the web panel gives it
      // (none once the room let this client go: the removed player's buffer offered it)
      invite: s && this.welcome && !this.closed && yatzeePlaceFree(s) ? webBase(this.url) + gamePath('yatzee', this.welcome.gameId) : '',
      inviteText: s && !this.closed && yatzeePlaceFree(s) ? yatzeeInviteText() : '',
    };
  }
}
