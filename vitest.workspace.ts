import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const PACKAGES = ['pricing-core', 'billing-domain', 'http-adapter', 'client'];
const jsonReport = process.env.BILLING_TEST_JSON_REPORT;

/** How early a test file starts: the tests that run servers, processes or browsers, then the other integration tests, then the rest. */
const startRank = (file: string): number => (/\/http-adapter\/test\//.test(file) ? 0 : /\.int\.test\.ts$/.test(file) ? 1 : 2);

/**
 * vitest's order (the longest first, by the durations of the last run when it has them), but the
 * files that start servers, processes or browsers first whatever their project.
 * NOTE: vitest queues the projects one after another and, without the durations of a last run (a
 * fresh clone, CI), the larger files first; the slow files of http-adapter's test/ are short and
 * came last, so one worker ran them alone for minutes at the end.
 */
class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    return ordered
      .map((spec, at) => ({ spec, at, rank: startRank(spec.moduleId) }))
      .sort((a, b) => a.rank - b.rank || a.at - b.at)
      .map(({ spec }) => spec);
  }
}

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
    sequence: { sequencer: SlowFilesFirst },
    reporters: jsonReport ? ['default', ['json', { outputFile: jsonReport }]] : ['default'],
  },
});
