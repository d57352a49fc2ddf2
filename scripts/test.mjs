// `npm test`: the build, then the type check, the lint and the test suites side by side,
// failing when any of them fails.
// - The type check and the lint read the same files and are mostly one core each; their
//   output is kept apart and printed whole when each is done.
// - The suites start at once rather than after them: vitest's global setup starts the
//   code-server install (1 to 2 minutes on a fresh machine, mostly download and native
//   builds) and the VS Code suites wait for it, so starting it 20 s earlier shortens the
//   whole run. A failed type check or lint stops the suites (their process group).
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

// Node's compile cache for every program the run starts (the type check, the lint, vitest's
// workers, the game and language servers, code-server): the same bundles start hundreds of
// times, and compiling them was a fifth of the CPU of a test that starts programs
// (test/cli, test/language: 39 -> 32 CPU-s). Kept beside the suites' other caches.
process.env.NODE_COMPILE_CACHE ??= resolve('.cache/node-compile-cache');

const secs = (t0) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

console.log('\n== build');
const t0 = Date.now();
const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
console.log(`== build: ${build.status === 0 ? 'ok' : 'FAILED'} (${secs(t0)})`);
if (build.status !== 0) process.exit(build.status ?? 1);

/** Runs one command with its output captured; resolves with its status and output. */
function captured(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (status) => resolve({ status, out: Buffer.concat(out) }));
    child.on('error', (e) => resolve({ status: 1, out: Buffer.from(String(e)) }));
  });
}

const t1 = Date.now();
console.log('\n== unit and integration tests (beside the type check and the lint)');
// its own process group, so that a failed check stops every program the suites started
// (the bundles are built: the global set-up need not build them again)
const suites = spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit', detached: true, env: { ...process.env, CARDWORDS_TEST_BUILT: '1' } });
const suitesDone = new Promise((resolve) => {
  suites.on('close', (status, signal) => resolve(status ?? (signal ? 1 : 0)));
  suites.on('error', () => resolve(1));
});
// Ctrl+C or a CI timeout on `npm test` reaches the suites too
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    try {
      process.kill(-suites.pid, sig);
    } catch {
      // gone already
    }
    process.exit(130);
  });
}

let failed = 0;
const checks = [
  ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
  ['lint', 'npm', ['run', 'lint', '--silent']],
].map(async ([name, cmd, args]) => {
  const r = await captured(cmd, args);
  console.log(`\n== ${name}`);
  process.stdout.write(r.out);
  console.log(`== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} (${secs(t1)}, beside the suites)`);
  if (r.status !== 0 && !failed) {
    failed = r.status ?? 1;
    console.log('== stopping the suites: a check failed');
    try {
      process.kill(-suites.pid, 'SIGTERM');
    } catch {
      // gone already
    }
  }
});
await Promise.all(checks);
const status = await suitesDone;
if (!failed) console.log(`== unit and integration tests: ${status === 0 ? 'ok' : 'FAILED'} (${secs(t1)})`);
process.exit(failed || status);
