import type { BigValue } from './big.js';
import { D0, D1, Dec } from './big.js';
import { kOf, mOf, pack, packedCompare, packedProduct, packedSum, POW10 } from './packed.js';

// NOTE: the calculator: the one door to exact decimals for the engine, the models, the
// formula evaluator and validation. Nothing outside `money/` reads a field of a `Decimal` or
// knows how it is held; `src/architecture.test.ts` holds every other folder to this.
//
// Two representations, one value (docs/pricing.md allows both: a float never holds a
// fraction of money, an exact integer count of a fixed fraction may):
// - the fast one, the packed form of money/ (packed.ts): `m / 10^k` as the safe integer
//   `16m + k`, no trailing zero after the point. It is the SMALL calculator's own form, so a
//   decimal of the plan enters SMALL as it is. Sums, differences, products and comparisons are
//   packed.ts's integer operations.
// - the exact one, a big.js decimal, for anything else: more digits, an overflow, a formula's
//   long values. An operation whose result would leave the packed form is done on big.js
//   decimals instead, for that value only.

/** An exact decimal: a packed decimal, or a big.js decimal (never zero: zero is packed). */
export class Decimal {
  /** @internal */
  constructor(
    /** The packed decimal (fast form), or NaN for a big.js decimal. */
    readonly packed: number,
    /** The big.js decimal (exact form); for a fast value, the one it was read from, if any. */
    readonly big: BigValue | null,
  ) {}

  /** The exact text: plain decimal, no exponent, trailing zeros dropped. */
  toString(): string {
    return decText(this);
  }
}

/** A fast value from a packed one, trailing zeros dropped; `undefined` for NaN (it did not fit). */
function fromPacked(p: number): Decimal | undefined {
  if (p !== p) return undefined;
  if (p === 0) return ZERO;
  let m = mOf(p);
  let k = p - m * 16;
  if (k === 0 || m % 10 !== 0) return new Decimal(p, null);
  do {
    m /= 10;
    k -= 1;
  } while (k > 0 && m % 10 === 0);
  return new Decimal(m * 16 + k, null);
}

/**
 * The decimal `m / 10^k` of a safe integer m: packed when it fits, else big.js.
 * @example decText(scaledDecimal(125, 2)) // '1.25'
 */
export function scaledDecimal(m: number, k: number): Decimal {
  return fromPacked(pack(m, k)) ?? fromBig(new Dec(k === 0 ? String(m) : `${m}e-${k}`));
}

/** The decimal of a packed value (for the SMALL calculator). */
export function decimalOfPacked(p: number): Decimal {
  return fromPacked(p) as Decimal;
}

/**
 * A decimal from a big.js value: the fast form when it fits.
 * @example decText(fromBig(new Dec('1.50'))) // '1.5'
 */
export function fromBig(b: BigValue): Decimal {
  const c = b.c;
  if (c[0] === 0) return ZERO;
  const k = c.length - 1 - b.e;
  if (c.length <= 15 && k <= 15 && b.e <= 15) {
    let m = 0;
    for (let i = 0; i < c.length; i += 1) m = m * 10 + (c[i] as number);
    if (k < 0) m *= POW10[-k] as number;
    const p = pack(b.s < 0 ? -m : m, k < 0 ? 0 : k);
    if (p === p) return new Decimal(p, b);
  }
  return new Decimal(Number.NaN, b);
}

// NOTE: values are immutable and many are shared (ZERO, ONE, the small integers, the amounts of
// a price list): nothing is cached on them, so the big.js form of a fast value is made per use.
/** The big.js value of a decimal. @example toBig(ONE).toString() // '1' */
export function toBig(a: Decimal): BigValue {
  return a.big ?? new Dec(decText(a));
}

/** Zero. */
export const ZERO: Decimal = new Decimal(0, D0);
/** One. */
export const ONE: Decimal = new Decimal(16, D1);

/**
 * The exact decimal of a literal the program itself writes (request fields go through
 * `readBounded`): a JSON number through `String(n)`, or a decimal string.
 * @example decText(decOf('12.30')) // '12.3'
 */
export function decOf(value: number | string): Decimal {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return scaledDecimal(value, 0);
  return fromBig(new Dec(typeof value === 'number' ? String(value) : value));
}

/** Whether a value is a decimal of the calculator. @example isDecimal(ONE) // true */
export function isDecimal(value: unknown): value is Decimal {
  return value instanceof Decimal;
}

/** Whether a decimal is held in the packed form (for the other modules of money/). */
export const isPacked = (a: Decimal): boolean => a.packed === a.packed;

/** @example decText(decPlus(ONE, ONE)) // '2' */
export function decPlus(a: Decimal, b: Decimal): Decimal {
  if (b.packed === 0) return a;
  if (a.packed === 0) return b;
  return fromPacked(packedSum(a.packed, b.packed, 1)) ?? fromBig(toBig(a).plus(toBig(b)));
}

/** @example decText(decMinus(ONE, ONE)) // '0' */
export function decMinus(a: Decimal, b: Decimal): Decimal {
  if (b.packed === 0) return a;
  return fromPacked(packedSum(a.packed, b.packed, -1)) ?? fromBig(toBig(a).minus(toBig(b)));
}

/** @example decText(decTimes(decOf(2), decOf(3))) // '6' */
export function decTimes(a: Decimal, b: Decimal): Decimal {
  if (b === ONE) return a;
  if (a === ONE) return b;
  return fromPacked(packedProduct(a.packed, b.packed)) ?? fromBig(toBig(a).times(toBig(b)));
}

/** -1, 0 or 1. @example decCompare(ZERO, ONE) // -1 */
export function decCompare(a: Decimal, b: Decimal): -1 | 0 | 1 {
  // NOTE: NaN (a big.js operand, or places that cannot be aligned) fails the test.
  const fast = packedCompare(a.packed, b.packed);
  return fast === fast ? (fast as -1 | 0 | 1) : toBig(a).cmp(toBig(b));
}

/** @example decIsZero(ZERO) // true */
export function decIsZero(a: Decimal): boolean {
  return a.packed === 0;
}

/** -1, 0 or 1 (a negative zero is 0). @example decSign(decOf(-2)) // -1 */
export function decSign(a: Decimal): -1 | 0 | 1 {
  // NOTE: `16m + k` with k from 0 to 15 has the sign of m.
  if (isPacked(a)) return a.packed < 0 ? -1 : a.packed > 0 ? 1 : 0;
  return (a.big as BigValue).s < 0 ? -1 : 1;
}

/** @example decText(decAbs(decOf(-2))) // '2' */
export function decAbs(a: Decimal): Decimal {
  return decSign(a) < 0 ? decNeg(a) : a;
}

/** @example decText(decNeg(decOf(2))) // '-2' */
export function decNeg(a: Decimal): Decimal {
  const p = a.packed;
  if (p !== p) return fromBig(toBig(a).neg());
  return p === 0 ? a : new Decimal(-mOf(p) * 16 + kOf(p), null);
}

/** The exact text: plain decimal, no exponent, trailing zeros dropped. @example decText(decOf('1.50')) // '1.5' */
export function decText(a: Decimal): string {
  const p = a.packed;
  if (p !== p) return (a.big as BigValue).toString();
  const m = mOf(p);
  const k = p - m * 16;
  if (k === 0) return String(m);
  const digits = String(Math.abs(m)).padStart(k + 1, '0');
  const point = digits.length - k;
  return `${m < 0 ? '-' : ''}${digits.slice(0, point)}.${digits.slice(point)}`;
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
  if (isPacked(value)) return kOf(value.packed);
  const b = value.big as BigValue;
  return Math.max(0, b.c.length - b.e - 1);
}
