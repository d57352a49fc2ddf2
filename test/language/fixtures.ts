// Ruleset folders for the language tests: copies of samples/tiny in a temporary folder.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uriOf } from './client.js';

export interface Fixture {
  dir: string;
  path(file: string): string;
  uri(file: string): string;
  remove(): void;
}

export function tinyRuleset(): Fixture {
  const dir = mkdtempSync(join(tmpdir(), 'cardwords-lsp-'));
  cpSync('samples/tiny', dir, { recursive: true });
  return { dir, path: (f) => join(dir, f), uri: (f) => uriOf(join(dir, f)), remove: () => rmSync(dir, { recursive: true, force: true, maxRetries: 5 }) };
}
