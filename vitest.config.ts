import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Property tests and CLI round trips are CPU-bound; two cores here.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
