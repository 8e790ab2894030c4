import type { Context } from 'hono';
import { errorResponse } from '../errors/aip193.js';
import type { AppEnv } from '../http/context.js';
import { TokenBuckets } from './token-bucket.js';

const POLICY = 'organization';

/** One request's turn: the refusal when over the limit, and the two headers every answer carries. */
export interface RateDecision {
  refusal: Response | undefined;
  policy: string;
  state: string;
}

/**
 * A per-organization rate limit (after auth: keyed by the authenticated `X-Organization-ID`):
 * `perSecond` requests a second with bursts of twice that. Over it: 429 RESOURCE_EXHAUSTED with
 * `Retry-After`, and on every answer the IETF draft `RateLimit-Policy` and `RateLimit` headers.
 * @example const decision = rateLimiter(10)(c); if (decision.refusal) return decision.refusal
 */
export function rateLimiter(perSecond: number, now: () => number = Date.now): (c: Context<AppEnv>) => RateDecision {
  const burst = perSecond * 2;
  const buckets = new TokenBuckets(perSecond, burst);
  // `q` tokens per `w` seconds: a full bucket of 2x the rate refills in 2 s, i.e. the rate per second.
  const policy = `"${POLICY}";q=${burst};w=2`;
  return (c) => {
    const taken = buckets.take(c.get('organizationId'), now());
    const state = `"${POLICY}";r=${taken.remaining};t=${Math.ceil(taken.resetSeconds)}`;
    if (taken.allowed) return { refusal: undefined, policy, state };
    const retryAfter = String(Math.max(1, Math.ceil(taken.retryAfterSeconds)));
    const refusal = errorResponse(c, {
      status: 'RESOURCE_EXHAUSTED',
      reason: 'RATE_LIMIT_EXCEEDED',
      message: `more than ${perSecond} requests a second (bursts up to ${burst}) for this organization (BILLING_RATE_LIMIT_PER_SECOND); retry after ${retryAfter} s`,
    });
    refusal.headers.set('Retry-After', retryAfter);
    return { refusal, policy, state };
  };
}
