// Set-up of every test file: the file's process, and every program it starts (servers,
// browsers, editors), runs at a lower priority than the global setup's installs. On a fresh
// machine the code-server install (about a minute of CPU: downloads, native builds) then
// finishes in a minute or so instead of four behind the suites, and the VS Code files that
// wait for it start early. Every suite runs at the same priority, so they share the cores as
// before; without an install running nothing changes.
import { getPriority, setPriority } from 'node:os';

const SUITES_NICE = 10;
if (getPriority() < SUITES_NICE) setPriority(SUITES_NICE);
