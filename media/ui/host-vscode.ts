/// <reference lib="dom" />
// The VS Code webview host (docs/ui.md "Host", docs/vscode.md "Game panels"). The extension
// (extension/games/) writes the start configuration into the page as
// `<meta name="cardwords-host" content="JSON">`, so everything the panels ask synchronously
// (server URL, parameters, language) is there before the first line of the panel runs.
// State lives in the webview's own state (acquireVsCodeApi().getState/setState), which
// VS Code hands to the extension's WebviewPanelSerializer after a reload; the keys that must
// outlive a panel (high score, settings, names) also go to the extension (postMessage),
// which keeps them in its globalState and puts them into the next panel's configuration.
import type { GameListing } from '../../core/protocol/game.js';
import { BrowserHost, type Host } from './host.js';

export type GamePanelKind = 'lines' | 'yatzee' | 'cardwords';

/** Which server a panel talks to, as the extension describes it (kept in the state for a restore). */
export interface ServerRef {
  kind: 'local' | 'remote';
  /** host:port (remote), or the port of the local server when the panel was opened. */
  address: string;
}

/** The page's start configuration, written by the extension. */
export interface GameHostConfig {
  panel: GamePanelKind;
  /** http(s) base URL of the game server, or null (Lines). */
  serverUrl: string | null;
  server: ServerRef | null;
  params: Record<string, string>;
  language: string;
  /** Values the extension keeps for every panel (globalState); the panel's own state wins, but for the seats (withoutSeats). */
  store: Record<string, unknown>;
}

/** What the webview keeps with setState (and the serializer receives). */
export interface GameHostState {
  v: 1;
  panel: GamePanelKind;
  server: ServerRef | null;
  params: Record<string, string>;
  store: Record<string, unknown>;
}

export type FromGameWebview =
  | { type: 'save'; key: string; value: unknown }
  | { type: 'remove'; key: string }
  | { type: 'open'; panel: 'lines' | 'yatzee' | 'lobby' | 'cardwords'; params: Record<string, string> }
  | { type: 'title'; title: string }
  | GamesRequest;

/**
 * From a panel: the server's open games, please (`GET /games`). The webview's own fetch of it
 * fails (its origin, vscode-webview://..., is not the server's, and the server gives that
 * path no CORS header), so the extension host, a Node process, fetches it and answers with
 * `GamesAnswer` of the same id.
 */
export interface GamesRequest {
  type: 'games';
  id: number;
}

/** From the extension to the panel that asked: the listing, or null when the server did not answer. */
export interface GamesAnswer {
  type: 'games';
  id: number;
  games: GameListing[] | null;
}

/**
 * From the extension to every other open panel: a kept value (GLOBAL_KEYS) another panel saved
 * (`value`) or removed (none). Each panel writes a seat list whole from its own copy: a copy
 * left stale dropped the seat another panel had kept since (a panel's game ended, its seat
 * forgotten, and with it the seat of the game another panel played, which the play list then
 * offered to watch only, the game waiting for ever).
 */
export interface StoredUpdate {
  type: 'stored';
  key: string;
  value?: unknown;
}

/** From the extension to an open panel: settings changed (the values the page was built with). */
export interface SettingsUpdate {
  type: 'settings';
  params: Record<string, string>;
  store: Record<string, unknown>;
}

/**
 * Keys the extension keeps beyond one panel (globalState); the rest stays with the panel.
 * The seats too, as a browser keeps them in localStorage: a player who closed a game's panel
 * takes the seat back when they open the game again (without it: "that name is taken").
 */
export const GLOBAL_KEYS: readonly string[] = ['lines.high', 'lines.settings', 'yatzee.name', 'yatzee.hints', 'yatzee.seat', 'yatzee.seats', 'cardwords.name', 'cardwords.alt', 'cardwords.seat', 'cardwords.seats'];

/**
 * What the page never writes into the webview's state (VS Code keeps that on disk for a
 * restore): the owner token, as parameter or kept value. The extension hands it to every
 * panel it opens or restores, from the local server or from SecretStorage.
 */
const UNKEPT = 'owner';

interface VsCodeApi {
  postMessage(message: FromGameWebview): void;
  getState(): GameHostState | undefined;
  setState(state: GameHostState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

export const CONFIG_META = 'cardwords-host';

export class VsCodeHost implements Host {
  readonly kind = 'vscode' as const;
  private readonly state: GameHostState;

  constructor(
    private readonly config: GameHostConfig,
    private readonly api: VsCodeApi,
  ) {
    const kept = api.getState();
    const own = kept && kept.v === 1 && kept.panel === config.panel ? kept : undefined;
    this.state = {
      v: 1,
      panel: config.panel,
      server: config.server,
      params: { ...(own?.params ?? {}), ...config.params },
      store: { ...config.store, ...withoutSeats(own?.store ?? {}) },
    };
    this.keep();
  }

  /** Another panel saved or removed a kept value (StoredUpdate): this panel's copy follows. */
  stored(message: StoredUpdate): void {
    if (!GLOBAL_KEYS.includes(message.key)) return;
    if (message.value === undefined) delete this.state.store[message.key];
    else this.state.store[message.key] = message.value;
    this.keep();
  }

  /** setState without the owner token (UNKEPT). */
  private keep(): void {
    const { [UNKEPT]: _p, ...params } = this.state.params;
    const { [UNKEPT]: _s, ...store } = this.state.store;
    this.api.setState({ ...this.state, params, store });
  }

  serverUrl(): string | null {
    return this.config.serverUrl;
  }

  param(name: string): string | null {
    return this.state.params[name] ?? null;
  }

  load<T>(key: string): T | undefined {
    return this.state.store[key] as T | undefined;
  }

  entered(gameId: string, watching: boolean): void {
    this.state.params.game = gameId;
    if (watching) this.state.params.watch = '1';
    else delete this.state.params.watch;
    this.keep();
  }

  save(key: string, value: unknown): void {
    // a copy: the panel may change its object after saving it
    const copy: unknown = value === undefined ? undefined : JSON.parse(JSON.stringify(value));
    this.state.store[key] = copy;
    // A seat taken (`yatzee.seat`, `cardwords.seat`: { gameId, ... }) names the game a
    // reload must go back to, as `?game=` does in a browser.
    const gameId = (copy as { gameId?: unknown } | null)?.gameId;
    if (key.endsWith('.seat') && typeof gameId === 'string') this.state.params.game = gameId;
    this.keep();
    if (GLOBAL_KEYS.includes(key)) this.api.postMessage({ type: 'save', key, value: copy });
  }

  remove(key: string): void {
    delete this.state.store[key];
    this.keep();
    if (GLOBAL_KEYS.includes(key)) this.api.postMessage({ type: 'remove', key });
  }

  language(): string {
    return this.config.language || 'en';
  }

  open(panel: 'lines' | 'yatzee' | 'cardwords' | 'lobby', params: Record<string, string> = {}): void {
    this.api.postMessage({ type: 'open', panel, params });
  }

  private gamesAsked = 0;
  private readonly gamesWaiting = new Map<number, (games: GameListing[] | null) => void>();

  games(): Promise<GameListing[] | null> {
    const id = ++this.gamesAsked;
    return new Promise((resolve) => {
      this.gamesWaiting.set(id, resolve);
      this.api.postMessage({ type: 'games', id });
    });
  }

  /** The extension's answer to a `games` request (one answer per id; others are dropped). */
  answerGames(message: GamesAnswer): void {
    const resolve = this.gamesWaiting.get(message.id);
    this.gamesWaiting.delete(message.id);
    resolve?.(Array.isArray(message.games) ? message.games : null);
  }

  private readonly listeners: Array<() => void> = [];

  onUpdate(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** The extension's settings changed: they win over the panel's own choice (the user just made them). */
  update(message: SettingsUpdate): void {
    Object.assign(this.state.params, message.params);
    Object.assign(this.state.store, message.store);
    this.keep();
    for (const l of this.listeners) l();
  }
}

/**
 * The panel's own kept values without the seats: a restored panel's copy of them is as old as
 * its last save, and the extension's (the configuration) has every panel's since (seats.ts).
 */
function withoutSeats(store: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(store).filter(([k]) => !/^(yatzee|cardwords)\.seats?$/.test(k)));
}

function isStoredUpdate(m: unknown): m is StoredUpdate {
  const u = m as Partial<StoredUpdate> | null;
  return typeof u === 'object' && u !== null && u.type === 'stored' && typeof u.key === 'string';
}

function isSettingsUpdate(m: unknown): m is SettingsUpdate {
  const u = m as Partial<SettingsUpdate> | null;
  return typeof u === 'object' && u !== null && u.type === 'settings' && typeof u.params === 'object' && u.params !== null && typeof u.store === 'object' && u.store !== null;
}

function isGamesAnswer(m: unknown): m is GamesAnswer {
  const a = m as Partial<GamesAnswer> | null;
  return typeof a === 'object' && a !== null && a.type === 'games' && typeof a.id === 'number' && (a.games === null || Array.isArray(a.games));
}

/** The start configuration in the page, or null outside a Cardwords webview. */
export function readHostConfig(doc: Document = document): GameHostConfig | null {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${CONFIG_META}"]`);
  if (!meta) return null;
  try {
    return JSON.parse(meta.content) as GameHostConfig;
  } catch {
    return null;
  }
}

/** The host of this page: VS Code's in a Cardwords webview, else the browser's. */
export function pickHost(): Host {
  const config = typeof acquireVsCodeApi === 'function' ? readHostConfig() : null;
  if (!config) return new BrowserHost();
  const host = new VsCodeHost(config, acquireVsCodeApi());
  // Only the extension posts into a webview (its messages come from the page's own origin).
  window.addEventListener('message', (e: MessageEvent) => {
    if (isSettingsUpdate(e.data)) host.update(e.data);
    else if (isGamesAnswer(e.data)) host.answerGames(e.data);
    else if (isStoredUpdate(e.data)) host.stored(e.data);
  });
  return host;
}
