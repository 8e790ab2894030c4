import { defineConfig } from 'tsup';

// NOTE: ESM and CommonJS with their own declarations (.d.ts, .d.cts), as pricing-core, so
// `import` and `require()` both get code and types. openapi-fetch and standardwebhooks stay
// external (dependencies); the generated types are bundled into the declarations.
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: false,
  splitting: false,
  target: 'node20',
});
