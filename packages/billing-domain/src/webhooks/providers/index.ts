import type { ProviderName } from '../../contract.js';
import type { HeaderBag } from '../headers.js';
import type { SignOptions } from '../sign.js';
import type { VerifyInput, VerifyResult } from '../verify-result.js';
import { paddle } from './paddle/index.js';
import type { WebhookProvider } from './provider.js';
import { standard } from './standard/index.js';
import { stripe } from './stripe/index.js';

/**
 * The one registry of payment providers, keyed by name: each module holds how its deliveries are
 * verified, normalized and signed, and its sample events. Adding a provider is its module, its line
 * here and its name in `ProviderName`.
 * @example WEBHOOK_PROVIDERS.stripe.verify({ headers, rawBody, secrets, toleranceSeconds: 300, now })
 */
export const WEBHOOK_PROVIDERS: Readonly<Record<ProviderName, WebhookProvider>> = { stripe, paddle, standard };

export type { SampleOptions, WebhookProvider } from './provider.js';

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
  return WEBHOOK_PROVIDERS[provider].verify(input);
}

/**
 * Names the provider's signature headers a delivery lacks; `undefined` when they are all there.
 * The verifiers check the same again, together with everything else.
 * @example missingSignatureHeaders('stripe', {}) // 'Stripe-Signature header is missing'
 * @example missingSignatureHeaders('standard', { 'webhook-id': 'msg_1' }) // 'missing header(s): webhook-timestamp, webhook-signature'
 */
export function missingSignatureHeaders(provider: ProviderName, headers: HeaderBag): string | undefined {
  return WEBHOOK_PROVIDERS[provider].missingSignatureHeaders(headers);
}

/**
 * The signature headers a provider sends with `body` (its exact bytes), as each provider documents
 * them; the mirror of `verifyWebhookSignature`, made with the same HMAC; for sending test deliveries.
 * Written here because none of the providers' libraries signs all three (Paddle's SDK verifies only).
 * @example signWebhook('stripe', '{}', 'whsec_x', { now: new Date() }) // { 'stripe-signature': 't=...,v1=...' }
 */
export function signWebhook(provider: ProviderName, body: string | Uint8Array, secret: string, options: SignOptions): Record<string, string> {
  return WEBHOOK_PROVIDERS[provider].sign(typeof body === 'string' ? Buffer.from(body, 'utf8') : body, secret, options);
}
