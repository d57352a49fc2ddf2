// What a listed game (GET /games) still takes: a seat, a watcher. One place for the landing
// page's rows and the join pages' buttons (Cardwords and Yatzee), so that none offers what
// the room refuses: server/game/cardwords-room.ts onJoin, `table-full` for a seat once the
// game has started or every seat is held, and for a watcher beyond the watcher places;
// server/game/yatzee-room.ts onJoin, `table-full` (core/games/yatzee engine) for a new
// sheet while every one of the 10 is held, by a person or a robot, at any time of the game,
// and for a watcher beyond its 20 places; both, `game-ended` once the game is over.
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

/**
 * Why the join page of game `id` refuses Join and Watch (string keys; null: offered), judged
 * from the whole list. A game the list does not hold is over (an ended game leaves the list:
 * server/game/http.ts listGames) or never was, and its room refuses both.
 */
export function joinPageRefusals(games: readonly GameListing[], id: string, owner: boolean): { join: StringKey | null; watch: StringKey | null } {
  const g = games.find((x) => x.id === id);
  if (!g) return { join: 'lobby.notListed', watch: 'lobby.notListed' };
  return { join: joinRefusal(g), watch: watchRefusal(g, owner) };
}
