import { signWebhook, WebhookSecretError, type ProviderName } from '@billing/billing-domain';
import { CliError } from './cli-error.js';

/**
 * The signature headers a provider sends with `body`, made by billing-domain's signer (the one the tests use).
 * @example signatureHeaders('stripe', body, 'whsec_...', 'evt_1', new Date())
 */
export function signatureHeaders(provider: ProviderName, body: string, secret: string, eventId: string, now: Date): Record<string, string> {
  try {
    return signWebhook(provider, body, secret, { now, eventId });
  } catch (error) {
    if (error instanceof WebhookSecretError) throw new CliError(`--secret: ${error.message}`);
    throw error;
  }
}
