// Makes sure Debian packages are installed for the tests that drive real programs (Emacs,
// Neovim, Chromium, Redis, tmux): `dpkg -s` first, then `apt-get update` and `apt-get install`.
// CI runs as root; a missing package that cannot be installed fails the test, never skips it.
//
// On a fresh machine the global setup installs them in the background (a minute or more of
// downloads and dpkg) while the unit files, which need none of them, run; the other files
// wait for it in packages-ready.ts. The install's outcome is a file in the run's temporary
// folder, for the test processes to read.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every Debian package a test needs; test/global-setup.ts installs them before the suites. */
export const DEBIAN_PACKAGES = ['tmux', 'emacs-nox', 'elpa-eglot', 'elpa-lsp-mode', 'elpa-package-lint', 'neovim', 'redis-server', 'chromium-headless-shell', 'libkrb5-dev', 'libsqlite3-dev'];

const ENV = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };

function installed(pkg: string): boolean {
  const r = spawnSync('dpkg', ['-s', pkg], { encoding: 'utf8' });
  return r.status === 0 && /^Status: install ok installed$/m.test(r.stdout);
}

/** The run's record of the global install: `ok`, or why it failed (absent while under way). */
function stateFile(tmp: string): string {
  return join(tmp, 'debian-packages');
}

function aptGet(args: string[]): Promise<void> {
  return new Promise((ok, fail) => {
    const c = spawn('apt-get', args, { env: ENV, stdio: ['ignore', 'inherit', 'inherit'], timeout: 1_200_000 });
    c.once('error', (e) => fail(new Error(`apt-get ${args[0]}: ${e.message}`)));
    c.once('exit', (code, signal) => (code === 0 ? ok() : fail(new Error(`apt-get ${args.join(' ')} failed (${code ?? signal})`))));
  });
}

/** The packages the code-server install builds against (Kerberos and SQLite headers). */
export const BUILD_HEADERS = ['libkrb5-dev', 'libsqlite3-dev'];

/**
 * The global setup's install of every missing package, in the background: the build headers
 * first (small; the code-server install, minutes of downloads, starts once they are there:
 * `headers`), then the rest (`all`). The outcome is written into the run's temporary folder
 * `tmp` (test processes wait for it with packagesReady). Neither promise rejects: a failure
 * is for the tests to report.
 */
export function startPackagesInstall(tmp: string): { headers: Promise<void>; all: Promise<void> } {
  const missing = DEBIAN_PACKAGES.filter((p) => !installed(p));
  const first = missing.filter((p) => BUILD_HEADERS.includes(p));
  const rest = missing.filter((p) => !BUILD_HEADERS.includes(p));
  const install = async (packages: string[]): Promise<void> => {
    if (packages.length) await aptGet(['install', '-y', '-qq', '--no-install-recommends', ...packages]);
  };
  const updated = missing.length ? aptGet(['update', '-qq']) : Promise.resolve();
  const headers = updated.then(() => install(first));
  const all = (async () => {
    let outcome = 'ok';
    try {
      await headers;
      await install(rest);
      const still = missing.filter((p) => !installed(p));
      if (still.length) outcome = `still not installed: ${still.join(' ')}`;
    } catch (e) {
      outcome = (e as Error).message;
    }
    writeFileSync(stateFile(tmp), outcome);
  })();
  return { headers: headers.catch(() => undefined), all };
}

/** Waits for the global setup's install (polling its record); throws when it failed. */
export async function packagesReady(tmp = process.env.TMPDIR ?? ''): Promise<void> {
  const file = stateFile(tmp);
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
  const missing = packages.filter((p) => !installed(p));
  if (missing.length === 0) return;
  const u = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: ENV, timeout: 600_000 });
  if (u.status !== 0) throw new Error(`apt-get update failed (${u.status}); cannot install ${missing.join(' ')}`);
  const r = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env: ENV, timeout: 1_200_000 });
  if (r.status !== 0) throw new Error(`apt-get install ${missing.join(' ')} failed (${r.status})`);
  const still = missing.filter((p) => !installed(p));
  if (still.length) throw new Error(`still not installed: ${still.join(' ')}`);
}
