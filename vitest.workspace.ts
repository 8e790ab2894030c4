import { defineConfig } from 'vitest/config';

const jsonReport = process.env.BILLING_TEST_JSON_REPORT;

// NOTE: vitest 4 reads this file only when passed as `--config vitest.workspace.ts`
// (the root `pnpm test` script does). Each package has its own vitest.config.ts.
// With BILLING_TEST_JSON_REPORT=<file> the run also writes vitest's JSON report there,
// which .ci/run reads for its `N passed, N failed` line.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts'],
    // NOTE: two test files at a time even on two cores (vitest's default there is one): most files
    // wait on server processes and databases, so the whole run takes about a sixth less time.
    maxWorkers: 2,
    reporters: jsonReport ? ['default', ['json', { outputFile: jsonReport }]] : ['default'],
  },
});
