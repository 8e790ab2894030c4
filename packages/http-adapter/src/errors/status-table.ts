import type { DomainErrorCode, WebhookOutcomeCode } from '@billing/billing-domain';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The google.rpc.Code names this API answers with. */
export type CanonicalStatus =
  | 'INVALID_ARGUMENT'
  | 'FAILED_PRECONDITION'
  | 'UNAUTHENTICATED'
  | 'PERMISSION_DENIED'
  | 'NOT_FOUND'
  | 'ABORTED'
  | 'RESOURCE_EXHAUSTED'
  | 'INTERNAL'
  | 'UNAVAILABLE'
  | 'DEADLINE_EXCEEDED';

export const CANONICAL_STATUSES = [
  'INVALID_ARGUMENT',
  'FAILED_PRECONDITION',
  'UNAUTHENTICATED',
  'PERMISSION_DENIED',
  'NOT_FOUND',
  'ABORTED',
  'RESOURCE_EXHAUSTED',
  'INTERNAL',
  'UNAVAILABLE',
  'DEADLINE_EXCEEDED',
] as const satisfies readonly CanonicalStatus[];

/** The HTTP status of each canonical status (AIP-193). */
export const HTTP_STATUS_OF = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ABORTED: 409,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
} as const satisfies Record<CanonicalStatus, ContentfulStatusCode>;

/** Transport problems whose HTTP status is not the canonical one of their status. */
export const TRANSPORT_ERRORS = {
  payloadTooLarge: { httpStatus: 413, status: 'INVALID_ARGUMENT' },
  unsupportedMediaType: { httpStatus: 415, status: 'INVALID_ARGUMENT' },
} as const satisfies Record<string, { httpStatus: ContentfulStatusCode; status: CanonicalStatus }>;

/**
 * The one table from billing-domain error codes to canonical statuses. Exhaustive: a new
 * domain code does not compile until it has a row here.
 */
export const DOMAIN_ERROR_STATUS = {
  'addon.not_found': 'NOT_FOUND',
  'addon.ended': 'FAILED_PRECONDITION',
  'addon.parent_cancelling': 'FAILED_PRECONDITION',
  'addon.already_canceled': 'FAILED_PRECONDITION',
  'request.invalid_argument': 'INVALID_ARGUMENT',
  'request.invalid_page_token': 'INVALID_ARGUMENT',
  'storage.unavailable': 'UNAVAILABLE',
  'concurrency.aborted': 'ABORTED',
  'event_destination.not_found': 'NOT_FOUND',
  'event_destination.limit_reached': 'FAILED_PRECONDITION',
  'event_destination.disabled': 'FAILED_PRECONDITION',
  'event.not_found': 'NOT_FOUND',
} as const satisfies Record<DomainErrorCode, CanonicalStatus>;

/** The one table from webhook outcome codes to HTTP statuses (the acknowledgement route). */
export const WEBHOOK_HTTP_STATUS = {
  'webhook.applied': 200,
  'webhook.duplicate': 200,
  'webhook.ignored': 200,
  'webhook.stored': 200,
  'webhook.unknown_provider': 404,
  'webhook.not_configured': 404,
  'webhook.unauthenticated': 401,
  'webhook.permission_denied': 403,
  'webhook.missing_organization': 400,
  'webhook.invalid_signature': 400,
  'webhook.malformed': 400,
  'storage.unavailable': 503,
} as const satisfies Record<WebhookOutcomeCode, ContentfulStatusCode>;

/**
 * The ErrorInfo `reason` of a dotted domain code: `addon.not_found` -> `ADDON_NOT_FOUND`.
 * @example reasonOf('addon.ended') // 'ADDON_ENDED'
 */
export function reasonOf(code: string): string {
  return code.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase();
}
