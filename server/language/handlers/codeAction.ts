// textDocument/codeAction (quick fixes), and workspace/executeCommand for a client that takes
// no CodeAction literals (LSP 3.8's codeActionLiteralSupport): it gets each fix as a Command
// of `cardwords.applyFix` with the fix's edit, and running it sends the edit back to the
// client as workspace/applyEdit.
import type { Command, WorkspaceEdit } from 'vscode-languageserver';
import type { ServerContext } from '../context.js';

export const APPLY_FIX = 'cardwords.applyFix';

/** The edit of a command's arguments, if it is one we could have sent (bounded). */
function editOf(args: unknown): WorkspaceEdit | undefined {
  if (!Array.isArray(args) || args.length !== 1) return undefined;
  const e = args[0] as { changes?: unknown } | null;
  if (!e || typeof e !== 'object' || !e.changes || typeof e.changes !== 'object') return undefined;
  const files = Object.entries(e.changes as Record<string, unknown>);
  if (files.length === 0 || files.length > 16) return undefined;
  for (const [uri, edits] of files) {
    if (uri.length > 4096 || !Array.isArray(edits) || edits.length > 10_000) return undefined;
  }
  return e as WorkspaceEdit;
}

export function register(ctx: ServerContext): void {
  ctx.connection.onCodeAction((params) =>
    ctx.guard('code actions', [], async () => {
      const view = ctx.view(params.textDocument.uri);
      if (!view) return [];
      if (params.context.only && !params.context.only.some((k) => k === 'quickfix' || 'quickfix'.startsWith(`${k}.`) || k === '')) return [];
      const actions = ctx.service.codeActions(view, params.context.diagnostics, await ctx.workspace.contextFor(view.name), ctx.published.get(params.textDocument.uri), params.range);
      if (ctx.client.codeActionLiterals) return actions;
      return actions.filter((a) => a.edit).map((a): Command => ({ title: a.title, command: APPLY_FIX, arguments: [a.edit] }));
    }),
  );
  ctx.connection.onExecuteCommand((params) =>
    ctx.guard('executing a command', null, async () => {
      const edit = params.command === APPLY_FIX ? editOf(params.arguments) : undefined;
      if (edit) await ctx.connection.workspace.applyEdit(edit);
      return null;
    }),
  );
}
