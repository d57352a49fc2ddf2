// textDocument/documentSymbol
import type { ServerContext } from '../context.js';

export function register(ctx: ServerContext): void {
  ctx.connection.onDocumentSymbol((params) =>
    ctx.guard('document symbols', [], async () => {
      const view = ctx.view(params.textDocument.uri);
      if (!view) return [];
      return ctx.service.documentSymbols(view, await ctx.workspace.contextFor(view.name));
    }),
  );
}
