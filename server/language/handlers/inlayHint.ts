// textDocument/inlayHint
import type { ServerContext } from '../context.js';

export function register(ctx: ServerContext): void {
  ctx.connection.languages.inlayHint.on((params) =>
    ctx.guard('inlay hints', [], () => {
      const view = ctx.view(params.textDocument.uri);
      return view ? ctx.service.inlayHints(view, params.range) : [];
    }),
  );
}
