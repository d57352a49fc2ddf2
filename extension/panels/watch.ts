// Calls back (debounced) when the followed document or a Cardwords file in its folder
// changes in an editor or is saved: what a preview of that ruleset depends on.
import * as vscode from 'vscode';

const EXTENSIONS = /\.(charset|cardset|cardtable|bonus|dict)$|(^|\/)ruleset\.json$/;

export function folderOf(uri: vscode.Uri): string {
  return uri.with({ path: uri.path.replace(/\/[^/]*$/, '') }).toString();
}

export function sameFolder(a: vscode.Uri, b: vscode.Uri): boolean {
  return folderOf(a) === folderOf(b);
}

export class RulesetWatcher implements vscode.Disposable {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly disposables: vscode.Disposable[];

  constructor(target: () => vscode.Uri, callback: () => void, delayMs: number) {
    const touch = (uri: vscode.Uri) => {
      // the followed document itself always counts: an unsaved one (`untitled:Untitled-1`)
      // has no file extension and no folder
      const own = uri.toString() === target().toString();
      if (!own && (!EXTENSIONS.test(uri.path) || !sameFolder(uri, target()))) return;
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        this.timer = undefined;
        callback();
      }, delayMs);
    };
    this.disposables = [
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0) touch(e.document.uri);
      }),
      vscode.workspace.onDidSaveTextDocument((d) => touch(d.uri)),
      vscode.workspace.onDidCloseTextDocument((d) => touch(d.uri)),
    ];
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const d of this.disposables) d.dispose();
  }
}
