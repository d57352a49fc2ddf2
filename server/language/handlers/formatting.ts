// textDocument/formatting (the canonical printer)
import type { ServerContext } from '../context.js';

export function register(ctx: ServerContext): void {
  ctx.connection.onDocumentFormatting((params) =>
    ctx.guard('formatting', [], async () => {
      const view = ctx.view(params.textDocument.uri);
      if (!view) return [];
      // a card set's charset keeps equivalent characters on one line
      return ctx.service.format(view, view.kind === 'cardset' ? await ctx.workspace.contextFor(view.name) : undefined);
    }),
  );
}
