import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, retryAfterMs, retryDelayMs, retryingFetch, retryPolicyOf, type RetryPolicy } from './retry.js';

const RUNS = { numRuns: 200 };
const policyArbitrary = fc.record({
  maxRetries: fc.integer({ min: 0, max: 10 }),
  baseDelayMs: fc.integer({ min: 0, max: 5000 }),
  maxDelayMs: fc.integer({ min: 0, max: 300_000 }),
});

describe('examples', () => {
  it('Retry-After in seconds or as an HTTP date; unreadable is undefined', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-1', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it('backoff doubles from baseDelayMs with equal jitter, up to maxDelayMs', () => {
    const policy: RetryPolicy = { maxRetries: 5, baseDelayMs: 100, maxDelayMs: 300 };
    expect([0, 1, 2, 3].map((retry) => retryDelayMs(retry, undefined, policy, () => 0))).toEqual([50, 100, 150, 150]);
    expect([0, 1, 2, 3].map((retry) => retryDelayMs(retry, undefined, policy, () => 1))).toEqual([100, 200, 300, 300]);
    expect(retryDelayMs(0, 250, policy, () => 0)).toBe(250);
    expect(retryDelayMs(0, 301, policy, () => 0)).toBeUndefined();
  });

  it('a policy outside its bounds is refused naming the field', () => {
    expect(() => retryPolicyOf({ maxRetries: 11 })).toThrow(/retry\.maxRetries must be an integer from 0 to 10, got 11/);
    expect(() => retryPolicyOf({ maxDelayMs: -1 })).toThrow(/retry\.maxDelayMs/);
    expect(() => retryPolicyOf({ baseDelayMs: 1.5 })).toThrow(/retry\.baseDelayMs/);
    expect(retryPolicyOf(false).maxRetries).toBe(0);
    expect(retryPolicyOf(undefined)).toEqual(DEFAULT_RETRY_POLICY);
  });

  it('only 429 and 503 are retried; a 500 or a 502 is answered at once', async () => {
    for (const [status, attempts] of [[429, 3], [503, 3], [500, 1], [502, 1], [200, 1]] as const) {
      let calls = 0;
      const fetchOnce = async () => {
        calls += 1;
        return new Response('{}', { status, headers: { 'retry-after': '0' } });
      };
      const response = await retryingFetch(fetchOnce, { maxRetries: 2, baseDelayMs: 0, maxDelayMs: 0 })(new Request('http://x.test/'));
      expect([response.status, calls]).toEqual([status, attempts]);
    }
  });

  it('an abort during the wait rejects with the signal\'s reason and sends nothing more', async () => {
    let calls = 0;
    const controller = new AbortController();
    const fetchOnce = async () => {
      calls += 1;
      setTimeout(() => controller.abort(new Error('caller gave up')), 10);
      return new Response('', { status: 503, headers: { 'retry-after': '60' } });
    };
    const request = new Request('http://x.test/', { signal: controller.signal });
    await expect(retryingFetch(fetchOnce, { maxRetries: 2, baseDelayMs: 0, maxDelayMs: 120_000 })(request)).rejects.toThrow('caller gave up');
    expect(calls).toBe(1);
  });
});

describe('properties', () => {
  it('the wait honours Retry-After: wait >= Retry-After, or no retry when Retry-After > maxDelayMs', () => {
    fc.assert(
      fc.property(policyArbitrary, fc.nat(20), fc.option(fc.nat(400_000), { nil: undefined }), fc.double({ min: 0, max: 1, noNaN: true }), (policy, retry, server, r) => {
        const wait = retryDelayMs(retry, server, policy, () => r);
        if (server !== undefined && server > policy.maxDelayMs) return wait === undefined;
        return wait !== undefined && wait >= (server ?? 0);
      }),
      RUNS,
    );
  });

  it('the wait is bounded: wait <= maxDelayMs', () => {
    fc.assert(
      fc.property(policyArbitrary, fc.nat(60), fc.option(fc.nat(400_000), { nil: undefined }), fc.double({ min: 0, max: 1, noNaN: true }), (policy, retry, server, r) => {
        const wait = retryDelayMs(retry, server, policy, () => r);
        return wait === undefined || wait <= policy.maxDelayMs;
      }),
      RUNS,
    );
  });

  it('attempts are bounded: a server that always answers 503 sees maxRetries + 1 requests', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 10 }), async (maxRetries) => {
        let calls = 0;
        const fetchOnce = async () => {
          calls += 1;
          return new Response('', { status: 503 });
        };
        const response = await retryingFetch(fetchOnce, { maxRetries, baseDelayMs: 0, maxDelayMs: 0 })(new Request('http://x.test/', { method: 'POST', body: 'same' }));
        return response.status === 503 && calls === maxRetries + 1;
      }),
      { numRuns: 30 },
    );
  });
});
