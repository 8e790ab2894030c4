import type { CanonicalStatus, ErrorDetail, FieldViolation } from './types.js';

// NOTE: a brand rather than `instanceof` alone: an application that loads the package both as
// ESM and as CommonJS has two BillingApiError classes, and an error from one must still be
// recognised by the other.
const BRAND = Symbol.for('@billing/client.BillingApiError');

/** The canonical status of an answer whose body is not an AIP-193 error (a proxy's page, say). */
const STATUS_OF_HTTP: Readonly<Record<number, CanonicalStatus>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  413: 'INVALID_ARGUMENT',
  415: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** What a BillingApiError is made of. */
export interface BillingApiErrorInit {
  /** The HTTP status of the answer (AIP-193 `code`). */
  code: number;
  /** The canonical status; `UNKNOWN` when neither the body nor the HTTP status names one. */
  status: CanonicalStatus | 'UNKNOWN';
  message: string;
  /** The ErrorInfo `reason` (`ADDON_NOT_FOUND`, `PAGE_TOKEN_INVALID`, ...), when the server gave one. */
  reason?: string | undefined;
  fieldViolations?: readonly FieldViolation[];
  details?: readonly ErrorDetail[];
  /** The operation that failed (`getAddonSubscription`, ...). */
  operation: string;
  /** The wait the server asked for (`Retry-After`), in milliseconds. */
  retryAfterMs?: number | undefined;
}

/**
 * An error answer of the billing API, with its AIP-193 fields read out.
 * @example
 * try { await billing.addonSubscriptions.get(id) }
 * catch (e) { if (isBillingApiError(e) && e.status === 'NOT_FOUND') return null; throw e }
 */
export class BillingApiError extends Error {
  override readonly name = 'BillingApiError';
  /** The HTTP status of the answer (AIP-193 `code`). */
  readonly code: number;
  /** The canonical status (`NOT_FOUND`, `INVALID_ARGUMENT`, ...), or `UNKNOWN`. */
  readonly status: CanonicalStatus | 'UNKNOWN';
  /** The ErrorInfo reason, upper snake case; undefined when the answer had none. */
  readonly reason: string | undefined;
  /** Every invalid field of the request (BadRequest details); empty when there are none. */
  readonly fieldViolations: readonly FieldViolation[];
  /** The error's `details` as the server sent them. */
  readonly details: readonly ErrorDetail[];
  /** The operation that failed, by its OpenAPI operationId. */
  readonly operation: string;
  /** The wait the server asked for (`Retry-After`), in milliseconds, when it asked. */
  readonly retryAfterMs: number | undefined;

  constructor(init: BillingApiErrorInit) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.reason = init.reason;
    this.fieldViolations = init.fieldViolations ?? [];
    this.details = init.details ?? [];
    this.operation = init.operation;
    this.retryAfterMs = init.retryAfterMs;
    Object.defineProperty(this, BRAND, { value: true });
  }
}

/**
 * True for a BillingApiError, from this copy of the package or another (ESM and CommonJS).
 * @example if (isBillingApiError(error) && error.status === 'INVALID_ARGUMENT') show(error.fieldViolations)
 */
export function isBillingApiError(value: unknown): value is BillingApiError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}

/** The BillingApiError of an error answer: its AIP-193 body when it has one, else its HTTP status. */
export function errorOf(operation: string, response: Response, body: unknown, retryAfterMs: number | undefined): BillingApiError {
  const error = aip193(body);
  if (error === undefined) {
    const text = typeof body === 'string' && body.length > 0 ? `: ${body.slice(0, 200)}` : '';
    return new BillingApiError({
      code: response.status,
      status: STATUS_OF_HTTP[response.status] ?? 'UNKNOWN',
      message: `${operation} answered HTTP ${response.status}${text}`,
      operation,
      retryAfterMs,
    });
  }
  const details = Array.isArray(error.details) ? (error.details as ErrorDetail[]) : [];
  const info = details.find((d) => d['@type'] === 'type.googleapis.com/google.rpc.ErrorInfo');
  const badRequest = details.find((d) => d['@type'] === 'type.googleapis.com/google.rpc.BadRequest');
  return new BillingApiError({
    code: response.status,
    status: error.status,
    message: error.message,
    reason: info && 'reason' in info ? info.reason : undefined,
    fieldViolations: badRequest && 'fieldViolations' in badRequest ? badRequest.fieldViolations : [],
    details,
    operation,
    retryAfterMs,
  });
}

/** The `error` of an AIP-193 body, or undefined when the body is not one. */
function aip193(body: unknown): { status: CanonicalStatus; message: string; details?: unknown } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, message } = error as { status?: unknown; message?: unknown };
  if (typeof status !== 'string' || typeof message !== 'string') return undefined;
  return error as { status: CanonicalStatus; message: string; details?: unknown };
}
