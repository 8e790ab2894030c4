import type { PlanRequest } from '@billing/pricing-core';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/support/app.js';
import { fakeBilling } from '../../test/support/fake-billing.js';

const require = createRequire(import.meta.url);
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*\bid="api-reference")[^>]*>/;

describe('GET /docs and GET /calculator: pages without auth, their files from this server', () => {
  const app = testApp(fakeBilling());

  it.each([
    ['/docs', 'text/html'],
    ['/docs/api-reference.js', 'text/javascript'],
    ['/calculator', 'text/html'],
    ['/calculator/app.js', 'text/javascript'],
    ['/calculator/form.js', 'text/javascript'],
    ['/calculator/form-prices.js', 'text/javascript'],
    ['/calculator/form-instances.js', 'text/javascript'],
    ['/calculator/violations.js', 'text/javascript'],
    ['/calculator/dom.js', 'text/javascript'],
    ['/calculator/charts.js', 'text/javascript'],
    ['/calculator/decimal.js', 'text/javascript'],
    ['/calculator/style.css', 'text/css'],
    ['/calculator/pricing-core.js', 'text/javascript'],
  ])('%s answers 200 %s with the strict CSP, no token needed', async (path, type) => {
    const response = await app.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain(type);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self';");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('the pages hold no inline script and name no other host', async () => {
    for (const path of ['/docs', '/calculator']) {
      const html = await (await app.request(path)).text();
      expect(html).not.toMatch(INLINE_SCRIPT);
      expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    }
  });

  it('/docs/api-reference.js is the installed Scalar standalone bundle, byte for byte', async () => {
    const served = Buffer.from(await (await app.request('/docs/api-reference.js')).arrayBuffer());
    expect(served.equals(await readFile(require.resolve('@scalar/api-reference/browser/standalone.js')))).toBe(true);
  });

  it('/calculator/pricing-core.js exports calculatePlan, and prices as the library does', async () => {
    const text = await (await app.request('/calculator/pricing-core.js')).text();
    const engine = (await import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`)) as typeof import('@billing/pricing-core');
    const { calculatePlan } = await import('@billing/pricing-core');
    const plan: PlanRequest = { planConfig: { currency: 'EUR', prices: [{ productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '0.10' }] }, instances: [{ quantity: 3 }] };
    expect(engine.calculatePlan(plan)).toEqual(calculatePlan(plan));
    expect(engine.calculatePlan(plan).total).toBe('0.30');
    // The form builds its choices from the engine's own lists.
    const library = await import('@billing/pricing-core');
    for (const list of ['PRICING_MODELS', 'PRODUCT_TYPES', 'TIER_MODES', 'BILLING_PERIODS', 'METRIC_AGGREGATIONS'] as const) expect(engine[list]).toEqual(library[list]);
  });
});
