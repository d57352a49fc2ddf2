// Makes sure Debian packages are installed for the tests that drive real programs (Emacs,
// Neovim): `dpkg -s` first, then `apt-get update` (once per process) and `apt-get install`.
// CI runs as root; a missing package that cannot be installed fails the test, never skips it.
import { spawnSync } from 'node:child_process';

/** Every Debian package a test needs; test/global-setup.ts installs them before the suites. */
export const DEBIAN_PACKAGES = ['tmux', 'emacs-nox', 'elpa-eglot', 'elpa-lsp-mode', 'elpa-package-lint', 'neovim', 'redis-server', 'chromium-headless-shell', 'libkrb5-dev', 'libsqlite3-dev'];

let updated = false;

function installed(pkg: string): boolean {
  const r = spawnSync('dpkg', ['-s', pkg], { encoding: 'utf8' });
  return r.status === 0 && /^Status: install ok installed$/m.test(r.stdout);
}

export function ensurePackages(packages: string[]): void {
  const missing = packages.filter((p) => !installed(p));
  if (missing.length === 0) return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!updated) {
    const u = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env, timeout: 600_000 });
    if (u.status !== 0) throw new Error(`apt-get update failed (${u.status}); cannot install ${missing.join(' ')}`);
    updated = true;
  }
  const r = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env, timeout: 1_200_000 });
  if (r.status !== 0) throw new Error(`apt-get install ${missing.join(' ')} failed (${r.status})`);
  const still = missing.filter((p) => !installed(p));
  if (still.length) throw new Error(`still not installed: ${still.join(' ')}`);
}
