import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: 'client',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // NOTE: the tests start the http-adapter's server process, bundled from the sources once per run.
    globalSetup: ['../http-adapter/test/support/global-setup.ts'],
  },
});
