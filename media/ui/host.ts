/// <reference lib="dom" />
// The host: what differs between a browser tab served by the game server and a VS Code
// webview. The panels only talk to the Host, never to location, localStorage or
// acquireVsCodeApi directly.
//
// - BrowserHost (here): the game server is the page's own origin; state in localStorage;
//   parameters from the URL; navigation by links.
// - A VS Code webview host (later, extension/): the server URL and the parameters come from
//   the extension in the first message; state through acquireVsCodeApi().getState/setState
//   (kept per panel) plus postMessage to the extension for what must outlive the panel
//   (high scores); navigation asks the extension to open another panel.
import type { GameListing } from '../../core/protocol/game.js';

export interface Host {
  readonly kind: 'browser' | 'vscode';
  /** Base URL of the game server (http or https), or null when there is none (Lines runs locally). */
  serverUrl(): string | null;
  /** A start parameter (`?seed=`, `?game=`, `?owner=` in a browser). */
  param(name: string): string | null;
  /** Kept state (JSON data), or undefined. */
  load<T>(key: string): T | undefined;
  save(key: string, value: unknown): void;
  remove(key: string): void;
  /** The user's language (BCP 47), for choosing the strings. */
  language(): string;
  /**
   * The page is in game `gameId` now, as a player or a watcher: a reload comes back the same
   * way (a browser writes `?game=` and `watch=1` into its address, a VS Code panel into its
   * state; a player's seat key is kept apart). A watcher's page came back to the join form.
   */
  entered(gameId: string, watching: boolean): void;
  /** Opens another panel ('lines', 'yatzee', 'cardwords', 'lobby') with parameters (VS Code: a game's play list). */
  open(panel: 'lines' | 'yatzee' | 'cardwords' | 'lobby', params?: Record<string, string>): void;
  /**
   * Calls `listener` when the host changes parameters or kept values while the panel is open
   * (VS Code: the user changed `cardwords.cardSize` or a coordinate option); the panel reads
   * them again with param() and load().
   */
  onUpdate(listener: () => void): void;
  /**
   * The server's open games (`GET /games`), or null when the list is out of reach. A browser
   * page fetches it from its own origin; a VS Code webview, whose origin is not the server's
   * (the server answers that path to its own origin only), asks the extension host for it.
   */
  games(): Promise<GameListing[] | null>;
}

const PREFIX = 'cardwords.';

/** The address parameters a game page keeps once it has created its game: the owner's token (where it is still there) and the language. */
const KEPT_AFTER_CREATE = ['owner', 'lang'] as const;

/**
 * A page's address (its `search`) once the game it created is in: `?game=` with the language
 * kept, and what made the game dropped (`quick=1`, `seed=`, `humans=`…: a reload must not
 * create another). The owner's token is no longer in the address by then (media/ui/page.ts
 * `checkOwner` took it out once the browser kept it: a friend given the address was the
 * owner); it stays only in a browser that keeps no storage, where a reload still needs it.
 */
export function createdGameSearch(search: string, gameId: string): string {
  const now = new URLSearchParams(search);
  const next = new URLSearchParams({ game: gameId });
  for (const k of KEPT_AFTER_CREATE) {
    const v = now.get(k);
    if (v !== null) next.set(k, v);
  }
  return `?${next.toString()}`;
}

export class BrowserHost implements Host {
  readonly kind = 'browser' as const;

  onUpdate(): void {
    // a page's parameters are its URL: they change only with a new page
  }
  private readonly params: URLSearchParams;

  constructor(private readonly storage: Storage | null = safeStorage(), search = location.search) {
    this.params = new URLSearchParams(search);
  }

  /**
   * The folder the page was served from: the server's own root, or the path a proxy serves
   * it under (code-server's `/proxy/PORT/`, which a VS Code panel's invite link gives).
   */
  serverUrl(): string {
    return new URL('.', location.href).href.replace(/\/$/, '');
  }

  param(name: string): string | null {
    return this.params.get(name);
  }

  entered(gameId: string, watching: boolean): void {
    if (typeof history === 'undefined') return;
    // the address as it is now (a quick game's `quick=1` was already replaced: not brought back)
    const params = new URLSearchParams(location.search);
    params.set('game', gameId);
    if (watching) params.set('watch', '1');
    else params.delete('watch');
    const search = `?${params.toString()}`;
    if (search !== location.search) history.replaceState(history.state, '', search);
  }

  load<T>(key: string): T | undefined {
    try {
      const s = this.storage?.getItem(PREFIX + key);
      return s === null || s === undefined ? undefined : (JSON.parse(s) as T);
    } catch {
      return undefined;
    }
  }

  save(key: string, value: unknown): void {
    try {
      this.storage?.setItem(PREFIX + key, JSON.stringify(value));
    } catch {
      // storage full or disabled: the game goes on without it
    }
  }

  remove(key: string): void {
    try {
      this.storage?.removeItem(PREFIX + key);
    } catch {
      // ignore
    }
  }

  language(): string {
    return this.params.get('lang') ?? navigator.language ?? 'en';
  }

  open(panel: 'lines' | 'yatzee' | 'cardwords' | 'lobby', params: Record<string, string> = {}): void {
    const q = new URLSearchParams(params).toString();
    location.href = `./${panel === 'lobby' ? '' : `${panel}.html`}${q ? `?${q}` : ''}`;
  }

  async games(): Promise<GameListing[] | null> {
    try {
      const r = await fetch(`${this.serverUrl()}/games`, { cache: 'no-store' });
      const body: unknown = r.ok ? await r.json() : null;
      return Array.isArray(body) ? (body as GameListing[]) : null;
    } catch {
      return null;
    }
  }
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
