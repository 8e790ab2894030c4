import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/support/app.js';
import { fakeBilling } from '../../test/support/fake-billing.js';
import { authHeaders, signToken } from '../../test/support/tokens.js';
import { createPlanCalculator } from '../calculation/plan-calculator.js';

const token = await signToken();
const headers = { ...authHeaders(token), 'content-type': 'application/json' };
const bigPlan = {
  planConfig: { prices: Array.from({ length: 100 }, (_, i) => ({ pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: `${i + 1}.25` })) },
  instances: Array.from({ length: 1_000 }, (_, i) => ({ quantity: 1 + (i % 5) })),
};
const calculator = createPlanCalculator({ threads: 1, offloadMinEntries: 1_000 });
afterAll(() => calculator.close());

describe('examples: the request deadline (BILLING_REQUEST_TIMEOUT_MS)', () => {
  it('a worker calculation past the deadline: 504 DEADLINE_EXCEEDED (AIP-193); the pool then prices the next one', async () => {
    const app = testApp(fakeBilling(), { deps: { calculator, requestTimeoutMs: 50 } });
    const res = await app.request('/v1/plans:calculate', { method: 'POST', headers, body: JSON.stringify(bigPlan) });
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({
      error: {
        code: 504,
        status: 'DEADLINE_EXCEEDED',
        message: 'the request was not handled within 50 ms (BILLING_REQUEST_TIMEOUT_MS)',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'DEADLINE_EXCEEDED', domain: 'billing', metadata: {} }],
      },
    });
    const roomy = testApp(fakeBilling(), { deps: { calculator, requestTimeoutMs: 60_000 } });
    const small = { ...bigPlan, instances: bigPlan.instances.slice(0, 10) };
    const ok = await roomy.request('/v1/plans:calculate', { method: 'POST', headers, body: JSON.stringify(small) });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { lineItems: unknown[] }).lineItems).toHaveLength(10);
  });

  it('a storage call past the deadline: 504 DEADLINE_EXCEEDED', async () => {
    const billing = fakeBilling();
    const cancel = billing.addons.cancel;
    billing.addons.cancel = async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return cancel(...args);
    };
    const app = testApp(billing, { deps: { requestTimeoutMs: 30 } });
    const res = await app.request('/v1/addon-subscriptions/as_1:cancel', { method: 'POST', headers, body: '' });
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ error: { code: 504, status: 'DEADLINE_EXCEEDED' } });
  });

  it('a webhook delivery past the deadline: 504 in the acknowledgement shape (the webhook sub-app answers it)', async () => {
    const billing = fakeBilling();
    billing.webhooks.handle = () => new Promise(() => undefined);
    const app = testApp(billing, { deps: { requestTimeoutMs: 30 } });
    const res = await app.request('/api/v1/webhooks/standard', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1', 'webhook-timestamp': '1', 'webhook-signature': 'v1,AA==' },
      body: '{}',
    });
    expect({ status: res.status, body: await res.json(), id: res.headers.get('x-request-id') !== null }).toEqual({
      status: 504,
      body: { success: false, eventId: '', message: 'the request was not handled within 30 ms (BILLING_REQUEST_TIMEOUT_MS); retry later' },
      id: true,
    });
  });

  it('within the deadline nothing changes: 200', async () => {
    const app = testApp(fakeBilling(), { deps: { requestTimeoutMs: 5_000 } });
    const res = await app.request('/v1/plans:calculate', { method: 'POST', headers, body: '{}' });
    expect(res.status).toBe(200);
  });
});
