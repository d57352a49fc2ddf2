// Makes sure Debian packages are installed for the tests that drive real programs (Emacs,
// Neovim, Chromium, Redis, tmux): `dpkg -s` first, then `apt-get update` and `apt-get install`.
// CI runs as root; a missing package that cannot be installed fails the test, never skips it.
//
// On a fresh machine the global setup installs them in the background (a minute or more of
// downloads and dpkg) while the unit files, which need none of them, run; the other files
// wait for it in packages-ready.ts. The install's outcome is a file in the run's temporary
// folder (TMPDIR, set by the global setup before it starts), for the test processes to read.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every Debian package a test needs; test/global-setup.ts installs the missing ones. */
export const DEBIAN_PACKAGES = ['tmux', 'emacs-nox', 'elpa-eglot', 'elpa-lsp-mode', 'elpa-package-lint', 'neovim', 'redis-server', 'chromium-headless-shell', 'libkrb5-dev', 'libsqlite3-dev'];

const ENV = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const UPDATE = ['update', '-qq'];
const installArgs = (packages: string[]): string[] => ['install', '-y', '-qq', '--no-install-recommends', ...packages];

function installed(pkg: string): boolean {
  const r = spawnSync('dpkg', ['-s', pkg], { encoding: 'utf8' });
  return r.status === 0 && /^Status: install ok installed$/m.test(r.stdout);
}

const missingOf = (packages: string[]): string[] => packages.filter((p) => !installed(p));

/** Why packages that apt-get installed are still missing ('' when none is). */
function stillMissing(packages: string[]): string {
  const still = missingOf(packages);
  return still.length ? `still not installed: ${still.join(' ')}` : '';
}

function aptFailed(args: string[], why: unknown): Error {
  return new Error(`apt-get ${args.join(' ')} failed (${String(why)})`);
}

/** The run's record of the global install: `ok`, or why it failed (absent while under way). */
function stateFile(): string {
  return join(process.env.TMPDIR ?? '', 'debian-packages');
}

function aptGet(args: string[]): Promise<void> {
  return new Promise((ok, fail) => {
    const c = spawn('apt-get', args, { env: ENV, stdio: ['ignore', 'inherit', 'inherit'], timeout: 1_200_000 });
    c.once('error', (e) => fail(aptFailed(args, e.message)));
    c.once('exit', (code, signal) => (code === 0 ? ok() : fail(aptFailed(args, code ?? signal))));
  });
}

function aptGetSync(args: string[]): void {
  const r = spawnSync('apt-get', args, { env: ENV, stdio: 'inherit', timeout: 1_200_000 });
  if (r.status !== 0) throw aptFailed(args, r.error?.message ?? r.status ?? r.signal);
}

/** The packages the code-server install builds against (Kerberos and SQLite headers). */
const BUILD_HEADERS = ['libkrb5-dev', 'libsqlite3-dev'];

/**
 * The global setup's install of every missing package, in the background: the build headers
 * first (small; the code-server install, minutes of downloads, starts once they are there:
 * `headers`), then the rest (`all`). The outcome is written into the run's temporary folder
 * (test processes wait for it with packagesReady). Neither promise rejects: a failure
 * is for the tests to report.
 */
export function startPackagesInstall(): { headers: Promise<void>; all: Promise<void> } {
  const missing = missingOf(DEBIAN_PACKAGES);
  const first = missing.filter((p) => BUILD_HEADERS.includes(p));
  const rest = missing.filter((p) => !BUILD_HEADERS.includes(p));
  const install = async (packages: string[]): Promise<void> => {
    if (packages.length) await aptGet(installArgs(packages));
  };
  const updated = missing.length ? aptGet(UPDATE) : Promise.resolve();
  const headers = updated.then(() => install(first));
  const all = (async () => {
    let outcome: string;
    try {
      await headers;
      await install(rest);
      outcome = stillMissing(missing) || 'ok';
    } catch (e) {
      outcome = (e as Error).message;
    }
    writeFileSync(stateFile(), outcome);
  })();
  return { headers: headers.catch(() => undefined), all };
}

/** Waits for the global setup's install (polling its record); throws when it failed. */
export async function packagesReady(): Promise<void> {
  const file = stateFile();
  const deadline = Date.now() + 20 * 60_000;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error('Debian packages: the install is still under way after 20 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  const outcome = readFileSync(file, 'utf8');
  if (outcome !== 'ok') throw new Error(`Debian packages could not be installed: ${outcome}`);
}

/** Installs what is missing of `packages` now (a test's own check; the global install has run). */
export function ensurePackages(packages: string[]): void {
  const missing = missingOf(packages);
  if (missing.length === 0) return;
  aptGetSync(UPDATE);
  aptGetSync(installArgs(missing));
  const still = stillMissing(missing);
  if (still) throw new Error(still);
}
