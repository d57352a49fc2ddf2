// Runs once before the suites: installs the Debian packages the tests drive (real
// terminal, editors, browser) when missing, so `npm test` works on a fresh machine, and
// builds the bundles, so tests that spawn the real CLI run what `npm run build` ships.
// Installing here, once, also keeps parallel test files from fighting over the dpkg lock;
// the install runs in the background beside the unit files, which need no package (the
// others wait for it: support/packages-ready.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPackagesInstall } from './support/apt.js';
import { startCodeServerInstall } from './support/code-server.js';

export default function setup(): () => Promise<void> {
  // The run's own temporary folder (TMPDIR for the suites and every program they start:
  // servers' data folders, rulesets, editors' homes), removed at the end with whatever a
  // test left there, so that runs do not pile up in the machine's.
  const tmp = mkdtempSync(join(tmpdir(), 'cardwords-test-'));
  process.env.TMPDIR = tmp;
  const packages = startPackagesInstall();
  // (`npm test` has just built them: scripts/test.mjs says so)
  if (process.env.CARDWORDS_TEST_BUILT !== '1') execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  // A whole run (or one that names the VS Code tests) starts the code-server install in the
  // background, so its minutes overlap the other suites; the VS Code tests wait for it. It
  // builds native modules against Debian's Kerberos and SQLite headers: after those, beside
  // the other packages' install.
  const filters = process.argv.slice(2).filter((a) => !a.startsWith('-') && a !== 'run');
  const wanted = filters.length === 0 || filters.some((f) => f.includes('vscode'));
  const install = packages.headers.then(() => (wanted ? startCodeServerInstall() : undefined));
  // the run ends only once the install has (no npm left running behind it)
  return async () => {
    await Promise.all([packages.all, install]);
    rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
  };
}
