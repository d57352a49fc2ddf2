// "Playtest this ruleset": robots play the ruleset of a file (language server request
// cardwords/playtest) with the progress in a cancellable notification, then a webview shows
// the report: charts, the card table and the heat map of covered cells drawn over the
// card-table preview (cardwords/tablePreview).
import * as vscode from 'vscode';
import { WorkDoneProgress, type LanguageClient, type WorkDoneProgressReport, type WorkDoneProgressBegin, type WorkDoneProgressEnd } from 'vscode-languageclient/node';
import { LANGUAGE_IDS, PLAYTEST_LIMITS, PLAYTEST_METHOD, TABLE_PREVIEW_METHOD, type PlaytestParams, type PlaytestReport, type TablePreview } from '../../core/protocol/language.js';
import type { FromWebview, ToWebview } from '../webview/messages.js';
import { webviewHtml, webviewOptions } from './html.js';
import { PLAYTEST_STRINGS, translate } from '../strings.js';

export const PLAYTEST_VIEW = 'cardwords.playtest';

let counter = 0;

/**
 * Saves the ruleset's modified files (the Cardwords documents of the folder) before the
 * playtest, which plays the files on disk: what the author sees is what is tested, as a
 * task saves before it runs. False when a save failed (the user is told).
 */
async function saveRuleset(uri: vscode.Uri): Promise<boolean> {
  const folder = vscode.Uri.joinPath(uri, '..').toString();
  const ours = new Set<string>(Object.values(LANGUAGE_IDS));
  for (const d of vscode.workspace.textDocuments) {
    if (!d.isDirty || !ours.has(d.languageId) || vscode.Uri.joinPath(d.uri, '..').toString() !== folder) continue;
    if (!(await d.save())) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Playtest: {0} could not be saved.', vscode.workspace.asRelativePath(d.uri)));
      return false;
    }
  }
  return true;
}

/** Runs a playtest of the ruleset of `uri`; resolves to the report, or undefined when cancelled or failed (the user is told). */
export async function runPlaytest(context: vscode.ExtensionContext, client: LanguageClient, output: vscode.LogOutputChannel, uri: vscode.Uri, games?: number): Promise<PlaytestReport | undefined> {
  let count = games;
  if (count === undefined) {
    const input = await vscode.window.showInputBox({
      title: vscode.l10n.t('Playtest this ruleset'),
      prompt: vscode.l10n.t('How many robot games?'),
      value: String(PLAYTEST_LIMITS.games.default),
      validateInput: (v) => (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= PLAYTEST_LIMITS.games.max ? undefined : vscode.l10n.t('A whole number from 1 to {0}', PLAYTEST_LIMITS.games.max)),
    });
    if (!input) return undefined;
    count = Number(input);
  }
  await client.start();
  if (!(await saveRuleset(uri))) return undefined;
  const token = `cardwords-playtest-${process.pid}-${++counter}`;
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Playtest'), cancellable: true }, async (progress, cancel) => {
    let last = 0;
    const sub = client.onProgress(WorkDoneProgress.type, token, (v: WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd) => {
      if (v.kind === 'end') return;
      const pct = v.percentage ?? last;
      progress.report({ message: v.message ?? '', increment: Math.max(0, pct - last) });
      last = Math.max(last, pct);
    });
    const source = new vscode.CancellationTokenSource();
    const cancelled = cancel.onCancellationRequested(() => source.cancel());
    try {
      const params: PlaytestParams = { uri: uri.toString(), games: count, workDoneToken: token };
      const report = await client.sendRequest<PlaytestReport>(PLAYTEST_METHOD, params, source.token);
      const preview = await client.sendRequest<TablePreview>(TABLE_PREVIEW_METHOD, { uri: uri.toString() }).catch(() => null);
      PlaytestPanel.show(context, report, preview);
      return report;
    } catch (e) {
      if (source.token.isCancellationRequested) {
        void vscode.window.setStatusBarMessage(vscode.l10n.t('Playtest cancelled'), 5000);
        return undefined;
      }
      const text = e instanceof Error ? e.message : String(e);
      output.warn(`playtest of ${uri.toString()}: ${text}`);
      // a refusal for the ruleset's errors lists them a line each (file:line:col: ...), which a
      // notification folds into one run-on line: its first line there, the list in the log
      const [first, ...rest] = text.split('\n');
      if (rest.length === 0) void vscode.window.showErrorMessage(vscode.l10n.t('The playtest failed: {0}', text));
      else {
        const all = vscode.l10n.t('Show All');
        void vscode.window.showErrorMessage(vscode.l10n.t('The playtest failed: {0}', first ?? ''), all).then((c) => {
          if (c === all) output.show(true);
        });
      }
      return undefined;
    } finally {
      sub.dispose();
      cancelled.dispose();
      source.dispose();
    }
  });
}

/** The report's webview (one; a new report replaces the shown one). */
export class PlaytestPanel {
  private static current: PlaytestPanel | undefined;
  private message: ToWebview;

  static show(context: vscode.ExtensionContext, report: PlaytestReport, preview: TablePreview | null): void {
    const message: ToWebview = { type: 'playtest', report, preview, strings: translate(PLAYTEST_STRINGS) };
    const cur = PlaytestPanel.current;
    if (cur) {
      cur.message = message;
      cur.panel.title = vscode.l10n.t('Playtest: {0}', report.ruleset.name);
      cur.panel.reveal(vscode.ViewColumn.Beside, true);
      void cur.panel.webview.postMessage(message);
      return;
    }
    const panel = vscode.window.createWebviewPanel(PLAYTEST_VIEW, vscode.l10n.t('Playtest: {0}', report.ruleset.name), { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, webviewOptions(context));
    PlaytestPanel.current = new PlaytestPanel(context, panel, message);
  }

  private constructor(
    context: vscode.ExtensionContext,
    private readonly panel: vscode.WebviewPanel,
    message: ToWebview,
  ) {
    this.message = message;
    panel.webview.html = webviewHtml(context, panel.webview, 'playtest.js', vscode.l10n.t('Playtest'));
    panel.webview.onDidReceiveMessage((m: FromWebview) => {
      if (m.type === 'ready') void panel.webview.postMessage(this.message);
    });
    panel.onDidDispose(() => {
      if (PlaytestPanel.current === this) PlaytestPanel.current = undefined;
    });
  }
}
