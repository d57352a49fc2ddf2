// A refused join in the player's words, for the Cardwords and Yatzee pages: the room's own
// refusals (`table-full: ...`, docs/server.md) and the matchmaker's (a room gone, or locked
// when it ended or every connection is taken), whose raw text names the room's internals.
import type { StringKey, Translate } from './l10n/index.js';

export interface Refusal {
  text: string;
  /**
   * The room takes nobody (over, gone, or locked: ended, or every connection taken): the join
   * form's note says why from the server's list when the game is over or gone, and then the
   * status line need not (join-offer.ts).
   */
  gone: boolean;
  /** A kept seat cannot be taken back: the game is over or gone, or the name is another's now. A refusal that may pass (a locked room, the network) keeps it. */
  seatLost: boolean;
  /** The room was not found: gone, or not restored yet by a server that has just started (a rejoin asks again a while). */
  missing?: boolean;
  /** The server's list says it too (every seat or every watcher place taken, or `gone`): the join page's note says why, and the status line need not. */
  listed?: boolean;
}

/** Why watching after a leave was refused; `over`: the game has ended since (nothing to watch). */
export interface WatchRefused {
  text: string;
  over: boolean;
}

/**
 * A watch after a leave refused by `r`, for the Cardwords and Yatzee pages: `over` when the
 * game ended since (the page, its connection closed at the leave, was not told): its room gone,
 * or locked (an ended room is, until it is disposed), and the server's list (an ended game
 * leaves it; a full one stays) no longer holding it. A list that cannot be read says nothing.
 */
export async function watchRefused(r: Refusal | null, gameId: string, games: () => Promise<ReadonlyArray<{ id: string }> | null>): Promise<WatchRefused> {
  return { text: r?.text ?? '', over: r?.gone === true && overByList(await games(), gameId) };
}

/** The server's list `listed` (null: it could not be read) says the game is over: an ended game leaves it, a full one stays. */
export function overByList(listed: ReadonlyArray<{ id: string }> | null, gameId: string): boolean {
  return listed !== null && !listed.some((g) => g.id === gameId);
}

/** The join's request got no answer of the game server: a 5xx (a proxy or gateway in its place), or a network failure. */
function serverDown(e: unknown): boolean {
  if (e instanceof TypeError) return true; // fetch: "Failed to fetch", the host unreachable
  const status = (e as { code?: unknown } | null)?.code;
  return typeof status === 'number' && status >= 500 && status <= 599;
}

/**
 * `e`: what the SDK threw. `prefixes`: the string families to look the code up in, first
 * match wins (Cardwords' own `cw.err.` words before the shared `err.`). A full table
 * refuses a watcher for want of watcher places, not of seats.
 */
export function refusedJoin(e: unknown, t: Translate, prefixes: readonly string[], watching = false): Refusal {
  const m = e instanceof Error ? e.message : String(e);
  // a refusal's further lines (the errors of a ruleset that cannot be played) are its {0}
  const detail = m.split('\n').slice(1).join('\n');
  const words = (code: string): string | null => {
    for (const p of prefixes) {
      const key = `${p}${code}` as StringKey;
      if (t(key) !== key) return t(key, detail);
    }
    return null;
  };
  const room = /^room "[^"]*" (not found|has been disposed|is locked)/.exec(m);
  if (room) {
    const locked = room[1] === 'is locked';
    return { text: words(locked ? 'room-locked' : 'room-gone') ?? m, gone: true, seatLost: !locked, missing: !locked, listed: true };
  }
  const code = /^([a-z-]+):/.exec(m)?.[1];
  if (!code) {
    // no answer from the server: the SDK's error then carries only the HTTP status text of
    // whatever stood in for it ("Internal Server Error" from code-server's proxy), or fetch's own
    if (serverDown(e)) return { text: words('server-down') ?? m, gone: false, seatLost: false };
    return { text: m, gone: false, seatLost: false };
  }
  const text = words(watching && code === 'table-full' ? 'watchers-full' : code) ?? m;
  const listed = code === 'game-ended' || code === 'table-full';
  return { text, gone: code === 'game-ended', seatLost: code === 'game-ended' || code === 'name-taken' || code === 'seat-removed' || code === 'seat-left', ...(listed ? { listed } : {}) };
}
