import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/support/app.js';
import { fakeBilling } from '../../test/support/fake-billing.js';
import { authHeaders, signToken } from '../../test/support/tokens.js';
import { TokenBuckets } from './token-bucket.js';

const token = await signToken({ orgs: ['org_a', 'org_b'] });
const post = (app: ReturnType<typeof testApp>, org = 'org_a') =>
  app.request('/v1/plans:calculate', { method: 'POST', headers: { ...authHeaders(token, org), 'content-type': 'application/json' }, body: '{}' });

describe('examples: the per-organization rate limit (BILLING_RATE_LIMIT_PER_SECOND)', () => {
  it('burst of twice the rate, then 429 RESOURCE_EXHAUSTED with Retry-After and RateLimit headers; org_b unaffected', async () => {
    let now = 1_000_000;
    const app = testApp(fakeBilling(), { deps: { rateLimitPerSecond: 2, nowMs: () => now } });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await post(app)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const refused = await post(app);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('ratelimit-policy')).toBe('"organization";q=4;w=2');
    expect(refused.headers.get('ratelimit')).toBe('"organization";r=0;t=2');
    expect(await refused.json()).toMatchObject({ error: { code: 429, status: 'RESOURCE_EXHAUSTED' } });
    const other = await post(app, 'org_b');
    expect(other.status).toBe(200);
    expect(other.headers.get('ratelimit')).toBe('"organization";r=3;t=1');
    now += 500; // one token back at 2 a second
    expect((await post(app)).status).toBe(200);
    expect((await post(app)).status).toBe(429);
  });

  it('health, metrics-free routes and webhooks are not limited', async () => {
    const app = testApp(fakeBilling(), { deps: { rateLimitPerSecond: 1, nowMs: () => 0 } });
    for (let i = 0; i < 5; i++) expect((await app.request('/healthz')).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const res = await app.request('/api/v1/webhooks/stripe', { method: 'POST', body: '{}' });
      expect(res.status).not.toBe(429);
    }
  });

  it('0 (the default) is off', async () => {
    const app = testApp(fakeBilling(), { deps: { rateLimitPerSecond: 0 } });
    for (let i = 0; i < 20; i++) expect((await post(app)).status).toBe(200);
  });
});

describe('laws: TokenBuckets', () => {
  it('idle keys are evicted: size stays bounded by the keys active in the last capacity/rate seconds', () => {
    const buckets = new TokenBuckets(10, 20);
    for (let i = 0; i < 1_000; i++) buckets.take(`org_${i}`, 0);
    expect(buckets.size).toBe(1_000);
    buckets.take('org_late', 2_000);
    expect(buckets.size).toBe(1);
  });

  it('refill: after t seconds at most capacity tokens, rate x t more', () => {
    const buckets = new TokenBuckets(1, 2);
    expect([0, 0, 0].map(() => buckets.take('k', 0).allowed)).toEqual([true, true, false]);
    expect(buckets.take('k', 999).allowed).toBe(false);
    expect(buckets.take('k', 1_000).allowed).toBe(true);
  });
});
