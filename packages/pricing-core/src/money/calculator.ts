import type { Decimal } from './decimal.js';
import { decimalOfPacked, decSign, isPacked, ONE, scaledDecimal } from './decimal.js';
import { decimalOfNumber } from './parse.js';
import type { Rational } from './rational.js';
import { add, atLeastZero, ceil, cmp, div, isZero, mul, R0, R1, rat, roundTo, sub } from './rational.js';
import { ROUND_HALF_UP } from './big.js';
import { readBounded, shortPlaces } from './bounds.js';
import { exceedsPowerOfTen, withinDigits } from './size.js';
import { gcd, kOf, mOf, pack, PACKED_ONE, packedCompare, packedProduct, packedSum, POW10, SAFE } from './packed.js';

// The engine's arithmetic, behind one interface with two implementations, so that every rule
// (free units, proration, the models, minimum/maximum, package rounding) is written once:
// - SMALL: exact values made of safe integers, in one of two forms. A decimal is the packed
//   form of money/ (packed.ts), `16m + k`, the form a `Decimal` holds itself: whole numbers,
//   meter readings, rates and their sums and products (the bulk of the values) make no object.
//   Any other value (a proration, hours / cycle hours, 1/12, a division) is a `Frac`, a fraction
//   of two safe integers. Each operation checks that its result is still made of safe integers
//   (a product or sum of safe integers whose true value passes 2^53 - 1 lands on 2^53 or beyond
//   as a double, so the check is exact) and throws `SMALL_OVERFLOW` when it is not; the engine
//   then prices that instance again with EXACT.
// - EXACT: the rationals of decimals (rational.ts, big.js behind them): any value, any size.
// A float never holds a fraction of money in either: SMALL holds integer counts of 10^-k or of 1/d.

/** The arithmetic the engine's rules are written against. */
export interface Calculator<V> {
  /** True for the safe-integer fractions. */
  readonly small: boolean;
  readonly zero: V;
  readonly one: V;
  /** A decimal of the plan (a price's constant, an instance's figure). */
  dec(x: Decimal): V;
  /** A usage reading of a valid request: its decimal, or the JSON number as sent. */
  reading(x: Reading): V;
  /** A rational of the plan (tier bounds, period factors, minimum and maximum). */
  rat(x: Rational): V;
  add(a: V, b: V): V;
  sub(a: V, b: V): V;
  mul(a: V, b: V): V;
  /** `a / b` for `b > 0`. */
  quotient(a: V, b: V): V;
  compare(a: V, b: V): -1 | 0 | 1;
  isZero(a: V): boolean;
  /** `max(0, a - b)`. */
  excess(a: V, b: V): V;
  /** Smallest integer >= a. */
  ceil(a: V): V;
  /** Whether |a| > 10^exponent. */
  exceeds(a: V, exponent: number): boolean;
  /**
   * `a` when the numerator and the denominator of its lowest terms have at most `maxDigits`
   * digits each (reduced when that was needed to tell); `undefined` otherwise.
   */
  withinDigits(a: V, maxDigits: number): V | undefined;
  /** The exact value as a rational. */
  rational(a: V): Rational;
  /** Rounded half-up to `digits` places (a rounding point of the rules). */
  money(a: V, digits: number): Decimal;
}

/**
 * A usage reading of a valid request: a decimal, or a JSON number as sent (0 to below 10^15;
 * read through its shortest text, as every JSON number is), so that a reading makes no decimal.
 */
export type Reading = Decimal | number;

/** Thrown by SMALL when a value leaves the safe integers: the caller prices with EXACT instead. */
export const SMALL_OVERFLOW: Error = Object.freeze(new RangeError('value beyond the safe-integer calculator'));

/** A SMALL value that is not a packed decimal: `n / d`, both safe integers, d > 0 (not necessarily in lowest terms). */
export class Frac {
  constructor(
    readonly n: number,
    readonly d: number,
  ) {}
}

/**
 * A SMALL value: a decimal `m / 10^k` packed as the safe integer `16m + k` (zero is 0, one is
 * 16), or a `Frac`.
 */
export type Small = number | Frac;

const numOf = (a: Small): number => (typeof a === 'number' ? mOf(a) : a.n);
const denOf = (a: Small): number => (typeof a === 'number' ? (POW10[kOf(a)] as number) : a.d);

const safe = (x: number): number => {
  if (x > SAFE || x < -SAFE) throw SMALL_OVERFLOW;
  return x;
};

/** A whole number `n` as a SMALL value. */
function whole(n: number): Small {
  const p = pack(n, 0);
  return p === p ? p : new Frac(safe(n), 1);
}

/** `m / 10^k` (k <= 15) as a SMALL value: packed while m fits. */
function scaledSmall(m: number, k: number): Small {
  const p = pack(m, k);
  return p === p ? p : frac(m, POW10[k] as number);
}

/** Denominators above this are reduced to lowest terms (below it, a gcd costs more than it saves). */
const REDUCE_ABOVE = 1e6;

/** `n / d` (d > 0) made of safe integers: a whole number when d divides n, in lowest terms when d is large. */
function frac(n: number, d: number): Small {
  if (n > SAFE || n < -SAFE || d > SAFE) throw SMALL_OVERFLOW;
  if (d === 1) return whole(n);
  if (n % d === 0) return whole(n / d);
  if (d <= REDUCE_ABOVE) return new Frac(n, d);
  // NOTE: prorations and period factors (hours / cycle hours, cycle hours / 24) multiply
  // denominators; in lowest terms their sums stay far inside the safe integers.
  const g = gcd(n, d);
  return new Frac(n / g, d / g);
}

function smallOfDecimal(x: Decimal): Small {
  // NOTE: a decimal's fast form is SMALL's own; a big.js decimal (NaN) is not SMALL.
  if (!isPacked(x)) throw SMALL_OVERFLOW;
  return x.packed;
}

/** A reading as sent: whole, or `m / 10^k` with the fewest places k that give the number back. */
function smallOfReading(x: number): Small {
  if (Number.isInteger(x)) return whole(x);
  const k = shortPlaces(x);
  if (k < 0) throw SMALL_OVERFLOW;
  return scaledSmall(Math.round(x * (POW10[k] as number)), k);
}

function addSmall(a: Small, b: Small, sign: 1 | -1): Small {
  if (b === 0) return a;
  if (typeof a === 'number' && typeof b === 'number') {
    const sum = packedSum(a, b, sign);
    if (sum === sum) return sum;
  }
  const an = numOf(a);
  const ad = denOf(a);
  const bn = numOf(b);
  const bd = denOf(b);
  if (ad === bd) return frac(an + sign * bn, ad);
  // NOTE: denominators are mostly powers of ten: one divides the other, no gcd needed. Else
  // the least common denominator keeps sums of prices over 10^k, the cycle hours and 12 small.
  if (ad > bd && ad % bd === 0) return frac(an + sign * safe(bn * (ad / bd)), ad);
  if (bd > ad && bd % ad === 0) return frac(safe(an * (bd / ad)) + sign * bn, bd);
  const g = gcd(ad, bd);
  const fa = bd / g;
  const fb = ad / g;
  const x = an * fa;
  const y = bn * fb;
  const d = ad * fa;
  if (x <= SAFE && x >= -SAFE && y <= SAFE && y >= -SAFE && d <= SAFE) return frac(x + sign * y, d);
  return bigSum(an, ad, sign * bn, bd);
}

/** `an / ad + bn / bd` on BigInt, in lowest terms: for the rare sum whose common denominator passes 2^53. */
function bigSum(an: number, ad: number, bn: number, bd: number): Small {
  const n = BigInt(an) * BigInt(bd) + BigInt(bn) * BigInt(ad);
  const d = BigInt(ad) * BigInt(bd);
  const g = n === 0n ? d : gcd(n, d);
  return frac(Number(n / g), Number(d / g));
}

function mulSmall(a: Small, b: Small): Small {
  if (typeof a === 'number' && typeof b === 'number') {
    const product = packedProduct(a, b);
    if (product === product) return product;
  } else {
    if (a === 0 || b === PACKED_ONE) return a;
    if (b === 0 || a === PACKED_ONE) return b;
  }
  return mulParts(numOf(a), denOf(a), numOf(b), denOf(b));
}

/** `(an / ad) x (bn / bd)`, ad and bd > 0. */
function mulParts(an: number, ad: number, bn: number, bd: number): Small {
  const n = an * bn;
  const d = ad * bd;
  if (n <= SAFE && n >= -SAFE && d <= SAFE) return frac(n, d);
  // NOTE: only when a part would leave the safe range: cross-reduce first, then try again.
  const g1 = gcd(an, bd);
  const g2 = gcd(bn, ad);
  return frac((an / g1) * (bn / g2), (ad / g2) * (bd / g1));
}

function divSmall(a: Small, b: Small): Small {
  if (b === PACKED_ONE || a === 0) return a;
  // NOTE: b > 0, so its inverse keeps a positive denominator.
  return mulParts(numOf(a), denOf(a), denOf(b), numOf(b));
}

function cmpSmall(a: Small, b: Small): -1 | 0 | 1 {
  if (typeof a === 'number' && typeof b === 'number') {
    const order = packedCompare(a, b);
    if (order === order) return order as -1 | 0 | 1;
  }
  const an = numOf(a);
  const ad = denOf(a);
  const bn = numOf(b);
  const bd = denOf(b);
  if (ad === bd) return an < bn ? -1 : an > bn ? 1 : 0;
  const x = an * bd;
  const y = bn * ad;
  if (x <= SAFE && x >= -SAFE && y <= SAFE && y >= -SAFE) return x < y ? -1 : x > y ? 1 : 0;
  // NOTE: a product past 2^53 is compared exactly on BigInt (rare: a big value over an odd denominator).
  const bx = BigInt(an) * BigInt(bd);
  const by = BigInt(bn) * BigInt(ad);
  return bx < by ? -1 : bx > by ? 1 : 0;
}

/** `round(|n| x 10^digits / d)` half-up, with the sign of n. */
function moneySmall(a: Small, digits: number): Decimal {
  if (typeof a === 'number') {
    // NOTE: a packed decimal with no more places than the currency is already its own rounding.
    if (kOf(a) <= digits) return decimalOfPacked(a);
  }
  const n = numOf(a);
  const d = denOf(a);
  const magnitude = n < 0 ? -n : n;
  const scale = POW10[digits] as number;
  // NOTE: the whole part and the fraction apart, so that a large amount over a small denominator stays safe.
  const rest = magnitude % d;
  const wholePart = (magnitude - rest) / d;
  const top = safe(rest * scale);
  const r = top % d;
  const q = safe(wholePart * scale + (top - r) / d + (2 * r >= d ? 1 : 0));
  return scaledDecimal(n < 0 ? -q : q, digits);
}

function ceilSmall(a: Small): Small {
  const n = numOf(a);
  const d = denOf(a);
  if (d === 1) return a;
  const r = n % d;
  return whole((n - r) / d + (r > 0 ? 1 : 0));
}

// NOTE: a SMALL value is below 2^53 < 10^16 over a denominator below 2^53: 16 digits at most
// above and below, so bounds from 16 up hold for every value; smaller ones are told exactly.
const SMALL_DIGITS = 16;

/** The safe-integer fractions. */
export const SMALL: Calculator<Small> = {
  small: true,
  zero: 0,
  one: PACKED_ONE,
  dec: smallOfDecimal,
  reading: (x) => (typeof x === 'number' ? smallOfReading(x) : smallOfDecimal(x)),
  rat: (x) => (x === R1 ? PACKED_ONE : x.d === ONE ? smallOfDecimal(x.n) : divSmall(smallOfDecimal(x.n), smallOfDecimal(x.d))),
  add: (a, b) => addSmall(a, b, 1),
  sub: (a, b) => addSmall(a, b, -1),
  mul: mulSmall,
  quotient: divSmall,
  compare: cmpSmall,
  isZero: (a) => a === 0,
  excess: (a, b) => (b === 0 ? a : cmpSmall(a, b) <= 0 ? 0 : addSmall(a, b, -1)),
  ceil: ceilSmall,
  exceeds: (a, exponent) => exponent < SMALL_DIGITS && exceedsPowerOfTen(SMALL.rational(a), exponent),
  withinDigits: (a, maxDigits) => (maxDigits >= SMALL_DIGITS || withinDigits(SMALL.rational(a), maxDigits) !== undefined ? a : undefined),
  rational: (a) => (typeof a === 'number' ? rat(decimalOfPacked(a)) : rat(decimalOfNumber(a.n), decimalOfNumber(a.d))),
  money: moneySmall,
};

/** The rationals of decimals (big.js behind them): any value. */
export const EXACT: Calculator<Rational> = {
  small: false,
  zero: R0,
  one: R1,
  dec: (x) => rat(x),
  // NOTE: the decimal that reading the number as a request field gives (valid, so never a sentence).
  reading: (x) => rat(typeof x !== 'number' ? x : Number.isInteger(x) ? decimalOfNumber(x) : (readBounded(x, 'number') as Decimal)),
  rat: (x) => x,
  add,
  sub,
  mul,
  quotient: div,
  compare: cmp,
  isZero,
  excess: (a, b) => (isZero(b) ? a : atLeastZero(sub(a, b))),
  ceil: (a) => (decSign(a.n) === 0 ? R0 : rat(ceil(a))),
  exceeds: exceedsPowerOfTen,
  withinDigits,
  rational: (a) => a,
  money: (a, digits) => roundTo(a, digits, ROUND_HALF_UP),
};

/**
 * An exact sum of values of either calculator: SMALL values are added as fractions while they
 * stay safe, then joined to the rational sum.
 * @example const s = new ExactSum(); s.add(SMALL, SMALL.one); s.add(EXACT, R1); toText(s.value) // '2'
 */
export class ExactSum {
  private small: Small = 0;
  private exact: Rational = R0;

  /** Adds a value made by the calculator `c`. */
  add<V>(c: Calculator<V>, x: V): void {
    if (!c.small) {
      this.exact = add(this.exact, x as Rational);
      return;
    }
    try {
      this.small = addSmall(this.small, x as Small, 1);
    } catch (error) {
      if (error !== SMALL_OVERFLOW) throw error;
      this.exact = add(this.exact, SMALL.rational(this.small));
      this.small = x as Small;
    }
  }

  /** The sum so far. */
  get value(): Rational {
    return add(this.exact, SMALL.rational(this.small));
  }
}
