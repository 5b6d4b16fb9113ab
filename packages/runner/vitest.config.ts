import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'runner',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The escape tests check that no sandbox process is left: other files' runs must not overlap.
    fileParallelism: false,
    maxWorkers: 1,
  },
});
