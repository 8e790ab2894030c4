import type { Decimal } from './big.js';
import type { Rational } from './rational.js';
import { roundTo } from './rational.js';
import { ROUND_HALF_UP } from './big.js';
import { fixedText } from './digits.js';

/**
 * Rounds an exact amount half-up to the currency's minor digits (a rounding point of the spec).
 * @example roundMoney(rat(new Dec('0.06'), new Dec(12)), 2).toString() // '0.01'
 */
export function roundMoney(amount: Rational, minorDigits: number): Decimal {
  return roundTo(amount, minorDigits, ROUND_HALF_UP);
}

/**
 * Formats money: plain decimal, exactly `minorDigits` decimals, never an exponent, no `-0`.
 * @example formatMoney(new Dec('12.3'), 2) // '12.30'
 */
export function formatMoney(amount: Decimal, minorDigits: number): string {
  // NOTE: amounts reach here already rounded; rounding again would only allocate.
  const rounded = amount.c.length - amount.e - 1 <= minorDigits ? amount : amount.round(minorDigits, ROUND_HALF_UP);
  return fixedText(rounded, minorDigits);
}
