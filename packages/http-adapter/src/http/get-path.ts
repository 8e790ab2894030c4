import { getPath } from 'hono/utils/url';

/**
 * Hono's path extraction, plus `%3A` decoded to `:` so `/v1/plans%3Acalculate` routes like
 * `/v1/plans:calculate` (decodeURI leaves reserved characters encoded).
 * @example colonAwarePath(new Request('http://x/v1/plans%3Acalculate')) // '/v1/plans:calculate'
 */
export function colonAwarePath(request: Request): string {
  return getPath(request).replace(/%3a/gi, ':');
}
