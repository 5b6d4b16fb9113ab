import { defineConfig } from 'vitest/config';

// .ci/run sets VITEST_JSON to count results; locally only the default reporter runs.
const json = process.env.VITEST_JSON;

export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/runner', 'apps/server', 'apps/web'],
    reporters: json ? ['default', ['json', { outputFile: json }]] : ['default'],
  },
});
