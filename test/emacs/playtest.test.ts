// emacs/cardwords-playtest.el in real batch Emacs against the built CLI: the report fills
// its buffer; C-c C-k stops a long playtest.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensurePackages } from '../support/apt.js';
import { tinyRuleset, type Fixture } from '../language/fixtures.js';

let fx: Fixture;
let home: string;

beforeAll(() => {
  ensurePackages(['emacs-nox']);
  fx = tinyRuleset();
  home = mkdtempSync(join(tmpdir(), 'cardwords-emacs-home-'));
}, 1_500_000);

afterAll(() => {
  fx?.remove();
  if (home) rmSync(home, { recursive: true, force: true });
});

it('cardwords-playtest shows the report in a buffer and stops on request', () => {
  const r = spawnSync(
    'emacs',
    ['--batch', '-L', resolve('emacs'), '-l', resolve('test/emacs/cardwords-playtest-test.el'), '-f', 'ert-run-tests-batch-and-exit'],
    {
      encoding: 'utf8',
      timeout: 150_000,
      env: { ...process.env, HOME: home, CARDWORDS_CACHE_DIR: join(home, 'cache'), CARDWORDS_NODE: process.execPath, CARDWORDS_CLI: resolve('dist/cli.js'), CARDWORDS_DIR: fx.dir },
    },
  );
  const out = `${r.stdout}\n${r.stderr}`;
  if (r.status !== 0) console.error(out);
  expect(out).toMatch(/Ran 6 tests, 6 results as expected/);
  expect(r.status).toBe(0);
}, 180_000);
