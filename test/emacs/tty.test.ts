// The Emacs package in a real `emacs -nw` inside tmux, driven by keystrokes as a person
// types: the card-table preview beside a .cardtable under eglot, live as the table is edited,
// and RET on a cell jumping to the line that gives it its attributes.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { ensurePackages } from '../support/apt.js';
import { tinyRuleset, type Fixture } from '../language/fixtures.js';
import { TmuxSession, tempDir } from '../lines/helpers.js';

let fx: Fixture | undefined;
let tmux: TmuxSession | undefined;

beforeAll(() => {
  ensurePackages(['tmux', 'emacs-nox', 'elpa-eglot']);
}, 1_500_000);

afterEach(() => {
  tmux?.kill();
  fx?.remove();
  tmux = undefined;
  fx = undefined;
});

/** Starts `emacs -nw` on `file` with the package on the load path and a small init file. */
function startEmacs(dir: string, file: string, init: string): TmuxSession {
  const initFile = join(dir, 'init.el');
  writeFileSync(
    initFile,
    `(setq native-comp-async-report-warnings-errors 'silent inhibit-startup-screen t)
(setq cardwords-server-command (list ${JSON.stringify(process.execPath)} ${JSON.stringify(resolve('dist/cli.js'))} "lsp" "--stdio"))
${init}
`,
  );
  const session = new TmuxSession(dir);
  const home = join(dir, 'home');
  session.start(`emacs -nw -L ${resolve('emacs')} -l ${resolve('emacs/cardwords.el')} -l ${initFile} ${file}`, 120, 45, { HOME: home, TERM: 'xterm-256color' });
  return session;
}

it('the card-table preview follows typing, and RET on a cell jumps to its line', async () => {
  fx = tinyRuleset();
  const dir = tempDir('cardwords-emacs-tty-');
  tmux = startEmacs(dir, fx.path('tiny.cardtable'), "(add-hook 'cardwords-mode-hook #'cardwords-eglot-ensure)");
  await tmux.waitFor((s) => /\[eglot:/.test(s), 'eglot to connect', 30_000);
  tmux.keys('C-c', 'C-p');
  const first = await tmux.waitFor((s) => /the first move must cover D4/.test(s), 'the preview', 15_000);
  // Row 3 (C column is the third) is plain before the edit.
  expect(first).toMatch(/^ {2}3 \. +\. +\. +\. +\. +\. +\. *$/m);
  // Type a new attribute line before the end tag (the last line): C3 gets a word factor 3.
  tmux.keys('M->', 'C-p', 'C-a');
  tmux.type('(2,2) W 3');
  tmux.keys('\\;', 'Enter'); // a bare ; would end the tmux command
  const typed = await tmux.waitFor((s) => /^ {2}3 \. +\. +W3 +\. +\. +\. +\. *$/m.test(s), 'W3 at C3 in the preview', 15_000);
  expect(typed).toMatch(/\(2,2\) W 3;/);
  // Into the preview, onto the W3 cell, RET: back in the card table on that line; kill it.
  tmux.keys('C-x', 'o');
  tmux.keys('C-s');
  tmux.type('W3');
  tmux.keys('Enter', 'C-b', 'C-b', 'Enter');
  await tmux.waitFor((s) => /\*Cardwords table: tiny\.cardtable\*/.test(s) && !/I-search/.test(s), 'the jump', 10_000);
  tmux.keys('C-a', 'C-k');
  const gone = await tmux.waitFor((s) => !/\(2,2\) W 3;/.test(s) && /^ {2}3 \. +\. +\. +\. +\. +\. +\. *$/m.test(s), 'the line killed and C3 plain again', 15_000);
  expect(gone).not.toMatch(/W3/);
});
