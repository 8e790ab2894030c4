import { calculatePlan, calculatePlanJson, PricingValidationError } from '@billing/pricing-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/support/app.js';
import { fakeBilling } from '../../test/support/fake-billing.js';
import { planRequestArbitrary } from '../../test/support/plan-arbitraries.js';
import { authHeaders, signToken } from '../../test/support/tokens.js';

const token = await signToken();
const app = testApp(fakeBilling(), { bodyLimitBytes: 4096 });
const headers = { ...authHeaders(token), 'content-type': 'application/json' };

const post = (body: string, path = '/v1/plans:calculate', extra: Record<string, string> = {}) =>
  app.request(path, { method: 'POST', headers: { ...headers, ...extra }, body });

/** What the route must answer for `body`: calculatePlan's result, or its violations as AIP-193. */
function expected(body: unknown): { status: number; json: unknown } {
  try {
    return { status: 200, json: JSON.parse(JSON.stringify(calculatePlanJson(body))) };
  } catch (error) {
    if (!(error instanceof PricingValidationError)) throw error;
    const n = error.violations.length;
    return {
      status: 400,
      json: {
        error: {
          code: 400,
          status: 'INVALID_ARGUMENT',
          message: `request has ${n} invalid ${n === 1 ? 'field' : 'fields'}`,
          details: [
            { '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: error.violations },
            { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'PLAN_INVALID', domain: 'billing', metadata: {} },
          ],
        },
      },
    };
  }
}

describe('examples: POST /v1/plans:calculate', () => {
  const plan = {
    planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_TIERED', tiers: [{ startInclusive: 0, endExclusive: 5, unitAmount: '7' }, { startInclusive: 5, unitAmount: '6.50' }] }] },
    instances: [{ quantity: 6 }],
  };

  it('answers exactly what calculatePlan returns (graduated 6 units -> 41.50)', async () => {
    const res = await post(JSON.stringify(plan));
    expect(res.status).toBe(200);
    const json = (await res.json()) as { total: string };
    expect(json).toEqual(expected(plan).json);
    expect(json.total).toBe('41.50');
  });

  it('`{}` is a valid request; %3A and %3a route like the colon', async () => {
    for (const path of ['/v1/plans:calculate', '/v1/plans%3Acalculate', '/v1/plans%3acalculate']) {
      const res = await post('{}', path);
      expect(res.status, path).toBe(200);
      expect(await res.json()).toEqual(expected({}).json);
    }
  });

  it('violations: 400 INVALID_ARGUMENT, one fieldViolation each, "request has N invalid fields"', async () => {
    const body = { planConfig: { prices: [{ unitAmount: 'x' }] }, calcConfig: { taxRate: 20 } };
    const res = await post(JSON.stringify(body));
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: { message: string; details: { fieldViolations?: unknown[] }[] } };
    expect(json).toEqual(expected(body).json);
    expect(json.error.message).toBe('request has 3 invalid fields');
    expect(json.error.details[0]?.fieldViolations).toHaveLength(3);
  });

  it('a misspelt field (unitAmmount): 400 INVALID_ARGUMENT at its path with "did you mean", never priced as zero', async () => {
    const body = { planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_FLAT', unitAmmount: '10' }] }, instances: [{}] };
    const res = await post(JSON.stringify(body));
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: { status: string; message: string; details: { fieldViolations?: unknown[] }[] } };
    expect(json).toEqual(expected(body).json);
    expect(json.error.status).toBe('INVALID_ARGUMENT');
    expect(json.error.message).toBe('request has 1 invalid field');
    expect(json.error.details[0]?.fieldViolations).toEqual([
      { field: 'planConfig.prices[0].unitAmmount', description: 'Unknown field: did you mean "unitAmount"?' },
    ]);
  });

  it.each([['{'], ['{"a":'], ['nul'], ['{"planConfig": }'], ['']])('invalid JSON %j: 400 INVALID_ARGUMENT, never 500', async (body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
  });

  it('a minimum commitment: 50.00 over 20.00 answers commitmentTrueUp 30.00 right after overageCost; "$10" names planConfig.minimumCommitment', async () => {
    const body = { planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '10' }], minimumCommitment: '50.00' }, instances: [{}, {}] };
    const res = await post(JSON.stringify(body));
    const text = await res.text();
    expect({ status: res.status, json: JSON.parse(text) }).toEqual(expected(body));
    expect(text).toContain('"overageCost":"0.00","commitmentTrueUp":"30.00","discounted":"50.00"');
    const refused = await post(JSON.stringify({ planConfig: { minimumCommitment: '$10' } }));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('"field":"planConfig.minimumCommitment"');
  });

  it('a non-JSON Content-Type: 415 with status INVALID_ARGUMENT; application/*+json and no type are JSON', async () => {
    const res = await post('{}', undefined, { 'content-type': 'text/plain' });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error: { code: 415, status: 'INVALID_ARGUMENT' } });
    expect((await post('{}', undefined, { 'content-type': 'application/merge-patch+json; charset=utf-8' })).status).toBe(200);
    const untyped = await app.request('/v1/plans:calculate', { method: 'POST', headers: authHeaders(token), body: new Blob(['{}']) });
    expect(untyped.status).toBe(200);
  });

  it('a body over the limit: 413 with status INVALID_ARGUMENT (declared length or streamed)', async () => {
    const big = JSON.stringify({ planConfig: { currency: 'USD' }, pad: 'x'.repeat(5000) });
    const res = await post(big);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 413, status: 'INVALID_ARGUMENT' } });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1000)));
        controller.close();
      },
    });
    const streamed = await app.request('/v1/plans:calculate', { method: 'POST', headers, body: stream, duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('GET on the action is 404 in AIP-193 shape', async () => {
    const res = await app.request('/v1/plans:calculate', { headers });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
  });
});

describe('properties', () => {
  it('differential: route(body) = calculatePlanJson(body) (result or violations as AIP-193)', async () => {
    const seen = { 200: 0, 400: 0 };
    await fc.assert(
      fc.asyncProperty(planRequestArbitrary, async (body) => {
        const want = expected(body);
        seen[want.status as 200 | 400] += 1;
        const res = await post(JSON.stringify(body));
        expect(res.status).toBe(want.status);
        expect(await res.json()).toEqual(want.json);
      }),
      { numRuns: 200 },
    );
    // NOTE: both paths must have been exercised, or the law says little.
    expect(seen[200]).toBeGreaterThan(0);
    expect(seen[400]).toBeGreaterThan(0);
  });
});
