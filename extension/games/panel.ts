// The game panels: webviews running the game UI's bundles (dist/web/<game>.js, media/,
// docs/ui.md) with the VS Code host (media/ui/host-vscode.ts). The page gets its start
// configuration in a meta element; scripts need the nonce; the only network the CSP allows
// is the game server's origin (http and ws). A WebviewPanelSerializer per game brings a
// panel back after a reload, on the same kind of server (the local one is started again:
// its games and owner token are kept in its data folder, so the seat is taken back).
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { FromGameWebview, GameHostConfig, GameHostState, GamePanelKind, SettingsUpdate, StoredUpdate } from '../../media/ui/host-vscode.js';
import { cardSize, coordinates, loginName, player } from '../config.js';
import { connectSources, isLoopback } from './address.js';
import { heldGameIds } from '../../media/ui/seats.js';
import { answerGames } from './listing.js';
import { openElsewhere, sameGame, withOpenGame, withoutOpenGame, type OpenGame } from './openGames.js';
import { refOf, type Connection, type Servers } from './servers.js';
import { tr } from '../strings.js';

export const GAME_VIEWS: Record<GamePanelKind, string> = {
  lines: 'cardwords.lines',
  yatzee: 'cardwords.yatzee',
  cardwords: 'cardwords.cardwords',
};

const STORE_KEY = 'cardwords.gameStore';
/** globalState: the games the windows' panels show (extension/games/openGames.ts). */
const OPEN_GAMES_KEY = 'cardwords.openGames';

type ShownGame = Omit<OpenGame, 'host'>;

function escapeAttr(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The start parameters that come from the settings. */
function settingsParams(): Record<string, string> {
  return { cardSize: String(cardSize()) };
}

/** The kept values that come from the settings (the Cardwords panel's coordinate options). */
function settingsStore(): Record<string, unknown> {
  const n = coordinates();
  return { 'cardwords.coords': { digitsForColumns: n.digitsForColumns, colsRight: n.columnsGrowRightwards, rowsUp: n.rowsGrowUpwards } };
}

function titleOf(kind: GamePanelKind): string {
  return kind === 'lines' ? vscode.l10n.t('Lines') : kind === 'yatzee' ? vscode.l10n.t('Yatzee') : vscode.l10n.t('Cardwords');
}

export class GamePanels {
  private readonly panels = new Set<vscode.WebviewPanel>();
  /** The game each panel of this window shows, once it is known (picked, restored, or its seat taken). */
  private readonly games = new Map<vscode.WebviewPanel, ShownGame>();

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly servers: Servers,
    private readonly output: vscode.LogOutputChannel,
  ) {}

  get count(): number {
    return this.panels.size;
  }

  /** The card size and the coordinate options reach every open panel at once when they change. */
  watchSettings(): vscode.Disposable {
    return vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration('cardwords.cardSize') && !e.affectsConfiguration('cardwords.coordinates')) return;
      const message: SettingsUpdate = { type: 'settings', params: settingsParams(), store: settingsStore() };
      for (const p of this.panels) void p.webview.postMessage(message);
    });
  }

  private options(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    const root = this.context.extensionUri;
    return {
      enableScripts: true,
      retainContextWhenHidden: true, // a live game keeps its connection while the tab is hidden
      localResourceRoots: [vscode.Uri.joinPath(root, 'media'), vscode.Uri.joinPath(root, 'dist', 'web')],
    };
  }

  /** This window's panel of that game, if one is open: a second panel of it showed the seat twice. */
  shown(kind: GamePanelKind, game: string, address: string): vscode.WebviewPanel | undefined {
    for (const [p, g] of this.games) if (sameGame(g, { kind, game, address })) return p;
    return undefined;
  }

  open(kind: GamePanelKind, connection: Connection | undefined, params: Record<string, string>): vscode.WebviewPanel {
    const open = params.game && connection ? this.shown(kind, params.game, connection.address) : undefined;
    if (open) {
      open.reveal();
      return open;
    }
    const panel = vscode.window.createWebviewPanel(GAME_VIEWS[kind], titleOf(kind), vscode.ViewColumn.Active, this.options());
    this.attach(panel, kind, connection, params);
    return panel;
  }

  serializer(kind: GamePanelKind): vscode.WebviewPanelSerializer<GameHostState> {
    return {
      deserializeWebviewPanel: async (panel, state) => {
        panel.webview.options = this.options();
        let connection: Connection | undefined;
        const game = state?.params?.game;
        if (kind !== 'lines' && state?.server && game) {
          // a tab of another window on this folder (code-server keeps one layout per folder),
          // whose game that window still shows: not opened a second time here
          const elsewhere = openElsewhere(this.openGames(), { kind, game, address: state.server.address }, process.pid);
          if (elsewhere) {
            this.output.info(`not restoring the ${kind} panel of ${game} on ${state.server.address}: open in another window (extension host ${elsewhere.host})`);
            void vscode.window.showInformationMessage(tr('{0}: the game {1} is already open in another window.', titleOf(kind), game));
            panel.dispose();
            return;
          }
        }
        if (kind !== 'lines' && state?.server) {
          try {
            connection = await this.servers.reconnect(state.server);
          } catch (e) {
            this.output.warn(`restoring a ${kind} panel: ${e instanceof Error ? e.message : String(e)}`);
          }
          if (!connection) {
            panel.webview.html = `<!DOCTYPE html><html><body><p>${escapeAttr(vscode.l10n.t('The game server is not reachable.'))}</p></body></html>`;
            return;
          }
          // a local server started again has the same owner token (its data folder keeps it)
          const open = game ? this.shown(kind, game, connection.address) : undefined;
          if (open) {
            open.reveal();
            panel.dispose();
            return;
          }
        }
        this.attach(panel, kind, connection, state?.params ?? {});
      },
    };
  }

  private attach(panel: vscode.WebviewPanel, kind: GamePanelKind, connection: Connection | undefined, params: Record<string, string>): void {
    this.panels.add(panel);
    panel.title = titleOf(kind); // a restored tab: its title in today's language
    void this.webUrl(connection).then((url) => {
      if (this.panels.has(panel)) panel.webview.html = this.html(panel.webview, kind, connection, url, params);
    });
    if (kind !== 'lines' && connection && params.game) this.showing(panel, { kind, game: params.game, address: connection.address });
    const subs = [
      panel.webview.onDidReceiveMessage((m: FromGameWebview) => void this.receive(m, panel, kind, connection)),
      panel.onDidDispose(() => {
        this.panels.delete(panel);
        this.showing(panel, undefined);
        for (const s of subs) s.dispose();
      }),
    ];
  }

  private openGames(): OpenGame[] {
    const list = this.context.globalState.get<unknown>(OPEN_GAMES_KEY);
    return Array.isArray(list) ? (list as OpenGame[]) : [];
  }

  /** Keeps what `panel` shows, here and for the other windows (undefined: closed). */
  private showing(panel: vscode.WebviewPanel, game: ShownGame | undefined): void {
    const before = this.games.get(panel);
    if (before && game && sameGame(before, game)) return;
    let list = this.openGames();
    if (before) {
      this.games.delete(panel);
      // another panel of this window may show it still (a watch beside the seat)
      if (!this.shown(before.kind, before.game, before.address)) list = withoutOpenGame(list, { host: process.pid, ...before });
    }
    if (game) {
      this.games.set(panel, game);
      list = withOpenGame(list, { host: process.pid, ...game });
    }
    void this.context.globalState.update(OPEN_GAMES_KEY, list);
  }

  /**
   * The server URL as the webview reaches it. The local server, and a server connected to
   * at a loopback address (`npm start` on the same machine), listen on the extension host's
   * loopback; where the UI runs elsewhere (Remote SSH, a remote code-server, Codespaces)
   * `asExternalUri` forwards the port or maps it to a proxy URL. On a desktop it is the same
   * URL. (A loopback server given as is failed in code-server: the webview's fetches of
   * another loopback port never reached it.)
   */
  private async webUrl(c: Connection | undefined): Promise<string | null> {
    if (!c) return null;
    if (c.kind !== 'local' && !isLoopback(c.url)) return c.url;
    try {
      const external = (await vscode.env.asExternalUri(vscode.Uri.parse(`${c.url}/`))).toString(true).replace(/\/$/, '');
      if (external !== c.url) this.servers.log.appendLine(`the webviews reach ${c.url} as ${external}`);
      return external;
    } catch {
      return c.url;
    }
  }

  private store(): Record<string, unknown> {
    return this.context.globalState.get<Record<string, unknown>>(STORE_KEY) ?? {};
  }

  /** The games of `kind` whose seats the panels keep (closed panels too): the play list offers them back. */
  heldSeats(kind: 'yatzee' | 'cardwords'): Set<string> {
    const store = this.store();
    return heldGameIds({ load: <T>(key: string) => store[key] as T | undefined }, kind);
  }

  private async receive(m: FromGameWebview, panel: vscode.WebviewPanel, kind: GamePanelKind, connection: Connection | undefined): Promise<void> {
    if (m.type === 'save' || m.type === 'remove') {
      // the seat the panel took names its game (a new game, a quick one): known from now on
      const seat = m.type === 'save' && m.key === `${kind}.seat` ? (m.value as { gameId?: unknown } | null) : null;
      if (kind !== 'lines' && connection && typeof seat?.gameId === 'string') this.showing(panel, { kind, game: seat.gameId, address: connection.address });
      const store = { ...this.store() };
      if (m.type === 'save') store[m.key] = m.value;
      else delete store[m.key];
      await this.context.globalState.update(STORE_KEY, store);
      // the other open panels' copies follow (media/ui/host-vscode.ts StoredUpdate): one writing its stale seat list dropped another game's seat
      const stored: StoredUpdate = m.type === 'save' ? { type: 'stored', key: m.key, value: m.value } : { type: 'stored', key: m.key };
      for (const p of this.panels) if (p !== panel) void p.webview.postMessage(stored);
    } else if (m.type === 'open') {
      if (m.panel === 'lobby') return;
      await vscode.commands.executeCommand(m.panel === 'lines' ? 'cardwords.playLines' : m.panel === 'yatzee' ? 'cardwords.playYatzee' : 'cardwords.playCardwords');
    } else if (m.type === 'games' && typeof m.id === 'number') {
      // the join page's Join and Watch are judged by the list, which the webview cannot
      // fetch (another origin): fetched here from the server's own URL, not the webview's
      const answer = await answerGames(m, connection?.url ?? null);
      if (this.panels.has(panel)) void panel.webview.postMessage(answer);
    }
  }

  private html(webview: vscode.Webview, kind: GamePanelKind, connection: Connection | undefined, url: string | null, params: Record<string, string>): string {
    const nonce = randomBytes(16).toString('base64');
    const root = this.context.extensionUri;
    const script = webview.asWebviewUri(vscode.Uri.joinPath(root, 'dist', 'web', `${kind}.js`));
    const style = webview.asWebviewUri(vscode.Uri.joinPath(root, 'media', 'style.css'));
    const me = player();
    const store: Record<string, unknown> = { ...this.store() };
    if (me.name) {
      store['yatzee.name'] = me.name;
      store['cardwords.name'] = me.name;
    }
    if (me.alt) store['cardwords.alt'] = me.alt;
    const login = loginName();
    for (const key of ['yatzee.name', 'cardwords.name']) if (store[key] === undefined && login) store[key] = login;
    // the settings' coordinate options (the panel's own choice, kept in its state, wins until the settings change)
    Object.assign(store, settingsStore());
    const config: GameHostConfig = {
      panel: kind,
      serverUrl: url,
      server: connection ? refOf(connection) : null,
      // the owner token comes from the connection each time (the local server's, or the one
      // kept in SecretStorage for a remote server); the page keeps it out of its state
      params: { ...settingsParams(), ...params, ...(connection?.owner ? { owner: connection.owner } : {}) },
      language: vscode.env.language,
      store,
    };
    const csp = [
      `default-src 'none'`,
      `img-src ${webview.cspSource} data:`,
      `style-src ${webview.cspSource}`,
      `font-src ${webview.cspSource}`,
      `script-src 'nonce-${nonce}'`,
      `connect-src ${url ? connectSources(url) : `'none'`}`,
    ].join('; ');
    return `<!DOCTYPE html>
<html lang="${escapeAttr(vscode.env.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<meta name="color-scheme" content="light dark">
<meta name="cardwords-host" content="${escapeAttr(JSON.stringify(config))}">
<link rel="stylesheet" href="${style.toString()}">
<title>${escapeAttr(titleOf(kind))}</title>
</head>
<body class="panel ${kind} vscode">
<main id="main"></main>
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
  }
}
