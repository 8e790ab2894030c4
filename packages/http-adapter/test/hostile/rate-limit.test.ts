import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSameProcessAlive, startTarget, stopTarget, type Answer, type Target } from './support/hostile-server.js';

// Finding 11: no rate limit: one organization can take the whole server. service.md section 8:
// BILLING_RATE_LIMIT_PER_SECOND per organization on /v1 (burst twice the rate); over it 429
// RESOURCE_EXHAUSTED with Retry-After and the IETF RateLimit-Policy / RateLimit headers; other
// organizations are not affected.

let target: Target;
beforeAll(async () => {
  target = await startTarget({ BILLING_RATE_LIMIT_PER_SECOND: '5' });
});
afterAll(() => stopTarget(target));

describe('finding 11: rate limit per organization', () => {
  it('a burst of 30 from org_a: 429 RESOURCE_EXHAUSTED with Retry-After and RateLimit headers; org_b is served', async () => {
    const burst: Answer[] = await Promise.all(Array.from({ length: 30 }, () => target.calculate({}, { org: 'org_a' })));
    const limited = burst.filter((a) => a.status === 429);
    const served = burst.filter((a) => a.status === 200);
    console.log(`rate limit 5/s, burst of 30: ${served.length} served, ${limited.length} limited`);
    expect(served.length + limited.length).toBe(30);
    // NOTE: a burst of 10 (twice the rate) plus what refills while the burst is sent; never all 30.
    expect(limited.length).toBeGreaterThanOrEqual(10);
    const first = limited[0]!;
    expect(first.json?.error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' });
    expect(first.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(first.headers.get('ratelimit-policy')).toBeTruthy();
    expect(first.headers.get('ratelimit')).toBeTruthy();
    expect((await target.calculate({}, { org: 'org_b' })).status).toBe(200);
    expect((await fetch(`${target.url}/healthz`, { signal: AbortSignal.timeout(5_000) })).status).toBe(200);
  });

  it('the same process is alive and /healthz answers', async () => {
    await expectSameProcessAlive(target);
  });
});
