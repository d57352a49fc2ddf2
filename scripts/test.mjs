// `npm test`: every suite, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['build', ['npm', ['run', 'build', '--silent']]],
  ['typecheck', ['npm', ['run', 'typecheck', '--silent']]],
  ['lint', ['npm', ['run', 'lint', '--silent']]],
  ['unit and integration tests', ['npx', ['vitest', 'run', ...process.argv.slice(2)]]],
];

for (const [name, [cmd, args]] of steps) {
  const t0 = Date.now();
  console.log(`\n== ${name}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  console.log(`== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}
