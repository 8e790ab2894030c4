import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUNDLE_SIZE_LIMIT_KB, describeBundle, measureBundle } from '../scripts/bundle-size.mjs';
import type { MeasuredBundle } from '../scripts/bundle-size.mjs';

const resolveDir = fileURLToPath(new URL('..', import.meta.url));
/** Bundles from the sources (the `source` condition), as the published `dist/` would be. */
const measure = (specifier: string, name: string): Promise<MeasuredBundle> =>
  measureBundle({ resolveDir, specifier, name, conditions: ['source'] });

describe('browser bundle of calculatePlan', () => {
  it('main entry: the bundle of calculatePlan holds neither fast-check nor the /testing kit', async () => {
    const measured = await measure('@billing/pricing-core', 'calculatePlan');
    console.log(describeBundle(measured));
    expect(measured.bytes).toBeGreaterThan(0);
    expect(Object.keys(measured.packages)).not.toContain('fast-check');
  });

  it('schema entry: the bundle of planRequestSchema holds zod (the measurement sees it)', async () => {
    const measured = await measure('@billing/pricing-core/schema', 'planRequestSchema');
    expect(measured.withZod).toBe(true);
  });

  it(`size: bundle(calculatePlan) < ${BUNDLE_SIZE_LIMIT_KB} KB, and zod is not in it`, async () => {
    const measured = await measure('@billing/pricing-core', 'calculatePlan');
    expect(measured.withZod).toBe(false);
    expect(measured.bytes).toBeLessThan(BUNDLE_SIZE_LIMIT_KB * 1024);
  });
});
