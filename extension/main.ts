// The Cardwords VS Code extension: languages and grammars (package.json), the language
// client, the card-table preview and the distribution chart. Bundled by scripts/build.mjs
// into dist/extension.cjs (CommonJS, `vscode` external).
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { COMMANDS, LANGUAGE_IDS } from '../core/protocol/language.js';
import { createClient } from './client.js';
import { remoteAddress } from './config.js';
import { GAME_VIEWS, GamePanels } from './games/panel.js';
import { play, playRobot } from './games/play.js';
import { Servers } from './games/servers.js';
import { DISTRIBUTION_VIEW, DistributionPanel } from './panels/distribution.js';
import { runPlaytest } from './panels/playtest.js';
import { TABLE_PREVIEW_VIEW, TablePreviewPanel } from './panels/tablePreview.js';
import { openSample } from './samples.js';

/** Set by the bundle's first and last lines (scripts/build.mjs): when the module began and ended loading. */
declare const __cardwordsLoadStart: number | undefined;
declare const __cardwordsLoadEnd: number | undefined;
const loadStart = typeof __cardwordsLoadStart === 'number' ? __cardwordsLoadStart : performance.now();

let client: LanguageClient | undefined;
let servers: Servers | undefined;

const CARDWORDS_LANGUAGES = new Set<string>(Object.values(LANGUAGE_IDS));

/** The command's argument (a code lens passes the URI as a string), else the active editor's Cardwords file. */
function targetOf(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  if (typeof arg === 'string' && arg) return vscode.Uri.parse(arg);
  const doc = vscode.window.activeTextEditor?.document;
  if (doc && CARDWORDS_LANGUAGES.has(doc.languageId)) return doc.uri;
  const visible = vscode.window.visibleTextEditors.find((e) => CARDWORDS_LANGUAGES.has(e.document.languageId));
  return visible?.document.uri;
}

export function activate(context: vscode.ExtensionContext): void {
  const activateStart = performance.now();
  const output = vscode.window.createOutputChannel('Cardwords', { log: true });
  const lc = createClient(context, output);
  client = lc;
  const needFile = () => void vscode.window.showWarningMessage(vscode.l10n.t('Open a Cardwords file (card table, card set, charset, bonus or dictionary) first.'));
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand(COMMANDS.previewTable, (arg?: unknown) => {
      const uri = targetOf(arg);
      if (uri) TablePreviewPanel.show(context, lc, output, uri);
      else needFile();
    }),
    vscode.commands.registerCommand(COMMANDS.showDistribution, (arg?: unknown) => {
      const uri = targetOf(arg);
      if (uri) DistributionPanel.show(context, lc, output, uri);
      else needFile();
    }),
    vscode.commands.registerCommand('cardwords.playtest', (arg?: unknown, games?: unknown) => {
      const uri = targetOf(arg);
      if (!uri) return needFile();
      return runPlaytest(context, lc, output, uri, typeof games === 'number' ? games : undefined);
    }),
    vscode.commands.registerCommand('cardwords.openSample', () => openSample(context)),
    vscode.commands.registerCommand('cardwords.showLog', () => output.show(true)),
    // said in the status bar, as a started game server is (the command showed nothing)
    vscode.commands.registerCommand('cardwords.restartServer', () => lc.restart().then(() => void vscode.window.setStatusBarMessage(vscode.l10n.t('Cardwords language server restarted'), 5000))),
    vscode.window.registerWebviewPanelSerializer(TABLE_PREVIEW_VIEW, TablePreviewPanel.serializer(context, lc, output)),
    vscode.window.registerWebviewPanelSerializer(DISTRIBUTION_VIEW, DistributionPanel.serializer(context, lc, output)),
  );
  const gamesStart = performance.now();
  registerGames(context, output);
  const gamesMs = performance.now() - gamesStart;
  // The extension activates at startup too (onStartupFinished), so that the remote server of
  // before a reload shows in the status bar with nothing else done. That activation stays
  // cheap: the language server (a process) and the status bar wait for Cardwords to be used:
  // a Cardwords file open (now or later), a game command or panel; the preview, distribution
  // and playtest start the client themselves. Spawning it is never activation's business.
  let serverStart: number | undefined;
  const startLanguageServer = () => {
    if (serverStart !== undefined) return;
    serverStart = performance.now();
    servers?.showStatus();
    lc.start().then(
      () => output.info(`language server ready in ${(performance.now() - serverStart!).toFixed(0)} ms`),
      (e: unknown) => output.error(`language server failed to start: ${e instanceof Error ? e.message : String(e)}`),
    );
  };
  const isCardwords = (d: vscode.TextDocument) => CARDWORDS_LANGUAGES.has(d.languageId);
  context.subscriptions.push(
    vscode.workspace.onDidOpenTextDocument((d) => {
      if (isCardwords(d)) startLanguageServer();
    }),
  );
  setImmediate(() => {
    void servers?.restore(); // the remote server of before a reload, if it was the last one used
    if (vscode.workspace.textDocuments.some(isCardwords)) startLanguageServer();
  });
  // Activation as VS Code counts it: loading the code plus the activate() call (the host's
  // own work between the two, such as preparing the extension context, is not ours).
  const now = performance.now();
  const loadEnd = typeof __cardwordsLoadEnd === 'number' ? __cardwordsLoadEnd : activateStart;
  const load = loadEnd - loadStart;
  const call = now - activateStart;
  output.info(`Cardwords activated in ${(load + call).toFixed(1)} ms (code loading ${load.toFixed(1)} ms, activate() ${call.toFixed(1)} ms, host between them ${(activateStart - loadEnd).toFixed(1)} ms; games part of activate() ${gamesMs.toFixed(1)} ms)`);
}

/** The game side: servers (local, remote), the status bar item, the play commands and panels. */
function registerGames(context: vscode.ExtensionContext, output: vscode.LogOutputChannel): void {
  const games = new Servers(context);
  servers = games;
  const panels = new GamePanels(context, games, output);
  const failed = (what: string) => (e: unknown) => {
    const text = e instanceof Error ? e.message : String(e);
    games.log.appendLine(`${what}: ${text}`);
    void vscode.window.showErrorMessage(`${what}: ${text}`);
  };
  context.subscriptions.push(
    games,
    games.watchSettings(),
    panels.watchSettings(),
    vscode.commands.registerCommand('cardwords.playLines', () => play('lines', games, panels)),
    vscode.commands.registerCommand('cardwords.playYatzee', () => play('yatzee', games, panels)),
    vscode.commands.registerCommand('cardwords.playCardwords', () => play('cardwords', games, panels)),
    vscode.commands.registerCommand('cardwords.playRobot', () => playRobot(games, panels)),
    vscode.commands.registerCommand('cardwords.startLocalServer', () =>
      games.startLocal().then((c) => {
        void vscode.window.setStatusBarMessage(vscode.l10n.t('Cardwords server on port {0}', c.address.split(':').pop() ?? ''), 5000);
        return { port: Number(c.address.split(':').pop()), pid: games.localPid };
      }, failed(vscode.l10n.t('The local server did not start'))),
    ),
    vscode.commands.registerCommand('cardwords.stopLocalServer', async () => {
      const stopped = await games.stopLocal();
      // run with none running, it did nothing and said nothing
      if (!stopped) void vscode.window.showInformationMessage(vscode.l10n.t('No local server is running in this window: nothing to stop.'));
      return stopped;
    }),
    vscode.commands.registerCommand('cardwords.connectServer', async (arg?: unknown) => {
      const input =
        typeof arg === 'string'
          ? arg
          : await vscode.window.showInputBox({
              title: vscode.l10n.t('Connect to a Cardwords server'),
              prompt: vscode.l10n.t('host:port, or the owner link the server printed'),
              value: remoteAddress() ?? '',
              placeHolder: 'example.org:27037',
            });
      if (!input) return undefined;
      return games.connect(input).then((c) => c.address, failed(vscode.l10n.t('No connection')));
    }),
    vscode.commands.registerCommand('cardwords.showServerLog', () => games.log.show(true)),
    ...(Object.keys(GAME_VIEWS) as Array<keyof typeof GAME_VIEWS>).map((kind) => vscode.window.registerWebviewPanelSerializer(GAME_VIEWS[kind], panels.serializer(kind))),
  );
}

export async function deactivate(): Promise<void> {
  // the local server first: it must not outlive the window, whatever the language client does
  await Promise.all([servers?.shutdown(), client?.stop()]);
}
