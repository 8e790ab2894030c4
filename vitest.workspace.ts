import { defineConfig } from 'vitest/config';

const PACKAGES = ['pricing-core', 'billing-domain', 'http-adapter', 'client'];
const jsonReport = process.env.BILLING_TEST_JSON_REPORT;

// NOTE: vitest 4 reads this file only when passed as `--config vitest.workspace.ts`
// (the root `pnpm test` script does). Each package has its own vitest.config.ts.
// With BILLING_TEST_JSON_REPORT=<file> the run also writes vitest's JSON report there,
// which .ci/run reads for its `N passed, N failed` line.
export default defineConfig({
  test: {
    // NOTE: each package's own vitest.config.ts, and one setting for all of them: a worker keeps the
    // modules it imported from one test file to the next. Importing the sources anew for each of the
    // ~145 files cost more than the tests themselves (about 4 s a file for the server's whole graph);
    // the packages keep no module-level mutable state, and a test that changes the process (an
    // environment variable, fake timers) puts it back.
    projects: PACKAGES.map((name) => ({ extends: `packages/${name}/vitest.config.ts`, root: `packages/${name}`, test: { isolate: false } })),
    // NOTE: two test files at a time even on two cores (vitest's default there is one): most files
    // wait on server processes and databases, so the whole run takes about a sixth less time.
    maxWorkers: 2,
    reporters: jsonReport ? ['default', ['json', { outputFile: jsonReport }]] : ['default'],
  },
});
