import { ROUND_HALF_UP } from './big.js';
import type { Decimal } from './decimal.js';
import { fastParts, toBig } from './decimal.js';
import { fixedText } from './digits.js';
import type { Rational } from './rational.js';
import { roundTo } from './rational.js';

/**
 * Rounds an exact amount half-up to the currency's minor digits (a rounding point of the spec).
 * @example decText(roundMoney(rat(decOf('0.06'), decOf(12)), 2)) // '0.01'
 */
export function roundMoney(amount: Rational, minorDigits: number): Decimal {
  return roundTo(amount, minorDigits, ROUND_HALF_UP);
}

const ZEROS = '0'.repeat(40);

/**
 * Formats money: plain decimal, exactly `minorDigits` decimals, never an exponent, no `-0`.
 * @example formatMoney(decOf('12.3'), 2) // '12.30'
 */
export function formatMoney(amount: Decimal, minorDigits: number): string {
  const fast = fastParts(amount);
  if (fast !== undefined && fast.scale <= minorDigits) {
    if (minorDigits === 0) return String(fast.int === 0 ? 0 : fast.int);
    const digits = String(Math.abs(fast.int)).padStart(fast.scale + 1, '0') + ZEROS.slice(0, minorDigits - fast.scale);
    const point = digits.length - minorDigits;
    return `${fast.int < 0 ? '-' : ''}${digits.slice(0, point)}.${digits.slice(point)}`;
  }
  const big = toBig(amount);
  // NOTE: amounts reach here already rounded; rounding again would only allocate.
  const rounded = big.c.length - big.e - 1 <= minorDigits ? big : big.round(minorDigits, ROUND_HALF_UP);
  return fixedText(rounded, minorDigits);
}
