import { anyDigestMatches, decodeBase64, hmacSha256 } from '../../crypto.js';
import { getHeader, type HeaderBag } from '../../headers.js';
import { parseStandardSecret } from '../../standard-secret.js';
import { checkTimestamp, parseUnixSeconds } from '../../timestamp.js';
import { verifyFailure, type VerifyInput, type VerifyResult } from '../../verify-result.js';

/**
 * Reads a Standard Webhooks header, falling back to the `svix-` branded name Svix also sends.
 * @example standardHeader({ 'svix-id': 'msg_1' }, 'id') // 'msg_1'
 */
export function standardHeader(headers: HeaderBag, name: 'id' | 'timestamp' | 'signature'): string | undefined {
  return getHeader(headers, `webhook-${name}`) ?? getHeader(headers, `svix-${name}`);
}

/**
 * Verifies Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature`
 * (a space-separated `v1,<base64>` list): HMAC-SHA256 over `${id}.${timestamp}.${body}` keyed with
 * the base64-decoded part of the secret after `whsec_`.
 * @example verifyStandardSignature({ headers, rawBody, secrets: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'], toleranceSeconds: 300, now })
 */
export function verifyStandardSignature(input: VerifyInput): VerifyResult {
  const id = standardHeader(input.headers, 'id');
  const timestamp = standardHeader(input.headers, 'timestamp');
  const signature = standardHeader(input.headers, 'signature');
  if (id === undefined || timestamp === undefined || signature === undefined) {
    const present = { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature };
    const missing = Object.keys(present).filter((name) => present[name as keyof typeof present] === undefined);
    return verifyFailure('missing_signature', `missing header(s): ${missing.join(', ')}`);
  }
  const signedAt = parseUnixSeconds(timestamp.trim());
  if (signedAt === undefined) {
    return verifyFailure('malformed_signature', 'webhook-timestamp is not a whole number of seconds');
  }
  const candidates: Buffer[] = [];
  for (const entry of signature.split(' ')) {
    const comma = entry.indexOf(',');
    if (comma < 0 || entry.slice(0, comma) !== 'v1') continue;
    const digest = decodeBase64(entry.slice(comma + 1));
    if (digest) candidates.push(digest);
  }
  if (candidates.length === 0) {
    return verifyFailure('malformed_signature', 'webhook-signature carries no v1,<base64> signature');
  }
  const prefix = `${id}.${timestamp.trim()}.`;
  const expected: Buffer[] = [];
  for (const secret of input.secrets) {
    const key = parseStandardSecret(secret);
    if (key) expected.push(hmacSha256(key, prefix, input.rawBody));
  }
  if (!anyDigestMatches(expected, candidates)) {
    return verifyFailure('signature_mismatch', 'no v1 signature matches any configured secret');
  }
  return checkTimestamp(signedAt, input.now, input.toleranceSeconds);
}
