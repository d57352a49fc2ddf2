// The one cache folder of the extension's processes: the language server and the local game
// server read and write word graphs, the Yatzee robot's table and the card values learned by
// self-play there, so values the local server's robots learn show in the card set's hovers,
// and a playtest run from the editor teaches the local server's robots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type * as vscode from 'vscode';

export function cacheFolder(context: vscode.ExtensionContext): string {
  const dir = join(context.globalStorageUri.fsPath, 'cache');
  mkdirSync(dir, { recursive: true });
  return dir;
}
