// `npm run bench`: bundles every bench/*.bench.ts with esbuild and runs them one by one
// (or only those whose name contains an argument: `npm run bench -- yatzee`).
import { build } from 'esbuild';
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const filter = process.argv.slice(2);
const files = readdirSync('bench').filter((f) => f.endsWith('.bench.ts') && (filter.length === 0 || filter.some((x) => f.includes(x)))).sort();
let failed = 0;
for (const f of files) {
  const outfile = `dist/bench/${f.replace(/\.ts$/, '.js')}`;
  await build({
    entryPoints: [`bench/${f}`], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning',
    banner: { js: "import { createRequire as __cwRequire } from 'node:module'; const require = __cwRequire(import.meta.url);" },
  });
  const r = spawnSync(process.execPath, ['--expose-gc', outfile], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
if (files.length === 0) console.log('no benchmarks matched');
process.exit(failed ? 1 : 0);
