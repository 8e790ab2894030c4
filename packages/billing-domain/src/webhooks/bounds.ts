/**
 * Bounds on the values a webhook payload may carry, so that every verified event the normalizers
 * accept can be stored: a value beyond them is a malformed payload (400), never a storage error
 * (503) that the provider would retry forever.
 */

/** Largest quantity: the store keeps it in a 32-bit integer column. */
export const MAX_QUANTITY = 2_147_483_647;

/** Earliest and latest instants accepted (unix epoch to the end of year 9999). */
export const MIN_TIME_MS = 0;
export const MAX_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Longest amount text, and the digits an amount may have before and after the point. */
export const MAX_AMOUNT_TEXT = 40;
export const MAX_AMOUNT_INTEGER_DIGITS = 18;
export const MAX_AMOUNT_FRACTION_DIGITS = 12;

/**
 * True when an instant can be stored and read back as the same date-time.
 * @example isStorableTime(Date.parse('0000-01-01T00:00:00Z')) // false
 */
export function isStorableTime(ms: number): boolean {
  return Number.isFinite(ms) && ms >= MIN_TIME_MS && ms <= MAX_TIME_MS;
}

/**
 * True when a plain decimal amount has at most 18 integer and 12 fraction digits.
 * @example isBoundedAmount('1.20') // true
 * @example isBoundedAmount('1' + '0'.repeat(30)) // false
 */
export function isBoundedAmount(text: string): boolean {
  if (text.length > MAX_AMOUNT_TEXT) return false;
  const [whole = '', fraction = ''] = text.replace(/^-/, '').split('.');
  return whole.replace(/^0+(?=\d)/, '').length <= MAX_AMOUNT_INTEGER_DIGITS && fraction.length <= MAX_AMOUNT_FRACTION_DIGITS;
}
