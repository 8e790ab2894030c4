import { verifyFailure, type VerifyResult } from './verify-result.js';

const UNIX_SECONDS = /^\d{1,12}$/;

/**
 * Parses a signed unix timestamp in seconds; `undefined` unless it is 1 to 12 decimal digits.
 * @example parseUnixSeconds('1700000000') // 1700000000
 */
export function parseUnixSeconds(value: string): number | undefined {
  return UNIX_SECONDS.test(value) ? Number(value) : undefined;
}

/**
 * Rejects a signed timestamp further than `toleranceSeconds` from `now`, in either direction.
 * A distance of exactly `toleranceSeconds` is accepted.
 * @example checkTimestamp(1000, new Date(1_300_000), 300) // { ok: true }
 */
export function checkTimestamp(signedAt: number, now: Date, toleranceSeconds: number): VerifyResult {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (signedAt < nowSeconds - toleranceSeconds) {
    return verifyFailure(
      'stale_timestamp',
      `signature timestamp is ${nowSeconds - signedAt}s old, more than the ${toleranceSeconds}s tolerance`,
    );
  }
  if (signedAt > nowSeconds + toleranceSeconds) {
    return verifyFailure(
      'future_timestamp',
      `signature timestamp is ${signedAt - nowSeconds}s in the future, more than the ${toleranceSeconds}s tolerance`,
    );
  }
  return { ok: true };
}
