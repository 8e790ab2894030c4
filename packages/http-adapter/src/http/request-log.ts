import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from './context.js';
import { arrivalOf } from './arrival.js';
import { requestHeader } from './request-header.js';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives each request an id (the caller's `X-Request-ID` when it is 1-128 safe characters),
 * echoes it, and logs one line per request: method, path, status, duration. Never headers.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = requestIdOf(requestHeader(c, 'x-request-id'));
    const log = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    const started = arrivalOf(c);
    await next();
    c.res.headers.set('X-Request-ID', requestId);
    logRequestLine(log, c.req.method, c.req.path, c.res.status, started);
  };
}

/**
 * The id of a request: the caller's `X-Request-ID` when it is 1-128 safe characters, else a new UUID.
 * @example requestIdOf('abc-123') // 'abc-123'
 */
export function requestIdOf(header: string | undefined): string {
  return header !== undefined && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * Logs the one line of an answered request (`request`, or `request failed` at error for a 5xx);
 * `started` is its `performance.now()` on arrival. `requestId` goes in the line when `log` does not carry it.
 * @example logRequestLine(log, 'GET', '/healthz', 200, started)
 */
export function logRequestLine(log: Logger, method: string, path: string, status: number, started: number, requestId?: string): void {
  // NOTE: the line's fields are built only at a level that writes them (LOG_LEVEL=warn: none for a 2xx).
  if (!log.isLevelEnabled(status >= 500 ? 'error' : 'info')) return;
  const durationMs = Math.round((performance.now() - started) * 1000) / 1000;
  const fields = requestId === undefined ? { method, path, status, durationMs } : { requestId, method, path, status, durationMs };
  if (status >= 500) log.error(fields, 'request failed');
  else log.info(fields, 'request');
}
