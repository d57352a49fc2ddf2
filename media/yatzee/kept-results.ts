/// <reference lib="dom" />
// The results a page saw at a game's end, kept for the tab (sessionStorage, by game id): the
// ended game leaves the server's list and its room refuses everyone, so a reload had nothing
// to show but a join form ("The game is over or does not exist.", Join and Watch) a second
// after the results. The tab's own store: another tab, or the same one after closing, has no
// such memory, and nothing piles up in localStorage.
import type { Result } from './view/results.js';
import type { Column } from './view/table.js';

export interface KeptResults {
  results: Result[];
  /** The reader's name (their line says "(you)"), or null for a watcher. */
  me: string | null;
  /** The status line at the end: why it ended, the winners. */
  said: string;
  /** The score table's columns at the end (absent when kept by an older page). */
  columns?: Column[];
}

const key = (gameId: string) => `cardwords.yatzee.results.${gameId}`;

export function keepResults(gameId: string, kept: KeptResults): void {
  try {
    sessionStorage.setItem(key(gameId), JSON.stringify(kept));
  } catch {
    // no storage (a sandboxed webview): a reload says only that the game is over
  }
}

export function keptResults(gameId: string): KeptResults | null {
  try {
    const raw = sessionStorage.getItem(key(gameId));
    return raw ? (JSON.parse(raw) as KeptResults) : null;
  } catch {
    return null;
  }
}
