import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // fast-check's inputs from a fixed seed (CARDWORDS_FC_SEED to explore others)
    setupFiles: ['test/support/fast-check-seed.ts'],
    // Property tests and CLI round trips are CPU-bound; two cores here.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
