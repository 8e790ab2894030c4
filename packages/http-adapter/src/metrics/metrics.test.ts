import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/support/app.js';
import { fakeBilling } from '../../test/support/fake-billing.js';
import { authHeaders, signToken } from '../../test/support/tokens.js';
import { createMetrics } from './metrics.js';

const token = await signToken();
const headers = { ...authHeaders(token), 'content-type': 'application/json' };
const plan = {
  planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '2' }, { pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '3' }] },
  instances: [{}, {}, {}],
};

describe('examples: GET /metrics', () => {
  it('Prometheus text with request, calculation, webhook, storage and process series; route patterns, never raw paths', async () => {
    const billing = fakeBilling();
    const app = testApp(billing, { deps: { metrics: createMetrics() } });
    await app.request('/v1/plans:calculate', { method: 'POST', headers, body: JSON.stringify(plan) });
    await app.request('/v1/addon-subscriptions/as_secret_123', { headers });
    await app.request('/no/such/path/xyz');
    await app.request('/api/v1/webhooks/stripe', { method: 'POST', headers: { 'stripe-signature': 't=1,v1=00' }, body: '{}' });
    billing.nextAck = { code: 'webhook.duplicate', success: true, eventId: 'evt_1', message: 'duplicate' };
    await app.request('/api/v1/webhooks/paddle', { method: 'POST', headers: { 'paddle-signature': 'ts=1;h1=00' }, body: '{}' });
    await app.request('/api/v1/webhooks/made-up-provider', { method: 'POST', body: '{}' });
    billing.nextError = { code: 'storage.unavailable', message: 'storage down' } as typeof billing.nextError;
    expect((await app.request('/v1/addon-subscriptions/as_1', { headers })).status).toBe(503);

    const res = await app.request('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain('http_requests_total{method="POST",route="/v1/plans:calculate",status="200"} 1');
    expect(text).toContain('http_request_duration_seconds_count{method="POST",route="/v1/plans:calculate",status="200"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="/v1/addon-subscriptions/:id",status="200"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(text).toContain('billing_calculation_duration_seconds_count 1');
    expect(text).toContain('billing_calculation_entries_bucket{le="10"} 1');
    expect(text).toContain('billing_calculation_entries_sum 6');
    expect(text).toContain('billing_webhook_deliveries_total{provider="stripe",outcome="applied"} 1');
    expect(text).toContain('billing_webhook_deliveries_total{provider="paddle",outcome="duplicate"} 1');
    expect(text).toContain('billing_storage_errors_total{route="/v1/addon-subscriptions/:id"} 1');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).not.toContain('as_secret_123');
    expect(text).not.toContain('/no/such');
    expect(text).not.toContain('made-up-provider');
  });

  it('off (no metrics given, BILLING_METRICS=off): no /metrics route', async () => {
    const res = await testApp(fakeBilling()).request('/metrics');
    expect(res.status).toBe(404);
  });

  it('each app has its own registry: two apps do not share counts', async () => {
    const one = testApp(fakeBilling(), { deps: { metrics: createMetrics() } });
    const two = testApp(fakeBilling(), { deps: { metrics: createMetrics() } });
    await one.request('/healthz');
    expect(await (await one.request('/metrics')).text()).toContain('http_requests_total{method="GET",route="/healthz",status="200"} 1');
    expect(await (await two.request('/metrics')).text()).not.toContain('route="/healthz"');
  });

  it("the OpenAPI document's example of GET /metrics is what the route answers after one /healthz", async () => {
    const app = testApp(fakeBilling(), { deps: { metrics: createMetrics() } });
    const doc = (await (await app.request('/openapi.json')).json()) as { paths: Record<string, { get: { responses: { 200: { content: Record<string, { example: string }> } } } }> };
    const [example] = Object.values(doc.paths['/metrics']?.get.responses[200].content ?? {}).map((c) => c.example);
    await app.request('/healthz');
    const text = await (await app.request('/metrics')).text();
    for (const line of example?.trimEnd().split('\n') ?? ['(no example)']) expect(text).toContain(`${line}\n`);
  });
});
