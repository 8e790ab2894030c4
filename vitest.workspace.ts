import { defineConfig } from 'vitest/config';

// NOTE: vitest 4 reads this file only when passed as `--config vitest.workspace.ts`
// (the root `pnpm test` script does). Each package has its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts'],
  },
});
