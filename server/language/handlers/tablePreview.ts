// cardwords/tablePreview (custom request, core/protocol/language.ts)
import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import { TABLE_PREVIEW_METHOD, type DocumentParams, type TablePreview } from '../../../core/protocol/language.js';
import { TextDocumentView } from '../../../core/language/index.js';
import type { ServerContext } from '../context.js';
import { kindOf } from '../workspace.js';

export function register(ctx: ServerContext): void {
  ctx.connection.onRequest<TablePreview, void>(TABLE_PREVIEW_METHOD, async (params: DocumentParams) => {
    const failed = new ResponseError<void>(ErrorCodes.InvalidParams, 'no card table for this document');
    return ctx.guard(TABLE_PREVIEW_METHOD, failed, async () => {
      if (typeof params?.uri !== 'string') return new ResponseError<void>(ErrorCodes.InvalidParams, 'params.uri must be a string');
      // An open document is known by its language id too: an unsaved table (`untitled:`)
      // has no file name, and its text is the editor's.
      const open = ctx.view(params.uri);
      let view = open?.kind === 'cardtable' ? open : !open && kindOf(params.uri) === 'cardtable' ? await ctx.viewAnywhere(params.uri) : undefined;
      if (!view) {
        // Another file of the ruleset: its card table.
        const table = (await ctx.workspace.contextFor(params.uri)).cardtable;
        if (table) view = new TextDocumentView(table.name, 'cardtable', table.text, table.version ?? null);
      }
      return view ? ctx.service.tablePreview(view) : failed;
    });
  });
}
