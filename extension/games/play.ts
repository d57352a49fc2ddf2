// The play commands: Lines opens at once; Yatzee and Cardwords need a server (the current
// one, else the remote of the settings, else a local server started now), then a game: a
// new one when the user is the owner, or one of the server's open games (GET /games).
import * as vscode from 'vscode';
import type { GamePanelKind } from '../../media/ui/host-vscode.js';
import { localServerSettings, player } from '../config.js';
import type { GamePanels } from './panel.js';
import type { Connection, Servers } from './servers.js';
import type { GameListing } from '../../core/protocol/game.js';

/** An older server may leave out `maxPlayers`. */
type OpenGame = Omit<GameListing, 'maxPlayers'> & { maxPlayers?: number };

interface GameItem extends vscode.QuickPickItem {
  game?: string;
  /** "Play against a robot": you and one robot of this level, no form. */
  robot?: 'best' | 'good' | 'casual';
}

async function openGames(c: Connection, kind: string): Promise<OpenGame[]> {
  const r = await fetch(`${c.url}/games`, { signal: AbortSignal.timeout(5000) });
  if (!r.ok) return [];
  const games = (await r.json()) as OpenGame[];
  return Array.isArray(games) ? games.filter((g) => g.kind === kind && (g.state === 'waiting' || g.state === 'playing')) : [];
}

export async function play(kind: GamePanelKind, servers: Servers, panels: GamePanels): Promise<vscode.WebviewPanel | undefined> {
  if (kind === 'lines') return panels.open('lines', undefined, {});
  let c: Connection | undefined;
  try {
    c = await servers.ensure();
  } catch (e) {
    void vscode.window.showErrorMessage(vscode.l10n.t('No Cardwords server: {0}', e instanceof Error ? e.message : String(e)));
    return undefined;
  }
  if (!c) return undefined;
  let games: OpenGame[] = [];
  try {
    games = await openGames(c, kind);
  } catch {
    // the list is a convenience: a new game can still be made
  }
  const items: GameItem[] = [];
  if (c.owner && kind === 'cardwords') {
    items.push(
      { label: `$(hubot) ${vscode.l10n.t('Play against a robot')}`, description: vscode.l10n.t('the best robot'), robot: 'best' },
      { label: `$(hubot) ${vscode.l10n.t('Play against a robot')}`, description: vscode.l10n.t('a good robot'), robot: 'good' },
      { label: `$(hubot) ${vscode.l10n.t('Play against a robot')}`, description: vscode.l10n.t('a casual robot'), robot: 'casual' },
    );
  }
  if (c.owner) items.push({ label: `$(add) ${vscode.l10n.t('New game')}`, description: c.address });
  for (const g of games) {
    items.push({
      label: `$(play) ${g.id}`,
      description: vscode.l10n.t('{0} players, {1} robots, {2}', String(g.players), String(g.robots), g.state),
      game: g.id,
    });
  }
  if (!items.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No open game on {0}. Its owner creates games (with the owner link).', c.address));
    return undefined;
  }
  const pick = items.length === 1 ? items[0] : await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Play on {0}', c.address), placeHolder: vscode.l10n.t('A new game or an open one') });
  if (!pick) return undefined;
  const params: Record<string, string> = {};
  if (pick.game) params.game = pick.game;
  if (c.owner) params.owner = c.owner;
  if (pick.robot) Object.assign(params, { quick: '1', level: pick.robot });
  if (kind === 'cardwords') {
    const s = localServerSettings();
    const me = player();
    Object.assign(params, { humans: String(s.humans), robots: String(s.robots), watchers: String(s.watchers) });
    if (me.name) params.name = me.name;
    if (me.alt) params.alt = me.alt;
  }
  return panels.open(kind, c, params);
}
