// The Cardwords language server: thin LSP handlers (handlers/, one module per method) over
// the editor-independent language service (core/language). Transport-agnostic: `start()`
// takes a connection; `cardwords lsp --stdio` (Emacs, Neovim) and `--node-ipc` (VS Code)
// make one (server/cli/commands/lsp.ts, server/language/main.ts).
import { format } from 'node:util';
import { TextDocumentSyncKind, TextDocuments, type Connection, type InitializeResult } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LanguageService, SEMANTIC_TOKENS_LEGEND } from '../../core/language/index.js';
import type { LanguageSettings } from '../../core/protocol/language.js';
import { VERSION } from '../cli/version.js';
import { makeViews, type ServerContext } from './context.js';
import { DiagnosticsScheduler } from './diagnostics.js';
import * as codeAction from './handlers/codeAction.js';
import * as codeLens from './handlers/codeLens.js';
import * as completion from './handlers/completion.js';
import * as distribution from './handlers/distribution.js';
import * as documentSymbol from './handlers/documentSymbol.js';
import * as foldingRange from './handlers/foldingRange.js';
import * as formatting from './handlers/formatting.js';
import * as hover from './handlers/hover.js';
import * as inlayHint from './handlers/inlayHint.js';
import * as semanticTokens from './handlers/semanticTokens.js';
import * as tablePreview from './handlers/tablePreview.js';
import * as playtest from './handlers/playtest.js';
import { LearnedValuesReader } from './learned.js';
import { kindOf, uriToPath, Workspace } from './workspace.js';
import { dirname, join } from 'node:path';
import { fileKindOf } from '../../core/formats/index.js';

export const CAPABILITIES: InitializeResult['capabilities'] = {
  textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
  completionProvider: { triggerCharacters: ['[', ' '], resolveProvider: false },
  hoverProvider: true,
  codeActionProvider: { codeActionKinds: ['quickfix'] },
  documentFormattingProvider: true,
  documentSymbolProvider: true,
  foldingRangeProvider: true,
  semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: true },
  inlayHintProvider: true,
  codeLensProvider: { resolveProvider: false },
};

/** Keeps stdout for the protocol: console output goes to the client's log instead. */
function redirectConsole(connection: Connection): void {
  const to = (f: (m: string) => void) => (...args: unknown[]) => f(format(...args));
  console.log = to((m) => connection.console.log(m));
  console.info = to((m) => connection.console.info(m));
  console.debug = to((m) => connection.console.log(m));
  console.warn = to((m) => connection.console.warn(m));
  console.error = to((m) => connection.console.error(m));
}

export function start(connection: Connection): ServerContext {
  redirectConsole(connection);
  const documents = new TextDocuments(TextDocument);
  const workspace = new Workspace(documents);
  const service = new LanguageService();
  const views = makeViews(documents, workspace);
  const guard = async <T>(what: string, fallback: T, fn: () => T | Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (e) {
      connection.console.error(`cardwords: ${what} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return fallback;
    }
  };
  const learned = new LearnedValuesReader();
  const ctx: ServerContext = { connection, documents, workspace, service, learned, view: views.view, viewAnywhere: views.viewAnywhere, published: new Map(), guard, client: { snippets: true, inlayRefresh: false, symbolRegistration: false, markdown: true, hierarchicalSymbols: true, codeActionLiterals: true } };
  const diagnostics = new DiagnosticsScheduler(ctx);

  connection.onInitialize((params) => {
    service.configure(settingsOf(params.initializationOptions));
    // Every text in the client's language (VS Code, eglot and Neovim send one).
    if (typeof params.locale === 'string' && params.locale.length <= 35) service.locale = params.locale;
    ctx.client.inlayRefresh = params.capabilities.workspace?.inlayHint?.refreshSupport === true;
    // Without snippet support (eglot, lsp-mode without yasnippet) completion inserts plain text.
    ctx.client.snippets = params.capabilities.textDocument?.completion?.completionItem?.snippetSupport === true;
    ctx.client.symbolRegistration = params.capabilities.textDocument?.documentSymbol?.dynamicRegistration === true;
    // Markdown and symbol trees only where declared (eglot sends Markdown only with markdown-mode)
    ctx.client.markdown = params.capabilities.textDocument?.hover?.contentFormat?.includes('markdown') === true;
    ctx.client.hierarchicalSymbols = params.capabilities.textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport === true;
    ctx.client.codeActionLiterals = params.capabilities.textDocument?.codeAction?.codeActionLiteralSupport !== undefined;
    const capabilities = { ...CAPABILITIES };
    if (ctx.client.symbolRegistration) delete capabilities.documentSymbolProvider; // registered once initialized
    // quick fixes as commands: the one command that applies them
    if (!ctx.client.codeActionLiterals) capabilities.executeCommandProvider = { commands: [codeAction.APPLY_FIX] };
    return { capabilities, serverInfo: { name: 'cardwords', version: VERSION } };
  });
  connection.onDidChangeConfiguration((params) => {
    const s = settingsOf(params.settings);
    if (s) {
      const cells = JSON.stringify(service.coordinates);
      service.configure(s);
      for (const d of documents.all()) diagnostics.schedule(d.uri);
      // Inlay hints and symbols name cells: the client asks again (hovers and the preview are asked per request).
      if (ctx.client.inlayRefresh) void connection.languages.inlayHint.refresh().catch(() => undefined);
      if (JSON.stringify(service.coordinates) !== cells) documentSymbol.reregister(ctx);
    }
  });

  documents.onDidOpen((e) => {
    workspace.syncWatchers();
    // Opening a file changes the texts its siblings are checked against (editor over disk).
    diagnostics.scheduleSiblings(e.document.uri, kindOf(e.document.uri, e.document.languageId) ?? null);
  });
  documents.onDidChangeContent((e) => {
    diagnostics.schedule(e.document.uri);
    if (e.document.version > 1 || documents.all().length > 1) diagnostics.scheduleSiblings(e.document.uri, kindOf(e.document.uri, e.document.languageId) ?? null);
  });
  documents.onDidClose((e) => {
    views.forget(e.document.uri);
    diagnostics.clear(e.document.uri);
    workspace.syncWatchers();
    diagnostics.scheduleSiblings(e.document.uri, kindOf(e.document.uri, e.document.languageId) ?? null);
  });
  workspace.onDiskChange = (dir, file) => {
    const kind = file === null ? null : (fileKindOf(file) ?? (file === 'ruleset.json' ? null : undefined));
    if (kind === undefined) return; // not a ruleset file
    diagnostics.scheduleFolder(dir, kind, 60);
  };
  connection.onDidChangeWatchedFiles((params) => {
    for (const c of params.changes) {
      const p = uriToPath(c.uri);
      if (!p) continue;
      const file = p.slice(dirname(p).length + 1);
      workspace.invalidate(dirname(p), file);
      if (join(dirname(p), file) === p) diagnostics.scheduleFolder(dirname(p), fileKindOf(file) ?? null, 60);
    }
  });

  for (const feature of [completion, hover, codeAction, formatting, documentSymbol, foldingRange, semanticTokens, inlayHint, codeLens, tablePreview, distribution, playtest]) {
    feature.register(ctx);
  }
  connection.onShutdown(() => {
    diagnostics.dispose();
    workspace.dispose();
  });

  documents.listen(connection);
  connection.listen();
  return ctx;
}

function settingsOf(raw: unknown): LanguageSettings | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as { cardwords?: unknown };
  const s = r.cardwords && typeof r.cardwords === 'object' ? r.cardwords : raw;
  return s as LanguageSettings;
}
