// textDocument/hover (on a card set, with the card values learned for its ruleset)
import { plainHover } from '../../../core/language/degrade.js';
import type { ServerContext } from '../context.js';

export function register(ctx: ServerContext): void {
  ctx.connection.onHover((params) =>
    ctx.guard('hover', null, async () => {
      const view = ctx.view(params.textDocument.uri);
      if (!view) return null;
      const learned = view.kind === 'cardset' ? await ctx.learned.forCardset(view.name) : undefined;
      const h = ctx.service.hover(view, params.position, await ctx.workspace.contextFor(view.name), learned);
      return ctx.client.markdown ? h : plainHover(h);
    }),
  );
}
