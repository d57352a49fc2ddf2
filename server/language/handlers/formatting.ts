// textDocument/formatting (the canonical printer)
import type { ServerContext } from '../context.js';

export function register(ctx: ServerContext): void {
  ctx.connection.onDocumentFormatting((params) =>
    ctx.guard('formatting', [], () => {
      const view = ctx.view(params.textDocument.uri);
      return view ? ctx.service.format(view) : [];
    }),
  );
}
