// One build script for every bundle (the vscode-eslint layout): add entries here.
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // ESM bundles that pull in CommonJS dependencies need a require().
  banner: { js: "import { createRequire as __cwRequire } from 'node:module'; const require = __cwRequire(import.meta.url);" },
};

const entries = [
  { entryPoints: ['server/cli/main.ts'], outfile: 'dist/cli.js' },
];

await Promise.all(entries.map((e) => build({ ...common, ...e })));
