import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from './context.js';
import { requestHeader } from './request-header.js';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives each request an id (the caller's `X-Request-ID` when it is 1-128 safe characters),
 * echoes it, and logs one line per request: method, path, status, duration. Never headers.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = requestHeader(c, 'x-request-id');
    const requestId = incoming !== undefined && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    const started = performance.now();
    await next();
    c.res.headers.set('X-Request-ID', requestId);
    const status = c.res.status;
    // NOTE: the line's fields are built only at a level that writes them (LOG_LEVEL=warn: none for a 2xx).
    if (!log.isLevelEnabled(status >= 500 ? 'error' : 'info')) return;
    const fields = {
      method: c.req.method,
      path: c.req.path,
      status,
      durationMs: Math.round((performance.now() - started) * 1000) / 1000,
    };
    if (status >= 500) log.error(fields, 'request failed');
    else log.info(fields, 'request');
  };
}
