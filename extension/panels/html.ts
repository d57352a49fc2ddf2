// The HTML shell of every Cardwords webview: a strict Content-Security-Policy with a nonce,
// scripts and styles from dist/webview only (localResourceRoots, asWebviewUri).
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

export function webviewRoot(context: vscode.ExtensionContext): vscode.Uri {
  return vscode.Uri.joinPath(context.extensionUri, 'dist', 'webview');
}

export function webviewOptions(context: vscode.ExtensionContext): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return { enableScripts: true, retainContextWhenHidden: false, localResourceRoots: [webviewRoot(context)] };
}

function escape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function webviewHtml(context: vscode.ExtensionContext, webview: vscode.Webview, script: string, title: string): string {
  const nonce = randomBytes(16).toString('base64');
  const root = webviewRoot(context);
  const scriptUri = webview.asWebviewUri(vscode.Uri.joinPath(root, script));
  const styleUri = webview.asWebviewUri(vscode.Uri.joinPath(root, 'styles.css'));
  const csp = [`default-src 'none'`, `img-src ${webview.cspSource} data:`, `style-src ${webview.cspSource}`, `font-src ${webview.cspSource}`, `script-src 'nonce-${nonce}'`].join('; ');
  return `<!DOCTYPE html>
<html lang="${escape(vscode.env.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${styleUri.toString()}">
<title>${escape(title)}</title>
</head>
<body>
<div id="app"></div>
<script nonce="${nonce}" src="${scriptUri.toString()}"></script>
</body>
</html>`;
}
