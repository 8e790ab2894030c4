import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { packagePath } from './package-root.js';

/** Where `pnpm build` writes the browser bundle of pricing-core (scripts/build-browser.mjs). */
export const PRICING_BUNDLE_PATH = 'dist/browser/pricing-core.js';

/** What the browser bundle exports: the engine's public entry points. */
export const PRICING_BUNDLE_ENTRY =
  "export { calculatePlan, validatePlanRequest, PricingValidationError, DEFAULT_PRICING_LIMITS, ENGINE_VERSION, PRICING_MODELS, PRODUCT_TYPES, TIER_MODES, BILLING_PERIODS, METRIC_AGGREGATIONS } from '@billing/pricing-core';";

/**
 * The browser ES module of pricing-core: the built file when there is one, else bundled now from
 * pricing-core's sources with esbuild (a fresh clone run from source has no dist yet).
 * @example const bytes = await pricingBundle()
 */
export async function pricingBundle(): Promise<Uint8Array> {
  const built = packagePath(PRICING_BUNDLE_PATH);
  if (existsSync(built)) return new Uint8Array(await readFile(built));
  const esbuild = await import('esbuild').catch(() => {
    throw new Error(`${PRICING_BUNDLE_PATH} is missing and esbuild is not installed: run pnpm build`);
  });
  // NOTE: the same options as scripts/build-browser.mjs, which writes the file for the build.
  const result = await esbuild.build({
    stdin: { contents: PRICING_BUNDLE_ENTRY, resolveDir: packagePath('.'), loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['source'],
    minify: true,
    legalComments: 'eof',
    write: false,
  });
  const output = result.outputFiles[0];
  if (output === undefined) throw new Error('esbuild produced no output');
  return output.contents;
}
