/// <reference lib="dom" />
// Keeping a page in its game (docs/ui.md "Connection"), for the Cardwords and Yatzee pages:
// one place for what a lost connection does. The SDK reconnects a dropped connection by
// itself for about a minute (60 tries here, `reconnectQuickly`), but only to the very server process that held it:
// after a server's restart (a stop, a crash) or a longer loss of the network it gives up,
// and the page stayed on its old state for ever while a stand-in robot played the seat of
// someone still looking at it. From then on the page joins the game again as a reload does
// (by its id, with the kept seat key; a watcher watches again), every half second for 10 s,
// then after 1, 2, 4, 8 and every 10 seconds for as long as it is open (`RejoinWaits`), and
// says so. Meanwhile nothing is sent: an action is refused in words (`offline()`, asked by
// media/ui/requests.ts). After a crash and a
// fast restart the SDK kept trying its old session for about 8 s (its waits grow to 5 s) before
// the page joined again: it tries every second at most now (`reconnectQuickly`), and the new
// process's refusal of the old session is followed by a join again at once (`sessionUnknown`);
// the Emacs bridge does the same (server/bridge/params.ts).
import type { Room } from '@colyseus/sdk';
import { CLOSE, CLOSE_REASON, MOVED_MESSAGE } from '../../core/protocol/messages.js';
import type { Translate } from './l10n/index.js';
import { refusedJoin } from './refusal.js';

/** How the page stands with its room: `open`, or why it is not. */
export type LinkState = 'open' | 'lost' | 'stopping' | 'moved' | 'closed';

/** The waits before each try to join again (ms) once QUICK_FOR_MS have passed; the last repeats for as long as the page is open. */
const REJOIN_DELAYS: readonly number[] = [1000, 2000, 4000, 8000, 10_000];

/**
 * For this long after the connection went (the server said it stops, the SDK gave up), a join
 * again is tried every QUICK_MS: a graceful restart takes about a second, and the waits above
 * (tries 1, 3, 7 and 15 s after the stop) kept a page on "reconnecting…" 3 to 7 s after its
 * server was back. A try that finds no server costs nothing (the connection is refused).
 */
const QUICK_FOR_MS = 10_000;
const QUICK_MS = 500;

/**
 * The waits between the tries to join again after one loss, for the pages and the Emacs
 * bridge (server/bridge/params.ts): QUICK_MS for QUICK_FOR_MS, then REJOIN_DELAYS. Each is cut
 * by up to 40% at random, so that the many clients of one server, which all lost it at the
 * same moment, do not all come at the same moment when it is back (a burst of joins, each
 * loading its game); never longer than said (a seat is tried again at least every 10 s).
 */
export class RejoinWaits {
  private readonly since = Date.now();
  private slow = 0;

  /** The wait before the next try (ms). */
  next(): number {
    const wait = Date.now() - this.since < QUICK_FOR_MS ? QUICK_MS : REJOIN_DELAYS[Math.min(this.slow++, REJOIN_DELAYS.length - 1)]!;
    return Math.round(wait * (1 - 0.4 * Math.random()));
  }
}

/**
 * How long "Connected again." (or "You play here again.") stays in the status line before it
 * gives way to the game's own status (whose turn it is): a notice, as the best clients show a
 * reconnection, not a state (it stood there until something else was said, long after).
 */
export const BACK_SHOWN_MS = 4000;

/**
 * The SDK's close when the server answered its reconnection with no such session
 * (`CloseCode.FAILED_TO_RECONNECT`: a new process, whose games are back or coming back from
 * their logs; also the SDK's own giving up). Nothing of the old session can come back.
 */
const SESSION_REFUSED = 4003;

/** Whether a room's close `code` says the server knows its session no more: the join again is tried at once, not after the first wait (RejoinWaits). */
export function sessionUnknown(code: number): boolean {
  return code === SESSION_REFUSED;
}

/** The longest wait between two of the SDK's tries to take its session back (its default grows to 5 s). */
const RECONNECT_MAX_DELAY_MS = 1000;

/**
 * The SDK's own reconnection of `room`, tried at most a second apart for about a minute (as
 * its default, 15 tries growing to 5 s apart): a server restarted meanwhile is found within a
 * second of its start, where the next try came up to 5 s later (about 8 s in all after a
 * restart that took 3 s). A try that finds no server costs nothing (the connection is refused).
 */
export function reconnectQuickly(room: Room): void {
  room.reconnection.maxDelay = RECONNECT_MAX_DELAY_MS;
  room.reconnection.maxRetries = 60;
}

/** How long the game may be missing from its server (not restored yet after a start, or taken over by another process) before the page (the Emacs bridge) stops asking. */
export const GONE_FOR_MS = 120_000;

/** What the link asks of the game's panel in view (Cardwords' and Yatzee's). */
export interface LinkedPanel {
  /** Says a line in the page's status. */
  say(text: string, kind: 'info' | 'error'): void;
  /** Says a line to a screen reader only (the status line is the live region): the page shows it in the line at the top. */
  speak?(text: string, kind: 'info' | 'error'): void;
  /** The game ended (its `results` and `ended` came): the close after them is no loss. */
  readonly isEnded: boolean;
  /**
   * Nothing more comes from the room once it ended (Yatzee: no rematch, the room closes): the
   * server stopping then, or a drop, is no news, and nothing is joined again. A guest's page
   * whose last person had left said "The server is stopping… reconnecting" over the results,
   * and tried for ever (an editor stops its local server once nobody is left in its games).
   * Cardwords' room goes on after the end (the rematch): a loss then is one.
   */
  readonly endIsFinal?: boolean;
  /** The connection is down: requests on their way are forgotten (they will not be answered). */
  connectionLost(): void;
  /** The owner removed the page's player (said already): the kept seat is forgotten, as after a leave. */
  removed?(): void;
  /**
   * The seat is played in another tab or window now (said already): no hand, no controls; the
   * page offers to watch, or `playHere` (null once this page plays the seat again, else why
   * not), which hands the seat back from the other page. The kept seat key stays (it is theirs too).
   */
  takenBack?(playHere: () => Promise<string | null>): void;
  /**
   * The game could not be joined again, for good (said already as `text`): no hand, no
   * controls, as after a removal, and the offer to watch only (no Play here: also when
   * `takenBack`'s Play here was refused so). `seatLost`: the room holds the seat no more (the
   * kept key is forgotten).
   */
  refused?(text: string, seatLost: boolean): void;
  /** Connected again (the SDK's reconnection), said as `text`: what was refused for want of the connection may stop saying so. */
  rejoined?(text: string): void;
  /** The status line says `text` no longer, if it still does: the game's own status takes its place. */
  unsay?(text: string): void;
}

export interface RoomLinkOptions {
  t: Translate;
  /** The string families a refusal's code is looked up in (media/ui/refusal.ts). */
  prefixes: readonly string[];
  /** The panel in view, if any yet (a watch after a leave, or a join again, puts a new one in its place). */
  panel(): LinkedPanel | null;
  /**
   * Joins the game again as a reload does, and puts it on the page (a fresh panel, which
   * shows the server's state); resolves once it is there, rejects as the join does. `back`
   * is what the new panel says first.
   */
  rejoin(back: string): Promise<void>;
  /**
   * The page's main element: it carries the state (`data-connection`), and a line before it
   * says how the page stands while it is not connected (the status line is a live region
   * whose text the next message replaces; the game shown meanwhile is the old one, "your
   * turn" and all).
   */
  main?: HTMLElement;
}

export class RoomLink {
  private state: LinkState = 'open';
  private room: Room | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private waits = new RejoinWaits();
  private goneSince = 0;
  /** The room said `stopping` (or that the game moved): its close, or a drop after it, is that. */
  private stopping: 'stopping' | 'moved' | null = null;
  private fading: ReturnType<typeof setTimeout> | null = null;

  /** The line before the page's main element while it is not connected (not a live region: the status line speaks). */
  private readonly banner: HTMLElement | null;

  constructor(private readonly o: RoomLinkOptions) {
    this.banner = o.main ? document.createElement('p') : null;
    if (this.banner && o.main) {
      Object.assign(this.banner, { id: 'connection', className: 'connection', hidden: true });
      o.main.before(this.banner);
    }
  }

  private show(text: string | null, kind: 'info' | 'error' = 'info'): void {
    if (!this.banner) return;
    this.banner.hidden = text === null;
    this.banner.textContent = text ?? '';
    // an end of the connection (closed, refused) in the error colour, as the status line had it
    this.banner.dataset.kind = kind;
  }

  /**
   * Says how the page stands, seen once: in the line at the top (sticky, in view however the
   * page is scrolled), and spoken by the status line, the live region, which does not show it
   * too (the same words stood in both, one under the other).
   */
  private tell(text: string, kind: 'info' | 'error'): void {
    this.show(text, kind);
    const p = this.o.panel();
    if (this.banner && p?.speak) p.speak(text, kind);
    else p?.say(text, kind);
  }

  /** Why nothing can be sent now (words for the player), or null while connected. */
  offline(): string | null {
    if (this.state === 'open') return null;
    // closed for good (the end, a leave, the seat taken elsewhere, a join again refused): the SDK would queue it for ever
    return this.o.t(this.state === 'closed' ? 'conn.notSentClosed' : 'conn.notSent');
  }

  /** Follows `room`, the page's room from now on: its drops, the SDK's reconnection, its close. */
  watch(room: Room): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.room = room;
    this.stopping = null;
    this.set('open');
    reconnectQuickly(room);
    const mine = () => this.room === room;
    const over = () => this.o.panel()?.endIsFinal === true && this.o.panel()?.isEnded === true;
    room.onMessage('stopping', (m: { message?: string }) => {
      if (!mine()) return;
      if (over()) {
        room.reconnection.enabled = false;
        return;
      }
      this.stopping = m?.message === MOVED_MESSAGE ? 'moved' : 'stopping';
      // the server that comes back knows nothing of this connection: a drop from now on is
      // no case for the SDK's reconnection (it would only fail for a minute)
      room.reconnection.enabled = false;
    });
    // the SDK tries again (and calls this at each failed try): said once
    room.onDrop(() => {
      if (!mine()) return;
      if (over()) {
        room.reconnection.enabled = false;
        return this.set('closed');
      }
      this.set(this.stopping ?? 'lost');
    });
    room.onReconnect(() => {
      if (!mine()) return;
      this.set('open');
      const p = this.o.panel();
      if (p?.rejoined) p.rejoined(this.o.t('conn.back'));
      else p?.say(this.o.t('conn.back'), 'info');
      this.fade(this.o.t('conn.back'));
    });
    room.onLeave((code, reason) => {
      if (!mine()) return;
      // the page's own leave; the room's close after the end, a leave, a removal, or the
      // seat taken back in another window: nothing to take back (two windows would take
      // the seat from each other for ever)
      if (code === 1000 || code === CLOSE.ENDED) {
        this.set('closed');
        const words = code === 1000 || (this.o.panel()?.isEnded ?? false) || reason === CLOSE_REASON.LEFT ? null : reason === CLOSE_REASON.TAKEN_BACK ? 'conn.takenBack' : reason === CLOSE_REASON.REMOVED ? 'conn.removed' : 'conn.closed';
        // the player's own doing elsewhere, no error
        if (words) this.o.panel()?.say(this.o.t(words), words === 'conn.takenBack' ? 'info' : 'error');
        // a reload took the seat back on a fresh sheet (Yatzee), or a free seat before the deal (Cardwords)
        if (code === CLOSE.REMOVED && reason === CLOSE_REASON.REMOVED) this.o.panel()?.removed?.();
        // the page kept showing the hand and "your turn", and a move ended in "Not sent"
        if (words === 'conn.takenBack') this.o.panel()?.takenBack?.(() => this.playHere());
        return;
      }
      // the game is over for good: the server stopping after it is no loss
      if (over()) return this.set('closed');
      // the server stopping (CLOSE.SERVER_STOPPING, or a drop after `stopping`), the SDK
      // having given up (4003), a drop too soon after the join for the SDK to try: join again
      this.set(this.stopping ?? (code === CLOSE.SERVER_STOPPING ? 'stopping' : 'lost'));
      this.waits = new RejoinWaits();
      this.goneSince = 0;
      // a new process refused the old session: it is up, the game back or coming, so at once
      if (sessionUnknown(code)) void this.attempt();
      else this.schedule();
    });
  }

  /**
   * Takes the seat back on this page (its offer after the seat went to another tab or
   * window): a join again with the kept key, as a reload, which the other page then loses.
   * Null once this page plays it, else why not.
   */
  private async playHere(): Promise<string | null> {
    const room = this.room;
    const back = this.o.t('conn.playingHere');
    try {
      await this.o.rejoin(back);
      if (this.room === room) return this.o.t('conn.closed');
      this.fade(back);
      return null;
    } catch (e) {
      const r = refusedJoin(e, this.o.t, this.o.prefixes);
      if (!r.seatLost) return r.text;
      // the seat is no longer this page's (the owner removed the player, the game over): said
      // in the line at the top, and Play here goes; the line kept "Your seat is now played
      // elsewhere" and the offer Play here, refused again at each click
      this.tell(r.text, 'error');
      this.o.panel()?.refused?.(r.text, true);
      return null;
    }
  }

  /** `text`, said on coming back, gives way after a while (the panel in view then). */
  private fade(text: string): void {
    if (this.fading) clearTimeout(this.fading);
    this.fading = setTimeout(() => {
      this.fading = null;
      this.o.panel()?.unsay?.(text);
    }, BACK_SHOWN_MS);
  }

  private set(state: LinkState): void {
    const was = this.state;
    this.state = state;
    if (state !== was) {
      if (this.o.main) this.o.main.dataset.connection = state;
      if (state !== 'open' && state !== 'closed') this.o.panel()?.connectionLost();
    }
    // said once per state (the SDK reports every failed try as a drop)
    if (state === was) return;
    const words = state === 'lost' ? 'conn.lost' : state === 'stopping' ? 'conn.stopping' : state === 'moved' ? 'conn.moved' : null;
    if (words) this.tell(this.o.t(words), 'info');
    else this.show(null);
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.attempt(), this.waits.next());
  }

  /** A join again (at once, or after a wait of `schedule`). */
  private async attempt(): Promise<void> {
    this.timer = null;
    const room = this.room;
    try {
      // the page watches the new room (watch()) as soon as it is joined
      await this.o.rejoin(this.o.t('conn.back'));
      if (this.room !== room) return this.fade(this.o.t('conn.back'));
      // nothing to join again (the first join's connection went before its welcome)
      this.set('closed');
      this.tell(this.o.t('conn.closed'), 'error');
    } catch (e) {
      // watched meanwhile by a join of the page's own (a leave's watch): nothing to do
      if (this.room !== room) return;
      const r = refusedJoin(e, this.o.t, this.o.prefixes);
      const gone = /^room "[^"]*" (not found|has been disposed)/.test(e instanceof Error ? e.message : String(e));
      if (gone) {
        // a server that has just started restores its games after it listens; with several
        // processes a crashed one's games come back when their lease ends: missing a while is no end
        const now = Date.now();
        if (!this.goneSince) this.goneSince = now;
        if (now - this.goneSince < GONE_FOR_MS) return this.schedule();
      } else if (!r.seatLost) return this.schedule(); // the network, the server not up yet, a locked room
      this.set('closed');
      const text = this.o.t('conn.refused', r.text);
      this.tell(text, 'error');
      // the hand (the dice) and the buttons stood, each action answered "Not sent"
      this.o.panel()?.refused?.(text, r.seatLost);
    }
  }
}
