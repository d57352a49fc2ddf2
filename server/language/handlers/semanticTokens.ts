// textDocument/semanticTokens/full
import type { ServerContext } from '../context.js';

export function register(ctx: ServerContext): void {
  ctx.connection.languages.semanticTokens.on((params) =>
    ctx.guard('semantic tokens', { data: [] }, () => {
      const view = ctx.view(params.textDocument.uri);
      return view ? ctx.service.semanticTokens(view) : { data: [] };
    }),
  );
}
