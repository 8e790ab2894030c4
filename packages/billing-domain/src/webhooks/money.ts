import { normalizeCurrency } from '@billing/pricing-core';
import { isBoundedAmount, MAX_AMOUNT_TEXT } from './bounds.js';

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
const MAJOR_AMOUNT = /^\d+(?:\.\d+)?$/;

/**
 * Moves the decimal point of an exact decimal string `digits` places to the left, by string
 * arithmetic only. The result keeps at least `digits` fraction digits ("1.20"), drops surplus
 * trailing zeros and leading zeros; `undefined` when `amount` is not a plain decimal.
 * @example shiftLeft('120', 2) // '1.20'
 * @example shiftLeft('1.5', 2) // '0.015'
 * @example shiftLeft('500', 0) // '500'
 */
export function shiftLeft(amount: string, digits: number): string | undefined {
  const match = DECIMAL.exec(amount);
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = ''] = match;
  const allDigits = (whole + fraction).padStart(digits + fraction.length + 1, '0');
  const point = allDigits.length - digits - fraction.length;
  const intPart = allDigits.slice(0, point).replace(/^0+(?=\d)/, '');
  let fracPart = allDigits.slice(point);
  while (fracPart.length > digits && fracPart.endsWith('0')) fracPart = fracPart.slice(0, -1);
  const isZero = /^0*$/.test(intPart + fracPart);
  return `${isZero ? '' : sign}${intPart}${fracPart === '' ? '' : `.${fracPart}`}`;
}

/**
 * Converts a provider's minor-unit amount (an integer, or a numeric string, possibly with a
 * fraction as Stripe's `unit_amount_decimal`) to major units for `currency`, by that provider's
 * own table of minor digits (`minorDigits`, from the provider's module). `undefined` when the amount is not an exact
 * decimal or the currency is unknown. JSON numbers are accepted only as safe integers, which
 * JSON.parse reads exactly.
 * @example minorToMajor('120', 'usd', stripeMinorDigits) // '1.20'
 * @example minorToMajor(100000, 'huf', stripeMinorDigits) // '1000.00'
 * @example minorToMajor(500, 'JPY', paddleMinorDigits) // '500'
 */
export function minorToMajor(amount: unknown, currency: string, minorDigits: (currency: string) => number): string | undefined {
  const code = normalizeCurrency(currency);
  if (code === undefined) return undefined;
  let text: string;
  if (typeof amount === 'number') {
    if (!Number.isSafeInteger(amount)) return undefined;
    text = String(amount);
  } else if (typeof amount === 'string' && amount.length <= MAX_AMOUNT_TEXT) {
    text = amount;
  } else {
    return undefined;
  }
  const major = shiftLeft(text, minorDigits(code));
  return major !== undefined && isBoundedAmount(major) ? major : undefined;
}

/**
 * True for a non-negative major-unit decimal string ("0", "12", "1.20") within the amount bounds.
 * @example isMajorAmount('1.20') // true
 * @example isMajorAmount('-1') // false
 */
export function isMajorAmount(value: string): boolean {
  return MAJOR_AMOUNT.test(value) && isBoundedAmount(value);
}
