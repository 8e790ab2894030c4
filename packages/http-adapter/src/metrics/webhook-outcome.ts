import { PROVIDERS, type WebhookOutcomeCode } from '@billing/billing-domain';
import type { Context } from 'hono';
import type { AppEnv } from '../http/context.js';

/** The metric outcome of each webhook acknowledgement code. */
export const WEBHOOK_OUTCOME = {
  'webhook.applied': 'applied',
  'webhook.duplicate': 'duplicate',
  'webhook.ignored': 'ignored',
  // Stored for later is not applied now: counted with the ignored ones.
  'webhook.stored': 'ignored',
  'webhook.unknown_provider': 'rejected',
  'webhook.not_configured': 'rejected',
  'webhook.unauthenticated': 'rejected',
  'webhook.permission_denied': 'rejected',
  'webhook.missing_organization': 'rejected',
  'webhook.invalid_signature': 'rejected',
  'webhook.malformed': 'rejected',
  'storage.unavailable': 'rejected',
} as const satisfies Record<WebhookOutcomeCode, 'applied' | 'duplicate' | 'ignored' | 'rejected'>;

/**
 * Counts one webhook delivery (no-op when metrics are off). A provider outside PROVIDERS is counted as
 * `unknown`: a caller cannot create label values.
 * @example recordWebhookDelivery(c, 'stripe', 'webhook.applied')
 */
export function recordWebhookDelivery(c: Context<AppEnv>, provider: string, code: WebhookOutcomeCode): void {
  const scope = c.get('scope');
  if (code === 'storage.unavailable') scope.storageUnavailable = true;
  const known = (PROVIDERS as readonly string[]).includes(provider) ? provider : 'unknown';
  scope.metrics?.webhookDeliveries.inc({ provider: known, outcome: WEBHOOK_OUTCOME[code] });
}
