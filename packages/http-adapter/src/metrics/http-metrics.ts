import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { arrivalOf } from '../http/arrival.js';
import type { AppEnv } from '../http/context.js';
import type { ServiceMetrics } from './metrics.js';

/** The route label of a request with no route of its own (404s): one value, whatever the path. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route pattern that answered (`/v1/addon-subscriptions/:id`), never the raw path, so the label set is
 * bounded by the routes the app declares. Middleware (method `ALL`) is skipped: a 401 from auth is counted
 * under the route it guarded.
 * @example routeLabel(c) // '/v1/plans:calculate'
 */
export function routeLabel(c: Context): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const route = routes[i];
    // NOTE: a parameter's pattern (`:id{[^/:]+}`) is left out of the label: `:id` says enough.
    if (route !== undefined && route.method !== 'ALL') return labelOf(route.path);
  }
  return UNMATCHED_ROUTE;
}

// NOTE: the label of each declared route pattern is worked out once (the patterns are the app's own, so
// this map holds one entry per route).
const labels = new Map<string, string>();

function labelOf(path: string): string {
  let label = labels.get(path);
  if (label === undefined) {
    label = path.replace(/(:\w+)\{.*?\}(?=$|\/|:)/g, '$1');
    labels.set(path, label);
  }
  return label;
}

/** Counts and times every request by method, route pattern and status; counts storage 503s. */
export function httpMetrics(metrics: ServiceMetrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('metrics', metrics);
    const started = arrivalOf(c);
    try {
      await next();
    } finally {
      const route = routeLabel(c);
      countRequest(metrics, c.req.method, route, c.res.status, started);
      if (c.get('storageUnavailable') === true) metrics.storageErrors.inc({ route });
    }
  };
}

/**
 * Counts and times one answered request; `started` is its `performance.now()` on arrival.
 * @example countRequest(metrics, 'GET', '/healthz', 200, started)
 */
export function countRequest(metrics: ServiceMetrics, method: string, route: string, status: number, started: number): void {
  const labels = { method, route, status: String(status) };
  metrics.httpRequests.inc(labels);
  metrics.httpDuration.observe(labels, (performance.now() - started) / 1000);
}
