// What a Cardwords table waits on when the player whose turn it is has gone (docs/server.md
// "Robots, away, returns"): the clients' reading of the room's away policy, so that nobody
// is surprised by a robot playing for someone, and everyone knows how long the table waits.
// The web panel and the editor bridge say it alike. The server decides (cardwords-room.ts,
// checkLifetime): a seat away for the game's grace period is played by a stand-in.
import type { CardwordsRoomState, CardwordsSeatState } from './game.js';

export type AwayNote =
  /** No human is connected: no robot or stand-in moves until one is back (a watcher sees this). */
  | { kind: 'paused' }
  /** A stand-in robot plays the turn's seat until its human is back. */
  | { kind: 'standIn'; name: string }
  /** The turn's player is away and the game's grace is 'never': the table waits for them. */
  | { kind: 'waits'; name: string }
  /** The turn's player is away: a stand-in plays for them in `msLeft` ms (0: now) unless they come back. */
  | { kind: 'soon'; name: string; msLeft: number }
  /** The turn's player left the game (Leave), or the owner removed them (`removed`): a stand-in plays for them to the end. */
  | { kind: 'left'; name: string; removed: boolean };

type Seat = Pick<CardwordsSeatState, 'name' | 'robot' | 'connected' | 'awaySince' | 'auto'> & { left?: boolean; removed?: boolean };
type Room = Pick<CardwordsRoomState, 'status' | 'turn' | 'paused' | 'grace'> & { players: readonly Seat[] };

/** A human seated and gone from the table (a closed panel, a lost network), who may come back: shown away to everyone. */
export function isAway(p: Pick<Seat, 'name' | 'robot' | 'connected' | 'left'>): boolean {
  return !p.robot && p.name !== '' && !p.connected && !p.left;
}

/**
 * The note for the turn's seat, or null when the table waits on nobody who is away. `now`
 * is the client's clock, read against the server's `awaySince`: the two agree on one
 * machine (the editors' local servers) and to within NTP's error across machines.
 */
export function awayNote(s: Room, now: number): AwayNote | null {
  if (s.status !== 'playing') return null;
  if (s.paused) return { kind: 'paused' };
  const p = s.players[s.turn];
  if (!p || p.robot || p.name === '') return null;
  if (p.left) return { kind: 'left', name: p.name, removed: p.removed === true };
  if (p.auto) return { kind: 'standIn', name: p.name };
  if (!isAway(p) || p.awaySince === 0) return null;
  if (s.grace < 0) return { kind: 'waits', name: p.name };
  return { kind: 'soon', name: p.name, msLeft: Math.max(0, p.awaySince + s.grace - now) };
}

/** A wait as the notes write it: "0:42", "12:05" (minutes and seconds, rounded up). */
export function waitText(ms: number): string {
  const secs = Math.ceil(ms / 1000);
  return `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, '0')}`;
}
