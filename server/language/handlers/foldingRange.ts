// textDocument/foldingRange
import type { ServerContext } from '../context.js';

export function register(ctx: ServerContext): void {
  ctx.connection.onFoldingRanges((params) =>
    ctx.guard('folding ranges', [], () => {
      const view = ctx.view(params.textDocument.uri);
      return view ? ctx.service.foldingRanges(view) : [];
    }),
  );
}
