import type { BillingService } from '@billing/billing-domain';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from 'pino';
import { requireAuth } from './auth/require-auth.js';
import type { TokenVerifier } from './auth/token-verifier.js';
import { INLINE_CALCULATOR, type PlanCalculator } from './calculation/plan-calculator.js';
import { closestName } from '@billing/pricing-core';
import { errorResponse } from './errors/aip193.js';
import { RequestIncompleteError } from './http/body.js';
import type { AppEnv } from './http/context.js';
import { colonAwarePath } from './http/get-path.js';
import { authentication, bodyLimit, rateLimit } from './http/middleware.js';
import { observeRequests } from './http/request-scope.js';
import { WEBHOOK_PREFIX } from './http/webhook-prefix.js';
import { deadline, DeadlineExceededError, deadlineExceededMessage } from './limits/deadline.js';
import type { PricingLimits } from './limits/pricing-limits.js';
import { rateLimiter } from './limits/rate-limit.js';
import type { ServiceMetrics } from './metrics/metrics.js';
import { registerMetricsRoute } from './metrics/metrics-route.js';
import { registerAddonSubscriptionRoutes } from './routes/addon-subscriptions.js';
import { registerEventPayloads, registerEventRoutes } from './routes/events.js';
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
 * One middleware for every request (id, log line, metrics); the authenticated API (`/v1`) and the webhook
 * receiver (`/api/v1/webhooks`) are sub-apps, each with its own middleware (deadline first) and its own
 * `onError`, which answers in its own shape: every answer, a 504 included, is the one Hono returns.
 * @example serve({ fetch: createApp(deps).fetch, port: 8080 })
 */
export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ getPath: colonAwarePath });
  app.use('*', observeRequests({ logger: deps.logger, timeoutMs: deps.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, ...(deps.metrics ? { metrics: deps.metrics } : {}) }));
  // Of the root's own routes only these wait (on storage, on the metrics registry).
  app.use('/readyz', deadline);
  app.use('/metrics', deadline);
  registerHealthRoutes(app, () => deps.billing.isReady());
  registerOpenApiRoute(app);
  registerDocsPage(app);
  registerCalculatorPage(app);
  if (deps.metrics) registerMetricsRoute(app, deps.metrics);
  // The payloads the service sends, as the document's `webhooks` (on the root: they have no path here).
  if (deps.billing.events) registerEventPayloads(app);
  app.route('/v1', createV1App(deps));
  app.route(WEBHOOK_PREFIX.slice(0, -1), createWebhookApp(deps));
  app.route('/api/v1', createApiApp(deps));
  let documented: string[] | undefined;
  app.notFound((c) => routeNotFound(c, (documented ??= documentedPaths(app))));
  app.onError(answerError(aip193Errors));
  return app;
}

/**
 * The authenticated API, mounted at `/v1`: deadline, bearer token, rate limit, declared body size, then
 * the route; errors in AIP-193.
 * @example app.route('/v1', createV1App(deps))
 */
export function createV1App(deps: AppDeps): OpenAPIHono<AppEnv> {
  const clock = deps.clock ?? (() => new Date());
  const v1 = new OpenAPIHono<AppEnv>();
  v1.use('*', deadline, authentication(requireAuth(deps.auth)));
  if ((deps.rateLimitPerSecond ?? 0) > 0) v1.use('*', rateLimit(rateLimiter(deps.rateLimitPerSecond ?? 0, deps.nowMs)));
  v1.use('*', bodyLimit(deps.bodyLimitBytes));
  registerPlanRoutes(v1, { calculator: deps.calculator ?? INLINE_CALCULATOR, limits: deps.pricingLimits ?? {}, bodyLimitBytes: deps.bodyLimitBytes });
  registerAddonSubscriptionRoutes(v1, deps.billing.addons, clock, deps.bodyLimitBytes);
  if (deps.billing.events) registerEventRoutes(v1, deps.billing.events, clock, deps.bodyLimitBytes);
  v1.onError(answerError(aip193Errors));
  return v1;
}

/**
 * The webhook receiver, mounted at the webhook prefix: no bearer check of the rest of `/api/v1` (a
 * delivery's token is optional and judged by the domain); every answer, errors and the 504 included, in
 * the acknowledgement shape. A method or path it does not serve is 404 here.
 * @example app.route('/api/v1/webhooks', createWebhookApp(deps))
 */
export function createWebhookApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const webhooks = new OpenAPIHono<AppEnv>();
  webhooks.use('*', deadline);
  registerWebhookRoutes(webhooks, { webhooks: deps.billing.webhooks, auth: deps.auth, bodyLimitBytes: deps.bodyLimitBytes, clock: deps.clock ?? (() => new Date()) });
  // Anything else under the prefix is 404 here, before `/api/v1` asks for a token; the prefix itself is
  // `/api/v1`'s. A wildcard, not a `{.*}` pattern beside `/:provider`: Hono's fast router takes no two
  // patterns at one position.
  webhooks.all('/*', (c, next) => (c.req.path === WEBHOOK_PREFIX.slice(0, -1) ? next() : routeNotFound(c)));
  webhooks.onError(answerError(acknowledgementErrors));
  return webhooks;
}

/**
 * `/api/v1` serves only the webhooks; anything else there asks for a token first, as `/v1` does.
 * @example app.route('/api/v1', createApiApp(deps))
 */
export function createApiApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const api = new OpenAPIHono<AppEnv>();
  api.use('*', deadline, authentication(requireAuth(deps.auth)), bodyLimit(deps.bodyLimitBytes));
  api.onError(answerError(aip193Errors));
  return api;
}

/** The routes of the OpenAPI document (`POST /v1/addon-subscriptions/{addonSubscriptionId}:cancel`). */
function documentedPaths(app: OpenAPIHono<AppEnv>): string[] {
  return app.openAPIRegistry.definitions.flatMap((d) => (d.type === 'route' ? [`${d.route.method.toUpperCase()} ${d.route.path}`] : []));
}

/**
 * The 404 of a path no route serves. A custom method (`…:undocancel`) the resource does not have is
 * told the ones it has, with the nearest named when one is close.
 */
function routeNotFound(c: Context<AppEnv>, documented: readonly string[] = []): Response {
  const methods = customMethodsOf(c.req.path, documented);
  const verb = c.req.path.slice(c.req.path.lastIndexOf(':') + 1);
  const named = methods.filter((m) => m.name === verb).map((m) => m.httpMethod);
  const near = closestName(verb, methods.map((m) => m.name));
  const hint =
    named.length > 0
      ? `; :${verb} takes ${named.join(', ')}`
      : methods.length === 0
        ? ''
        : `; the custom methods here are ${[...new Set(methods.map((m) => `:${m.name}`))].join(', ')}${near === undefined ? '' : ` (did you mean :${near}?)`}`;
  return errorResponse(c, { status: 'NOT_FOUND', reason: 'ROUTE_NOT_FOUND', message: `no route for ${c.req.method} ${c.req.path}${hint}` });
}

/**
 * The custom methods documented for the resource a `…/{id}:verb` path names: the documented routes
 * `METHOD …/{param}:name` whose segments match the request's, a `{param}` matching any one segment.
 * @example customMethodsOf('/v1/addon-subscriptions/as_1:undocancel', ['POST /v1/addon-subscriptions/{id}:cancel']) // [{ name: 'cancel', httpMethod: 'POST' }]
 */
export function customMethodsOf(path: string, documented: readonly string[]): { name: string; httpMethod: string }[] {
  const colon = path.lastIndexOf(':');
  if (colon < 0 || path.includes('/', colon)) return [];
  const segments = path.slice(0, colon).split('/');
  const methods: { name: string; httpMethod: string }[] = [];
  for (const route of documented) {
    const [httpMethod = '', candidate = ''] = route.split(' ');
    const at = candidate.lastIndexOf(':');
    if (at < 0 || candidate.includes('/', at)) continue;
    const pattern = candidate.slice(0, at).split('/');
    const same = pattern.length === segments.length && pattern.every((p, i) => p === segments[i] || (p.startsWith('{') && p.endsWith('}') && segments[i] !== ''));
    if (same) methods.push({ name: candidate.slice(at + 1), httpMethod });
  }
  return methods;
}

/** The answers of a sub-app to a request its handler could not finish. */
interface ErrorAnswers {
  deadline: (c: Context<AppEnv>, message: string) => Response;
  incomplete: (c: Context<AppEnv>, message: string) => Response;
  internal: (c: Context<AppEnv>) => Response;
}

const aip193Errors: ErrorAnswers = {
  deadline: (c, message) => errorResponse(c, { status: 'DEADLINE_EXCEEDED', reason: 'DEADLINE_EXCEEDED', message }),
  incomplete: (c, message) => errorResponse(c, { status: 'INVALID_ARGUMENT', reason: 'REQUEST_INCOMPLETE', message }),
  internal: (c) => errorResponse(c, { status: 'INTERNAL', reason: 'INTERNAL', message: 'internal error' }),
};

const acknowledgementErrors: ErrorAnswers = {
  deadline: (c, message) => c.json({ success: false, eventId: '', message: `${message}; retry later` }, 504),
  incomplete: (c, message) => c.json({ success: false, eventId: '', message }, 400),
  internal: (c) => c.json({ success: false, eventId: '', message: 'internal error; retry later' }, 500),
};

/** An `onError`: a bad request, a passed deadline, a client gone mid-body, or a bug (500, logged). */
function answerError(answers: ErrorAnswers): ErrorHandler<AppEnv> {
  return (error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(c, { status: 'INVALID_ARGUMENT', httpStatus: error.status, reason: 'BAD_REQUEST', message: error.message || 'bad request' });
    }
    const scope = c.get('scope');
    // The deadline middleware's own error, or work it stopped (a worker calculation aborted).
    if (error instanceof DeadlineExceededError || scope.expired) {
      scope.log.warn({ timeoutMs: scope.timeoutMs }, 'request deadline exceeded');
      return answers.deadline(c, deadlineExceededMessage(scope.timeoutMs));
    }
    if (error instanceof RequestIncompleteError) {
      // The client closed the connection mid-body: its problem, not a server error. Nobody reads this
      // answer, but the log and the status must not say 500.
      scope.log.info('the client closed the connection before the request was complete');
      return answers.incomplete(c, error.message);
    }
    scope.log.error({ err: error }, 'unhandled error');
    return answers.internal(c);
  };
}
