// The language client: the bundled language server (dist/language-server.js) over Node IPC,
// run by VS Code's own Node. Settings go along as initializationOptions and, when they
// change, as workspace/didChangeConfiguration with the `cardwords` section.
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { LANGUAGE_IDS } from '../core/protocol/language.js';
import { cacheFolder } from './cache.js';
import { languageSettings, SECTION } from './config.js';

export function createClient(context: vscode.ExtensionContext, output: vscode.OutputChannel): LanguageClient {
  const module = context.asAbsolutePath('dist/language-server.js');
  // the local game server's cache too (extension/cache.ts)
  const env = { CARDWORDS_CACHE_DIR: cacheFolder(context) }; // merged into the environment
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc, options: { env } },
    debug: { module, transport: TransportKind.ipc, options: { env, execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: Object.values(LANGUAGE_IDS).flatMap((language) => [
      { scheme: 'file', language },
      { scheme: 'untitled', language },
    ]),
    initializationOptions: languageSettings(),
    synchronize: { configurationSection: SECTION },
    outputChannel: output,
  };
  return new LanguageClient('cardwords', vscode.l10n.t('Cardwords Language Server'), serverOptions, clientOptions);
}
