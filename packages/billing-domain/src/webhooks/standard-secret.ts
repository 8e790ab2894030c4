import { randomBytes } from 'node:crypto';
import { decodeBase64 } from './crypto.js';

/** The prefix of every Standard Webhooks secret. */
export const STANDARD_SECRET_PREFIX = 'whsec_';

/** What a standard secret must look like, as every refusal of one says it. */
export const STANDARD_SECRET_RULE = 'a standard secret must be "whsec_" followed by base64';

/**
 * The HMAC key of a Standard Webhooks secret: the base64 after `whsec_`, decoded; undefined for
 * anything else (no prefix, or not canonical base64). The one reading of a standard secret: the
 * configuration check, verification, signing and the event deliveries all use it.
 * @example parseStandardSecret('whsec_AQID') // <Buffer 01 02 03>
 */
export function parseStandardSecret(secret: string): Buffer | undefined {
  return secret.startsWith(STANDARD_SECRET_PREFIX) ? decodeBase64(secret.slice(STANDARD_SECRET_PREFIX.length)) : undefined;
}

/**
 * The secret text of an HMAC key: `whsec_` and the key in base64.
 * @example formatStandardSecret(Buffer.from([1, 2, 3])) // 'whsec_AQID'
 */
export function formatStandardSecret(key: Uint8Array): string {
  return `${STANDARD_SECRET_PREFIX}${Buffer.from(key).toString('base64')}`;
}

/**
 * A new secret: 32 random bytes.
 * @example generateStandardSecret() // 'whsec_...'
 */
export function generateStandardSecret(): string {
  return formatStandardSecret(randomBytes(32));
}
