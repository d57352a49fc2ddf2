// The extension's settings (package.json contributes.configuration), read in one place.
import * as vscode from 'vscode';
import type { LanguageSettings } from '../core/protocol/language.js';
import { coordinateOptions, type CoordinateOptions } from '../core/coordinates.js';
import { userInfo } from 'node:os';
import { isRobotName, normalizeName } from '../core/games/names.js';

export const SECTION = 'cardwords';

function cfg(scope?: vscode.Uri): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(SECTION, scope);
}

/** The three coordinate options (the seed's "Use digits for the columns", ...). */
export function coordinates(scope?: vscode.Uri): CoordinateOptions {
  const c = cfg(scope);
  return coordinateOptions({
    digitsForColumns: c.get<unknown>('coordinates.digitsForColumns'),
    columnsGrowRightwards: c.get<unknown>('coordinates.columnsGrowRightwards'),
    rowsGrowUpwards: c.get<unknown>('coordinates.rowsGrowUpwards'),
  });
}

/** Pixel size of a card-table cell in the preview (the seed's card size). */
export function cardSize(scope?: vscode.Uri): number {
  const v = cfg(scope).get<number>('cardSize', 32);
  return Math.min(96, Math.max(16, Number.isFinite(v) ? v : 32));
}

/** What the language server reads (core/protocol/language.ts LanguageSettings). */
export function languageSettings(scope?: vscode.Uri): LanguageSettings {
  const c = cfg(scope);
  return { players: c.get<number>('players', 2), coordinates: coordinates(scope) };
}

/** The player: the name (and alternative name, used when the name is taken) games start with. */
export function player(): { name: string; alt: string } {
  const c = cfg();
  return { name: c.get<string>('name', '').trim(), alt: c.get<string>('alternativeName', '').trim() };
}

/**
 * The name a panel offers when neither the setting nor an earlier game gave one: the login
 * name on this machine (as git and ssh default to it), so "Play against a robot" needs no
 * form and nobody is called "Player". Spaces go: game names have none in the settings.
 */
export function loginName(): string | undefined {
  try {
    const n = normalizeName(userInfo().username.replace(/\s+/g, ''));
    return n && !isRobotName(n) ? n : undefined;
  } catch {
    return undefined; // no passwd entry (some containers)
  }
}

export interface LocalServerSettings {
  /** Ruleset folders (absolute, `~/`, or relative to the first workspace folder); empty: the bundled sample. */
  rulesets: string[];
  humans: number;
  robots: number;
  watchers: number;
  /** 0: a free port. */
  port: number;
}

export function localServerSettings(): LocalServerSettings {
  const c = cfg();
  const int = (key: string, fallback: number, min: number, max: number) => {
    const v = c.get<number>(key, fallback);
    return Number.isInteger(v) ? Math.min(max, Math.max(min, v)) : fallback;
  };
  const rulesets = c.get<unknown>('localServer.rulesets', []);
  return {
    rulesets: Array.isArray(rulesets) ? rulesets.filter((r): r is string => typeof r === 'string' && r.trim() !== '') : [],
    humans: int('localServer.humans', 1, 0, 16),
    robots: int('localServer.robots', 1, 0, 15),
    watchers: int('localServer.watchers', 0, 0, 64),
    port: int('localServer.port', 0, 0, 65535),
  };
}

/** The remote server of the settings, `host:port`, or undefined when no host is set. */
export function remoteAddress(): string | undefined {
  const c = cfg();
  const host = c.get<string>('remote.host', '').trim();
  if (!host) return undefined;
  const port = c.get<number>('remote.port', 27037);
  return `${host}:${Number.isInteger(port) && port > 0 && port < 65536 ? port : 27037}`;
}
