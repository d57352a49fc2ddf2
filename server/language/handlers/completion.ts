// textDocument/completion
import type { ServerContext } from '../context.js';

export function register(ctx: ServerContext): void {
  ctx.connection.onCompletion((params) =>
    ctx.guard('completion', null, async () => {
      const view = ctx.view(params.textDocument.uri);
      if (!view) return null;
      return ctx.service.complete(view, params.position, await ctx.workspace.contextFor(view.name));
    }),
  );
}
