// One build script for every bundle (the vscode-eslint layout): add entries here.
import { builtinModules } from 'node:module';
import { build } from 'esbuild';

/**
 * Node's own modules by require() in the ESM bundles, not by import: an import of a built-in
 * makes Node build its ESM facade, which reads every export, the lazy ones too (node:http's
 * WebSocket loads undici, node:util's TextDecoder the encodings): 0.05 CPU-s of every start
 * of the CLI, and the test suites start it some 400 times (docs/performance.md).
 */
const BUILTINS = new Set(builtinModules);
const builtinsByRequire = {
  name: 'builtins-by-require',
  setup(b) {
    b.onResolve({ filter: /^(node:)?[a-z_/0-9]+$/ }, (args) => {
      const name = args.path.replace(/^node:/, '');
      if (args.kind !== 'import-statement' || !BUILTINS.has(name) && !args.path.startsWith('node:')) return undefined;
      return { path: `node:${name}`, namespace: 'builtin' };
    });
    b.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)});`, loader: 'js' }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // ESM bundles that pull in CommonJS dependencies need a require().
  banner: { js: "import { createRequire as __cwRequire } from 'node:module'; const require = __cwRequire(import.meta.url);" },
  plugins: [builtinsByRequire],
};

const entries = [
  { entryPoints: ['server/cli/main.ts'], outfile: 'dist/cli.js' },
  // The language server alone, for the VS Code client (`--node-ipc`); the CLI has it too (`cardwords lsp`).
  { entryPoints: ['server/language/main.ts'], outfile: 'dist/language-server.js' },
  // The Cardwords robots' worker thread, started by dist/cli.js serve (server/game/robot-pool.ts).
  { entryPoints: ['server/game/robot-worker.ts'], outfile: 'dist/robot-worker.js' },
];

// The VS Code extension (extension/, docs/vscode.md): CommonJS for the extension host, with
// `vscode` external; `.cjs` because package.json says "type": "module". The first and
// last lines note when the bundle began and ended loading (the activation time it logs).
entries.push({
  entryPoints: ['extension/main.ts'],
  outfile: 'dist/extension.cjs',
  format: 'cjs',
  external: ['vscode'],
  minify: true,
  banner: { js: 'var __cardwordsLoadStart = performance.now();' },
  footer: { js: 'var __cardwordsLoadEnd = performance.now();' },
});
// Its webview scripts and styles (browser code, no Node): dist/webview/.
entries.push({
  entryPoints: ['extension/webview/tablePreview.ts', 'extension/webview/distribution.ts', 'extension/webview/playtest.ts', 'extension/webview/styles.css'],
  outdir: 'dist/webview',
  platform: 'browser',
  format: 'iife',
  target: 'es2022',
  minify: true,
  banner: {},
});

// The game UI (media/, docs/ui.md): browser bundles served by the game server from dist/web/.
// Components are .tsx rendered by Preact (docs/architecture.md, dependencies): JSX compiles
// to preact/jsx-runtime calls (the automatic runtime, no import of `h` in each file).
entries.push({
  jsx: 'automatic',
  jsxImportSource: 'preact',
  entryPoints: { lobby: 'media/lobby.tsx', lines: 'media/lines/main.ts', yatzee: 'media/yatzee/main.ts', cardwords: 'media/cardwords/main.ts' },
  outdir: 'dist/web',
  platform: 'browser',
  format: 'iife',
  target: 'es2022',
  minify: true,
  sourcemap: false,
  banner: {},
});

await Promise.all(entries.map((e) => build({ ...common, ...e })));
