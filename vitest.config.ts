import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { codeServerInstalled } from './test/support/code-server.js';
import UnitsFirst, { UNITS_PROJECT } from './test/support/sequencer.js';

// What every test file gets, in both projects below.
const common = {
  // below the installs' priority (support/priority.ts); fast-check's inputs from a fixed seed
  // (CARDWORDS_FC_SEED to explore others)
  setupFiles: ['test/support/priority.ts', 'test/support/fast-check-seed.ts'],
  // The suites' own cache folder (word graphs, the Yatzee table, learned card values), for
  // them and the programs they start: a run neither reads nor prunes the user's, and a
  // fresh clone's first run builds everything, as CI's does.
  env: { CARDWORDS_CACHE_DIR: process.env.CARDWORDS_CACHE_DIR ?? resolve('.cache/test-cache') },
  // Property tests and CLI round trips are CPU-bound; two cores here.
  testTimeout: 120_000,
  // expect.poll waits for a state (a robot's reply, a patch): its default of 1 s made the
  // verdict depend on the machine's load (a robot's move under three parallel browsers took
  // longer); a wait now fails only when the state does not come.
  expect: { poll: { timeout: 30_000 } },
  hookTimeout: 120_000,
};

// Tests of pure code and of programs they start themselves, with no server, browser or
// editor in the test process and no global state (no mocks, fake timers or environment
// changes): they share a worker process one file after another instead of a new one each,
// which saved 0.4 CPU-s a file.
const UNITS = [
  'test/core/**/*.test.ts', 'test/yatzee/**/*.test.ts', 'test/ruleset/**/*.test.ts', 'test/grammars/**/*.test.ts',
  'test/formats/**/*.test.ts', 'test/cardwords/**/*.test.ts', 'test/samples/**/*.test.ts', 'test/repo/**/*.test.ts',
  'test/lines/{engine,scores,record,hint}.test.ts', 'test/ui/{compose,l10n,refusal,spelled}.test.ts', 'test/language/{l10n,degrade}.test.ts',
];

export default defineConfig({
  test: {
    // once for the whole run: the Debian packages, the build, the code-server install
    globalSetup: ['test/global-setup.ts'],
    // Most suites wait on real programs (browsers, code-server, servers, Emacs in tmux), so
    // three files at a time keep two cores busy; vitest's default on two cores is one file at
    // a time, which left the machine idle half the run (a clean run took 11 min, load ~1.4).
    // On a fresh machine a VS Code file waits a minute or two for the code-server install
    // (downloads and native builds), holding its worker idle: a fourth keeps three at work.
    maxWorkers: codeServerInstalled() ? 3 : 4,
    // the unit files first, while the global setup installs what the others need
    sequence: { sequencer: UnitsFirst },
    projects: [
      { test: { ...common, name: UNITS_PROJECT, include: UNITS, isolate: false } },
      // The programs' files share their worker processes too (one after another in each): a
      // fresh process a file imported playwright, the SDK and the support modules again, about
      // a tenth of the run's CPU (700 -> 630 CPU-s for a whole run). A file here must leave the
      // process as it found it: no environment variable changed (restore it in afterAll), no
      // global patched twice (test/support/sdk-logs.ts), its servers and programs stopped.
      { test: { ...common, name: 'programs', isolate: false, include: ['test/**/*.test.ts'], exclude: UNITS, setupFiles: [...common.setupFiles, 'test/support/packages-ready.ts', 'test/support/sdk-logs.ts'] } },
    ],
  },
});
