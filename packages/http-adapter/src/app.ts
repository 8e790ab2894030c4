import type { BillingService } from '@billing/billing-domain';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from 'pino';
import { requireAuth } from './auth/require-auth.js';
import type { TokenVerifier } from './auth/token-verifier.js';
import { INLINE_CALCULATOR, type PlanCalculator } from './calculation/plan-calculator.js';
import { errorResponse } from './errors/aip193.js';
import { TRANSPORT_ERRORS } from './errors/status-table.js';
import { limitBody as bodyLimit } from './http/body-limit.js';
import type { AppEnv } from './http/context.js';
import { colonAwarePath } from './http/get-path.js';
import { requestLog } from './http/request-log.js';
import { WEBHOOK_PREFIX } from './http/webhook-prefix.js';
import { deadline, deadlineResponse } from './limits/deadline.js';
import type { PricingLimits } from './limits/pricing-limits.js';
import { rateLimit } from './limits/rate-limit.js';
import { httpMetrics } from './metrics/http-metrics.js';
import type { ServiceMetrics } from './metrics/metrics.js';
import { registerMetricsRoute } from './metrics/metrics-route.js';
import { registerAddonSubscriptionRoutes } from './routes/addon-subscriptions.js';
import { registerEventRoutes } from './routes/events.js';
import { registerHealthRoutes } from './routes/health.js';
import { registerOpenApiRoute } from './routes/openapi.js';
import { registerCalculatorPage } from './pages/calculator-page.js';
import { registerDocsPage } from './pages/docs-page.js';
import { registerPlanRoutes } from './routes/plans.js';
import { registerWebhookRoutes } from './routes/webhooks.js';

export interface AppDeps {
  billing: BillingService;
  auth: TokenVerifier;
  logger: Logger;
  /** Largest request body accepted, in bytes (413 above). */
  bodyLimitBytes: number;
  /** The time passed to the domain; the wall clock by default. */
  clock?: () => Date;
  /** Runs the calculations; inline on the calling thread by default. */
  calculator?: PlanCalculator;
  /** The pricing limits passed to `calculatePlan` (the library defaults where unset). */
  pricingLimits?: Partial<PricingLimits>;
  /** The deadline of every request (BILLING_REQUEST_TIMEOUT_MS); 10,000 ms by default. */
  requestTimeoutMs?: number;
  /** Requests a second per organization on `/v1` (BILLING_RATE_LIMIT_PER_SECOND); 0 or unset: no limit. */
  rateLimitPerSecond?: number;
  /** The metrics and `GET /metrics`; none when unset (BILLING_METRICS=off). */
  metrics?: ServiceMetrics;
  /** The clock of the rate limiter, in milliseconds; `Date.now` by default. */
  nowMs?: () => number;
}

/** The deadline of a request when none is given. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

export { WEBHOOK_PREFIX };

/**
 * The HTTP application: routes, auth, AIP-193 errors, request logs. No business rule lives here.
 * @example serve({ fetch: createApp(deps).fetch, port: 8080 })
 */
export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const clock = deps.clock ?? (() => new Date());
  const app = new OpenAPIHono<AppEnv>({ getPath: colonAwarePath });
  const authenticate = requireAuth(deps.auth);
  const limitBody = bodyLimit({
    maxSize: deps.bodyLimitBytes,
    onError: (c) =>
      errorResponse(c, {
        ...TRANSPORT_ERRORS.payloadTooLarge,
        reason: 'PAYLOAD_TOO_LARGE',
        message: `the request body is larger than ${deps.bodyLimitBytes} bytes`,
      }),
  });
  const unlessWebhook = (mw: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> => (c, next) =>
    c.req.path.startsWith(WEBHOOK_PREFIX) ? next() : mw(c, next);

  app.use('*', requestLog(deps.logger));
  if (deps.metrics) app.use('*', httpMetrics(deps.metrics));
  app.use('*', deadline(deps.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS));
  app.use('/v1/*', authenticate);
  if ((deps.rateLimitPerSecond ?? 0) > 0) app.use('/v1/*', rateLimit(deps.rateLimitPerSecond ?? 0, deps.nowMs));
  app.use('/v1/*', limitBody);
  app.use('/api/v1/*', unlessWebhook(authenticate), unlessWebhook(limitBody));

  registerHealthRoutes(app, () => deps.billing.isReady());
  registerOpenApiRoute(app);
  registerDocsPage(app);
  registerCalculatorPage(app);
  if (deps.metrics) registerMetricsRoute(app, deps.metrics);
  registerPlanRoutes(app, { calculator: deps.calculator ?? INLINE_CALCULATOR, limits: deps.pricingLimits ?? {} });
  registerAddonSubscriptionRoutes(app, deps.billing.addons, clock);
  if (deps.billing.events) registerEventRoutes(app, deps.billing.events, clock);
  registerWebhookRoutes(app, { webhooks: deps.billing.webhooks, auth: deps.auth, bodyLimitBytes: deps.bodyLimitBytes, clock });

  app.notFound((c) => errorResponse(c, { status: 'NOT_FOUND', reason: 'ROUTE_NOT_FOUND', message: `no route for ${c.req.method} ${c.req.path}` }));
  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(c, { status: 'INVALID_ARGUMENT', httpStatus: error.status, reason: 'BAD_REQUEST', message: error.message || 'bad request' });
    }
    if (c.get('deadline')?.aborted === true) {
      // NOTE: work stopped by the request's deadline (a worker calculation aborted); the deadline
      // middleware has answered 504 already, this answer goes nowhere.
      return deadlineResponse(c);
    }
    if (clientWentAway(error, c.req.raw)) {
      // NOTE: the client closed the connection mid-request (a body cut short): its problem, not a
      // server error; nobody reads this answer, but the log and the status must not say 500.
      c.get('log')?.info('the client closed the connection before the request was complete');
      const message = 'the request was not received completely';
      if (c.req.path.startsWith(WEBHOOK_PREFIX)) return c.json({ success: false, eventId: '', message }, 400);
      return errorResponse(c, { status: 'INVALID_ARGUMENT', reason: 'REQUEST_INCOMPLETE', message });
    }
    c.get('log')?.error({ err: error }, 'unhandled error');
    if (c.req.path.startsWith(WEBHOOK_PREFIX)) return c.json({ success: false, eventId: '', message: 'internal error; retry later' }, 500);
    return errorResponse(c, { status: 'INTERNAL', reason: 'INTERNAL', message: 'internal error' });
  });
  return app;
}

/** True when an error comes from the client disconnecting (node's `aborted` while a body was read). */
function clientWentAway(error: Error, request: Request): boolean {
  const cutShort = error.message === 'aborted' && (error as NodeJS.ErrnoException).code === 'ECONNRESET';
  return cutShort || (request.signal.aborted && error.name === 'AbortError');
}
