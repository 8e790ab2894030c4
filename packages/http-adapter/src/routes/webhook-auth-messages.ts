import type { UnauthenticatedReason, WebhookOutcomeCode } from '@billing/billing-domain';
import { ORGANIZATION_HEADER } from '../auth/bearer.js';

/**
 * The message of a webhook authentication refusal in the terms of this API's headers; undefined
 * for every other outcome (its message is the domain's). The domain decides the refusal from the
 * principal alone and never names a header.
 * @example webhookAuthMessage('webhook.unauthenticated', 'standard', 'no_credentials')
 * // 'standard webhook endpoints require a bearer token: a bearer token is required'
 */
export function webhookAuthMessage(
  code: WebhookOutcomeCode,
  provider: string,
  unauthenticated: UnauthenticatedReason | undefined,
): string | undefined {
  switch (code) {
    case 'webhook.unauthenticated':
      return `${provider} webhook endpoints require a bearer token: ${
        unauthenticated === 'invalid_credentials' ? 'the bearer token is invalid' : 'a bearer token is required'
      }`;
    case 'webhook.missing_organization':
      return `${provider} webhook endpoints with a bearer token also need the ${ORGANIZATION_HEADER} header`;
    case 'webhook.permission_denied':
      return `the bearer token may not act for the organization of any ${provider} webhook endpoint`;
    default:
      return undefined;
  }
}
