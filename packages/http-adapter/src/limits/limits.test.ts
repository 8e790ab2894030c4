import { calculatePlan } from '@billing/pricing-core';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/support/app.js';
import { fakeBilling } from '../../test/support/fake-billing.js';
import { authHeaders, signToken } from '../../test/support/tokens.js';
import { DEFAULT_PRICING_LIMITS, PRICING_LIMIT_SETTINGS, withSettingNames } from './pricing-limits.js';

const token = await signToken();
const headers = { ...authHeaders(token), 'content-type': 'application/json' };
const plan = (instances: number) => ({
  planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '1.25' }] },
  instances: Array.from({ length: instances }, () => ({ quantity: 1e-7 })),
});

describe('examples: limit violations name their setting', () => {
  it('appends "; setting BILLING_MAX_..." to each limit violation, leaves others and drops `limit`', () => {
    const out = withSettingNames([
      { field: 'instances', description: 'has 3 entries; at most 2 are allowed (limit maxInstances)', limit: 'maxInstances' },
      { field: 'view', description: 'too large for FULL (limit maxFullViewEntries)', limit: 'maxFullViewEntries' },
      { field: 'planConfig.currency', description: 'unknown currency' },
      { field: 'x', description: 'odd', limit: 'toString' },
    ]);
    expect(out).toEqual([
      { field: 'instances', description: 'has 3 entries; at most 2 are allowed (limit maxInstances); setting BILLING_MAX_INSTANCES' },
      { field: 'view', description: 'too large for FULL (limit maxFullViewEntries); setting BILLING_MAX_FULL_VIEW_ENTRIES' },
      { field: 'planConfig.currency', description: 'unknown currency' },
      { field: 'x', description: 'odd' },
    ]);
  });

  it('every library limit has a BILLING_MAX_ setting', () => {
    expect(Object.keys(PRICING_LIMIT_SETTINGS).sort()).toEqual(Object.keys(DEFAULT_PRICING_LIMITS).sort());
    for (const setting of Object.values(PRICING_LIMIT_SETTINGS)) expect(setting).toMatch(/^BILLING_MAX_[A-Z_]+$/);
  });

  it('POST /v1/plans:calculate over BILLING_MAX_INSTANCES: 400 at `instances` naming the setting', async () => {
    const app = testApp(fakeBilling(), { deps: { pricingLimits: { maxInstances: 2 } } });
    const res = await app.request('/v1/plans:calculate', { method: 'POST', headers, body: JSON.stringify(plan(3)) });
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: { details: { fieldViolations?: { field: string; description: string }[] }[] } };
    const violation = json.error.details[0]?.fieldViolations?.find((v) => v.field === 'instances');
    expect(violation?.description).toMatch(/maxInstances.*; setting BILLING_MAX_INSTANCES$/);
  });
});

describe('examples: the view parameter', () => {
  const app = testApp(fakeBilling());
  const post = (query: string) => app.request(`/v1/plans:calculate${query}`, { method: 'POST', headers, body: JSON.stringify(plan(2)) });

  it.each([['?view=full'], ['?view=EVERYTHING'], ['?view='], ['?view=BASIC&view=FULL']])('%s: 400 INVALID_ARGUMENT naming `view`', async (query) => {
    const res = await post(query);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: { status: string; details: { fieldViolations?: { field: string }[] }[] } };
    expect(json.error.status).toBe('INVALID_ARGUMENT');
    expect(json.error.details[0]?.fieldViolations?.map((v) => v.field)).toEqual(['view']);
  });

  it.each([['', 'BASIC'], ['?view=BASIC', 'BASIC'], ['?view=FULL', 'FULL']] as const)('%j prices as calculatePlan with view %s', async (query, view) => {
    const res = await post(query);
    expect(res.status).toBe(200);
    const library = calculatePlan as (request: unknown, options?: { view: string }) => unknown;
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(library(plan(2), { view }))));
  });
});

describe('examples: numbers in the calculate answer have no exponent', () => {
  it('quantity 1e-7 is written 0.0000001 (JSON.stringify would write 1e-7)', async () => {
    const res = await testApp(fakeBilling()).request('/v1/plans:calculate', { method: 'POST', headers, body: JSON.stringify(plan(1)) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await res.text();
    expect(text).toContain('"quantity":0.0000001');
    expect(text).not.toMatch(/[0-9]e[-+]?[0-9]/i);
  });
});
