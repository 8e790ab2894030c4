import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * A request header's value as the web `Headers.get` gives it (repeated headers joined with ", "), or
 * undefined when absent. On @hono/node-server it is read from node's raw header list, because `c.req.header()`
 * makes node-server build a whole web `Headers` object for the request on first use (name checks, copies of
 * every header). Elsewhere (tests calling `app.request`) it is `c.req.header()`.
 * Hand-written because node's own `headers` object keeps only the first of some repeated headers
 * (Authorization, Content-Type, Content-Length), where `Headers.get` joins them: two Authorization headers must
 * stay one unreadable value, not a choice of the first.
 * @example requestHeader(c, 'content-type') // 'application/json'
 */
export function requestHeader(c: Context, lowerCaseName: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming === undefined) return c.req.header(lowerCaseName);
  return rawHeader(incoming.rawHeaders, lowerCaseName);
}

/**
 * A header's value in node's raw header list (name, value, name, value...), repeated headers joined with ", "
 * as `Headers.get` joins them; undefined when absent.
 * @example rawHeader(['Content-Type', 'application/json'], 'content-type') // 'application/json'
 */
export function rawHeader(raw: readonly string[], lowerCaseName: string): string | undefined {
  let found: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === lowerCaseName.length && name.toLowerCase() === lowerCaseName) {
      const value = raw[i + 1] as string;
      found = found === undefined ? value : `${found}, ${value}`;
    }
  }
  return found;
}

/**
 * Every request header, names lower case, repeated ones joined with ", " as `Headers` joins them. On
 * @hono/node-server read from node's raw header list, so no web `Headers` (nor `Request`) is built for it;
 * elsewhere from `c.req.raw.headers`.
 * @example requestHeaders(c)['stripe-signature']
 */
export function requestHeaders(c: Context): Record<string, string> {
  const headers: Record<string, string> = {};
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming === undefined) {
    c.req.raw.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return headers;
  }
  const raw = incoming.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    const value = raw[i + 1] as string;
    const before = headers[name];
    headers[name] = before === undefined ? value : `${before}, ${value}`;
  }
  return headers;
}
