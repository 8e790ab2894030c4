import { createHmac } from 'node:crypto';
import type { ProviderName } from '@billing/billing-domain';
import { CliError } from './cli-error.js';

/**
 * The signature headers a provider sends with `body`, as its documentation defines them (docs/webhooks.md,
 * "Signatures"). Written here because billing-domain exports verification only, not signing.
 * @example signatureHeaders('stripe', body, 'whsec_...', 'evt_1', new Date())
 */
export function signatureHeaders(provider: ProviderName, body: string, secret: string, eventId: string, now: Date): Record<string, string> {
  const ts = String(Math.floor(now.getTime() / 1000));
  const hmac = (key: string | Buffer, message: string) => createHmac('sha256', key).update(message, 'utf8').digest();
  if (provider === 'stripe') return { 'stripe-signature': `t=${ts},v1=${hmac(secret, `${ts}.${body}`).toString('hex')}` };
  if (provider === 'paddle') return { 'paddle-signature': `ts=${ts};h1=${hmac(secret, `${ts}:${body}`).toString('hex')}` };
  if (!/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(secret)) throw new CliError('--secret: a standard secret must be "whsec_" followed by base64');
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  return {
    'webhook-id': eventId,
    'webhook-timestamp': ts,
    'webhook-signature': `v1,${hmac(key, `${eventId}.${ts}.${body}`).toString('base64')}`,
  };
}
