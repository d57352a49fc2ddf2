// textDocument/documentSymbol
//
// Symbols name cells ("(3,0) O12"), so a coordinate setting renames them. LSP has no refresh
// request for symbols, and VS Code asks again only at the next edit; it does ask again when
// a provider's registration changes. So where the client registers symbol providers
// dynamically, the server registers this one itself and registers it afresh on a
// coordinate change (`reregister`); other clients get the static capability.
import { DocumentSymbolRequest, type Disposable } from 'vscode-languageserver';
import { flatSymbols } from '../../../core/language/degrade.js';
import type { ServerContext } from '../context.js';

/** Per server: the live registration, at the end of the chain that keeps re-registrations in order. */
const registrations = new WeakMap<ServerContext, Promise<Disposable | undefined>>();

export function register(ctx: ServerContext): void {
  ctx.connection.onDocumentSymbol((params) =>
    ctx.guard('document symbols', [], async () => {
      const view = ctx.view(params.textDocument.uri);
      if (!view) return [];
      const symbols = ctx.service.documentSymbols(view, await ctx.workspace.contextFor(view.name));
      return ctx.client.hierarchicalSymbols ? symbols : flatSymbols(params.textDocument.uri, symbols);
    }),
  );
  ctx.connection.onInitialized(() => {
    if (ctx.client.symbolRegistration) reregister(ctx);
  });
}

/** Drops the dynamic registration (if any) and registers again: the client asks for every open document's symbols anew. */
export function reregister(ctx: ServerContext): void {
  if (!ctx.client.symbolRegistration) return;
  const previous = registrations.get(ctx) ?? Promise.resolve(undefined);
  const next = previous.then(async (old) => {
    await ctx.guard('unregistering document symbols', undefined, () => old?.dispose());
    // documentSelector null: the client's own selector (the files it starts this server for)
    return ctx.guard('registering document symbols', undefined, () => ctx.connection.client.register(DocumentSymbolRequest.type, { documentSelector: null }));
  });
  registrations.set(ctx, next);
}
