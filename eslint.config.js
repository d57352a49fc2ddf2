import tseslint from 'typescript-eslint';

// Globals core/ must not touch: Node's, the browser's, and those of both that do I/O, keep
// time or reach any of them (globalThis, eval). Time and randomness come in through the
// caller and core/random.ts so that games replay.
const coreForbiddenGlobals = [
  'process', 'Buffer', 'global', 'require', 'module', 'exports', '__dirname', '__filename', 'setImmediate', 'clearImmediate',
  'window', 'self', 'document', 'navigator', 'location', 'history', 'localStorage', 'sessionStorage', 'indexedDB',
  'fetch', 'XMLHttpRequest', 'WebSocket', 'Worker', 'alert', 'requestAnimationFrame',
  'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'queueMicrotask', 'performance', 'console', 'crypto',
  'Date', 'globalThis', 'eval',
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'samples/**', '.cache/**', 'out/**', 'core/**/assembly/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // core/ is pure: no I/O, no Node or DOM APIs (docs/architecture.md#layers).
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'os', 'child_process', '../server/*', '../../server/*'] }],
      // Host globals: core/tsconfig.json already leaves them undeclared; this names the rule
      // in the editor and covers `globalThis.x` and time, which the compiler cannot see.
      // Allowed, because pure and everywhere: TextEncoder, TextDecoder, atob, WebAssembly
      // (core/globals.d.ts).
      'no-restricted-globals': ['error', ...coreForbiddenGlobals.map((name) => ({ name, message: `core/ is pure (docs/architecture.md#layers): no host global '${name}'; pass what you need in from server/, media/ or extension/` }))],
      'no-restricted-properties': ['error',
        { object: 'Math', property: 'random', message: 'core/ draws randomness only from the seeded generator in core/random.ts (docs/architecture.md#engines-and-randomness)' },
      ],
    },
  },
);
