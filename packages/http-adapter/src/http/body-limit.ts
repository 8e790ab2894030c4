/**
 * Whether a body fits in `maxSize` bytes by its headers alone: a `Content-Length` without
 * `Transfer-Encoding` decides; undefined when the size is known only by reading (the reader then counts
 * the bytes as they arrive).
 * @example declaredBodyFits('1400', undefined, 1_048_576) // true
 */
export function declaredBodyFits(contentLength: string | undefined, transferEncoding: string | undefined, maxSize: number): boolean | undefined {
  if (contentLength === undefined || transferEncoding !== undefined) return undefined;
  return parseInt(contentLength || '0', 10) <= maxSize;
}
