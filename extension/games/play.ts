// The play commands: Lines opens at once; Yatzee and Cardwords need a server (the current
// one, else the remote of the settings, else a local server started now), then a game: a
// new one when the user is the owner, or one of the server's open games (GET /games).
import * as vscode from 'vscode';
import type { GamePanelKind } from '../../media/ui/host-vscode.js';
import { localServerSettings, player } from '../config.js';
import { tr } from '../strings.js';
import type { GamePanels } from './panel.js';
import type { Connection, Servers } from './servers.js';
import { fetchGames } from './listing.js';
import { judgeGames } from './offers.js';

interface GameItem extends vscode.QuickPickItem {
  game?: string;
  watch?: boolean;
}

/**
 * The server to play on, checked to answer before any list or form: a server that is down
 * (a remote one stopped, a proxy answering 500 in its place) is said so here, and the status
 * bar shows it, instead of a form whose game then fails with an HTTP status text.
 */
async function answeringServer(servers: Servers): Promise<Connection | undefined> {
  let c: Connection | undefined;
  try {
    c = await servers.ensure();
  } catch (e) {
    void vscode.window.showErrorMessage(vscode.l10n.t('No Cardwords server: {0}', e instanceof Error ? e.message : String(e)));
    return undefined;
  }
  if (!c) return undefined;
  if (await servers.answers(c)) return c;
  void vscode.window.showErrorMessage(vscode.l10n.t('The server {0} does not answer.', c.address));
  return undefined;
}

export async function play(kind: GamePanelKind, servers: Servers, panels: GamePanels): Promise<vscode.WebviewPanel | undefined> {
  if (kind === 'lines') return panels.open('lines', undefined, {});
  const c = await answeringServer(servers);
  if (!c) return undefined;
  // the list is a convenience: without it (the server answered /health) a new game can still be made
  const games = (await fetchGames(c.url)) ?? [];
  const { offers, refused } = judgeGames(games, kind, c.owner !== undefined, panels.heldSeats(kind));
  const items: GameItem[] = [];
  if (c.owner) items.push({ label: `$(add) ${vscode.l10n.t('New game')}`, description: c.address });
  for (const { game: g, watchOnly, mine } of offers) {
    const detail = mine ? vscode.l10n.t('Your seat: you take it back.') : watchOnly ? vscode.l10n.t('Every seat is taken: you watch.') : undefined;
    items.push({
      label: `${watchOnly ? '$(eye)' : '$(play)'} ${g.id}`,
      description: tr('{0, plural, one {# player} other {# players}}, {1, plural, one {# robot} other {# robots}}, {2}', g.players, g.robots, g.state === 'waiting' ? vscode.l10n.t('waiting for players') : vscode.l10n.t('playing')),
      ...(detail ? { detail } : {}),
      game: g.id,
      watch: watchOnly,
    });
  }
  if (!items.length) {
    // games in play that take nobody more are named, with why (a game in play was "no open game")
    const why = refused.map(({ game, why }) => (why === 'lobby.noWatchers' ? vscode.l10n.t('{0}: every seat is taken and it has no watcher places', game.id) : vscode.l10n.t('{0}: every seat and every watcher place is taken', game.id)));
    void vscode.window.showInformationMessage(
      why.length
        ? vscode.l10n.t('No game on {0} takes you: {1}. Its owner creates games and watches any of them (with the owner link).', c.address, why.join('; '))
        : vscode.l10n.t('No open game on {0}. Its owner creates games (with the owner link).', c.address),
    );
    return undefined;
  }
  // one choice is taken at once, unless it only watches: the list says why first
  const pick = items.length === 1 && !items[0]!.watch ? items[0] : await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Play on {0}', c.address), placeHolder: vscode.l10n.t('A new game or an open one') });
  if (!pick) return undefined;
  const params: Record<string, string> = {};
  if (pick.game) params.game = pick.game;
  if (pick.watch) params.watch = '1';
  if (kind === 'cardwords') {
    const s = localServerSettings();
    const me = player();
    Object.assign(params, { humans: String(s.humans), robots: String(s.robots), watchers: String(s.watchers) });
    if (me.name) params.name = me.name;
    if (me.alt) params.alt = me.alt;
  }
  return panels.open(kind, c, params);
}

/**
 * "Play against a robot": you and one robot of the level picked here, on the server's default
 * ruleset, with no form (the panel creates the game at once). Only the owner creates games.
 */
export async function playRobot(servers: Servers, panels: GamePanels): Promise<vscode.WebviewPanel | undefined> {
  const c = await answeringServer(servers);
  if (!c) return undefined;
  if (!c.owner) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Only the owner of {0} creates games: connect with the owner link, or play on the local server.', c.address));
    return undefined;
  }
  const levels: Array<vscode.QuickPickItem & { level: 'best' | 'good' | 'casual' }> = [
    { label: vscode.l10n.t('A good robot'), description: vscode.l10n.t('strong, not always the best move'), level: 'good' },
    { label: vscode.l10n.t('The best robot'), description: vscode.l10n.t('always the highest score'), level: 'best' },
    { label: vscode.l10n.t('A casual robot'), description: vscode.l10n.t('short words, easy to beat'), level: 'casual' },
  ];
  const pick = await vscode.window.showQuickPick(levels, { title: vscode.l10n.t('Play against a robot'), placeHolder: vscode.l10n.t('Level of the robot') });
  if (!pick) return undefined;
  const me = player();
  const params: Record<string, string> = { quick: '1', level: pick.level };
  if (me.name) params.name = me.name;
  return panels.open('cardwords', c, params);
}
