// textDocument/codeAction (quick fixes)
import type { ServerContext } from '../context.js';

export function register(ctx: ServerContext): void {
  ctx.connection.onCodeAction((params) =>
    ctx.guard('code actions', [], async () => {
      const view = ctx.view(params.textDocument.uri);
      if (!view) return [];
      if (params.context.only && !params.context.only.some((k) => k === 'quickfix' || 'quickfix'.startsWith(`${k}.`) || k === '')) return [];
      return ctx.service.codeActions(view, params.context.diagnostics, await ctx.workspace.contextFor(view.name));
    }),
  );
}
