// textDocument/hover
import type { ServerContext } from '../context.js';

export function register(ctx: ServerContext): void {
  ctx.connection.onHover((params) =>
    ctx.guard('hover', null, async () => {
      const view = ctx.view(params.textDocument.uri);
      if (!view) return null;
      return ctx.service.hover(view, params.position, await ctx.workspace.contextFor(view.name));
    }),
  );
}
