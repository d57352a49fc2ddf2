// What the play commands' list offers of a server's games: by the lobby's rule
// (media/lobby/listing.ts), a seat where one is free, watching where a seat is not but a
// watcher place is, and nothing for a game that takes neither (its room would refuse). A game
// where the user keeps a seat (closed panel: media/ui/seats.ts) is offered to take that seat
// back, whatever the list says of free seats: its seats are all held because one is theirs.
// No vscode import: unit-tested in test/vscode/games.test.ts.
import type { GameListing } from '../../core/protocol/game.js';
import { joinRefusal, watchRefusal } from '../../media/lobby/listing.js';
import type { StringKey } from '../../media/ui/l10n/index.js';

/** An older server may leave out `maxPlayers`: its games are offered unjudged. */
export type ListedGame = Omit<GameListing, 'maxPlayers'> & { maxPlayers?: number };

export interface GameOffer {
  game: ListedGame;
  /** Every seat is held (or the game has started): picking it watches. */
  watchOnly: boolean;
  /** The user keeps a seat in it: picking it takes that seat back (never watching). */
  mine: boolean;
}

/** A game in play that takes the user neither as a player nor as a watcher, and why watching is refused. */
export interface GameRefusal {
  game: ListedGame;
  /** `lobby.noWatchers` (the game has no watcher places) or `lobby.watchersTaken`. */
  why: StringKey;
}

/**
 * The games of `kind` that take the user (the owner watches beyond the watcher places): first
 * those where `held` (game ids) keeps the user's seat, then the others in the list's order.
 */
export function offersOf(games: readonly ListedGame[], kind: string, owner: boolean, held: ReadonlySet<string> = new Set()): GameOffer[] {
  return judgeGames(games, kind, owner, held).offers;
}

/**
 * The offers (offersOf), and the games of `kind` in play that take the user neither way: the
 * play command names those when it has nothing to offer (it said "No open game" of a game in
 * play, with no word of why).
 */
export function judgeGames(games: readonly ListedGame[], kind: string, owner: boolean, held: ReadonlySet<string> = new Set()): { offers: GameOffer[]; refused: GameRefusal[] } {
  const mine: GameOffer[] = [];
  const out: GameOffer[] = [];
  const refused: GameRefusal[] = [];
  for (const g of games) {
    if (g.kind !== kind || (g.state !== 'waiting' && g.state !== 'playing')) continue;
    if (held.has(g.id)) {
      mine.push({ game: g, watchOnly: false, mine: true });
      continue;
    }
    if (g.maxPlayers === undefined) {
      out.push({ game: g, watchOnly: false, mine: false });
      continue;
    }
    const listing = { ...g, maxPlayers: g.maxPlayers };
    const seat = joinRefusal(listing);
    const watch = seat && watchRefusal(listing, owner);
    if (watch) refused.push({ game: g, why: watch });
    else out.push({ game: g, watchOnly: seat !== null, mine: false });
  }
  return { offers: [...mine, ...out], refused };
}
