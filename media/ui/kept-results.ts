/// <reference lib="dom" />
// The results a page saw at a game's end, kept for the tab (sessionStorage, by game id): the
// ended game leaves the server's list and its room refuses everyone, so a reload had nothing
// to show but a join form ("The game is over or does not exist.", Join and Watch) a second
// after the results. The tab's own store: another tab, or the same one after closing, has no
// such memory, and nothing piles up in localStorage. Yatzee keeps them at its results (its
// game ends with its room); Cardwords at the room's end (the owner's End it now, the idle
// limit): a game over by the rules keeps its room, and a reload finds its results there.

type Kind = 'yatzee' | 'cardwords';

const key = (kind: Kind, gameId: string) => `cardwords.${kind}.results.${gameId}`;

export function keepResults<T>(kind: Kind, gameId: string, kept: T): void {
  try {
    sessionStorage.setItem(key(kind, gameId), JSON.stringify(kept));
  } catch {
    // no storage (a sandboxed webview): a reload says only that the game is over
  }
}

export function keptResults<T>(kind: Kind, gameId: string): T | null {
  try {
    const raw = sessionStorage.getItem(key(kind, gameId));
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
