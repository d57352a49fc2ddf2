/// <reference lib="dom" />
// The webview side of VS Code's API (acquireVsCodeApi may be called once per page).
import { formatMessage, type MessageArg } from '../../core/l10n/format.js';
import type { FromWebview, PanelState } from './messages.js';

interface VsCodeApi {
  postMessage(message: FromWebview): void;
  getState(): PanelState | undefined;
  setState(state: PanelState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

export const vscode: VsCodeApi = acquireVsCodeApi();

/** English text unless the host sent a translation; plurals by the page's language (VS Code's). */
export function t(strings: Record<string, string> | undefined, english: string, ...args: MessageArg[]): string {
  return formatMessage(strings?.[english] ?? english, args, document.documentElement.lang || navigator.language);
}

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}
