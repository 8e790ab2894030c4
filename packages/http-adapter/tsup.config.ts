import { defineConfig } from 'tsup';

export default defineConfig({
  // NOTE: the calculation worker is an entry of its own: piscina loads `dist/calculate-worker.js` by file name.
  entry: { index: 'src/index.ts', main: 'src/main.ts', cli: 'src/cli/main.ts', 'calculate-worker': 'src/calculation/calculate-worker.ts' },
  format: ['esm'],
  dts: { entry: 'src/index.ts' },
  clean: true,
  sourcemap: true,
  target: 'node20',
});
