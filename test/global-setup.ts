// Runs once before the suites: installs the Debian packages the tests drive (real
// terminal, editors) when missing, so `npm test` works on a fresh machine, and builds the
// bundles, so tests that spawn the real CLI run what `npm run build` ships. Installing here,
// once, also keeps parallel test files from fighting over the dpkg lock.
import { execFileSync } from 'node:child_process';
import { DEBIAN_PACKAGES, ensurePackages } from './support/apt.js';

export default function setup(): void {
  ensurePackages(DEBIAN_PACKAGES);
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
