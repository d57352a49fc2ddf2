// The Emacs package in real Emacs (Debian emacs-nox + elpa-eglot + elpa-lsp-mode), batch
// mode: ert runs test/emacs/cardwords-test.el, which drives eglot against the real server
// (dist/cli.js), and in a second Emacs test/emacs/cardwords-lsp-mode-test.el with lsp-mode.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensurePackages } from '../support/apt.js';
import { tinyRuleset, type Fixture } from '../language/fixtures.js';

let fx: Fixture;
let home: string;

beforeAll(() => {
  ensurePackages(['emacs-nox', 'elpa-eglot', 'elpa-lsp-mode']);
  fx = tinyRuleset();
  home = mkdtempSync(join(tmpdir(), 'cardwords-emacs-home-'));
  mkdirSync(join(home, '.emacs.d'));
}, 1_500_000);

afterAll(() => {
  fx?.remove();
  if (home) rmSync(home, { recursive: true, force: true });
});

function ert(file: string) {
  return spawnSync('emacs', ['--batch', '-l', resolve('emacs/cardwords.el'), '-l', resolve(file), '-f', 'ert-run-tests-batch-and-exit'], {
    encoding: 'utf8',
    timeout: 90_000,
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_CACHE_HOME: join(home, '.cache'), CARDWORDS_NODE: process.execPath, CARDWORDS_CLI: resolve('dist/cli.js'), CARDWORDS_DIR: fx.dir },
  });
}

it('ert: modes, font-lock, eglot diagnostics from the real server, the distribution command', () => {
  const r = ert('test/emacs/cardwords-test.el');
  const out = `${r.stdout}\n${r.stderr}`;
  if (r.status !== 0) console.error(out);
  expect(out).toMatch(/Ran 2 tests, 2 results as expected/);
  expect(out).toMatch(/diagnostics: \(.*not in the charset/);
  expect(r.status).toBe(0);
});

it('ert: lsp-mode starts the real server for a Cardwords buffer, diagnostics come and go, the distribution command', () => {
  const r = ert('test/emacs/cardwords-lsp-mode-test.el');
  const out = `${r.stdout}\n${r.stderr}`;
  if (r.status !== 0) console.error(out);
  expect(out).toMatch(/Ran 1 tests?, 1 results? as expected/);
  expect(out).toMatch(/lsp-mode diagnostics: \(.*not in the charset/);
  expect(r.status).toBe(0);
});
