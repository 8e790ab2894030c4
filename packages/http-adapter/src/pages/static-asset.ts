import { readFile } from 'node:fs/promises';
import type { Context } from 'hono';

/** A file served as is: read from disk on the first request, then kept in memory. */
export interface StaticAsset {
  respond(c: Context): Promise<Response>;
}

/**
 * The page CSP: own origin only (no CDN, no other host), no inline script; inline styles are
 * allowed because the reference renderer sets style attributes.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers every page and asset carries. */
export function pageHeaders(contentType: string): Record<string, string> {
  return {
    'Content-Type': contentType,
    'Content-Security-Policy': PAGE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
  };
}

/**
 * A file (a URL or a function that finds it) served with `contentType`; read once, on first use.
 * @example staticAsset(() => require.resolve('pkg/file.js'), 'text/javascript; charset=utf-8')
 */
export function staticAsset(locate: () => string | URL, contentType: string): StaticAsset {
  let bytes: Promise<Buffer> | undefined;
  return {
    async respond(c) {
      bytes ??= readFile(locate());
      const body = await bytes.catch((error: unknown) => {
        bytes = undefined;
        throw error;
      });
      return c.body(new Uint8Array(body), 200, pageHeaders(contentType));
    },
  };
}

/**
 * Text held in memory served with `contentType` (the pages' own HTML, CSS and scripts).
 * @example textAsset('<!doctype html>...', 'text/html; charset=utf-8')
 */
export function textAsset(text: string, contentType: string): StaticAsset {
  return { respond: async (c) => c.body(text, 200, pageHeaders(contentType)) };
}
