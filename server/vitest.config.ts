import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // Test files of one worker share its database (PGlite takes seconds and ~1 GB to start).
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['test/helpers/global-setup.ts'],
  },
});
