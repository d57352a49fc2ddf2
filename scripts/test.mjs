// `npm test`: every suite, in order, stopping at the first failure. The type check and the
// lint read the same files and do not depend on each other: they run side by side (each is
// mostly one core), their output kept apart and printed whole when both are done.
import { spawn, spawnSync } from 'node:child_process';

const steps = [
  [['build', 'npm', ['run', 'build', '--silent']]],
  [
    ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
    ['lint', 'npm', ['run', 'lint', '--silent']],
  ],
  [['unit and integration tests', 'npx', ['vitest', 'run', ...process.argv.slice(2)]]],
];

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

for (const group of steps) {
  const t0 = Date.now();
  let failed = 0;
  if (group.length === 1) {
    const [name, cmd, args] = group[0];
    console.log(`\n== ${name}`);
    const r = spawnSync(cmd, args, { stdio: 'inherit' });
    console.log(`== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    failed = r.status === 0 ? 0 : (r.status ?? 1);
  } else {
    const results = await Promise.all(group.map(([, cmd, args]) => captured(cmd, args)));
    group.forEach(([name], i) => {
      console.log(`\n== ${name}`);
      process.stdout.write(results[i].out);
      console.log(`== ${name}: ${results[i].status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - t0) / 1000).toFixed(1)} s, side by side)`);
      if (results[i].status !== 0 && !failed) failed = results[i].status ?? 1;
    });
  }
  if (failed) process.exit(failed);
}
