import type { MiddlewareHandler } from 'hono';
import type { Context } from 'hono';
import type { RateDecision } from '../limits/rate-limit.js';
import { payloadTooLarge } from './body.js';
import { declaredBodyFits } from './body-limit.js';
import type { AppEnv } from './context.js';
import { requestHeader } from './request-header.js';

/**
 * The bearer token check (401/400/403) as a middleware: a refusal is the answer; otherwise the route.
 * @example v1.use('*', authentication(requireAuth(verifier)))
 */
export function authentication(authenticate: (c: Context<AppEnv>) => Promise<Response | undefined>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const refused = await authenticate(c);
    if (refused !== undefined) return refused;
    await next();
  };
}

/**
 * The per-organization rate limit (after authentication): 429 over it; the `RateLimit-Policy` and
 * `RateLimit` headers on every answer.
 * @example v1.use('*', rateLimit(rateLimiter(10)))
 */
export function rateLimit(decide: (c: Context<AppEnv>) => RateDecision): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const rate = decide(c);
    if (rate.refusal === undefined) await next();
    else c.res = rate.refusal;
    c.res.headers.set('RateLimit-Policy', rate.policy);
    c.res.headers.set('RateLimit', rate.state);
  };
}

/**
 * BILLING_BODY_LIMIT_BYTES: a declared `Content-Length` over it is refused (413) before the handler. A
 * chunked body is counted by the body reader as it arrives.
 * @example v1.use('*', bodyLimit(1_048_576))
 */
export function bodyLimit(limitBytes: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    const fits = method === 'GET' || method === 'HEAD' || declaredBodyFits(requestHeader(c, 'content-length'), requestHeader(c, 'transfer-encoding'), limitBytes) !== false;
    if (!fits) return payloadTooLarge(c, limitBytes);
    await next();
  };
}
