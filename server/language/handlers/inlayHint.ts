// textDocument/inlayHint (on a card set, with the card values learned for its ruleset)
import type { ServerContext } from '../context.js';

export function register(ctx: ServerContext): void {
  ctx.connection.languages.inlayHint.on((params) =>
    ctx.guard('inlay hints', [], async () => {
      const view = ctx.view(params.textDocument.uri);
      if (!view) return [];
      if (view.kind !== 'cardset') return ctx.service.inlayHints(view, params.range);
      const learned = await ctx.learned.forCardset(view.name);
      if (learned.state !== 'learned') return ctx.service.inlayHints(view, params.range);
      return ctx.service.inlayHints(view, params.range, await ctx.workspace.contextFor(view.name), learned);
    }),
  );
}
