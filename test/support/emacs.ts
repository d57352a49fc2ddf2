// Emacs for the tests: `emacs -nw` in tmux (driven by keystrokes) with the package on the load
// path, and an init file that names the language server and the game bridge as `npm run build`
// made them (dist/cli.js), so a test runs the code of this checkout.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TmuxSession } from '../lines/helpers.js';

const CLI = JSON.stringify(resolve('dist/cli.js'));
const NODE = JSON.stringify(process.execPath);

/**
 * Emacs 28's native compiler compiles every byte-compiled library an Emacs loads, in the
 * background, once per user (into ~/.emacs.d/eln-cache). Each test Emacs has a fresh HOME,
 * so each paid it again: about one core for the whole session (49 of test/emacs/tty.test.ts'
 * 50 CPU-s), none of it this package's code. Switched off in the early init file, which
 * Emacs reads before it loads anything (a command-line --eval comes too late).
 */
function writeEarlyInit(home: string): void {
  mkdirSync(join(home, '.emacs.d'), { recursive: true });
  writeFileSync(join(home, '.emacs.d', 'early-init.el'), '(setq native-comp-deferred-compilation nil)\n');
}

/** The init line that points the package at this checkout's game bridge. */
export const BRIDGE = `(setq cardwords-client-command (list ${NODE} ${CLI} "client" "--stdio"))`;

/**
 * Starts `emacs -nw` on `file` (or none: '') in a `cols` × `rows` tmux window, with `init` after
 * the server commands; HOME and the game data folder are inside `dir`. The size is set at the
 * start, never by a resize after it: a resize while Emacs starts can come before Emacs watches
 * for it, and Emacs then draws for the old size, its prompts below the visible screen.
 */
export function startEmacs(dir: string, file: string, init: string, cols = 120, rows = 45): TmuxSession {
  const initFile = join(dir, 'init.el');
  writeFileSync(
    initFile,
    `(setq native-comp-async-report-warnings-errors 'silent inhibit-startup-screen t)
(setq cardwords-server-command (list ${NODE} ${CLI} "lsp" "--stdio"))
${BRIDGE}
${init}
`,
  );
  const session = new TmuxSession(dir);
  const home = join(dir, 'home');
  writeEarlyInit(home);
  session.start(`emacs -nw -L ${resolve('emacs')} -l ${resolve('emacs/cardwords.el')} -l ${initFile} ${file}`, cols, rows, {
    HOME: home,
    TERM: 'xterm-256color',
    CARDWORDS_DATA_DIR: join(dir, 'data'),
  });
  return session;
}
