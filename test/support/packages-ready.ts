// Set-up of every file of the `programs` project (vitest.config.ts): its browsers, editors,
// Redis and tmux come from Debian packages that the global setup may still be installing.
import { packagesReady } from './apt.js';

await packagesReady();
