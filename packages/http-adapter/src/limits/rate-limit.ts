import type { MiddlewareHandler } from 'hono';
import { errorResponse } from '../errors/aip193.js';
import type { AppEnv } from '../http/context.js';
import { TokenBuckets } from './token-bucket.js';

const POLICY = 'organization';

/**
 * A per-organization rate limit (after auth: keyed by the authenticated `X-Organization-ID`):
 * `perSecond` requests a second with bursts of twice that. Over it: 429 RESOURCE_EXHAUSTED with
 * `Retry-After`, and on every answer the IETF draft `RateLimit-Policy` and `RateLimit` headers.
 * @example app.use('/v1/*', authenticate, rateLimit(10))
 */
export function rateLimit(perSecond: number, now: () => number = Date.now): MiddlewareHandler<AppEnv> {
  const burst = perSecond * 2;
  const buckets = new TokenBuckets(perSecond, burst);
  // NOTE: `q` tokens per `w` seconds: a full bucket of 2x the rate refills in 2 s, i.e. the rate per second.
  const policy = `"${POLICY}";q=${burst};w=2`;
  return async (c, next) => {
    const taken = buckets.take(c.get('organizationId'), now());
    const state = `"${POLICY}";r=${taken.remaining};t=${Math.ceil(taken.resetSeconds)}`;
    if (!taken.allowed) {
      const retryAfter = String(Math.max(1, Math.ceil(taken.retryAfterSeconds)));
      const response = errorResponse(c, {
        status: 'RESOURCE_EXHAUSTED',
        reason: 'RATE_LIMIT_EXCEEDED',
        message: `more than ${perSecond} requests a second (bursts up to ${burst}) for this organization (BILLING_RATE_LIMIT_PER_SECOND); retry after ${retryAfter} s`,
      });
      response.headers.set('Retry-After', retryAfter);
      response.headers.set('RateLimit-Policy', policy);
      response.headers.set('RateLimit', state);
      return response;
    }
    await next();
    c.res.headers.set('RateLimit-Policy', policy);
    c.res.headers.set('RateLimit', state);
  };
}
