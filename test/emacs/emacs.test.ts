// The Emacs package in real Emacs (Debian emacs-nox + elpa-eglot + elpa-lsp-mode), batch
// mode: ert runs test/emacs/cardwords-test.el, which drives eglot against the real server
// (dist/cli.js), and in a second Emacs test/emacs/cardwords-lsp-mode-test.el with lsp-mode.
// Package hygiene: byte-compile with warnings as errors, checkdoc and package-lint
// (test/emacs/lint.el); package-install-file into a fresh user-emacs-directory, then a
// .cardset opened with nothing required starts its mode and eglot.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LinesScores } from '../../server/lines/scores.js';
import { cacheDir } from '../../server/cache-dir.js';
import { ensurePackages } from '../support/apt.js';
import { tinyRuleset, type Fixture } from '../language/fixtures.js';

let fx: Fixture;
let home: string;

beforeAll(() => {
  ensurePackages(['emacs-nox', 'elpa-eglot', 'elpa-lsp-mode', 'elpa-package-lint']);
  fx = tinyRuleset();
  home = mkdtempSync(join(tmpdir(), 'cardwords-emacs-home-'));
  mkdirSync(join(home, '.emacs.d'));
}, 1_500_000);

afterAll(() => {
  fx?.remove();
  if (home) rmSync(home, { recursive: true, force: true });
});

const env = () => ({ ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_CACHE_HOME: join(home, '.cache'), CARDWORDS_NODE: process.execPath, CARDWORDS_CLI: resolve('dist/cli.js'), CARDWORDS_DIR: fx.dir });

function emacs(args: string[], extraEnv: Record<string, string> = {}) {
  return spawnSync('emacs', ['--batch', ...args], { encoding: 'utf8', timeout: 90_000, env: { ...env(), ...extraEnv } });
}

function ert(file: string) {
  return emacs(['-L', resolve('emacs'), '-l', resolve('emacs/cardwords.el'), '-l', resolve(file), '-f', 'ert-run-tests-batch-and-exit']);
}

const packageFiles = () => readdirSync('emacs').filter((f) => f.endsWith('.el')).map((f) => resolve('emacs', f));

it('lint: byte-compile with warnings as errors, checkdoc and package-lint find nothing', () => {
  const files = packageFiles();
  expect(files.length).toBeGreaterThanOrEqual(3);
  const r = emacs(['-L', resolve('emacs'), '-l', resolve('test/emacs/lint.el'), '-f', 'cardwords-lint', ...files]);
  const out = `${r.stdout}\n${r.stderr}`;
  const messages = out.split('\n').filter((l) => l.startsWith('LINT: '));
  expect(messages).toEqual([]);
  expect(out).toContain(`LINT DONE: 0 messages in ${files.length} files`);
  expect(r.status).toBe(0);
});

it('package-install-file into a fresh user-emacs-directory: a .cardset starts its mode and eglot without any require', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cardwords-emacs-d-'));
  try {
    const install = emacs(['--eval', `(progn (setq user-emacs-directory ${JSON.stringify(dir + '/')} package-user-dir ${JSON.stringify(join(dir, 'elpa'))}) (package-initialize) (package-install-file ${JSON.stringify(resolve('emacs') + '/')}))`]);
    if (install.status !== 0) console.error(install.stdout, install.stderr);
    expect(install.status).toBe(0);
    expect(readdirSync(join(dir, 'elpa')).filter((f) => f.startsWith('cardwords-'))).toHaveLength(1);
    const r = emacs(['-l', resolve('test/emacs/install-test.el'), '-f', 'ert-run-tests-batch-and-exit'], { CARDWORDS_EMACS_DIR: dir });
    const out = `${r.stdout}\n${r.stderr}`;
    if (r.status !== 0) console.error(out);
    expect(out).toMatch(/Ran 1 tests?, 1 results? as expected/);
    expect(out).toMatch(/installed: .*\/elpa\/cardwords-[0-9.]+\/cardwords\.elc?, server/);
    expect(r.status).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('ert: modes, font-lock, eglot diagnostics from the real server, the distribution command, the table preview marking the start and saying a table is too large, the reason formatting did nothing said last, the playtest autoloaded and in the menu, cardwords-dictionary-directories', () => {
  const r = ert('test/emacs/cardwords-test.el');
  const out = `${r.stdout}\n${r.stderr}`;
  if (r.status !== 0) console.error(out);
  expect(out).toMatch(/Ran 7 tests, 7 results as expected/);
  expect(out).toMatch(/diagnostics: \(.*not in the charset/);
  expect(out).toContain('completed: "(2,2) C 5"');
  expect(out).toMatch(/said after formatting: "Not formatted: tiny\.cardtable has an error on line 3 /);
  expect(r.status).toBe(0);
});

it('ert: the games in buffers (Lines, Yatzee, Cardwords on local servers): drawing with faces, keys, clicks, Yatzee hints; the high scores of the terminal client (s selects the list, q closes it); the cards on the Cardwords table in brackets, the newest log line in sight, the results without the action area, keys after the end refused; every score in view with four players (a Scores line), the lines under the action area packed into an 80x24 window; a question to the owner quit and asked again; one local server per ruleset, left alone by the other game; the pass preview in words and the card being chosen as typed; the move and trade previews in the web panel sentences, within 80 columns; Last: with every move since your turn; a long message wrapped; the results scrolled into view, in the web panel table (the end adjustment included); killing a game buffer asks as leaving does; the review\'s cards in their own face, [, ] and b stepping it; the games list offering a seat or watching only where the room takes it, saying why not (Cardwords and Yatzee); a Yatzee game left by Emacs resumed; ten Yatzee sheets in 80 columns; the Yatzee invite link; Lines saying when no line fits and why keys after its end do nothing, a 30x22 board in 80 columns; a RET that has not seen the hint says so to the bridge; the Yatzee mode line with the leader, no faces before a throw; the Yatzee hint line broken at 80 columns, c and + after the end refused, g redrawing, + and r saying what they did, a full sheet done; Lines q asking while a game goes on and saying the score; a Cardwords watcher with no hand, the owner who watches asked before a rematch, nothing to review without a turn, whom a rematch vote waits for; lines packed within the window\'s width; keys refused and leaving unasked once the room let the player go', () => {
  const data = join(home, 'data');
  new LinesScores(data).submit('alice', 321);
  // The Yatzee hints' robot table (16 MiB) from the user's cache, not solved again for the fresh HOME.
  const r = emacs(['-L', resolve('emacs'), '-l', resolve('emacs/cardwords.el'), '-l', resolve('test/emacs/cardwords-games-test.el'), '-f', 'ert-run-tests-batch-and-exit'], { CARDWORDS_DATA_DIR: data, CARDWORDS_CACHE_DIR: cacheDir() });
  const out = `${r.stdout}\n${r.stderr}`;
  if (r.status !== 0) console.error(out);
  expect(out).toMatch(/Ran 82 tests, 82 results as expected/);
  expect(r.status).toBe(0);
});

it('ert: lsp-mode starts the real server for a Cardwords buffer, diagnostics come and go, the distribution command, the Preview table code lens, the reason formatting did nothing said last', () => {
  const r = ert('test/emacs/cardwords-lsp-mode-test.el');
  const out = `${r.stdout}\n${r.stderr}`;
  if (r.status !== 0) console.error(out);
  expect(out).toMatch(/Ran 2 tests, 2 results as expected/);
  expect(out).toMatch(/lsp-mode preview:\n7\*7; the first move must cover D4/);
  expect(out).toMatch(/lsp-mode diagnostics: \(.*not in the charset/);
  expect(out).toMatch(/lsp-mode said after formatting: "Not formatted: tiny\.cardtable has an error on line 3 /);
  expect(r.status).toBe(0);
});
