// textDocument/completion
import { withoutSnippets } from '../../../core/language/completion.js';
import type { ServerContext } from '../context.js';

export function register(ctx: ServerContext): void {
  ctx.connection.onCompletion((params) =>
    ctx.guard('completion', null, async () => {
      const view = ctx.view(params.textDocument.uri);
      if (!view) return null;
      const list = ctx.service.complete(view, params.position, await ctx.workspace.contextFor(view.name));
      return ctx.client.snippets ? list : withoutSnippets(list);
    }),
  );
}
