import { ROUND_HALF_UP } from './big.js';
import type { Decimal } from './decimal.js';
import { toBig } from './decimal.js';
import { kOf, mOf, SAFE } from './packed.js';
import { fixedText } from './digits.js';
import type { Rational } from './rational.js';
import { roundTo } from './rational.js';

/**
 * Rounds an exact amount half-up to the currency's minor digits (a rounding point of docs/pricing.md).
 * @example decText(roundMoney(rat(decOf('0.06'), decOf(12)), 2)) // '0.01'
 */
export function roundMoney(amount: Rational, minorDigits: number): Decimal {
  return roundTo(amount, minorDigits, ROUND_HALF_UP);
}

const ZEROS = '0'.repeat(40);
const TWO_DIGITS: readonly string[] = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/**
 * Formats money: plain decimal, exactly `minorDigits` decimals, never an exponent, no `-0`.
 * @example formatMoney(decOf('12.3'), 2) // '12.30'
 */
export function formatMoney(amount: Decimal, minorDigits: number): string {
  // NOTE: a big.js amount (NaN) fails `k <= minorDigits`.
  const m = mOf(amount.packed);
  const k = kOf(amount.packed);
  if (minorDigits === 2 && k <= 2) {
    // NOTE: two minor digits are the common case: whole units and a two-digit table, no padding.
    const cents = m * (k === 2 ? 1 : k === 1 ? 10 : 100);
    if (cents <= SAFE && cents >= -SAFE) {
      const magnitude = cents < 0 ? -cents : cents;
      const whole = Math.floor(magnitude / 100);
      return `${cents < 0 ? '-' : ''}${whole}.${TWO_DIGITS[magnitude - whole * 100] as string}`;
    }
  }
  if (k <= minorDigits) {
    if (minorDigits === 0) return String(m === 0 ? 0 : m);
    const digits = String(Math.abs(m)).padStart(k + 1, '0') + ZEROS.slice(0, minorDigits - k);
    const point = digits.length - minorDigits;
    return `${m < 0 ? '-' : ''}${digits.slice(0, point)}.${digits.slice(point)}`;
  }
  const big = toBig(amount);
  // NOTE: amounts reach here already rounded; rounding again would only allocate.
  const rounded = big.c.length - big.e - 1 <= minorDigits ? big : big.round(minorDigits, ROUND_HALF_UP);
  return fixedText(rounded, minorDigits);
}
