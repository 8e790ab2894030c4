import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: 'http-adapter',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // NOTE: the server and the CLI the tests start as processes, bundled from the sources once per run.
    globalSetup: ['test/support/global-setup.ts'],
  },
});
