// Which game each window's panels show, kept in globalState (shared by the windows) so that a
// panel is not opened twice: code-server keeps one layout per folder, so a second window on
// the folder restores the first one's game tabs, and restored on its own local server (another
// data folder, without the game) the page found the game gone and forgot the seat that the
// first window still plays. A window is its extension host's process: an entry whose process
// is gone (a reload, a closed window) counts for nothing. No vscode import: unit-tested in
// test/vscode/games.test.ts.

/** A game panel open in a window: the game, on the server as the panel's state names it. */
export interface OpenGame {
  /** The extension host's process id (one per window). */
  host: number;
  kind: 'yatzee' | 'cardwords';
  game: string;
  address: string;
}

/** Entries kept at most (a bound on globalState; the oldest go first). */
export const OPEN_GAMES_KEPT = 50;

export function hostAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: alive, another user's (not an extension host of ours, but alive all the same)
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The same game on the same server. */
export const sameGame = (a: { kind: string; game: string; address: string }, b: { kind: string; game: string; address: string }) => a.kind === b.kind && a.game === b.game && a.address === b.address;

/** The list with `entry` in it (once) and without the entries of windows that are gone. */
export function withOpenGame(list: readonly OpenGame[], entry: OpenGame, alive = hostAlive): OpenGame[] {
  return [entry, ...list.filter((e) => !(e.host === entry.host && sameGame(e, entry)) && (e.host === entry.host || alive(e.host)))].slice(0, OPEN_GAMES_KEPT);
}

/** The list without `entry` (its window closed that panel). */
export function withoutOpenGame(list: readonly OpenGame[], entry: OpenGame): OpenGame[] {
  return list.filter((e) => !(e.host === entry.host && sameGame(e, entry)));
}

/** Another window (alive) that shows this game, if any. */
export function openElsewhere(list: readonly OpenGame[], game: Omit<OpenGame, 'host'>, self: number, alive = hostAlive): OpenGame | undefined {
  return list.find((e) => e.host !== self && sameGame(e, game) && alive(e.host));
}
