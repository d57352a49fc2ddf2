// When a Yatzee game (the original's server program) ends by itself, as a pure policy over
// times the server measures (docs/rules.md#yatzee-lifetime): no player within
// two minutes of the start; the last player leaving; fifteen minutes without any action
// while somebody still has a sheet open. The server calls this on a timer and on leaves.

export const FIRST_JOIN_TIMEOUT_MS = 2 * 60_000;
export const IDLE_TIMEOUT_MS = 15 * 60_000;

export interface LifetimeFacts {
  /** Milliseconds since the game was created. */
  sinceStartMs: number;
  /** Milliseconds since the last successful action (or the start, when none). */
  sinceLastActionMs: number;
  /** Players ever joined, and players still present. */
  joined: number;
  present: number;
}

export type EndReason = 'no-player' | 'last-player-left' | 'idle';

/** Why the game should end now, or null to keep it. */
export function shouldEnd(f: LifetimeFacts): EndReason | null {
  if (f.joined === 0) return f.sinceStartMs >= FIRST_JOIN_TIMEOUT_MS ? 'no-player' : null;
  if (f.present === 0) return 'last-player-left';
  return f.sinceLastActionMs >= IDLE_TIMEOUT_MS ? 'idle' : null;
}
