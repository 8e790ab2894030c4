import type { ProviderName } from '../contract.js';
import type { VerifyInput, VerifyResult } from './verify-result.js';
import { verifyPaddleSignature } from './verify-paddle.js';
import { verifyStandardSignature } from './verify-standard.js';
import { verifyStripeSignature } from './verify-stripe.js';

/**
 * Verifies a delivery's raw bytes against ANY of one endpoint's secrets (rotation), in
 * constant time, and rejects timestamps further than `toleranceSeconds` from `now` either way.
 * Pure: `now` is passed in; nothing is parsed beyond the signature headers.
 * @example
 * verifyWebhookSignature('stripe', { headers: { 'stripe-signature': 't=1700000000,v1=5f..' },
 *   rawBody, secrets: ['whsec_old', 'whsec_new'], toleranceSeconds: 300, now: new Date() })
 * // { ok: true } or { ok: false, reason: 'signature_mismatch', message: '...' }
 */
export function verifyWebhookSignature(provider: ProviderName, input: VerifyInput): VerifyResult {
  switch (provider) {
    case 'stripe':
      return verifyStripeSignature(input);
    case 'paddle':
      return verifyPaddleSignature(input);
    case 'standard':
      return verifyStandardSignature(input);
    default: {
      const unreachable: never = provider;
      throw new Error(`unsupported provider ${String(unreachable)}`);
    }
  }
}
