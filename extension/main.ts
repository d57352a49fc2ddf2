// The Cardwords VS Code extension: languages and grammars (package.json), the language
// client, the card-table preview and the distribution chart. Bundled by scripts/build.mjs
// into dist/extension.cjs (CommonJS, `vscode` external).
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { COMMANDS, LANGUAGE_IDS } from '../core/protocol/language.js';
import { createClient } from './client.js';
import { DISTRIBUTION_VIEW, DistributionPanel } from './panels/distribution.js';
import { TABLE_PREVIEW_VIEW, TablePreviewPanel } from './panels/tablePreview.js';
import { openSample } from './samples.js';

/** Set by the bundle's first and last lines (scripts/build.mjs): when the module began and ended loading. */
declare const __cardwordsLoadStart: number | undefined;
declare const __cardwordsLoadEnd: number | undefined;
const loadStart = typeof __cardwordsLoadStart === 'number' ? __cardwordsLoadStart : performance.now();

let client: LanguageClient | undefined;

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
    vscode.commands.registerCommand('cardwords.openSample', () => openSample(context)),
    vscode.commands.registerCommand('cardwords.showLog', () => output.show(true)),
    vscode.commands.registerCommand('cardwords.restartServer', () => lc.restart()),
    vscode.window.registerWebviewPanelSerializer(TABLE_PREVIEW_VIEW, TablePreviewPanel.serializer(context, lc, output)),
    vscode.window.registerWebviewPanelSerializer(DISTRIBUTION_VIEW, DistributionPanel.serializer(context, lc, output)),
  );
  // The server starts right after activation (spawning it is not activation's business).
  setImmediate(() => {
    const serverStart = performance.now();
    lc.start().then(
      () => output.info(`language server ready in ${(performance.now() - serverStart).toFixed(0)} ms`),
      (e: unknown) => output.error(`language server failed to start: ${e instanceof Error ? e.message : String(e)}`),
    );
  });
  // Activation as VS Code counts it: loading the code plus the activate() call (the host's
  // own work between the two, such as preparing the extension context, is not ours).
  const now = performance.now();
  const loadEnd = typeof __cardwordsLoadEnd === 'number' ? __cardwordsLoadEnd : activateStart;
  const load = loadEnd - loadStart;
  const call = now - activateStart;
  output.info(`Cardwords activated in ${(load + call).toFixed(1)} ms (code loading ${load.toFixed(1)} ms, activate() ${call.toFixed(1)} ms, host between them ${(activateStart - loadEnd).toFixed(1)} ms)`);
}

export function deactivate(): Thenable<void> | undefined {
  return client?.stop();
}
