import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestHeader } from './request-header.js';

/**
 * Hono's `bodyLimit` with its two common cases decided from the request line and headers alone: a GET or
 * HEAD (no body) passes, and a body with a `Content-Length` (and no `Transfer-Encoding`) is compared with
 * the limit as Hono compares it. Anything else (a chunked body) goes to Hono's `bodyLimit`, which counts
 * the bytes as they stream.
 * NOTE: Hono's middleware first reads `c.req.raw.body`; on @hono/node-server that one property access builds
 * the whole web `Request` with a `ReadableStream` over the socket (about a tenth of a small calculation's
 * CPU), and the body is then read through that stream instead of node-server's direct path.
 * @example app.use('/v1/*', limitBody({ maxSize: 1_048_576, onError: (c) => c.text('too large', 413) }))
 */
export function limitBody(options: { maxSize: number; onError: (c: Context) => Response | Promise<Response> }): MiddlewareHandler {
  const streamed = bodyLimit(options);
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const fits = declaredBodyFits(requestHeader(c, 'content-length'), requestHeader(c, 'transfer-encoding'), options.maxSize);
    if (fits === undefined) return streamed(c, next);
    return fits ? next() : options.onError(c);
  };
}

/**
 * Whether a body fits in `maxSize` bytes by its headers alone, as Hono's `bodyLimit` judges them: a
 * `Content-Length` without `Transfer-Encoding` decides; undefined when the size is known only by reading.
 * @example declaredBodyFits('1400', undefined, 1_048_576) // true
 */
export function declaredBodyFits(contentLength: string | undefined, transferEncoding: string | undefined, maxSize: number): boolean | undefined {
  if (contentLength === undefined || transferEncoding !== undefined) return undefined;
  return parseInt(contentLength || '0', 10) <= maxSize;
}
