import { defineConfig } from 'tsup';

// NOTE: ESM and CommonJS with their own declarations (docs/packaging.md); `shims` gives the
// CommonJS build an `import.meta.url` (the migrations folder is found relative to it). No
// source maps: the published package ships no sources.
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  shims: true,
  sourcemap: false,
  target: 'node20',
});
