// Neovim 0.7 (Debian) headless with the configuration of docs/editors.md against the real
// server: a diagnostic arrives, goes after a fix, and the custom request answers.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensurePackages } from '../support/apt.js';
import { tinyRuleset, type Fixture } from '../language/fixtures.js';

let fx: Fixture;

beforeAll(() => {
  ensurePackages(['neovim']);
  fx = tinyRuleset();
}, 1_500_000);

afterAll(() => fx?.remove());

it('a diagnostic arrives in Neovim', () => {
  const file = fx.path('tiny.cardset');
  writeFileSync(file, '1\n[Q 1]\n');
  const r = spawnSync('nvim', ['--headless', '--clean', '-c', `luafile ${resolve('test/nvim/cardwords-lsp.lua')}`], {
    encoding: 'utf8',
    timeout: 90_000,
    env: { ...process.env, XDG_CONFIG_HOME: join(fx.dir, '.config'), XDG_DATA_HOME: join(fx.dir, '.data'), XDG_STATE_HOME: join(fx.dir, '.state'), XDG_CACHE_HOME: join(fx.dir, '.cache'), CARDWORDS_NODE: process.execPath, CARDWORDS_CLI: resolve('dist/cli.js'), CARDWORDS_FILE: file },
  });
  const out = `${r.stdout}\n${r.stderr}`;
  if (r.status !== 0) console.error(out);
  expect(out).toMatch(/diagnostic: "'Q' is not in the charset" at line 1 col 1/);
  expect(out).toMatch(/PASS: diagnostics and the distribution request/);
  expect(r.status).toBe(0);
});
