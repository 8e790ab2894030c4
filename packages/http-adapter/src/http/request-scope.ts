import type { IncomingMessage, ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import { errorBody } from '../errors/aip193.js';
import { deadlineResponse, webhookDeadlineBody } from '../limits/deadline.js';
import { RequestCounters, routeLabel } from '../metrics/http-metrics.js';
import type { ServiceMetrics } from '../metrics/metrics.js';
import { deadlineExceededMessage, RequestScope, type AppEnv } from './context.js';
import { requestHeader } from './request-header.js';
import { requestIdOf, writeRequestLine } from './request-log.js';

/** What node-server passes as the app's environment: node's own request and response. */
interface NodeBindings {
  incoming?: IncomingMessage;
  outgoing?: ServerResponse;
}

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
  /** The deadline of every request (BILLING_REQUEST_TIMEOUT_MS). */
  timeoutMs: number;
}

/**
 * The app's one per-request middleware: the request id (echoed in `X-Request-ID`), the deadline, the
 * log line and the metrics, from one clock read on arrival and one on the answer.
 * The deadline is one timer. When it fires first, the work that can be stopped is aborted and, served by
 * node, the 504 is written at once onto node's response (a handler waiting on storage or on a slow body
 * does not hold the answer back); the handler's later answer is dropped. Without node's response (the app
 * called through `app.request`), the 504 replaces the answer when the handler ends.
 * @example app.use('*', observeRequests({ logger, timeoutMs: 10_000 }))
 */
export function observeRequests(options: ObserveRequestsOptions): MiddlewareHandler<AppEnv> {
  const { logger, metrics, timeoutMs } = options;
  const counters = metrics && new RequestCounters(metrics);
  const finish = (c: Context<AppEnv>, scope: RequestScope, status: number) => {
    const ended = performance.now();
    if (counters !== undefined) {
      const route = routeLabel(c);
      counters.count(c.req.method, route, status, (ended - scope.started) / 1000);
      if (scope.storageUnavailable) counters.storageError(route);
    }
    writeRequestLine(logger, scope.requestId, c.req.method, c.req.path, status, ended - scope.started);
  };
  const onDeadline = (c: Context<AppEnv>, scope: RequestScope) => {
    scope.expire();
    const outgoing = (c.env as NodeBindings | undefined)?.outgoing;
    if (outgoing === undefined || outgoing.headersSent || outgoing.writableEnded) return;
    scope.answered = true;
    scope.log.warn({ timeoutMs }, 'request deadline exceeded');
    const message = deadlineExceededMessage(timeoutMs);
    const body = scope.acknowledges
      ? JSON.stringify(webhookDeadlineBody(message))
      : JSON.stringify(errorBody({ status: 'DEADLINE_EXCEEDED', reason: 'DEADLINE_EXCEEDED', message }));
    outgoing.writeHead(504, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    outgoing.end(body);
    finish(c, scope, 504);
  };
  return async (c, next) => {
    const started = performance.now();
    const outgoing = (c.env as NodeBindings | undefined)?.outgoing;
    const scope = new RequestScope(requestIdOf(requestHeader(c, 'x-request-id')), started, timeoutMs, logger, metrics);
    c.set('scope', scope);
    // The id goes straight onto node's response: setting it on the web Response would make node-server
    // build a Headers object for every answer.
    outgoing?.setHeader('X-Request-ID', scope.requestId);
    const timer = setTimeout(onDeadline, timeoutMs, c, scope);
    try {
      await next();
    } finally {
      clearTimeout(timer);
    }
    if (scope.answered) {
      c.res = undefined;
      c.res = RESPONSE_ALREADY_SENT;
      return;
    }
    if (scope.expired) {
      scope.log.warn({ timeoutMs }, 'request deadline exceeded');
      c.res = undefined;
      c.res = deadlineResponse(c);
    }
    if (outgoing === undefined) c.res.headers.set('X-Request-ID', scope.requestId);
    finish(c, scope, c.res.status);
  };
}
