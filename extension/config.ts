// The extension's settings (package.json contributes.configuration), read in one place.
import * as vscode from 'vscode';
import type { LanguageSettings } from '../core/protocol/language.js';
import type { Notation } from './webview/messages.js';

export const SECTION = 'cardwords';

function cfg(scope?: vscode.Uri): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(SECTION, scope);
}

export function notation(scope?: vscode.Uri): Notation {
  const c = cfg(scope);
  return {
    digitsForColumns: c.get<boolean>('coordinates.digitsForColumns', false),
    columnsGrowRightwards: c.get<boolean>('coordinates.columnsGrowRightwards', true),
    rowsGrowUpwards: c.get<boolean>('coordinates.rowsGrowUpwards', false),
  };
}

/** Pixel size of a card-table cell in the preview (the seed's card size). */
export function cardSize(scope?: vscode.Uri): number {
  const v = cfg(scope).get<number>('cardSize', 32);
  return Math.min(96, Math.max(16, Number.isFinite(v) ? v : 32));
}

/** What the language server reads (core/protocol/language.ts LanguageSettings). */
export function languageSettings(scope?: vscode.Uri): LanguageSettings {
  const c = cfg(scope);
  return { players: c.get<number>('players', 2), coordinates: { digitsForColumns: c.get<boolean>('coordinates.digitsForColumns', false) } };
}
