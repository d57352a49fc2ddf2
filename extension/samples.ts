// "Cardwords: Open Sample Ruleset" (the walkthrough's first step): copies the bundled seed
// example (samples/seed-example, the original README's files) into the extension's global
// storage, once, and opens its card table.
import * as vscode from 'vscode';

export const SAMPLE = 'seed-example';
const FILES = ['example.charset', 'example.cardset', 'example.cardtable', 'example.bonus', 'example.dict'];

export async function openSample(context: vscode.ExtensionContext): Promise<vscode.TextEditor> {
  const source = vscode.Uri.joinPath(context.extensionUri, 'samples', SAMPLE);
  const target = vscode.Uri.joinPath(context.globalStorageUri, 'samples', SAMPLE);
  await vscode.workspace.fs.createDirectory(target);
  for (const f of FILES) {
    const to = vscode.Uri.joinPath(target, f);
    try {
      await vscode.workspace.fs.stat(to);
    } catch {
      await vscode.workspace.fs.copy(vscode.Uri.joinPath(source, f), to, { overwrite: false });
    }
  }
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(target, 'example.cardtable'));
  return vscode.window.showTextDocument(doc, { preview: false });
}
