import type { Decimal } from './big.js';
import { D0, D1, Dec } from './big.js';

// NOTE: the calculator: the one door to exact decimals for the engine, the models, the
// formula evaluator and validation. Nothing outside `money/` calls a method of, or reads a
// field of, the number type behind `Decimal`; it calls these functions. A different number
// representation (scaled integers, say) is then a change inside this folder only.
// `src/architecture.test.ts` holds every other folder to this.

export type { Decimal } from './big.js';

/** Zero. */
export const ZERO: Decimal = D0;
/** One. */
export const ONE: Decimal = D1;

/**
 * The exact decimal of a literal the program itself writes (request fields go through
 * `readBounded`): a JSON number through `String(n)`, or a decimal string.
 * @example decText(decOf('12.30')) // '12.3'
 */
export function decOf(value: number | string): Decimal {
  return new Dec(typeof value === 'number' ? String(value) : value);
}

/** Whether a value is a decimal of the calculator. @example isDecimal(ONE) // true */
export function isDecimal(value: unknown): value is Decimal {
  return value instanceof Dec;
}

/** @example decText(decPlus(ONE, ONE)) // '2' */
export function decPlus(a: Decimal, b: Decimal): Decimal {
  return a.plus(b);
}

/** @example decText(decMinus(ONE, ONE)) // '0' */
export function decMinus(a: Decimal, b: Decimal): Decimal {
  return a.minus(b);
}

/** @example decText(decTimes(decOf(2), decOf(3))) // '6' */
export function decTimes(a: Decimal, b: Decimal): Decimal {
  return a.times(b);
}

/** -1, 0 or 1. @example decCompare(ZERO, ONE) // -1 */
export function decCompare(a: Decimal, b: Decimal): -1 | 0 | 1 {
  return a.cmp(b);
}

/** @example decIsZero(ZERO) // true */
export function decIsZero(a: Decimal): boolean {
  return a.c[0] === 0;
}

/** -1, 0 or 1 (a negative zero is 0). @example decSign(decOf(-2)) // -1 */
export function decSign(a: Decimal): -1 | 0 | 1 {
  if (a.c[0] === 0) return 0;
  return a.s < 0 ? -1 : 1;
}

/** @example decText(decAbs(decOf(-2))) // '2' */
export function decAbs(a: Decimal): Decimal {
  return a.abs();
}

/** The smaller of two values. @example decText(decMin(ONE, ZERO)) // '0' */
export function decMin(a: Decimal, b: Decimal): Decimal {
  return a.cmp(b) <= 0 ? a : b;
}

/** The exact text: plain decimal, no exponent, trailing zeros dropped. @example decText(decOf('1.50')) // '1.5' */
export function decText(a: Decimal): string {
  return a.toString();
}

/**
 * The value as a JavaScript number when it is a whole number from 0 to `max` (a count, a
 * digit count; never an amount); `undefined` otherwise.
 * @example smallWhole(decOf(3), 100) // 3
 */
export function smallWhole(a: Decimal, max: number): number | undefined {
  if (a.c[0] === 0) return 0;
  if (a.s < 0 || a.e < a.c.length - 1 || a.gt(max)) return undefined;
  return a.toNumber();
}

/**
 * The exact text of `a / b` when it terminates, for a message; the caller guarantees `b` is not zero.
 * @example quotientText(decOf(20), decOf(100)) // '0.2'
 */
export function quotientText(a: Decimal, b: Decimal): string {
  return a.div(b).toString();
}
