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
  // The language server alone, for the VS Code client (`--node-ipc`); the CLI has it too (`cardwords lsp`).
  { entryPoints: ['server/language/main.ts'], outfile: 'dist/language-server.js' },
];

await Promise.all(entries.map((e) => build({ ...common, ...e })));
