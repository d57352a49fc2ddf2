/// <reference lib="dom" />
// The Yatzee panel over the server's Yatzee room (docs/server.md): the controller of the
// Preact view (view/): your dice and buttons beside one score table with a column per
// player, yours first (GNOME Tali's way), the results after the game, and optional
// expected values from the optimal robot (GET /yatzee/hint). Preact patches the DOM, so
// focus and the chosen category survive every update of the room.
import { yatzeeRefusalText } from './refusal.js';
import { render } from 'preact';
import { forgetSeat, seatFor } from '../ui/seats.js';
import { gamesClick } from '../ui/page.js';
import type { WatchRefused } from '../ui/refusal.js';
import { CATEGORIES, DICE, THROWS_PER_ROUND, isFull, score, suggestCategory, type Category } from '../../core/games/yatzee/rules.js';
import { hintForThrow, hintQuery, type HintShown, type YatzeeHint } from '../../core/games/yatzee/hint.js';
import { affordances, diceThrown, type Sheet, type SheetPhase } from '../../core/games/yatzee/engine.js';
import { announce, fitting, flash, h, showSpan, spanOf, typing } from '../ui/dom.js';
import type { Host } from '../ui/host.js';
import { Requests } from '../ui/requests.js';
import { Confirm, END_WORDS, type ConfirmWords } from '../ui/confirm.js';
import { RemovePlayer } from '../ui/remove-player.js';
import { GameOverSince, OverSince, WatchOffer } from '../ui/watch-offer.js';
import { InviteLink } from '../ui/invite.js';
import { gamePath, webBase, yatzeeEndsWithout, yatzeePlaceFree, yatzeeRemovable, yatzeeRemovalEnds, type YatzeeRoomState as RoomView, type YatzeeSheetState as SheetView } from '../../core/protocol/game.js';
import type { AckMessage, EndedMessage, EndReason, ErrorMessage, ResultsMessage, WelcomeMessage as Welcome, YatzeeActionMessage, YatzeeClientMessages, YatzeeServerMessages } from '../../core/protocol/messages.js';
import type { YatzeeRoomClient as RoomLike } from '../../core/protocol/client.js';
import type { StringKey, Translate } from '../ui/l10n/index.js';
import { Dice } from './view/dice.js';
import { Results, type Result } from './view/results.js';
import { Sheets, type Column, type Transfer } from './view/table.js';
import { endReasonText, idleSeconds, idleWarningStep } from '../ui/end-reason.js';
import { keepResults } from '../ui/kept-results.js';
import type { KeptResults } from './kept-results.js';

export type { RoomLike, RoomView, SheetView, Welcome };

type Hint = YatzeeHint;

/** Leaving closes the sheet for good (the room's `leave`); closing the panel is only a drop. */
const LEAVE_WORDS: ConfirmWords = { ask: 'yatzee.leave', question: 'yatzee.leave.question', confirm: 'yatzee.leave.confirm' };
/** The last human's leave ends the game for everyone (the room's lifetime): no place is freed for anyone. */
const LEAVE_LAST_WORDS: ConfirmWords = { ...LEAVE_WORDS, question: 'yatzee.leave.questionLast' };

/** What a request was for: its answer names the transfer, the undo or the throw. */
interface Sent {
  type: string;
  category?: Category;
  /** `remove`: whom */
  name?: string;
}

function toSheet(v: SheetView): Sheet {
  return {
    name: v.name,
    present: v.present,
    scores: v.scores.map((s) => (s < 0 ? null : s)),
    dice: v.dice,
    held: v.held,
    throwsMade: v.throwsMade,
    phase: v.phase as SheetPhase,
    undo: null,
  };
}

export class YatzeePanel {
  private view: RoomView | null = null;
  private me: Sheet | null = null;
  private focusDie = 0;
  private choice: Category | null = null;
  /** The throw the choice belongs to (dice, throws, scores): a new throw preselects again. */
  private choiceFor = '';
  /** True while the choice is the preselection (a hint arriving later may replace it). */
  private choiceAuto = true;
  private optimisticHeld: boolean[] | null = null;
  private readonly requests: Requests<YatzeeClientMessages, YatzeeServerMessages, Sent>;
  private lastTransfer: Category | null = null;
  private hints: boolean;
  private hint: Hint | null = null;
  private hintFor = '';
  private hintKey = '';
  private hintError = '';
  private results: Result[] | null = null;
  private readonly status: HTMLElement;
  private readonly app: HTMLElement;

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
      this.keepFocus('yatzee-over-home');
    });
    this.hints = host.load<boolean>('yatzee.hints') === true;
    // The status line lives outside the Preact tree: announce() rewrites it for screen readers.
    this.status = document.createElement('p');
    Object.assign(this.status, { className: 'status', id: 'yatzee-status' });
    this.status.setAttribute('role', 'status');
    this.status.setAttribute('aria-live', 'polite');
    this.app = document.createElement('div');
    this.app.className = 'yatzee-app';
    // the title, then the status line under it (as the Cardwords panel has them), then the game
    const title = h('h1', {}, t('yatzee.title'), ' ', h('small', { id: 'yatzee-game' }, t('yatzee.gameLink', welcome.gameId)));
    root.replaceChildren(title, this.status, this.app);
    this.requests = new Requests<YatzeeClientMessages, YatzeeServerMessages, Sent>(room, { ack: (p, meta) => this.onAck(p, meta), error: (p, meta) => this.onError(p, meta), unsent: (why) => this.onUnsent(why) }, 'ui', offline);
    // a sheet the owner removed: said as such when it goes (it read "Cy left the game"); this
    // page's own: the end that may follow is worded as the removal's (the close comes after it)
    room.on('removed', (p) => {
      if (this.isPlayer && p.name === this.welcome.name) this.removedByOwner = true;
      else this.othersRemoved.add(p.name);
    });
    room.on('results', (p) => this.onResults(p));
    room.on('ended', (p) => this.onEnded(p));
    document.addEventListener('keydown', this.keydown);
    window.addEventListener('scroll', this.pinHead, { passive: true });
    window.addEventListener('resize', this.pinHead);
    this.say(this.isPlayer ? t('yatzee.joined', welcome.name ?? '') : t('yatzee.watching'));
    this.render();
  }

  private readonly keydown = (e: KeyboardEvent) => this.onKey(e);
  private disposed = false;

  /** The page goes on with another panel (watching after a leave): this one lets go of the page. */
  dispose(): void {
    this.disposed = true;
    document.removeEventListener('keydown', this.keydown);
    window.removeEventListener('scroll', this.pinHead);
    window.removeEventListener('resize', this.pinHead);
    this.overSince.stop();
    render(null, this.app);
  }

  get isPlayer(): boolean {
    return this.welcome.role === 'player' && !this.left;
  }

  /** The player left the game (the room acknowledged `leave`), or the owner removed them: no sheet, no controls. */
  private left = false;
  /** The owner removed this page's player (the room's `removed` named them, or its close said so: media/ui/rejoin.ts). */
  private removedByOwner = false;
  /** This page's player was the last human with a sheet: their leave or removal ended the game for everyone. */
  private leftLast = false;

  /**
   * The owner's own sheet, which the owner's remove does not offer: this page's, or, watching,
   * the one this browser plays in another tab (offered, it removed the owner themselves).
   */
  private get ownSheet(): string {
    return this.isPlayer ? (this.welcome.name ?? '') : (seatFor(this.host, 'yatzee', this.welcome.gameId)?.name ?? '');
  }

  /** Whether this page's player giving the sheet up ends the game (core/protocol/game.ts). */
  private get endsWithMe(): boolean {
    return this.view !== null && yatzeeEndsWithout(this.view, this.welcome.name ?? '');
  }
  /**
   * The players this owner's page asked the room to remove: their columns go as a leave's do
   * (the state comes before the acknowledgement), but the page says they were removed, not
   * that they left (the state does not tell a removal from a leave).
   */
  private readonly removing = new Set<string>();
  /** Sheets the owner removed (the room's `removed`), until their column goes. */
  private readonly othersRemoved = new Set<string>();
  /** The sheets that went in the last state that took any, as last seen, and whether the owner removed them. */
  private wentSheets: { sheet: SheetView; removed: boolean }[] = [];

  say(text: string, kind: 'info' | 'error' = 'info'): void {
    announce(this.status, text, kind);
  }

  /** Says `text` to a screen reader only: the page shows it elsewhere (the connection's line at the top, media/ui/rejoin.ts). */
  speak(text: string, kind: 'info' | 'error' = 'info'): void {
    announce(this.status, text, kind, true);
  }

  // ------------------------------------------------------------------ state

  update(view: RoomView): void {
    // a player who left: their sheet goes (the seed's rule), and the others are told why the
    // column went (it disappeared without a word)
    const before = this.view?.players.map((p) => p.name) ?? [];
    // as last seen: the end's results may count one of them (the last person's, whose leave or
    // removal ended the game), and the final table shows it (it had no column there)
    const went = (this.view?.players ?? []).filter((p) => !view.players.some((q) => q.name === p.name));
    if (went.length > 0) this.wentSheets = went.map((p) => ({ sheet: p, removed: this.removing.has(p.name) || this.othersRemoved.has(p.name) || (p.name === this.welcome.name && this.removedByOwner) }));
    const gone = before.filter((n) => n !== this.welcome.name && !view.players.some((p) => p.name === n));
    // those this page removed are said by the acknowledgement ("Cy was removed from the game.")
    const notMine = gone.filter((n) => !this.removing.delete(n));
    const removed = notMine.filter((n) => this.othersRemoved.delete(n));
    const left = notMine.filter((n) => !removed.includes(n));
    if (view.status !== 'ended') {
      const said = [];
      if (left.length > 0) said.push(this.t('yatzee.playerLeft', left.join(', '), left.length));
      if (removed.length > 0) said.push(this.t('yatzee.playerRemoved', removed.join(', '), removed.length));
      // a player who joins (a robot the owner added too): a column came without a word, to the
      // owner who clicked Add a robot as to the others; not those of the page's first view
      const came = this.view ? view.players.filter((p) => !before.includes(p.name) && p.name !== this.welcome.name).map((p) => p.name) : [];
      if (came.length > 0) said.push(this.t('yatzee.playerJoined', came.join(', '), came.length));
      if (said.length > 0) this.say(said.join(' '));
    }
    // the idle end near, said in the status line (the end came unannounced), and put off by an action
    const idle = idleWarningStep(this.t, idleSeconds(this.view), idleSeconds(view));
    if (idle && 'say' in idle) this.say(idle.say);
    else if (idle) this.unsay(idle.unsay);
    this.view = view;
    const mine = this.isPlayer ? view.players.find((p) => p.name === this.welcome.name) : undefined;
    this.me = mine ? toSheet(mine) : null;
    if (this.requests.idle) this.optimisticHeld = null;
    this.render();
  }

  private held(): boolean[] {
    return this.optimisticHeld ?? (this.me ? [...this.me.held] : [false, false, false, false, false]);
  }

  /**
   * The optimal robot's hint as shown (expected final scores), for the current throw only; none
   * once the game is over: an end by the owner left the expectation of a game no longer played.
   */
  private shownHint(me: Sheet): HintShown | null {
    return this.hints && !this.over ? hintForThrow(this.hint, this.hintFor, me) : null;
  }

  /** Expected final score per open category, for the score table. */
  private static hintValues(shown: HintShown): Map<Category, number> {
    const values = new Map<Category, number>();
    CATEGORIES.forEach((c, i) => {
      const v = shown.categories[i];
      if (v !== null && v !== undefined) values.set(c, v);
    });
    return values;
  }

  private render(): void {
    if (this.disposed) return;
    const me = this.me;
    const t = this.t;
    let transfer: Transfer | null = null;
    let hints: Map<Category, number> | null = null;
    let shown: HintShown | null = null;
    if (me) {
      const aff = this.can(me);
      this.requestHint(me);
      shown = this.shownHint(me);
      hints = shown && YatzeePanel.hintValues(shown);
      if (aff.transfer) {
        const key = `${me.dice.join('')}/${me.throwsMade}/${me.scores.join(',')}`;
        // the hint's best when hints are on and known, else the most points now
        const pre = shown?.best ?? suggestCategory(me.scores, me.dice);
        if (key !== this.choiceFor) {
          this.choiceFor = key;
          this.choice = pre;
          this.choiceAuto = true;
        } else if (this.choiceAuto) this.choice = pre; // a hint arrived: its best, unless the player chose
        const previews = new Map<Category, number>();
        CATEGORIES.forEach((c, i) => {
          if (me.scores[i] === null) previews.set(c, score(c, me.dice));
        });
        transfer = { previews, choice: this.choice, suggested: pre };
      } else {
        // after a transfer (or its undo) the next throw-or-undo state preselects afresh
        this.choice = null;
        this.choiceFor = '';
      }
    }
    const tableFull = !this.over && this.view !== null && this.view.status === 'playing' && !yatzeePlaceFree(this.view);
    const offer = !me && this.left && this.watchAgain !== null && !this.leftLast && !this.isEnded && !this.overSince.over;
    this.overSince.check(offer);
    render(
      <>
        {/* not to the player who has just left, or been removed: the page is theirs no more to invite to */}
        {this.view && !this.left && yatzeePlaceFree(this.view) && <InviteLink id="yatzee-invite" compact t={t} url={webBase(this.host.serverUrl() ?? location.origin) + gamePath('yatzee', this.welcome.gameId)} />}
        {/* not on a page out of play (left, removed, the sheet played elsewhere): its connection is closed */}
        {this.welcome.owner && !this.left && (
          <div class="toolbar owner" role="toolbar" aria-label={t('lobby.owner')}>
            {/* a full table refuses a robot ("The table is full (10 players)."): said before the click */}
            <button type="button" id="yatzee-add-robot" disabled={this.over || tableFull} title={tableFull ? t('err.table-full') : undefined} onClick={() => this.send('robots', { add: 1 })}>
              {t('yatzee.addRobot')}
            </button>
            <Confirm id="yatzee-end" t={t} words={END_WORDS} disabled={this.isEnded} onConfirm={() => this.send('end', {})} />
            <RemovePlayer
              id="yatzee-remove"
              t={t}
              names={this.over || !this.view ? [] : yatzeeRemovable(this.view, this.ownSheet)}
              question={(name) => (this.view && yatzeeRemovalEnds(this.view, name) ? 'remove.question.last' : 'remove.question.sheet')}
              onRemove={(name) => this.remove(name)}
            />
          </div>
        )}
        {/* over: the dice no longer stay at the top of a narrow column, and they come after the table (docs/yatzee.md) */}
        <div class={`yatzee-layout${me ? ' playing' : ''}${this.over ? ' over' : ''}`}>
          {/* first, before the table: below the table they pushed its names out of a 620x720 view once brought into it */}
          {this.results && <Results t={t} results={this.results} me={this.resultsReader} />}
          {me && this.controls(me, shown)}
          {/* after a leave or a removal: the status line says which (once: this said it a second time) */}
          {/* no offer to watch a game that has ended (joining it is refused) */}
          {offer && (
            <section class="my-sheet" id="yatzee-mine" aria-label={this.refusedText ?? t(this.playHere ? 'conn.takenBack' : this.removedByOwner ? 'conn.removed' : 'yatzee.left')}>
              <WatchOffer id="yatzee-watch-again" t={t} onWatch={this.overSince.watch} onPlayHere={this.playHere} />
            </section>
          )}
          {/* the way on from a game that ended out of this page's sight (as the join page's for an ended game: main.ts) */}
          {this.overSince.over && <GameOverSince id="yatzee-over" t={t} onHome={gamesClick(this.host, 'yatzee')} />}
          {/* out of play while the game goes on (a leave, the owner's removal, the sheet played
              in another tab, a join again refused): the connection is closed, and the sheets as
              they stood then are no game any more (their old scores stood as current); Watch
              brings the live ones back. A game that ended with it keeps its final sheets. */}
          {!(this.left && !this.leftLast && !this.isEnded) && <Sheets t={t} columns={this.columns()} transfer={transfer} hints={hints} onChoose={(c) => this.choose(c)} onTransfer={(c) => this.choose(c, true)} />}
          {me && this.more()}
        </div>
      </>,
      this.app,
    );
    this.pinHead();
  }

  /**
   * In a narrow column the dice stay at the top of the view (style.css): the table's column
   * heads, the players' names, stop under them as the page scrolls (they went under them,
   * unreadable), until the table's last row. The table scrolls sideways in its own box, where
   * a sticky head would stick to that box and not to the view: the head is moved here.
   */
  private readonly pinHead = (): void => {
    const head = this.app.querySelector<HTMLElement>('#yatzee-table thead');
    if (!head) return;
    const dice = this.app.querySelector<HTMLElement>('.yatzee-layout > .my-sheet');
    let shift = 0;
    if (dice && getComputedStyle(dice).position === 'sticky') {
      const table = head.parentElement!;
      const foot = table.querySelector('tfoot');
      // the table's own top is the head's unmoved one (its caption is for screen readers, out of the flow)
      const room = table.offsetHeight - head.offsetHeight - (foot?.offsetHeight ?? 0);
      shift = Math.min(Math.max(0, dice.getBoundingClientRect().bottom - table.getBoundingClientRect().top), Math.max(0, room));
    }
    head.style.transform = shift > 0 ? `translateY(${shift}px)` : '';
  };

  private controls(me: Sheet, shown: HintShown | null) {
    const t = this.t;
    const aff = this.can(me);
    const full = isFull(me.scores);
    const left = full ? 0 : me.phase === 'thrown' ? THROWS_PER_ROUND - me.throwsMade : THROWS_PER_ROUND;
    return (
      <section class="my-sheet" id="yatzee-mine" aria-labelledby="yatzee-mine-title">
        <h2 id="yatzee-mine-title">{t('yatzee.dice')}</h2>
        <Dice
          dice={me.dice}
          thrown={diceThrown(me)}
          held={this.held()}
          focus={this.focusDie}
          canHold={aff.hold}
          canThrow={aff.throw}
          label={t('yatzee.dice')}
          dieLabel={(k, v, held) => (v === null ? t('yatzee.die.blank', k + 1) : t(held ? 'yatzee.die.held' : 'yatzee.die', k + 1, v))}
          onToggle={(k) => this.toggle(k)}
          onThrowWith={(k) => this.throwWith(k)}
          onKey={(e) => this.onDiceKey(e)}
          onFocus={(k) => (this.focusDie = k)}
        />
        <div class="toolbar" role="toolbar" aria-label={t('yatzee.title')}>
          <button
            type="button"
            id="yatzee-throw"
            aria-keyshortcuts="Enter"
            disabled={!aff.throw}
            onClick={(e) => {
              // the second click of a double-click would spend a second throw
              if (e.detail <= 1) this.throwWith(null);
            }}
          >
            {t('yatzee.throw')}
          </button>
          <button type="button" id="yatzee-transfer" aria-keyshortcuts="t" disabled={!aff.transfer} onClick={() => this.transfer()}>{t('yatzee.transfer')}</button>
          <button type="button" id="yatzee-undo" aria-keyshortcuts="u" disabled={!aff.undoTransfer} onClick={() => this.act({ type: 'undoTransfer' })}>{t('yatzee.undoTransfer')}</button>
          <button type="button" id="yatzee-reset" aria-keyshortcuts="r" disabled={!aff.resetDices} onClick={() => this.act({ type: 'resetDices' })}>{t('yatzee.resetDices')}</button>
        </div>
        {/* over, the throws left and the expected values of a game no longer played go (an end by the owner left "Throws left: 3") */}
        {!this.over && (
          <>
            <div class="status-row">
              <p class="throws-left" id="yatzee-throws-left" data-left={left}>{full ? t('yatzee.sheetFull') : t('yatzee.throwsLeft', left)}</p>
              {/* a full sheet has nothing to advise while the others play on (hintForThrow shows it no hint): the checkbox stood, doing nothing */}
              {!full && (
                <label class="check">
                  <input type="checkbox" id="yatzee-hints" checked={this.hints} onChange={(e) => this.setHints((e.target as HTMLInputElement).checked)} />
                  {t('yatzee.hints')}
                </label>
              )}
            </div>
            {!full && (
              <p class="hint-line" id="yatzee-hint-line" hidden={!this.hints}>
                {!this.hints ? '' : this.hintError ? t('yatzee.hint.unavailable', this.hintError) : shown ? this.hintText(shown) : ''}
              </p>
            )}
          </>
        )}
      </section>
    );
  }

  /**
   * The keys' help and Leave: below the dice beside the table, after the table in a narrow
   * column, so that there the dice, the buttons and the whole table fit one screen.
   */
  private more() {
    const t = this.t;
    return (
      <div class="my-more">
        {/* over, every control is off: the help on using them went on saying "Click a die…" */}
        {!this.over && <p class="help">{t('yatzee.help')}</p>}
        <p class="leave-game">
          <Confirm id="yatzee-leave" t={t} words={this.endsWithMe ? LEAVE_LAST_WORDS : LEAVE_WORDS} secondary disabled={this.isEnded} onConfirm={() => this.send('leave', {})} />
        </p>
      </div>
    );
  }

  /** Your column first, then the others in seat order; after the end, a sheet the results count that went (marked left or removed). */
  private columns(): Column[] {
    const t = this.t;
    const players = this.view?.players ?? [];
    const mine = players.filter((p) => this.isPlayer && p.name === this.welcome.name);
    const others = players.filter((p) => !(this.isPlayer && p.name === this.welcome.name));
    // the results (the room's rule, docs/rules.md "Yatzee lifetime") hold the last person's
    // sheet, released by the leave or removal that ended the game: the winner's, perhaps, had no column
    const results = this.results ?? [];
    const went = this.wentSheets.filter((w) => results.some((r) => r.name === w.sheet.name) && !players.some((p) => p.name === w.sheet.name));
    return [...mine, ...others, ...went.map((w) => w.sheet)].map((p) => {
      const isMe = mine.includes(p);
      const gone = went.find((w) => w.sheet === p);
      let title = p.name;
      let mark = '';
      if (isMe) [title, mark] = [t('yatzee.player.you', p.name), t('yatzee.mark.you')];
      else if (p.robot) [title, mark] = [t('yatzee.player.robot', p.name), t('yatzee.mark.robot')];
      else if (gone?.removed) [title, mark] = [t('yatzee.player.removed', p.name), t('yatzee.mark.removed')];
      else if (gone || !p.present) [title, mark] = [t('yatzee.player.left', p.name), t('yatzee.mark.left')];
      else if (!p.connected) [title, mark] = [t('yatzee.player.away', p.name), t('yatzee.mark.away')];
      return {
        name: p.name,
        title,
        mark,
        mine: isMe,
        gone: gone !== undefined || !p.present,
        scores: p.scores.map((s) => (s < 0 ? null : s)),
        dice: isMe && this.me ? this.me.dice : p.dice,
        held: p.held,
        throwsMade: p.throwsMade,
      };
    });
  }

  private hintText(shown: HintShown): string {
    const t = this.t;
    // Once thrown, the expectation for these dice leads and the round's start follows: alone,
    // the round's start read as the score expected now, above the best hold's after a bad throw.
    const final = shown.expectedFinal.toFixed(1);
    const parts = [shown.now === null ? t('yatzee.hint.final', final) : t('yatzee.hint.now', shown.now.toFixed(1), final)];
    const best = shown.keep;
    if (best) parts.push(best.transferNow ? t('yatzee.hint.transferNow') : t('yatzee.hint.keep', best.dice.length ? best.dice.join(' ') : '–'));
    // two sentences of their own: "… 248.4 Best hold: …" ran together
    return parts.join(' · ');
  }

  // ------------------------------------------------------------------ actions

  /** False when nothing was sent (the connection is lost: the page said so). */
  private send<K extends keyof YatzeeClientMessages & string>(type: K, payload: Omit<YatzeeClientMessages[K], 'id'>, meta: Sent = { type }): boolean {
    return this.requests.send(type, payload, meta) !== null;
  }

  /** The owner's removal of a player (asked first by RemovePlayer). */
  private remove(name: string): void {
    this.removing.add(name);
    if (!this.send('remove', { name }, { type: 'remove', name })) this.removing.delete(name);
  }

  /**
   * The focus fell to the page (what had it went, or was turned off): it goes to the first of
   * `ids` that takes it, else to the score table, as the Cardwords panel keeps it in its action
   * area. A focus elsewhere stays where it is.
   */
  private keepFocus(...ids: string[]): void {
    const at = document.activeElement;
    if (at && at !== document.body) return;
    for (const id of ids) {
      const e = document.getElementById(id);
      if (!e || (e as HTMLButtonElement).disabled) continue;
      if (id === 'yatzee-dice') this.focusDice();
      else e.focus();
      if (document.activeElement !== document.body) return;
    }
    document.getElementById('yatzee-table')?.focus();
  }

  private act(action: YatzeeActionMessage): boolean {
    if (!this.isPlayer) return false;
    return this.send('action', action, { type: action.type, ...(action.type === 'transfer' ? { category: action.category } : {}) });
  }

  private setHints(on: boolean): void {
    this.hints = on;
    this.host.save('yatzee.hints', on);
    this.hintKey = '';
    this.render();
  }

  private choose(c: Category, andTransfer = false): void {
    this.choice = c;
    this.choiceAuto = false;
    if (andTransfer) this.transfer();
    else this.render();
  }

  private toggle(k: number): void {
    const me = this.me;
    if (!me) return;
    if (!this.can(me).hold) {
      const die = this.app.querySelector(`#yatzee-dice .die[data-die="${k}"]`);
      if (die) flash(die, 'refused');
      return;
    }
    const held = this.held();
    held[k] = !held[k];
    this.optimisticHeld = held;
    if (!this.act({ type: held[k] ? 'hold' : 'release', dice: [k] })) this.optimisticHeld = null;
    this.render();
  }

  private get throwPending(): boolean {
    return this.requests.inFlight('throw');
  }

  /**
   * Throws with the holds as they are; a double-clicked die `k` takes part even when held
   * (as in the original game). A throw on its way is not doubled by a second click or key.
   */
  private throwWith(k: number | null): void {
    const me = this.me;
    if (!me || this.throwPending) return;
    const held = this.held();
    if (k !== null && held[k] && this.can(me).hold) {
      held[k] = false;
      this.optimisticHeld = held;
      this.act({ type: 'release', dice: [k] });
    }
    const sent = this.act({ type: 'throw' });
    this.render();
    if (!sent) return;
    this.app.querySelectorAll('#yatzee-dice .die').forEach((d, i) => {
      if (!held[i] || me.phase !== 'thrown') flash(d, 'rolling');
    });
  }

  private transfer(): void {
    if (!this.me || !this.choice || !this.can(this.me).transfer) return;
    this.act({ type: 'transfer', category: this.choice });
  }

  private onDiceKey(e: KeyboardEvent): void {
    let k = this.focusDie;
    switch (e.key) {
      case 'ArrowLeft':
      case 'ArrowUp':
        k = (k + DICE - 1) % DICE;
        break;
      case 'ArrowRight':
      case 'ArrowDown':
        k = (k + 1) % DICE;
        break;
      case 'Home':
        k = 0;
        break;
      case 'End':
        k = DICE - 1;
        break;
      case ' ':
        e.preventDefault();
        this.toggle(k);
        return;
      case 'Enter':
        // the Throw button's throw: a die held with space stays held
        e.preventDefault();
        this.throwWith(null);
        return;
      default:
        return;
    }
    e.preventDefault();
    this.focusDie = k;
    this.render();
    this.focusDice();
  }

  /** The game is over: every sheet full (the results came), or the owner's end. */
  private get over(): boolean {
    return this.isEnded || this.results !== null;
  }

  /** What the sheet allows now: nothing once the game is over. */
  private can(me: Sheet): ReturnType<typeof affordances> {
    return this.over ? { throw: false, hold: false, transfer: false, undoTransfer: false, resetDices: false } : affordances(me);
  }

  /** Panel shortcuts (the original game had Ctrl+T, Ctrl+R, Ctrl+D, which browsers keep for themselves). */
  private onKey(e: KeyboardEvent): void {
    // the keys are letters: they work on a category's radio and on the hints' checkbox too
    const input = e.target as HTMLInputElement;
    if (typing(e) && !input.name?.startsWith('category') && input.type !== 'checkbox') return;
    if (e.ctrlKey || e.altKey || e.metaKey || !this.isPlayer) return;
    if (e.key === 't') this.transfer();
    // sent even when not allowed: the server's refusal says why
    else if (e.key === 'u') this.act({ type: 'undoTransfer' });
    else if (e.key === 'r') this.act({ type: 'resetDices' });
    else if (e.key === 'd') this.focusDice();
    else return;
    e.preventDefault();
  }

  focusDice(): void {
    this.app.querySelector<HTMLElement>(`#yatzee-dice .die[data-die="${this.focusDie}"]`)?.focus();
  }

  private onAck(_p: AckMessage, meta: Sent): void {
    if (this.requests.idle) this.optimisticHeld = null;
    // a refusal is about the action before: it goes once the next one has succeeded (the room
    // answers in order, so this ack is for a request sent after the refused one)
    if (this.status.dataset.kind === 'error') this.say('');
    if (meta.type === 'transfer' && meta.category && this.me) {
      const i = CATEGORIES.indexOf(meta.category);
      this.lastTransfer = meta.category;
      this.say(this.t('yatzee.transferred', this.t(`cat.${meta.category}` as StringKey), this.me.scores[i] ?? 0));
      // the Transfer button (now disabled) or the category's radio (gone) had the focus: it
      // goes to Throw, the next thing to do, not to the page; after the sheet's last transfer
      // Throw is off too (the focus fell to the page): the sheet then
      const at = document.activeElement;
      if (!at || at === document.body || at.id === 'yatzee-transfer') {
        this.render();
        const next = document.getElementById('yatzee-throw') as HTMLButtonElement | null;
        if (next && !next.disabled) next.focus();
        else document.getElementById('yatzee-table')?.focus();
        return;
      }
    } else if (meta.type === 'undoTransfer') {
      // the status must not go on naming the transfer that is gone
      this.say(this.lastTransfer ? this.t('yatzee.undone', this.t(`cat.${this.lastTransfer}` as StringKey)) : this.t('yatzee.undoneAny'));
      this.lastTransfer = null;
    } else if (meta.type === 'resetDices') {
      // the dice went blank without a word (`r` from the keyboard showed nothing else)
      this.lastTransfer = null;
      this.say(this.t('yatzee.reset'));
    } else if (meta.type === 'throw') this.lastTransfer = null;
    else if (meta.type === 'remove' && meta.name) {
      this.say(this.t('remove.done', meta.name));
      // the state that took the column came first, as a rule: nothing left to tell apart
      if (!this.view?.players.some((p) => p.name === meta.name)) this.removing.delete(meta.name);
      this.render();
      // the question's button went (the focus fell to the page): to the dice, where play goes
      // on (a watching owner: the table); on the list, `d` and Enter went to the dropdown
      this.keepFocus('yatzee-dice', 'yatzee-add-robot');
      return;
    } else if (meta.type === 'leave') {
      // the sheet is released: nothing to take back by a reload (the room closes the connection);
      // the last human's leave ended the game (the room sends its end before the close)
      this.leftLast = this.endsWithMe;
      this.left = true;
      this.me = null;
      forgetSeat(this.host, 'yatzee', this.welcome.gameId);
      this.say(this.t(this.leftLast ? 'yatzee.leftLast' : 'yatzee.left'));
      this.render();
      this.keepFocus('yatzee-watch-again-button');
      return;
    }
    this.render();
  }

  /**
   * The owner removed this page's player (the room's close said so; media/ui/rejoin.ts has
   * said it in the status line): as after a leave, the seat key is forgotten, so a reload
   * offers the join form instead of a fresh sheet, and the page offers to watch.
   */
  removed(): void {
    // the last human: the game ended with the removal (there is nothing to watch); the room
    // sent that end (results, `ended`: said by onEnded) before this close
    this.leftLast = this.isEnded;
    this.left = true;
    this.removedByOwner = true;
    this.me = null;
    forgetSeat(this.host, 'yatzee', this.welcome.gameId);
    this.render();
    this.keepFocus('yatzee-watch-again-button');
  }

  /**
   * The sheet is played in another tab or window now (media/ui/rejoin.ts has said so): as after
   * a removal, but the seat key stays (the other page plays with it), and the page offers to
   * take the sheet back here beside watching. It stood as it was, dice and buttons and all.
   */
  takenBack(playHere: () => Promise<string | null>): void {
    this.left = true;
    this.playHere = playHere;
    this.me = null;
    this.render();
    this.keepFocus('yatzee-watch-again-play');
  }

  private playHere: (() => Promise<string | null>) | null = null;

  /** The game's end since the page went out of play, learnt by Watch or the server's list: said, the offer gone, and the way on focused if the focus was in the offer (it fell to the page). */
  private readonly overSince: OverSince;

  /**
   * The game could not be joined again (media/ui/rejoin.ts has said why at the top): as after a
   * removal, no dice and no controls (Throw stood usable, answering "Not sent"), and the offer
   * to watch; a seat the room no longer holds is forgotten.
   */
  refused(text: string, seatLost: boolean): void {
    this.left = true;
    this.refusedText = text;
    // Play here refused for good (rejoin.ts): the sheet is not to be taken back any more
    this.playHere = null;
    this.me = null;
    if (seatLost) forgetSeat(this.host, 'yatzee', this.welcome.gameId);
    this.render();
    this.keepFocus('yatzee-watch-again-button');
  }

  /** Why the game could not be joined again, once it could not. */
  private refusedText: string | null = null;

  /** "Connected again." goes (media/ui/rejoin.ts), if nothing was said since: the table says how the game stands. */
  unsay(text: string): void {
    if (this.status.textContent === text) this.say('');
  }

  private onError(p: ErrorMessage, meta: Sent | undefined): void {
    if (meta?.type === 'remove' && meta.name) this.removing.delete(meta.name);
    if (this.requests.idle) this.optimisticHeld = null;
    this.say(yatzeeRefusalText(this.t, p.code, p.message), 'error');
    flash(this.root, 'refused');
    this.render();
    // a refused removal: the question's button went all the same
    if (meta?.type === 'remove') this.keepFocus('yatzee-dice', 'yatzee-add-robot');
  }

  /** Not sent, the connection being lost: the dice as the server has them, and why (the page says it is reconnecting). */
  private onUnsent(why: string): void {
    if (this.requests.idle) this.optimisticHeld = null;
    this.say(why, 'error');
    flash(this.root, 'refused');
    this.render();
  }

  /** The connection dropped (media/ui/rejoin.ts): what was on its way is not answered on it; a throw waiting for one no longer holds the dice. */
  connectionLost(): void {
    this.requests.forgetAll();
    this.optimisticHeld = null;
    this.render();
  }

  /** The results: the game ends by itself when every sheet is full, or by the owner. */
  private onResults(p: ResultsMessage): void {
    this.results = p.results.map((r) => ({ name: r.name, robot: r.robot, total: r.score }));
    this.winners = p.winners;
    // the game is over: a reload shows the results (the room is gone by then: main.ts), kept now
    // and not at `ended`, the next message (a reload between the two found nothing kept). The
    // results carry the end's reason: the sentence `ended` says is known already.
    forgetSeat(this.host, 'yatzee', this.welcome.gameId);
    keepResults<KeptResults>('yatzee', this.welcome.gameId, { results: this.results, me: this.resultsReader, said: this.endSaid(p.reason), columns: this.columns() });
    this.render();
    this.showResults();
  }

  /**
   * The results and the table's heading row (whose column is whose) brought into view
   * together, as little as the page need move: the results stand before the table (a narrow
   * column) or beside it. Scrolled into view alone, the results, then under the table, pushed
   * the players' names above a 620x720 view.
   */
  private showResults(): void {
    const results = document.getElementById('yatzee-results');
    if (!results) return;
    const head = document.querySelector('#yatzee-table thead');
    // the status line above them too (it names the winners), where all fit the view
    // above the view: their top to the view's; below it: up until their bottom is in, their top staying in
    showSpan(fitting(spanOf(this.status, results, head), spanOf(results, head)));
  }

  private winners: readonly string[] = [];

  /** Whose line in the results says "(you)": none on a watcher's page. */
  private get resultsReader(): string | null {
    return this.welcome.role === 'player' ? (this.welcome.name ?? null) : null;
  }

  private ended: EndedMessage | null = null;

  /** The end's sentence: why it ended (a page that left, or whose player was removed, ended it: `ended` came only so), and the winners. */
  private endSaid(reason: EndReason): string {
    const last = this.leftLast || this.left || this.removedByOwner;
    const why = last ? this.t(this.removedByOwner ? 'yatzee.removedLast' : 'yatzee.leftLast') : endReasonText(this.t, reason, this.welcome.owner);
    return this.winners.length > 0 ? `${why} ${this.t('yatzee.winners', this.winners.join(', '))}` : why;
  }

  get isEnded(): boolean {
    return this.ended !== null;
  }

  /** Nothing comes after the end (no rematch): the server stopping then is no news (media/ui/rejoin.ts). */
  readonly endIsFinal = true;

  private onEnded(p: EndedMessage): void {
    this.ended = p;
    // a page that left, or whose player the owner removed, gets the end only when that ended
    // the game: said as such (it read "Every player left the game." beside "You left the game:
    // your sheet is closed.")
    if (this.left || this.removedByOwner) this.leftLast = true;
    this.say(this.endSaid(p.reason));
    forgetSeat(this.host, 'yatzee', this.welcome.gameId);
    this.render();
    // the owner's End it now went with its question (the focus fell to the page): to the results;
    // so does a focus left on a die (the last transfer made with `t` from one), blank and off now
    const at = document.activeElement;
    if (at instanceof HTMLElement && at.closest('#yatzee-dice')) at.blur();
    this.keepFocus('yatzee-results');
  }

  // ------------------------------------------------------------------ hints

  private requestHint(me: Sheet): void {
    if (!this.hints || this.over) return;
    const key = hintQuery(me);
    if (key === this.hintKey) return;
    this.hintKey = key;
    const base = this.host.serverUrl();
    if (!base) return;
    fetch(`${base}/yatzee/hint?${key}`, { cache: 'no-store' })
      .then(async (r) => {
        const body = (await r.json()) as Hint & { error?: string };
        if (!r.ok) throw new Error(body.error ?? String(r.status));
        if (key !== this.hintKey) return;
        this.hint = body;
        this.hintFor = key;
        this.hintError = '';
        this.render();
      })
      .catch((e: Error) => {
        if (key !== this.hintKey) return;
        this.hint = null;
        this.hintError = e.message;
        this.render();
      });
  }
}
