import type { BigValue, RoundingMode } from './big.js';
import { Dec, divRound, ROUND_DOWN, ROUND_HALF_UP, ROUND_UP } from './big.js';
import type { Decimal } from './decimal.js';
import { decCompare, decIsZero, decNeg, decPlus, decSign, decText, decTimes, fromBig, isDecimal, isPacked, ONE, scaledDecimal, toBig, ZERO } from './decimal.js';
import { divRoundByInteger, smallIntegerOf } from './digits.js';
import { fractionText } from './fraction-text.js';
import { gcd, kOf, mOf, PACKED_ONE, POW10 } from './packed.js';

/**
 * An exact fraction `n / d` of two decimals, `d > 0`. Amounts stay rationals until a
 * rounding point, so `1/12 x 0.06` is exactly 0.005.
 */
export interface Rational {
  /** Numerator (any sign). */
  readonly n: Decimal;
  /** Denominator, always positive; `ONE` (by reference) for plain decimals. */
  readonly d: Decimal;
}

/** Zero and one as rationals. */
export const R0: Rational = { n: ZERO, d: ONE };
export const R1: Rational = { n: ONE, d: ONE };

/**
 * A rational from a decimal, or from a numerator and a positive denominator.
 * @example toText(rat(decOf(1), decOf(3))) // '1/3'
 */
export function rat(n: Decimal, d: Decimal = ONE): Rational {
  if (d !== ONE) return { n, d };
  return n === ZERO ? R0 : n === ONE ? R1 : { n, d: ONE };
}

/** Whether a denominator is 1. @example isOne(R1.d) // true */
export function isOne(d: Decimal): boolean {
  if (d === ONE) return true;
  if (isPacked(d)) return d.packed === PACKED_ONE;
  const b = d.big as BigValue;
  return b.c.length === 1 && b.c[0] === 1 && b.e === 0;
}

/** Whether a value is a rational of the calculator. @example isRational(R1) // true */
export function isRational(value: unknown): value is Rational {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Rational>;
  return isDecimal(candidate.n) && isDecimal(candidate.d);
}

/** @example add(R1, R1) // 2 */
export function add(a: Rational, b: Rational): Rational {
  if (decIsZero(b.n)) return a;
  if (decIsZero(a.n)) return b;
  return combine(a, b, b.n);
}

/** `a + bn / b.d`: the sum of `a` and a fraction over `b`'s denominator (`bn` is `b.n` or its negation). */
function combine(a: Rational, b: Rational, bn: Decimal): Rational {
  if (a.d === b.d || (isOne(a.d) && isOne(b.d))) return { n: decPlus(a.n, bn), d: a.d };
  if (isOne(b.d)) return { n: decPlus(a.n, decTimes(bn, a.d)), d: a.d };
  if (isOne(a.d)) return { n: decPlus(decTimes(a.n, b.d), bn), d: b.d };
  if (decCompare(a.d, b.d) === 0) return { n: decPlus(a.n, bn), d: a.d };
  const sum = { n: decPlus(decTimes(a.n, b.d), decTimes(bn, a.d)), d: decTimes(a.d, b.d) };
  // NOTE: sums of fractions with unlike denominators (averages over instances) would grow
  // without bound; reducing long ones keeps the cost of a long sum near linear.
  return !isPacked(sum.d) && (sum.d.big as BigValue).c.length > REDUCE_ABOVE_DIGITS ? reduce(sum) : sum;
}
const REDUCE_ABOVE_DIGITS = 24;

/**
 * The same fraction in lowest terms (numerator and denominator made whole first).
 * @example toText(reduce(rat(decOf(6), decOf(4)))) // '1.5'
 */
export function reduce(a: Rational): Rational {
  const an = toBig(a.n);
  const ad = toBig(a.d);
  const places = Math.max(0, an.c.length - an.e - 1, ad.c.length - ad.e - 1);
  const scale = new Dec(10).pow(places);
  const n = BigInt(an.times(scale).toFixed(0));
  const d = BigInt(ad.times(scale).toFixed(0));
  const g = gcd(n, d);
  if (g === 0n) return a;
  const dn = d / g;
  return { n: fromBig(new Dec((n / g).toString())), d: dn === 1n ? ONE : fromBig(new Dec(dn.toString())) };
}

/** @example sub(R1, R1) // 0 */
export function sub(a: Rational, b: Rational): Rational {
  if (decIsZero(b.n)) return a;
  if (decIsZero(a.n)) return neg(b);
  return combine(a, b, decNeg(b.n));
}

/** @example neg(R1) // -1 */
export function neg(a: Rational): Rational {
  return { n: decNeg(a.n), d: a.d };
}

/** @example mul(rat(decOf(2)), rat(decOf(3))) // 6 */
export function mul(a: Rational, b: Rational): Rational {
  if (b === R1) return a;
  if (a === R1) return b;
  const n = decTimes(a.n, b.n);
  if (isOne(a.d)) return { n, d: b.d };
  if (isOne(b.d)) return { n, d: a.d };
  return { n, d: decTimes(a.d, b.d) };
}

/** Multiplies by a decimal. @example mulDec(R1, decOf(2)) // 2 */
export function mulDec(a: Rational, b: Decimal): Rational {
  return { n: decTimes(a.n, b), d: a.d };
}

/** Divides; the caller guarantees `b` is not zero. @example div(R1, rat(decOf(3))) // 1/3 */
export function div(a: Rational, b: Rational): Rational {
  const negative = decSign(b.n) < 0;
  const bn = negative ? decNeg(b.n) : b.n;
  const n = isOne(b.d) ? a.n : decTimes(a.n, b.d);
  const d = isOne(a.d) ? bn : decTimes(a.d, bn);
  return { n: negative ? decNeg(n) : n, d };
}

/** Divides by a positive decimal. @example divDec(R1, decOf(4)) // 1/4 */
export function divDec(a: Rational, b: Decimal): Rational {
  return { n: a.n, d: isOne(a.d) ? b : decTimes(a.d, b) };
}

/** Compares: -1, 0 or 1. @example cmp(R0, R1) // -1 */
export function cmp(a: Rational, b: Rational): -1 | 0 | 1 {
  if (isOne(a.d) && isOne(b.d)) return decCompare(a.n, b.n);
  return decCompare(decTimes(a.n, b.d), decTimes(b.n, a.d));
}

/** @example isZero(R0) // true */
export function isZero(a: Rational): boolean {
  return decIsZero(a.n);
}

/** `a`, or zero when it is negative: what is left after subtracting an allowance. @example atLeastZero(sub(R0, R1)) // 0 */
export function atLeastZero(a: Rational): Rational {
  return decSign(a.n) <= 0 ? R0 : a;
}

const HALF_SAFE = 2 ** 52;

/** `a` rounded to `dp` places with integer arithmetic, when both parts are fast and small enough. */
function roundFast(a: Rational, dp: number, rm: RoundingMode): Decimal | undefined {
  if (!isPacked(a.n) || !isPacked(a.d)) return undefined;
  const nm = mOf(a.n.packed);
  const dm = mOf(a.d.packed);
  // value x 10^dp = nm x 10^(dk + dp - nk) / dm
  const shift = kOf(a.d.packed) + dp - kOf(a.n.packed);
  if (shift > 22 || shift < -22) return undefined;
  const top = Math.abs(nm) * (shift > 0 ? (POW10[shift] as number) : 1);
  const bottom = dm * (shift < 0 ? (POW10[-shift] as number) : 1);
  if (top > HALF_SAFE || bottom > HALF_SAFE) return undefined;
  let q = Math.floor(top / bottom);
  let r = top - q * bottom;
  if (r < 0) [q, r] = [q - 1, r + bottom];
  else if (r >= bottom) [q, r] = [q + 1, r - bottom];
  const up = rm === ROUND_DOWN ? false : rm === ROUND_HALF_UP ? 2 * r >= bottom : r > 0;
  if (up) q += 1;
  return scaledDecimal(nm < 0 ? -q : q, dp);
}

/**
 * Rounds exactly to `dp` decimal places with the given mode (modes act on the magnitude).
 * @example decText(roundTo(rat(decOf('0.06'), decOf(12)), 2)) // '0.01'
 */
export function roundTo(a: Rational, dp: number, rm: RoundingMode = ROUND_HALF_UP): Decimal {
  // NOTE: a big.js numerator (NaN) fails `k <= dp`.
  if (isOne(a.d) && kOf(a.n.packed) <= dp) return a.n;
  const fast = roundFast(a, dp, rm);
  if (fast !== undefined) return fast;
  const n = toBig(a.n);
  if (isOne(a.d)) return fromBig(n.round(dp, rm));
  const d = toBig(a.d);
  // NOTE: denominators are mostly small whole numbers (cycle hours, package sizes, 12).
  const small = smallIntegerOf(d);
  return fromBig(small === undefined ? divRound(n, d, dp, rm) : divRoundByInteger(n, small, dp, rm));
}

/** Smallest integer >= a. @example decText(ceil(rat(decOf(3), decOf(2)))) // '2' */
export function ceil(a: Rational): Decimal {
  return roundTo(a, 0, decSign(a.n) < 0 ? ROUND_DOWN : ROUND_UP);
}

/**
 * The exact value as text: a plain decimal when it terminates within 40 places, else `n/d`.
 * @example toText(rat(decOf(1), decOf(4))) // '0.25'
 */
export function toText(a: Rational): string {
  if (isOne(a.d)) return decText(a.n);
  const n = toBig(a.n);
  const d = toBig(a.d);
  const fast = fractionText(n, d);
  if (fast !== undefined) return fast;
  const q = n.div(d);
  if (q.times(d).eq(n)) return q.toString();
  const lowest = reduce(a);
  return `${decText(lowest.n)}/${decText(lowest.d)}`;
}
