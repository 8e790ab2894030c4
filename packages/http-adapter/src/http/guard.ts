import type { MiddlewareHandler } from 'hono';
import type { Context } from 'hono';
import type { RateDecision } from '../limits/rate-limit.js';
import { payloadTooLarge } from './body.js';
import { declaredBodyFits } from './body-limit.js';
import type { AppEnv } from './context.js';
import { requestHeader } from './request-header.js';

export interface GuardOptions {
  /** The bearer-token check (401/400/403), resolving with the refusal or undefined. */
  authenticate: (c: Context<AppEnv>) => Promise<Response | undefined>;
  /** The per-organization rate limit, when there is one. */
  rateLimit?: (c: Context<AppEnv>) => RateDecision;
  /** BILLING_BODY_LIMIT_BYTES: a declared `Content-Length` over it is refused (413) before the handler. */
  bodyLimitBytes: number;
}

/**
 * The one middleware of an authenticated sub-app, in this order: the bearer token, the rate limit, the
 * declared body size; then the route. A chunked body is counted by the body reader as it arrives.
 * @example v1.use('*', guard({ authenticate: requireAuth(verifier), bodyLimitBytes: 1_048_576 }))
 */
export function guard(options: GuardOptions): MiddlewareHandler<AppEnv> {
  const { authenticate, rateLimit, bodyLimitBytes } = options;
  return async (c, next) => {
    const refused = await authenticate(c);
    if (refused !== undefined) return refused;
    const rate = rateLimit?.(c);
    if (rate?.refusal !== undefined) {
      withRateHeaders(rate.refusal, rate);
      return rate.refusal;
    }
    const method = c.req.method;
    const fits = method === 'GET' || method === 'HEAD' || declaredBodyFits(requestHeader(c, 'content-length'), requestHeader(c, 'transfer-encoding'), bodyLimitBytes) !== false;
    if (fits) await next();
    else c.res = payloadTooLarge(c, bodyLimitBytes);
    if (rate !== undefined) withRateHeaders(c.res, rate);
  };
}

function withRateHeaders(response: Response, rate: RateDecision): void {
  response.headers.set('RateLimit-Policy', rate.policy);
  response.headers.set('RateLimit', rate.state);
}
