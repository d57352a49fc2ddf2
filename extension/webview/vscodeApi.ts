/// <reference lib="dom" />
// The webview side of VS Code's API (acquireVsCodeApi may be called once per page).
import type { FromWebview, PanelState } from './messages.js';

interface VsCodeApi {
  postMessage(message: FromWebview): void;
  getState(): PanelState | undefined;
  setState(state: PanelState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

export const vscode: VsCodeApi = acquireVsCodeApi();

/** English text unless the host sent a translation. */
export function t(strings: Record<string, string> | undefined, english: string, ...args: Array<string | number>): string {
  const s = strings?.[english] ?? english;
  return s.replace(/\{(\d+)\}/g, (m, i: string) => (args[Number(i)] !== undefined ? String(args[Number(i)]) : m));
}

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}
