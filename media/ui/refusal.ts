// A refused join in the player's words, for the Cardwords and Yatzee pages: the room's own
// refusals (`table-full: ...`, docs/server.md) and the matchmaker's (a room gone, or locked
// when it ended or every connection is taken), whose raw text names the room's internals.
import type { StringKey, Translate } from './l10n/index.js';

export interface Refusal {
  text: string;
  /** No such room takes anyone (ended, gone, locked): the join form's note says why. */
  gone: boolean;
}

/**
 * `e`: what the SDK threw. `prefixes`: the string families to look the code up in, first
 * match wins (Cardwords' own `cw.err.` words before the shared `err.`). A full table
 * refuses a watcher for want of watcher places, not of seats.
 */
export function joinRefusal(e: unknown, t: Translate, prefixes: readonly string[], watching = false): Refusal {
  const m = e instanceof Error ? e.message : String(e);
  const words = (code: string): string | null => {
    for (const p of prefixes) {
      const key = `${p}${code}` as StringKey;
      if (t(key) !== key) return t(key);
    }
    return null;
  };
  const room = /^room "[^"]*" (not found|has been disposed|is locked)/.exec(m);
  if (room) return { text: words(room[1] === 'is locked' ? 'room-locked' : 'room-gone') ?? m, gone: true };
  const code = /^([a-z-]+):/.exec(m)?.[1];
  if (!code) return { text: m, gone: false };
  return { text: words(watching && code === 'table-full' ? 'watchers-full' : code) ?? m, gone: code === 'game-ended' };
}
