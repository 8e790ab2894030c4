import type { Decimal, RoundingMode } from './big.js';
import { D0, D1, Dec, divRound, ROUND_DOWN, ROUND_HALF_UP, ROUND_UP } from './big.js';
import { divRoundByInteger, smallIntegerOf } from './digits.js';
import { fractionText } from './fraction-text.js';

/**
 * An exact fraction `n / d` of two decimals, `d > 0`. Amounts stay rationals until a
 * rounding point, so `1/12 x 0.06` is exactly 0.005.
 */
export interface Rational {
  /** Numerator (any sign). */
  readonly n: Decimal;
  /** Denominator, always positive; `D1` (by reference) for plain decimals. */
  readonly d: Decimal;
}

/** Zero and one as rationals. */
export const R0: Rational = { n: D0, d: D1 };
export const R1: Rational = { n: D1, d: D1 };

/**
 * A rational from a decimal, or from a numerator and a positive denominator.
 * @example toText(rat(new Dec(1), new Dec(3))) // '1/3'
 */
export function rat(n: Decimal, d: Decimal = D1): Rational {
  return { n, d };
}

/** Whether a denominator is 1. @example isOne(R1.d) // true */
export const isOne = (d: Decimal): boolean => d === D1 || (d.c.length === 1 && d.c[0] === 1 && d.e === 0);

/** Whether a value is a rational of the calculator. @example isRational(R1) // true */
export function isRational(value: unknown): value is Rational {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Rational>;
  return candidate.n instanceof Dec && candidate.d instanceof Dec;
}

/** @example add(R1, R1) // 2 */
export function add(a: Rational, b: Rational): Rational {
  if (b.n.c[0] === 0) return a;
  if (a.n.c[0] === 0) return b;
  return combine(a, b, b.n);
}

/** `a + bn / b.d`: the sum of `a` and a fraction over `b`'s denominator (`bn` is `b.n` or its negation). */
function combine(a: Rational, b: Rational, bn: Decimal): Rational {
  if (a.d === b.d || (isOne(a.d) && isOne(b.d))) return { n: a.n.plus(bn), d: a.d };
  if (isOne(b.d)) return { n: a.n.plus(bn.times(a.d)), d: a.d };
  if (isOne(a.d)) return { n: a.n.times(b.d).plus(bn), d: b.d };
  if (a.d.eq(b.d)) return { n: a.n.plus(bn), d: a.d };
  const sum = { n: a.n.times(b.d).plus(bn.times(a.d)), d: a.d.times(b.d) };
  // NOTE: sums of fractions with unlike denominators (averages over instances) would grow
  // without bound; reducing long ones keeps the cost of a long sum near linear.
  return sum.d.c.length > REDUCE_ABOVE_DIGITS ? reduce(sum) : sum;
}
const REDUCE_ABOVE_DIGITS = 24;

function gcd(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/**
 * The same fraction in lowest terms (numerator and denominator made whole first).
 * @example toText(reduce(rat(new Dec(6), new Dec(4)))) // '1.5'
 */
export function reduce(a: Rational): Rational {
  const places = Math.max(0, a.n.c.length - a.n.e - 1, a.d.c.length - a.d.e - 1);
  const scale = new Dec(10).pow(places);
  const n = BigInt(a.n.times(scale).toFixed(0));
  const d = BigInt(a.d.times(scale).toFixed(0));
  const g = gcd(n < 0n ? -n : n, d);
  if (g === 0n) return a;
  const dn = d / g;
  return { n: new Dec((n / g).toString()), d: dn === 1n ? D1 : new Dec(dn.toString()) };
}

/** @example sub(R1, R1) // 0 */
export function sub(a: Rational, b: Rational): Rational {
  if (b.n.c[0] === 0) return a;
  if (a.n.c[0] === 0) return neg(b);
  if (a.d === b.d || (isOne(a.d) && isOne(b.d))) return { n: a.n.minus(b.n), d: a.d };
  return combine(a, b, b.n.neg());
}

/** @example neg(R1) // -1 */
export function neg(a: Rational): Rational {
  return { n: a.n.neg(), d: a.d };
}

/** @example mul(rat(new Dec(2)), rat(new Dec(3))) // 6 */
export function mul(a: Rational, b: Rational): Rational {
  if (b === R1) return a;
  if (a === R1) return b;
  const n = a.n.times(b.n);
  if (isOne(a.d)) return { n, d: b.d };
  if (isOne(b.d)) return { n, d: a.d };
  return { n, d: a.d.times(b.d) };
}

/** Multiplies by a decimal. @example mulDec(R1, new Dec(2)) // 2 */
export function mulDec(a: Rational, b: Decimal): Rational {
  return { n: a.n.times(b), d: a.d };
}

/** Divides; the caller guarantees `b` is not zero. @example div(R1, rat(new Dec(3))) // 1/3 */
export function div(a: Rational, b: Rational): Rational {
  const sign = b.n.s < 0;
  const bn = sign ? b.n.neg() : b.n;
  const n = isOne(b.d) ? a.n : a.n.times(b.d);
  const d = isOne(a.d) ? bn : a.d.times(bn);
  return { n: sign ? n.neg() : n, d };
}

/** Divides by a positive decimal. @example divDec(R1, new Dec(4)) // 1/4 */
export function divDec(a: Rational, b: Decimal): Rational {
  return { n: a.n, d: isOne(a.d) ? b : a.d.times(b) };
}

/** Compares: -1, 0 or 1. @example cmp(R0, R1) // -1 */
export function cmp(a: Rational, b: Rational): -1 | 0 | 1 {
  if (isOne(a.d) && isOne(b.d)) return a.n.cmp(b.n);
  return a.n.times(b.d).cmp(b.n.times(a.d));
}

/** @example isZero(R0) // true */
export function isZero(a: Rational): boolean {
  return a.n.c[0] === 0;
}

/** @example isNegative(neg(R1)) // true */
export function isNegative(a: Rational): boolean {
  return a.n.s < 0 && a.n.c[0] !== 0;
}

/** @example max(R0, R1) // 1 */
export function max(a: Rational, b: Rational): Rational {
  return cmp(a, b) >= 0 ? a : b;
}

/** @example min(R0, R1) // 0 */
export function min(a: Rational, b: Rational): Rational {
  return cmp(a, b) <= 0 ? a : b;
}

/**
 * Rounds exactly to `dp` decimal places with the given mode (modes act on the magnitude).
 * @example roundTo(rat(new Dec('0.06'), new Dec(12)), 2).toString() // '0.01'
 */
export function roundTo(a: Rational, dp: number, rm: RoundingMode = ROUND_HALF_UP): Decimal {
  if (isOne(a.d)) return a.n.round(dp, rm);
  // NOTE: denominators are mostly small whole numbers (cycle hours, package sizes, 12).
  const small = smallIntegerOf(a.d);
  return small === undefined ? divRound(a.n, a.d, dp, rm) : divRoundByInteger(a.n, small, dp, rm);
}

/** Largest integer <= a. @example floor(rat(new Dec(-3), new Dec(2))).toString() // '-2' */
export function floor(a: Rational): Decimal {
  return roundTo(a, 0, a.n.s < 0 ? ROUND_UP : ROUND_DOWN);
}

/** Smallest integer >= a. @example ceil(rat(new Dec(3), new Dec(2))).toString() // '2' */
export function ceil(a: Rational): Decimal {
  return roundTo(a, 0, a.n.s < 0 ? ROUND_DOWN : ROUND_UP);
}

/**
 * The exact value as text: a plain decimal when it terminates within 40 places, else `n/d`.
 * @example toText(rat(new Dec(1), new Dec(4))) // '0.25'
 */
export function toText(a: Rational): string {
  if (isOne(a.d)) return a.n.toString();
  const fast = fractionText(a.n, a.d);
  if (fast !== undefined) return fast;
  const q = a.n.div(a.d);
  if (q.times(a.d).eq(a.n)) return q.toString();
  const lowest = reduce(a);
  return `${lowest.n.toString()}/${lowest.d.toString()}`;
}

/** A rational from a decimal string. @example toText(fromText('0.5')) // '0.5' */
export function fromText(text: string): Rational {
  return { n: new Dec(text), d: D1 };
}

/** -1, 0 or 1. @example sign(neg(R1)) // -1 */
export function sign(a: Rational): -1 | 0 | 1 {
  if (a.n.c[0] === 0) return 0;
  return a.n.s < 0 ? -1 : 1;
}

/** `a`, or zero when it is negative: what is left after subtracting an allowance. @example atLeastZero(neg(R1)) // 0 */
export function atLeastZero(a: Rational): Rational {
  return a.n.c[0] === 0 || a.n.s < 0 ? R0 : a;
}

/** Whether a value is a plain decimal (denominator 1). @example isPlain(R1) // true */
export function isPlain(a: Rational): boolean {
  return isOne(a.d);
}

/** Whether two values share one denominator object (sums of them need no scaling). */
export function sameDenominator(a: Rational, b: Rational): boolean {
  return a.d === b.d;
}
