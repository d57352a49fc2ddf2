// What a listed game (GET /games) still takes: a seat, a watcher. One place for the landing
// page's rows and the join page's buttons, so that neither offers what the room refuses
// (server/game/cardwords-room.ts onJoin: `table-full` for a seat once the game has started
// or every seat is held, and for a watcher beyond the watcher places).
import type { GameListing } from '../../core/protocol/game.js';
import type { StringKey } from '../ui/l10n/index.js';

/** Seats nobody holds: a robot holds a seat as a person does. */
export function freeSeats(g: GameListing): number {
  return Math.max(0, g.maxPlayers - g.players - g.robots);
}

/** Why a seat cannot be taken (a string key), or null when one can. */
export function joinRefusal(g: GameListing): StringKey | null {
  if (g.state !== 'waiting' && g.state !== 'playing') return 'lobby.gameOver';
  // a Cardwords game starts once every seat is held, and then takes nobody new
  return freeSeats(g) > 0 && !(g.kind === 'cardwords' && g.state !== 'waiting') ? null : 'lobby.seatsTaken';
}

/**
 * Why watching is refused (a string key), or null when it is not (the owner watches beyond
 * the places; a listing without places, from an older server, is not judged).
 */
export function watchRefusal(g: GameListing, owner: boolean): StringKey | null {
  if (owner || g.watchers === undefined) return null;
  if (g.watchers === 0) return 'lobby.noWatchers';
  return (g.watching ?? 0) >= g.watchers ? 'lobby.watchersTaken' : null;
}
