import { verifyHexSignatureHeader } from './hex-signature-header.js';
import type { VerifyInput, VerifyResult } from './verify-result.js';

/**
 * Verifies `Stripe-Signature: t=<unix>,v1=<hex>[,v1=<hex>...]`: HMAC-SHA256 over `${t}.${body}`
 * keyed with the whole `whsec_...` string. `v0` and unknown schemes are ignored.
 * @example verifyStripeSignature({ headers, rawBody, secrets: ['whsec_abc'], toleranceSeconds: 300, now })
 */
export function verifyStripeSignature(input: VerifyInput): VerifyResult {
  return verifyHexSignatureHeader(input, {
    header: 'Stripe-Signature',
    separator: ',',
    timestampKey: 't',
    signatureKey: 'v1',
    signedPrefix: (t) => `${t}.`,
  });
}
