import type { BigValue } from './big.js';
import { D0, D1, Dec } from './big.js';

// NOTE: the calculator: the one door to exact decimals for the engine, the models, the
// formula evaluator and validation. Nothing outside `money/` reads a field of a `Decimal` or
// knows how it is held; `src/architecture.test.ts` holds every other folder to this.
//
// Two representations, one value (docs/pricing.md allows both: a float never holds a
// fraction of money, an exact integer count of a fixed fraction may):
// - the fast one, a scaled integer: `int x 10^-scale`, `int` a safe integer (|int| < 2^53),
//   `scale` from 0 to MAX_SCALE, no trailing zero after the point. Sums, differences,
//   products and comparisons are integer operations; each checks that its result is still a
//   safe integer (a product or sum of safe integers whose true value passes 2^53 - 1 lands on
//   2^53 or beyond as a double, so the check is exact).
// - the exact one, a big.js decimal, for anything else: more digits, an overflow, a formula's
//   long values. An operation whose result would leave the fast domain is done on big.js
//   decimals instead, for that value only.

/** Largest scale of the fast representation. */
const MAX_SCALE = 20;
/** The largest safe integer (for the other modules of money/). */
export const SAFE = Number.MAX_SAFE_INTEGER;
/**
 * The greatest common divisor of two whole numbers (safe integers or bigints; the sign of `a`
 * is dropped, `b >= 0`), for every module of money/.
 * @example gcd(12, 18) // 6
 */
export function gcd(a: number, b: number): number;
export function gcd(a: bigint, b: bigint): bigint;
export function gcd(a: number | bigint, b: number | bigint): number | bigint {
  let x = a < 0 ? -a : a;
  let y = b;
  // NOTE: `!=` so that 0 and 0n both end the loop; `%` on two numbers or two bigints.
  while (y != 0) {
    const r = (x as number) % (y as number);
    x = y;
    y = r;
  }
  return x;
}

/** `10^k` for k from 0 to 22, each exact (one table for the modules of money/). */
export const POW10: readonly number[] = Array.from({ length: 23 }, (_, i) => 10 ** i);

/** An exact decimal: a scaled integer, or a big.js decimal. */
export class Decimal {
  /** @internal */
  constructor(
    /** The scaled integer (fast form). */
    readonly int: number,
    /** The scale, or -1 for a big.js decimal. */
    readonly scale: number,
    /** The big.js decimal (exact form); for a fast value, the one it was read from, if any. */
    readonly big: BigValue | null,
  ) {}

  /** The exact text: plain decimal, no exponent, trailing zeros dropped. */
  toString(): string {
    return decText(this);
  }
}

/** A fast value, normalized (no trailing zero after the point); `undefined` when it does not fit. */
function scaled(int: number, scale: number): Decimal | undefined {
  if (!(int <= SAFE && int >= -SAFE) || scale > MAX_SCALE) return undefined;
  if (int === 0) return ZERO;
  let i = int;
  let k = scale;
  while (k > 0 && i % 10 === 0) {
    i /= 10;
    k -= 1;
  }
  return new Decimal(i, k, null);
}

/**
 * A decimal from a big.js value: the fast form when it fits.
 * @example decText(fromBig(new Dec('1.50'))) // '1.5'
 */
export function fromBig(b: BigValue): Decimal {
  const c = b.c;
  if (c.length <= 15) {
    const scale = c.length - 1 - b.e;
    if (c[0] === 0) return ZERO;
    if (scale <= MAX_SCALE && b.e <= 15) {
      let int = 0;
      for (let i = 0; i < c.length; i += 1) int = int * 10 + (c[i] as number);
      if (scale < 0) int *= POW10[-scale] as number;
      const fast = int <= SAFE ? new Decimal(b.s < 0 ? -int : int, Math.max(scale, 0), b) : undefined;
      if (fast !== undefined) return fast;
    }
  }
  return new Decimal(0, -1, b);
}

// NOTE: values are immutable and many are shared (ZERO, ONE, the small integers, the amounts of
// a price list): nothing is cached on them, so the big.js form of a fast value is made per use.
/** The big.js value of a decimal. @example toBig(ONE).toString() // '1' */
export function toBig(a: Decimal): BigValue {
  return a.big ?? new Dec(decText(a));
}

/** Zero. */
export const ZERO: Decimal = new Decimal(0, 0, D0);
/** One. */
export const ONE: Decimal = new Decimal(1, 0, D1);

/**
 * The exact decimal of a literal the program itself writes (request fields go through
 * `readBounded`): a JSON number through `String(n)`, or a decimal string.
 * @example decText(decOf('12.30')) // '12.3'
 */
export function decOf(value: number | string): Decimal {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return scaled(value, 0) ?? fromBig(new Dec(String(value)));
  return fromBig(new Dec(typeof value === 'number' ? String(value) : value));
}

/** Whether a value is a decimal of the calculator. @example isDecimal(ONE) // true */
export function isDecimal(value: unknown): value is Decimal {
  return value instanceof Decimal;
}

/** Both fast. */
const bothFast = (a: Decimal, b: Decimal): boolean => a.scale >= 0 && b.scale >= 0;

/** `a.int` at scale `scale` (>= a.scale), or NaN when that leaves the safe range. */
function at(a: Decimal, scale: number): number {
  if (a.scale === scale) return a.int;
  const x = a.int * (POW10[scale - a.scale] as number);
  return x > SAFE || x < -SAFE ? Number.NaN : x;
}

/** @example decText(decPlus(ONE, ONE)) // '2' */
export function decPlus(a: Decimal, b: Decimal): Decimal {
  if (bothFast(a, b)) {
    if (b.int === 0) return a;
    if (a.int === 0) return b;
    const scale = a.scale > b.scale ? a.scale : b.scale;
    const sum = scaled(at(a, scale) + at(b, scale), scale); // NaN fails the range check
    if (sum !== undefined) return sum;
  }
  return fromBig(toBig(a).plus(toBig(b)));
}

/** @example decText(decMinus(ONE, ONE)) // '0' */
export function decMinus(a: Decimal, b: Decimal): Decimal {
  if (bothFast(a, b)) {
    if (b.int === 0) return a;
    const scale = a.scale > b.scale ? a.scale : b.scale;
    const difference = scaled(at(a, scale) - at(b, scale), scale);
    if (difference !== undefined) return difference;
  }
  return fromBig(toBig(a).minus(toBig(b)));
}

/** @example decText(decTimes(decOf(2), decOf(3))) // '6' */
export function decTimes(a: Decimal, b: Decimal): Decimal {
  if (bothFast(a, b)) {
    if (b === ONE) return a;
    if (a === ONE) return b;
    const product = scaled(a.int * b.int, a.scale + b.scale);
    if (product !== undefined) return product;
  }
  return fromBig(toBig(a).times(toBig(b)));
}

/** -1, 0 or 1. @example decCompare(ZERO, ONE) // -1 */
export function decCompare(a: Decimal, b: Decimal): -1 | 0 | 1 {
  if (bothFast(a, b)) {
    if (a.scale === b.scale) return a.int < b.int ? -1 : a.int > b.int ? 1 : 0;
    const scale = a.scale > b.scale ? a.scale : b.scale;
    const x = at(a, scale);
    const y = at(b, scale);
    if (x === x && y === y) return x < y ? -1 : x > y ? 1 : 0;
  }
  return toBig(a).cmp(toBig(b));
}

/** @example decIsZero(ZERO) // true */
export function decIsZero(a: Decimal): boolean {
  return a.scale >= 0 ? a.int === 0 : (a.big as BigValue).c[0] === 0;
}

/** -1, 0 or 1 (a negative zero is 0). @example decSign(decOf(-2)) // -1 */
export function decSign(a: Decimal): -1 | 0 | 1 {
  if (a.scale >= 0) return a.int < 0 ? -1 : a.int > 0 ? 1 : 0;
  const b = a.big as BigValue;
  if (b.c[0] === 0) return 0;
  return b.s < 0 ? -1 : 1;
}

/** @example decText(decAbs(decOf(-2))) // '2' */
export function decAbs(a: Decimal): Decimal {
  if (a.scale >= 0) return a.int >= 0 ? a : new Decimal(-a.int, a.scale, null);
  return fromBig(toBig(a).abs());
}

/** @example decText(decNeg(decOf(2))) // '-2' */
export function decNeg(a: Decimal): Decimal {
  if (a.scale >= 0) return a.int === 0 ? a : new Decimal(-a.int, a.scale, null);
  return fromBig(toBig(a).neg());
}

/** The smaller of two values. @example decText(decMin(ONE, ZERO)) // '0' */
export function decMin(a: Decimal, b: Decimal): Decimal {
  return decCompare(a, b) <= 0 ? a : b;
}

/** The exact text: plain decimal, no exponent, trailing zeros dropped. @example decText(decOf('1.50')) // '1.5' */
export function decText(a: Decimal): string {
  if (a.scale < 0) return (a.big as BigValue).toString();
  if (a.scale === 0) return String(a.int);
  const digits = String(Math.abs(a.int)).padStart(a.scale + 1, '0');
  const point = digits.length - a.scale;
  return `${a.int < 0 ? '-' : ''}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * The value as a JavaScript number when it is a whole number from 0 to `max` (a count, a
 * digit count; never an amount); `undefined` otherwise.
 * @example smallWhole(decOf(3), 100) // 3
 */
export function smallWhole(a: Decimal, max: number): number | undefined {
  if (decIsZero(a)) return 0;
  const b = toBig(a);
  if (b.s < 0 || b.e < b.c.length - 1 || b.gt(max)) return undefined;
  return b.toNumber();
}

/**
 * The exact text of `a / b` when it terminates, for a message; the caller guarantees `b` is not zero.
 * @example quotientText(decOf(20), decOf(100)) // '0.2'
 */
export function quotientText(a: Decimal, b: Decimal): string {
  return toBig(a).div(toBig(b)).toString();
}

/** Places after the point (trailing zeros do not count). @example decimalPlaces(decOf('10.000')) // 0 */
export function decimalPlaces(value: Decimal): number {
  if (value.scale >= 0) return value.scale;
  const b = value.big as BigValue;
  return Math.max(0, b.c.length - b.e - 1);
}

/**
 * The value of a whole number from 0 to below 10^12 as a JavaScript integer, for exact
 * arithmetic on quantities (units, hours; never amounts); `undefined` for anything else.
 * @example wholeOf(decOf(3)) // 3
 */
export function wholeOf(x: Decimal): number | undefined {
  if (x.scale === 0) return x.int >= 0 && x.int < 1e12 ? x.int : undefined;
  if (x.scale > 0) return undefined;
  const b = x.big as BigValue;
  const c = b.c;
  if (c[0] === 0) return 0;
  if (b.s < 0 || b.e > 11 || b.e < c.length - 1) return undefined;
  let value = 0;
  for (let i = 0; i <= b.e; i += 1) value = value * 10 + (i < c.length ? (c[i] as number) : 0);
  return value;
}

/** The fast parts of a value, or undefined (for the other modules of money/). */
export function fastParts(a: Decimal): Decimal | undefined {
  return a.scale >= 0 ? a : undefined;
}

/** A fast value from parts, or undefined when it does not fit (for the other modules of money/). */
export function fastValue(int: number, scale: number): Decimal | undefined {
  return scaled(int, scale);
}
