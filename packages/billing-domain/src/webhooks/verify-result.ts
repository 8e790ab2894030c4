import type { HeaderBag } from './headers.js';

/** Why a delivery failed verification. */
export type VerifyFailureReason =
  | 'missing_signature'
  | 'malformed_signature'
  | 'stale_timestamp'
  | 'future_timestamp'
  | 'signature_mismatch';

export type VerifyResult =
  | { ok: true }
  | {
      ok: false;
      /** Machine-readable cause. */
      reason: VerifyFailureReason;
      /** A sentence for people; never contains a secret or an expected signature. */
      message: string;
    };

/** What every verifier needs. Pure: `now` is passed in. */
export interface VerifyInput {
  /** Request headers (any case). */
  headers: HeaderBag;
  /** The body's bytes exactly as received (never decoded text: see `hmacSha256`). */
  rawBody: Uint8Array;
  /** The endpoint's secrets; any one that verifies is accepted (rotation). */
  secrets: readonly string[];
  /** Largest accepted distance between the signed timestamp and `now`, in seconds. */
  toleranceSeconds: number;
  now: Date;
}

/**
 * Builds a failed verification result.
 * @example verifyFailure('missing_signature', 'Stripe-Signature header is missing')
 */
export function verifyFailure(reason: VerifyFailureReason, message: string): VerifyResult {
  return { ok: false, reason, message };
}
