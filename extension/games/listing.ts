// The server's open games (GET /games) as the extension host fetches them: for the play
// commands' list, and for a game panel that asks (a webview cannot fetch the list itself: its
// origin, vscode-webview://..., is not the server's, and the server gives the list no CORS
// header). No vscode import: unit-tested in test/vscode/games.test.ts, and run by the join
// page's test on the VS Code host in test/ui/cardwords-defects.test.ts.
import type { GameListing } from '../../core/protocol/game.js';
import type { GamesAnswer, GamesRequest } from '../../media/ui/host-vscode.js';

/** The open games of the server at `serverUrl` (http base URL), or null when it does not answer with a list in time. */
export async function fetchGames(serverUrl: string, timeoutMs = 5000): Promise<GameListing[] | null> {
  try {
    const r = await fetch(`${serverUrl}/games`, { signal: AbortSignal.timeout(timeoutMs) });
    const body: unknown = r.ok ? await r.json() : null;
    return Array.isArray(body) ? (body as GameListing[]) : null;
  } catch {
    return null;
  }
}

/** A panel's `games` request answered with its server's list (`serverUrl` as the extension host reaches it; null: no server). */
export async function answerGames(request: GamesRequest, serverUrl: string | null): Promise<GamesAnswer> {
  return { type: 'games', id: request.id, games: serverUrl ? await fetchGames(serverUrl) : null };
}
