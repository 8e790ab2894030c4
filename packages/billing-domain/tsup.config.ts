import { defineConfig } from 'tsup';

// NOTE: ESM and CommonJS with their own declarations (docs/packaging.md); `shims` gives the
// CommonJS build an `import.meta.url` (the migrations folder is found relative to it). No
// source maps: the published package ships no sources.
export default defineConfig({
  // NOTE: PGlite's thread is an entry of its own: the store starts `dist/pglite-thread.js` by file name.
  entry: { index: 'src/index.ts', 'pglite-thread': 'src/storage/pglite-thread.ts' },
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  shims: true,
  sourcemap: false,
  target: 'node20',
});
