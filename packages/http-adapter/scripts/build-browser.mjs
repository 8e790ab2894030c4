#!/usr/bin/env node
// Writes dist/browser/pricing-core.js: pricing-core's engine as one browser ES module, served by
// the server at /calculator/pricing-core.js. Options as in src/pages/pricing-bundle.ts, but
// bundled from pricing-core's built package (its `import` entry, what npm users install), not its
// sources: the page prices with the same code as the npm package. `pnpm -r build` builds
// pricing-core first.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist/browser/pricing-core.js');
const result = await build({
  stdin: {
    contents: "export { calculatePlan, validatePlanRequest, PricingValidationError, DEFAULT_PRICING_LIMITS, ENGINE_VERSION, PRICING_MODELS, PRODUCT_TYPES, TIER_MODES, BILLING_PERIODS, METRIC_AGGREGATIONS } from '@billing/pricing-core';",
    resolveDir: root,
    loader: 'js',
  },
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  legalComments: 'eof',
  write: false,
});
await mkdir(dirname(out), { recursive: true });
await writeFile(out, result.outputFiles[0].contents);
process.stdout.write(`dist/browser/pricing-core.js: ${result.outputFiles[0].contents.length} bytes\n`);
