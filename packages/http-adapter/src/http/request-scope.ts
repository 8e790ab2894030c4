import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import { RequestCounters } from '../metrics/http-metrics.js';
import type { ServiceMetrics } from '../metrics/metrics.js';
import { RequestScope, type AppEnv } from './context.js';
import { requestHeader } from './request-header.js';
import { accessLogger, requestIdOf, writeRequestLine } from './request-log.js';

/**
 * The request's scope, set by `observeRequests`.
 * @example requestScope(c).log.warn('...')
 */
export function requestScope(c: Context<AppEnv>): RequestScope {
  return c.get('scope');
}

export interface ObserveRequestsOptions {
  logger: Logger;
  metrics?: ServiceMetrics;
  /** The deadline of every request (BILLING_REQUEST_TIMEOUT_MS), raced by the sub-apps' `deadline` middleware. */
  timeoutMs: number;
}

/**
 * The app's one per-request middleware: the request id (echoed in `X-Request-ID` on the answer Hono
 * sends), the log line (none for an answered health check) and the metrics, from one clock read on arrival and one on the answer. Every
 * answer, a sub-app's error answers included, comes back through here as `c.res`.
 * @example app.use('*', observeRequests({ logger, timeoutMs: 10_000 }))
 */
export function observeRequests(options: ObserveRequestsOptions): MiddlewareHandler<AppEnv> {
  const { logger, metrics, timeoutMs } = options;
  const counters = metrics && new RequestCounters(metrics);
  const access = accessLogger(logger);
  return async (c, next) => {
    const started = performance.now();
    const scope = new RequestScope(requestIdOf(requestHeader(c, 'x-request-id')), started, timeoutMs, logger, metrics);
    c.set('scope', scope);
    // Set before the answer is made, so every answer built through the context carries it.
    c.header('X-Request-ID', scope.requestId);
    await next();
    const status = c.res.status;
    const ended = performance.now();
    if (counters !== undefined) {
      const route = counters.routeLabel(c);
      counters.count(c.req.method, route, status, (ended - started) / 1000);
      if (scope.storageUnavailable) counters.storageError(route);
    }
    // Health checks come every few seconds from the orchestrator: one answered, they write no line
    // (docs/operations.md, "Logs"); a failing one (5xx) does. Their metrics are counted all the same.
    const path = c.req.path;
    if (status >= 500 || !HEALTH_CHECKS.has(path)) writeRequestLine(access, scope.requestId, c.req.method, path, status, ended - started);
  };
}

/** The paths of the health checks. */
const HEALTH_CHECKS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);
