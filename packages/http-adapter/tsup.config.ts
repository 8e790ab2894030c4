import { defineConfig } from 'tsup';

export default defineConfig({
  // NOTE: the calculation worker is an entry of its own: piscina loads `dist/calculate-worker.js` by file name.
  // The server is ESM only (docs/packaging.md): it is run (`billing-server`) or imported, and
  // Node >= 20.19 can `require()` it. No source maps: the published package ships no sources.
  entry: { index: 'src/index.ts', main: 'src/main.ts', cli: 'src/cli/main.ts', 'calculate-worker': 'src/calculation/calculate-worker.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts', main: 'src/main.ts' } },
  clean: true,
  sourcemap: false,
  target: 'node20',
});
