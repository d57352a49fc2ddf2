// What every handler gets: the connection, the open documents, the workspace (files on disk
// and rulesets), the language service, and a guard that turns any failure into a logged,
// harmless answer (the server never crashes and answers every request).
import type { Connection, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { FileKind } from '../../core/formats/types.js';
import { TextDocumentView, type LanguageService } from '../../core/language/index.js';
import type { LspDiagnostic } from '../../core/language/lsp.js';
import type { LearnedValuesReader } from './learned.js';
import { kindOf, type Workspace } from './workspace.js';

export interface ServerContext {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  workspace: Workspace;
  service: LanguageService;
  /** The card values learned for a card set's ruleset, read from the robots' cache. */
  learned: LearnedValuesReader;
  /** A view of an open document (cached per version), or undefined if it is not ours. */
  view(uri: string): TextDocumentView | undefined;
  /** A view of any file: the open document, else the file on disk. */
  viewAnywhere(uri: string): Promise<TextDocumentView | undefined>;
  /** What the client said it can do (initialize); features degrade for what it cannot. */
  client: {
    snippets: boolean;
    inlayRefresh: boolean;
    /** It registers symbol providers dynamically: the server re-registers on a coordinate change (handlers/documentSymbol.ts). */
    symbolRegistration: boolean;
    /** It shows Markdown in hovers (else they are sent as plain text). */
    markdown: boolean;
    /** It takes DocumentSymbol trees (else a flat SymbolInformation list). */
    hierarchicalSymbols: boolean;
    /** It takes CodeAction literals (else each quick fix comes as a Command to run, handlers/codeAction.ts). */
    codeActionLiterals: boolean;
  };
  /** The diagnostics last published for each open document: quick fixes act on these (a client may send them back altered, core/language/actions.ts). */
  published: Map<string, LspDiagnostic[]>;
  /** Runs `fn`, logging any exception and answering `fallback` instead. */
  guard<T>(what: string, fallback: T, fn: () => T | Promise<T>): Promise<T>;
}

export function makeViews(documents: TextDocuments<TextDocument>, workspace: Workspace) {
  const cache = new Map<string, { version: number; view: TextDocumentView }>();
  const view = (uri: string): TextDocumentView | undefined => {
    const doc = documents.get(uri);
    if (!doc) return undefined;
    const hit = cache.get(uri);
    if (hit && hit.version === doc.version) return hit.view;
    const kind: FileKind | undefined = kindOf(uri, doc.languageId);
    if (!kind) return undefined;
    const v = new TextDocumentView(uri, kind, doc.getText(), doc.version);
    cache.set(uri, { version: doc.version, view: v });
    return v;
  };
  const viewAnywhere = async (uri: string): Promise<TextDocumentView | undefined> => {
    const open = view(uri);
    if (open) return open;
    const kind = kindOf(uri);
    if (!kind) return undefined;
    const { uriToPath } = await import('./workspace.js');
    const path = uriToPath(uri);
    if (!path) return undefined;
    const s = await workspace.source(path);
    return s ? new TextDocumentView(s.name, kind, s.text, null) : undefined;
  };
  const forget = (uri: string) => cache.delete(uri);
  return { view, viewAnywhere, forget };
}
