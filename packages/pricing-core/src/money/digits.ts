import type { BigValue as Decimal, RoundingMode } from './big.js';
import { D0, Dec, ROUND_DOWN, ROUND_HALF_UP } from './big.js';

// big.js divides digit by digit in general and takes about a microsecond even for
// 12345.67 / 672; pricing divides once per line by the cycle hours, a small whole number.
// Short division by a small integer works on the same digit array big.js keeps, with every
// intermediate below 10 x divisor, so it is exact; the result is an ordinary big.js value.

/** Divisors up to this bound take the short-division path (keeps `r * 10 + digit` exact). */
export const SHORT_DIVISOR_LIMIT = 2 ** 40;

/** A big.js value from its parts (digits without leading zeros), read from their text: big.js's fields are its own. */
function fromParts(sign: number, digits: number[], exponent: number): Decimal {
  if (digits.length === 1 && digits[0] === 0) return D0;
  return new Dec(`${sign < 0 ? '-' : ''}${digits.join('')}e${exponent - digits.length + 1}`);
}

/**
 * `n / d` rounded to `dp` places with `rm` (on the magnitude), for a whole divisor
 * `1 <= d < 2^40`; the correctly rounded exact quotient, as `divRound` gives.
 * @example divRoundByInteger(new Dec('0.06'), 12, 2, ROUND_HALF_UP).toString() // '0.01'
 */
export function divRoundByInteger(n: Decimal, d: number, dp: number, rm: RoundingMode): Decimal {
  const c = n.c;
  const top = n.e + dp; // weight of c[0] once scaled by 10^dp
  const quotient: number[] = [];
  let r = 0;
  for (let w = top, i = 0; w >= 0; w -= 1, i += 1) {
    r = r * 10 + (i < c.length ? (c[i] as number) : 0);
    const q = Math.floor(r / d);
    r -= q * d;
    if (q !== 0 || quotient.length > 0) quotient.push(q);
  }
  // Digits after the scaled units position form a fraction f in [0, 1) of one unit;
  // c[next] is its first decimal (when next < 0, f < 0.1).
  const next = top + 1;
  const half = next >= 0 && (c[next] ?? 0) >= 5;
  let fractionNonZero = false;
  for (let i = Math.max(next, 0); i < c.length && !fractionNonZero; i += 1) fractionNonZero = c[i] !== 0;
  let up: boolean;
  if (rm === ROUND_DOWN) up = false;
  else if (rm === ROUND_HALF_UP) up = 2 * r >= d || (2 * r === d - 1 && half);
  else up = r > 0 || fractionNonZero;
  if (quotient.length === 0) quotient.push(0);
  if (up) {
    let k = quotient.length - 1;
    while (k >= 0 && quotient[k] === 9) {
      quotient[k] = 0;
      k -= 1;
    }
    if (k < 0) quotient.unshift(1);
    else quotient[k] = (quotient[k] as number) + 1;
  }
  return fromParts(n.s, quotient, quotient.length - 1 - dp);
}

/**
 * Plain text of a value with exactly `dp` decimals, for a value that has at most `dp`
 * (no rounding happens here); same text as big.js `toFixed(dp)`.
 * @example fixedText(new Dec('12.3'), 2) // '12.30'
 */
export function fixedText(x: Decimal, dp: number): string {
  const c = x.c;
  const e = x.e;
  let text = x.s < 0 && !(c.length === 1 && c[0] === 0) ? '-' : '';
  if (e < 0) text += '0';
  else for (let i = 0; i <= e; i += 1) text += i < c.length ? (c[i] as number) : 0;
  if (dp > 0) {
    text += '.';
    for (let j = 1; j <= dp; j += 1) {
      const i = e + j;
      text += i >= 0 && i < c.length ? (c[i] as number) : 0;
    }
  }
  return text;
}

/**
 * The value of a whole number below 10^12 as a JavaScript integer (a divisor, never an
 * amount); `undefined` for anything else.
 * @example smallIntegerOf(new Dec(672)) // 672
 */
export function smallIntegerOf(x: Decimal): number | undefined {
  const c = x.c;
  if (x.s < 0 || x.e > 11 || x.e < c.length - 1) return undefined;
  let value = 0;
  for (let i = 0; i <= x.e; i += 1) value = value * 10 + (i < c.length ? (c[i] as number) : 0);
  return value === 0 ? undefined : value;
}
