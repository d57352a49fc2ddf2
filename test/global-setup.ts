// Builds the bundles once before the suites, so tests that spawn the real CLI run what
// `npm run build` ships, even when vitest is started directly.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
