import type { ProviderName } from '../contract.js';
import { getHeader, type HeaderBag } from './headers.js';
import { standardHeader } from './verify-standard.js';

/**
 * Names the provider's signature headers a delivery lacks; `undefined` when they are all there.
 * Looks at headers only, so the HTTP layer can refuse an unsigned delivery before reading its body.
 * The verifiers check the same again, together with everything else.
 * @example missingSignatureHeaders('stripe', {}) // 'Stripe-Signature header is missing'
 * @example missingSignatureHeaders('standard', { 'webhook-id': 'msg_1' }) // 'missing header(s): webhook-timestamp, webhook-signature'
 */
export function missingSignatureHeaders(provider: ProviderName, headers: HeaderBag): string | undefined {
  switch (provider) {
    case 'stripe':
      return blank(getHeader(headers, 'Stripe-Signature')) ? 'Stripe-Signature header is missing' : undefined;
    case 'paddle':
      return blank(getHeader(headers, 'Paddle-Signature')) ? 'Paddle-Signature header is missing' : undefined;
    case 'standard': {
      const missing = (['id', 'timestamp', 'signature'] as const).filter((name) => blank(standardHeader(headers, name)));
      return missing.length === 0 ? undefined : `missing header(s): ${missing.map((name) => `webhook-${name}`).join(', ')}`;
    }
    default: {
      const unreachable: never = provider;
      throw new Error(`unsupported provider ${String(unreachable)}`);
    }
  }
}

const blank = (value: string | undefined) => value === undefined || value.trim() === '';
