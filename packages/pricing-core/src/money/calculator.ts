import type { Decimal } from './decimal.js';
import { decSign, fastValue, POW10, SAFE } from './decimal.js';
import { decimalOfNumber } from './parse.js';
import type { Rational } from './rational.js';
import { add, atLeastZero, ceil, cmp, div, isZero, mul, R0, R1, rat, roundTo, sub } from './rational.js';
import { ROUND_HALF_UP } from './big.js';

// The engine's arithmetic, behind one interface with two implementations, so that every rule
// (free units, proration, the models, minimum/maximum, package rounding) is written once:
// - SMALL: an exact fraction of two safe integers (`n / d`, d > 0). Every value within the
//   request bounds that has few enough digits is one, and so are the prorations and hourly
//   factors (hours / cycle hours). Each operation checks that its result is still made of safe
//   integers (a product or sum of safe integers whose true value passes 2^53 - 1 lands on 2^53
//   or beyond as a double, so the check is exact) and throws `SMALL_OVERFLOW` when it is not;
//   the engine then prices that instance again with EXACT.
// - EXACT: the rationals of decimals (rational.ts, big.js behind them): any value, any size.
// A float never holds a fraction of money in either: SMALL holds integer counts of 1/d.

/** The arithmetic the engine's rules are written against. */
export interface Calculator<V> {
  /** True for the safe-integer fractions. */
  readonly small: boolean;
  readonly zero: V;
  readonly one: V;
  /** A decimal of the plan (a price's constant, an instance's figure). */
  dec(x: Decimal): V;
  /** A rational of the plan (tier bounds, period factors, minimum and maximum). */
  rat(x: Rational): V;
  add(a: V, b: V): V;
  sub(a: V, b: V): V;
  mul(a: V, b: V): V;
  /** `a / b` for `b > 0`. */
  div(a: V, b: V): V;
  cmp(a: V, b: V): -1 | 0 | 1;
  isZero(a: V): boolean;
  /** `max(0, a - b)`. */
  excess(a: V, b: V): V;
  /** Smallest integer >= a, for a >= 0. */
  ceil(a: V): V;
  /** The exact value as a rational. */
  rational(a: V): Rational;
  /** Rounded half-up to `digits` places (a rounding point of the rules). */
  money(a: V, digits: number): Decimal;
}

/** Thrown by SMALL when a value leaves the safe integers: the caller prices with EXACT instead. */
export const SMALL_OVERFLOW: Error = Object.freeze(new RangeError('value beyond the safe-integer calculator'));

/** A SMALL value: `n / d`, both safe integers, d > 0 (not necessarily in lowest terms). */
export class Frac {
  constructor(
    readonly n: number,
    readonly d: number,
  ) {}
}

const F0 = new Frac(0, 1);
const F1 = new Frac(1, 1);

const safe = (x: number): number => {
  if (x > SAFE || x < -SAFE) throw SMALL_OVERFLOW;
  return x;
};

function gcd(a: number, b: number): number {
  let x = a < 0 ? -a : a;
  let y = b;
  while (y !== 0) {
    const r = x % y;
    x = y;
    y = r;
  }
  return x;
}

/** `n / d` made of safe integers, reduced only when a part would leave the safe range. */
function frac(n: number, d: number): Frac {
  if (n > SAFE || n < -SAFE || d > SAFE) throw SMALL_OVERFLOW;
  return new Frac(n, d);
}

function smallOfDecimal(x: Decimal): Frac {
  const memo = x.small as Frac | null;
  if (memo !== null) return memo;
  // NOTE: a decimal's fast form is `int x 10^-scale`; a big.js decimal, or a scale past 10^15, is not SMALL.
  if (x.scale < 0 || x.scale > 15) throw SMALL_OVERFLOW;
  const value = x.int === 0 ? F0 : x.int === 1 && x.scale === 0 ? F1 : new Frac(x.int, POW10[x.scale] as number);
  x.small = value;
  return value;
}

function addSmall(a: Frac, b: Frac, sign: 1 | -1): Frac {
  if (b.n === 0) return a;
  if (a.d === b.d) return frac(a.n + sign * b.n, a.d);
  // NOTE: the least common denominator keeps sums of prices over 10^k, the cycle hours and
  // 12 small; a product of the denominators would leave the safe range after a few prices.
  const g = gcd(a.d, b.d);
  const fa = b.d / g;
  const fb = a.d / g;
  return frac(safe(a.n * fa) + sign * safe(b.n * fb), safe(a.d * fa));
}

function mulSmall(a: Frac, b: Frac): Frac {
  if (a.n === 0 || b === F1) return a;
  if (b.n === 0 || a === F1) return b;
  const n = a.n * b.n;
  const d = a.d * b.d;
  if (n <= SAFE && n >= -SAFE && d <= SAFE) return new Frac(n, d);
  // NOTE: only when a part would leave the safe range: cross-reduce first, then try again.
  const g1 = gcd(a.n, b.d);
  const g2 = gcd(b.n, a.d);
  return frac((a.n / g1) * (b.n / g2), (a.d / g2) * (b.d / g1));
}

function cmpSmall(a: Frac, b: Frac): -1 | 0 | 1 {
  if (a.d === b.d) return a.n < b.n ? -1 : a.n > b.n ? 1 : 0;
  const x = a.n * b.d;
  const y = b.n * a.d;
  if (x <= SAFE && x >= -SAFE && y <= SAFE && y >= -SAFE) return x < y ? -1 : x > y ? 1 : 0;
  // NOTE: a product past 2^53 is compared exactly on BigInt (rare: a big value over an odd denominator).
  const bx = BigInt(a.n) * BigInt(b.d);
  const by = BigInt(b.n) * BigInt(a.d);
  return bx < by ? -1 : bx > by ? 1 : 0;
}

/** `round(|n| x 10^digits / d)` half-up, with the sign of n. */
function moneySmall(a: Frac, digits: number): Decimal {
  const magnitude = a.n < 0 ? -a.n : a.n;
  const top = safe(magnitude * (POW10[digits] as number));
  const r = top % a.d;
  const q = (top - r) / a.d + (2 * r >= a.d ? 1 : 0);
  return fastValue(a.n < 0 ? -q : q, digits) as Decimal;
}

/** The safe-integer fractions. */
export const SMALL: Calculator<Frac> = {
  small: true,
  zero: F0,
  one: F1,
  dec: smallOfDecimal,
  rat: (x) => (x === R1 ? F1 : x.d.int === 1 && x.d.scale === 0 ? smallOfDecimal(x.n) : divSmall(smallOfDecimal(x.n), smallOfDecimal(x.d))),
  add: (a, b) => (a.n === 0 ? b : addSmall(a, b, 1)),
  sub: (a, b) => addSmall(a, b, -1),
  mul: mulSmall,
  div: divSmall,
  cmp: cmpSmall,
  isZero: (a) => a.n === 0,
  excess: (a, b) => (b.n === 0 ? a : cmpSmall(a, b) <= 0 ? F0 : addSmall(a, b, -1)),
  ceil: (a) => {
    const r = a.n % a.d;
    return a.d === 1 ? a : new Frac((a.n - r) / a.d + (r > 0 ? 1 : 0), 1);
  },
  rational: (a) => (a.n === 0 ? R0 : a.d === 1 ? rat(decimalOfNumber(a.n)) : rat(decimalOfNumber(a.n), decimalOfNumber(a.d))),
  money: moneySmall,
};

function divSmall(a: Frac, b: Frac): Frac {
  if (b === F1 || a.n === 0) return a;
  return mulSmall(a, new Frac(b.d, b.n));
}

/** The rationals of decimals (big.js behind them): any value. */
export const EXACT: Calculator<Rational> = {
  small: false,
  zero: R0,
  one: R1,
  dec: (x) => rat(x),
  rat: (x) => x,
  add,
  sub,
  mul,
  div,
  cmp,
  isZero,
  excess: (a, b) => (isZero(b) ? a : atLeastZero(sub(a, b))),
  ceil: (a) => (decSign(a.n) === 0 ? R0 : rat(ceil(a))),
  rational: (a) => a,
  money: (a, digits) => roundTo(a, digits, ROUND_HALF_UP),
};

/**
 * An exact sum of values of either calculator: SMALL values are added as fractions while they
 * stay safe, then joined to the rational sum.
 * @example const s = new ExactSum(); s.add(SMALL, SMALL.one); s.add(EXACT, R1); toText(s.value) // '2'
 */
export class ExactSum {
  private small: Frac = F0;
  private exact: Rational = R0;

  /** Adds a value made by the calculator `c`. */
  add<V>(c: Calculator<V>, x: V): void {
    if (!c.small) {
      this.exact = add(this.exact, x as Rational);
      return;
    }
    try {
      this.small = addSmall(this.small, x as Frac, 1);
    } catch (error) {
      if (error !== SMALL_OVERFLOW) throw error;
      this.exact = add(this.exact, SMALL.rational(this.small));
      this.small = x as Frac;
    }
  }

  /** The sum so far. */
  get value(): Rational {
    return add(this.exact, SMALL.rational(this.small));
  }
}
