import type { BigValue as Decimal } from './big.js';
import { Dec, ROUND_DOWN } from './big.js';
import { divRoundByInteger, SHORT_DIVISOR_LIMIT, smallIntegerOf } from './digits.js';
import { gcd } from './packed.js';

// NOTE: `debug` prints tens of thousands of exact fractions whose denominators are small
// whole numbers (672 cycle hours, 12 months). Finding the lowest terms with integer
// remainders on big.js's digits is exact and avoids a 40-place division per value.

/** `|x| x 10^k`. */
function shifted(x: Decimal, k: number): Decimal {
  return x.abs().times(new Dec(`1e${k}`));
}

/** `x mod m` for a whole, non-negative `x` and `1 <= m < 2^40`. */
function remainder(x: Decimal, m: number): number {
  let r = 0;
  for (let i = 0; i <= x.e; i += 1) r = (r * 10 + (i < x.c.length ? (x.c[i] as number) : 0)) % m;
  return r;
}

/**
 * The text of `n / d` when `d` is a small whole number: a plain decimal when the fraction
 * terminates, else `n/d` in lowest terms; `undefined` when `d` is not small (use the general path).
 * @example fractionText(new Dec(1), new Dec(3)) // '1/3'
 */
export function fractionText(n: Decimal, d: Decimal): string | undefined {
  const divisor = smallIntegerOf(d);
  if (divisor === undefined) return undefined;
  const places = Math.max(0, n.c.length - n.e - 1);
  const m = divisor * 10 ** places;
  if (m >= SHORT_DIVISOR_LIMIT) return undefined;
  if (n.c[0] === 0) return '0';
  const whole = shifted(n, places); // |n| x 10^places, a whole number; the value is whole / m
  const g = gcd(remainder(whole, m), m);
  const numerator = g === 1 ? whole : divRoundByInteger(whole, g, 0, ROUND_DOWN);
  const denominator = m / g;
  let rest = denominator;
  let twos = 0;
  let fives = 0;
  while (rest % 2 === 0) [rest, twos] = [rest / 2, twos + 1];
  while (rest % 5 === 0) [rest, fives] = [rest / 5, fives + 1];
  const sign = n.s < 0 ? '-' : '';
  if (rest === 1) return sign + divRoundByInteger(numerator, denominator, Math.max(twos, fives), ROUND_DOWN).toString();
  return `${sign}${numerator.toString()}/${denominator}`;
}

