import { defineConfig } from 'tsup';

// NOTE: ESM and CommonJS with their own declarations (.d.ts, .d.cts), so `import` and
// `require()` both get code and types (docs/packaging.md). No source maps: the published
// package ships no sources, and a map without them points at files that are not there.
// Each entry is built on its own: the main entry never loads zod (`/schema`) or fast-check
// (`/testing`), which stay external like every dependency.
export default defineConfig({
  entry: { index: 'src/index.ts', schema: 'src/schema/index.ts', testing: 'src/testing/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: false,
  splitting: false,
  target: 'node20',
});
