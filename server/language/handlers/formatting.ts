// textDocument/formatting (the canonical printer)
import { MessageType, ShowMessageNotification } from 'vscode-languageserver/node';
import type { ServerContext } from '../context.js';

export function register(ctx: ServerContext): void {
  ctx.connection.onDocumentFormatting((params) =>
    ctx.guard('formatting', [], async () => {
      const view = ctx.view(params.textDocument.uri);
      if (!view) return [];
      // an error that would lose text: nothing formatted, and said why (an empty answer alone
      // looks like a formatter that did nothing)
      const refused = ctx.service.formatRefusal(view);
      if (refused !== null) {
        // a notification, as LSP's window/showMessage (showInformationMessage asks a request of the client)
        void ctx.connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message: refused });
        return [];
      }
      // a card set's charset keeps equivalent characters on one line
      return ctx.service.format(view, view.kind === 'cardset' ? await ctx.workspace.contextFor(view.name) : undefined);
    }),
  );
}
