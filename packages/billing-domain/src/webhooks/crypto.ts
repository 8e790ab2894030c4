import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 of `prefix` (as UTF-8) followed by the body's bytes exactly as received.
 * NOTE: the body is never turned into text here: two bodies that differ in one invalid UTF-8
 * byte decode to the same string but are different bodies, with different signatures.
 * @example hmacSha256('whsec_x', '1.', new TextEncoder().encode('{}')).length // 32
 */
export function hmacSha256(key: string | Uint8Array, prefix: string, body: Uint8Array): Buffer {
  return createHmac('sha256', key).update(prefix, 'utf8').update(body).digest();
}

/**
 * True when any candidate equals any expected digest. Every pair of equal length is compared
 * with `timingSafeEqual`, and the loop never stops early, so timing does not reveal which
 * secret or candidate matched nor how many bytes of it did.
 * @example anyDigestMatches([Buffer.from('ab')], [Buffer.from('ab')]) // true
 */
export function anyDigestMatches(expected: readonly Buffer[], candidates: readonly Buffer[]): boolean {
  let matched = false;
  for (const digest of expected) {
    for (const candidate of candidates) {
      // NOTE: the length of a signature is public (32 bytes for SHA-256); only equal lengths are compared.
      if (candidate.length === digest.length && timingSafeEqual(candidate, digest)) matched = true;
    }
  }
  return matched;
}

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Decodes a hex SHA-256 signature; `undefined` when it is not 64 hex digits.
 * @example decodeHexDigest('00'.repeat(32))?.length // 32
 */
export function decodeHexDigest(value: string): Buffer | undefined {
  return HEX_SHA256.test(value) ? Buffer.from(value, 'hex') : undefined;
}

/**
 * Decodes strict (padded, standard alphabet) base64; `undefined` when it is not valid or empty.
 * @example decodeBase64('AQID') // <Buffer 01 02 03>
 */
export function decodeBase64(value: string): Buffer | undefined {
  if (value.length === 0 || !BASE64.test(value)) return undefined;
  return Buffer.from(value, 'base64');
}
