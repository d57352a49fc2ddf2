// textDocument/codeLens ("Preview table", "Show distribution")
import type { ServerContext } from '../context.js';

export function register(ctx: ServerContext): void {
  ctx.connection.onCodeLens((params) =>
    ctx.guard('code lenses', [], () => {
      const view = ctx.view(params.textDocument.uri);
      return view ? ctx.service.codeLenses(view) : [];
    }),
  );
}
