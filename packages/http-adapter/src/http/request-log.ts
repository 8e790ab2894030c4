import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request: the caller's `X-Request-ID` when it is 1-128 safe characters, else a new UUID.
 * @example requestIdOf('abc-123') // 'abc-123'
 */
export function requestIdOf(header: string | undefined): string {
  return header !== undefined && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * The logger of the access lines: `logger` without its redaction, for `writeRequestLine` only. An
 * access line holds the request's id (1-128 safe characters, or made here), its method, its path
 * (never the query), the status and the duration: no header, body or named secret for the
 * redaction to find, and none it could find in a path. The redaction's wildcard paths took half the
 * cost of a line (3.3 µs against 1.5 µs a line, in a loop).
 * @example writeRequestLine(accessLogger(logger), 'abc-123', 'GET', '/v1/plans:calculate', 200, 0.42)
 */
export function accessLogger(logger: Logger): Logger {
  return logger.child({}, { redact: [] });
}

/**
 * Logs the one line of an answered request (`request`, or `request failed` at error for a 5xx) with its
 * id, method, path, status and duration; never headers.
 * @example writeRequestLine(logger, 'abc-123', 'GET', '/healthz', 200, 0.42)
 */
export function writeRequestLine(logger: Logger, requestId: string, method: string, path: string, status: number, elapsedMs: number): void {
  // The fields are built only at a level that writes them (LOG_LEVEL=warn: none for a 2xx).
  if (status >= 500) {
    if (logger.isLevelEnabled('error')) logger.error({ requestId, method, path, status, durationMs: roundMs(elapsedMs) }, 'request failed');
  } else if (logger.isLevelEnabled('info')) {
    logger.info({ requestId, method, path, status, durationMs: roundMs(elapsedMs) }, 'request');
  }
}

const roundMs = (ms: number) => Math.round(ms * 1000) / 1000;
