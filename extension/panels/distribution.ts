// The distribution statistics panel: cards per character against the dictionaries'
// frequency (language server request cardwords/distribution), drawn as an SVG chart by
// the webview. Follows one ruleset; refreshes when its files change (debounced).
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { DISTRIBUTION_METHOD, type DistributionStats, type DocumentParams } from '../../core/protocol/language.js';
import { DISTRIBUTION_STRINGS, translate } from '../strings.js';
import type { FromWebview, PanelState, ToWebview } from '../webview/messages.js';
import { webviewHtml, webviewOptions } from './html.js';
import { RulesetWatcher } from './watch.js';

export const DISTRIBUTION_VIEW = 'cardwords.distribution';

export class DistributionPanel implements vscode.Disposable {
  private static current: DistributionPanel | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private seq = 0;

  static show(context: vscode.ExtensionContext, client: LanguageClient, output: vscode.LogOutputChannel, uri: vscode.Uri): void {
    if (DistributionPanel.current) {
      DistributionPanel.current.uri = uri;
      DistributionPanel.current.panel.reveal(vscode.ViewColumn.Beside, true);
      void DistributionPanel.current.refresh();
      return;
    }
    const panel = vscode.window.createWebviewPanel(DISTRIBUTION_VIEW, vscode.l10n.t('Distribution'), { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, webviewOptions(context));
    DistributionPanel.current = new DistributionPanel(context, client, output, panel, uri);
  }

  static serializer(context: vscode.ExtensionContext, client: LanguageClient, output: vscode.LogOutputChannel): vscode.WebviewPanelSerializer<PanelState> {
    return {
      async deserializeWebviewPanel(panel, state) {
        if (!state?.uri) {
          panel.dispose();
          return;
        }
        DistributionPanel.current?.panel.dispose();
        panel.webview.options = webviewOptions(context);
        DistributionPanel.current = new DistributionPanel(context, client, output, panel, vscode.Uri.parse(state.uri));
      },
    };
  }

  private constructor(
    context: vscode.ExtensionContext,
    private readonly client: LanguageClient,
    private readonly output: vscode.LogOutputChannel,
    private readonly panel: vscode.WebviewPanel,
    private uri: vscode.Uri,
  ) {
    // A restored tab keeps the title it was saved with: set it in today's language.
    panel.title = vscode.l10n.t('Distribution');
    panel.webview.html = webviewHtml(context, panel.webview, 'distribution.js', vscode.l10n.t('Distribution'));
    this.disposables.push(
      new RulesetWatcher(() => this.uri, () => void this.refresh(), 400),
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((m: FromWebview) => {
        if (m.type === 'ready') void this.refresh();
      }),
    );
    void this.refresh();
  }

  async refresh(): Promise<void> {
    const seq = ++this.seq;
    try {
      await this.client.start();
      const params: DocumentParams = { uri: this.uri.toString() };
      const stats = await this.client.sendRequest<DistributionStats>(DISTRIBUTION_METHOD, params);
      if (seq !== this.seq) return;
      this.panel.title = vscode.l10n.t('Distribution: {0}', stats.ruleset);
      await this.post({ type: 'distribution', stats, strings: translate(DISTRIBUTION_STRINGS) }, this.uri.toString());
    } catch (e) {
      if (seq !== this.seq) return;
      const text = e instanceof Error ? e.message : String(e);
      this.output.warn(`distribution of ${this.uri.toString()}: ${text}`);
      await this.post({ type: 'error', message: vscode.l10n.t('No distribution for this file: {0}', text) }, this.uri.toString());
    }
  }

  private async post(message: ToWebview, uri: string): Promise<void> {
    await this.panel.webview.postMessage({ ...message, uri });
  }

  dispose(): void {
    if (DistributionPanel.current === this) DistributionPanel.current = undefined;
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }
}
