// The card-table preview panel beside the editor. It follows one document (a card table,
// or another file of its ruleset), asks the language server for its tablePreview model
// and redraws as any file of that folder changes (debounced), or when the settings change.
// A WebviewPanelSerializer brings it back after a reload, with the webview's saved state.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { CoordinateOptions } from '../../core/coordinates.js';
import { TABLE_PREVIEW_METHOD, type DocumentParams, type TablePreview } from '../../core/protocol/language.js';
import { cardSize, coordinates, SECTION } from '../config.js';
import { TABLE_PREVIEW_STRINGS, translate } from '../strings.js';
import type { FromWebview, PanelState, TablePreviewMessage, ToWebview } from '../webview/messages.js';
import { webviewHtml, webviewOptions } from './html.js';
import { RulesetWatcher } from './watch.js';

export const TABLE_PREVIEW_VIEW = 'cardwords.tablePreview';

export class TablePreviewPanel implements vscode.Disposable {
  private static current: TablePreviewPanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly watcher: RulesetWatcher;
  private seq = 0;

  static show(context: vscode.ExtensionContext, client: LanguageClient, output: vscode.LogOutputChannel, uri: vscode.Uri): void {
    const column = vscode.ViewColumn.Beside;
    if (TablePreviewPanel.current) {
      TablePreviewPanel.current.retarget(uri);
      TablePreviewPanel.current.panel.reveal(column, true);
      return;
    }
    const panel = vscode.window.createWebviewPanel(TABLE_PREVIEW_VIEW, title(uri), { viewColumn: column, preserveFocus: true }, webviewOptions(context));
    TablePreviewPanel.current = new TablePreviewPanel(context, client, output, panel, uri);
  }

  static serializer(context: vscode.ExtensionContext, client: LanguageClient, output: vscode.LogOutputChannel): vscode.WebviewPanelSerializer<PanelState> {
    return {
      async deserializeWebviewPanel(panel, state) {
        if (!state?.uri) {
          panel.dispose();
          return;
        }
        TablePreviewPanel.current?.panel.dispose();
        panel.webview.options = webviewOptions(context);
        TablePreviewPanel.current = new TablePreviewPanel(context, client, output, panel, vscode.Uri.parse(state.uri));
      },
    };
  }

  private constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly client: LanguageClient,
    private readonly output: vscode.LogOutputChannel,
    private readonly panel: vscode.WebviewPanel,
    private uri: vscode.Uri,
  ) {
    // A restored tab keeps the title it was saved with: set it in today's language.
    panel.title = title(uri);
    panel.webview.html = webviewHtml(context, panel.webview, 'tablePreview.js', title(uri));
    this.watcher = new RulesetWatcher(() => this.uri, () => void this.refresh(), 150);
    this.disposables.push(
      this.watcher,
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((m: FromWebview) => this.receive(m)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(SECTION)) void this.refresh();
      }),
    );
    void this.refresh();
  }

  private retarget(uri: vscode.Uri): void {
    this.uri = uri;
    this.panel.title = title(uri);
    void this.refresh();
  }

  private receive(m: FromWebview): void {
    if (m.type === 'ready') void this.refresh();
    else if (m.type === 'reveal') void this.reveal(m.column, m.row);
  }

  /** Double-click on a cell: the line of the card table that describes it. */
  private async reveal(column: number, row: number): Promise<void> {
    const doc = await vscode.workspace.openTextDocument(this.tableUri ?? this.uri);
    const re = new RegExp(`^\\s*\\(\\s*${column}\\s*,\\s*${row}\\s*\\)`);
    let line = 0;
    for (let i = 0; i < doc.lineCount; i++) if (re.test(doc.lineAt(i).text)) line = i;
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One, selection: new vscode.Range(line, 0, line, 0) });
  }

  private tableUri: vscode.Uri | undefined;

  async refresh(retries = 20): Promise<void> {
    const seq = ++this.seq;
    try {
      await this.client.start();
      const params: DocumentParams = { uri: this.uri.toString() };
      const model = await this.client.sendRequest<TablePreview>(TABLE_PREVIEW_METHOD, params);
      if (seq !== this.seq) return; // a newer request is on its way
      this.tableUri = vscode.Uri.parse(model.uri);
      const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === model.uri);
      const stale = (open && model.version !== null && model.version < open.version) || !sameCoordinates(model.coordinates, coordinates(this.uri));
      if (stale && retries > 0) {
        // The server has not seen the last edit or the new settings yet: ask again shortly.
        setTimeout(() => void this.refresh(retries - 1), 100);
        return;
      }
      const message: TablePreviewMessage = { type: 'tablePreview', model, cellSize: cardSize(this.uri), strings: translate(TABLE_PREVIEW_STRINGS) };
      await this.post(message);
    } catch (e) {
      if (seq !== this.seq) return;
      const text = e instanceof Error ? e.message : String(e);
      this.output.warn(`table preview of ${this.uri.toString()}: ${text}`);
      await this.post({ type: 'error', message: vscode.l10n.t('No card table to preview: {0}', text) });
    }
  }

  private async post(message: ToWebview): Promise<void> {
    await this.panel.webview.postMessage(message);
  }

  dispose(): void {
    if (TablePreviewPanel.current === this) TablePreviewPanel.current = undefined;
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }
}

function sameCoordinates(a: CoordinateOptions, b: CoordinateOptions): boolean {
  return a.digitsForColumns === b.digitsForColumns && a.columnsGrowRightwards === b.columnsGrowRightwards && a.rowsGrowUpwards === b.rowsGrowUpwards;
}

function title(uri: vscode.Uri): string {
  return vscode.l10n.t('Preview: {0}', uri.path.split('/').pop() ?? uri.path);
}
