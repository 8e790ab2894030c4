import type { Decimal } from './decimal.js';
import { decimalPlaces, fastParts, fastValue, isExactOnly, POW10, SAFE } from './decimal.js';
import type { Rational } from './rational.js';
import { isOne, rat } from './rational.js';
import { decimalOfNumber } from './parse.js';
import { formatMoney } from './format.js';

// NOTE: the scaled integers of the engine's fast lane (engine/fast-lane.ts): an amount is a
// JavaScript integer counting 10^-scale units (pricing.md section 0: a float never holds a
// fraction of money; an exact integer count of a fixed fraction may). Every function here
// answers NaN (or undefined) when the value is not such an integer, or would leave the safe
// range; NaN stays NaN through + - * and fails every range check, so a caller checks once.

/** Largest scale of a scaled integer. */
export const MAX_SCALED_SCALE = 20;

/** `10^k` for k from 0 to 22. @example pow10(2) // 100 */
export function pow10(k: number): number {
  return POW10[k] ?? Number.NaN;
}

/** Whether the fast lane may run (the exact path is not forced). @example scaledLaneOpen() // true */
export function scaledLaneOpen(): boolean {
  return !isExactOnly();
}

/** The places of a value (trailing zeros do not count). @example placesOf(decOf('0.0125')) // 4 */
export function placesOf(x: Decimal): number {
  return decimalPlaces(x);
}

/** The places of a rational over 1; NaN for another denominator. @example placesOfRational(R1) // 0 */
export function placesOfRational(x: Rational): number {
  return isOne(x.d) ? decimalPlaces(x.n) : Number.NaN;
}

/**
 * `x x 10^scale` as a safe integer; NaN when it is not one (or the exact path is forced).
 * @example scaledIntOf(decOf('0.0125'), 4) // 125
 */
export function scaledIntOf(x: Decimal, scale: number): number {
  const fast = fastParts(x);
  if (fast === undefined || fast.scale > scale || scale > MAX_SCALED_SCALE) return Number.NaN;
  const value = fast.int * (POW10[scale - fast.scale] as number);
  return value > SAFE || value < -SAFE ? Number.NaN : value;
}

/**
 * A rational as two safe whole numbers `[numerator, denominator]` (the denominator positive);
 * undefined when its parts are not short decimals.
 * @example wholeRatioOf(rat(decOf('0.5'), decOf(3))) // [5, 30]
 */
export function wholeRatioOf(x: Rational): [number, number] | undefined {
  const scale = Math.max(decimalPlaces(x.n), decimalPlaces(x.d));
  const numerator = scaledIntOf(x.n, scale);
  const denominator = scaledIntOf(x.d, scale);
  return isSafe(numerator) && denominator > 0 ? [numerator, denominator] : undefined;
}

/**
 * A rational's `x x 10^scale` when its denominator is 1; NaN otherwise.
 * @example scaledIntOfRational(rat(decOf(5)), 0) // 5
 */
export function scaledIntOfRational(x: Rational, scale: number): number {
  return isOne(x.d) ? scaledIntOf(x.n, scale) : Number.NaN;
}

/** `a x b`, or NaN when the product leaves the safe range. @example timesSafe(3, 4) // 12 */
export function timesSafe(a: number, b: number): number {
  const product = a * b;
  // NOTE: a product of safe integers whose true value passes 2^53 - 1 lands on 2^53 or beyond.
  return product > SAFE || product < -SAFE ? Number.NaN : product;
}

/** Whether a number is a safe integer (NaN is not). @example isSafe(2 ** 53) // false */
export function isSafe(x: number): boolean {
  return x <= SAFE && x >= -SAFE;
}

// NOTE: `%` of two safe integers is exact, and so is the division of their difference by the divisor.

/**
 * `ceil(a / b)` of a non-negative safe integer and a positive one, exactly.
 * @example ceilDiv(101, 50) // 3
 */
export function ceilDiv(a: number, b: number): number {
  const r = a % b;
  return (a - r) / b + (r > 0 ? 1 : 0);
}

/**
 * A scaled integer at scale `from` rounded half-up (on the magnitude, as `roundMoney`) to scale `to`.
 * @example roundScaled(12345, 3, 2) // 1235
 */
export function roundScaled(int: number, from: number, to: number): number {
  if (from <= to) return timesSafe(int, POW10[to - from] as number);
  const divisor = POW10[from - to] as number;
  const magnitude = int < 0 ? -int : int;
  const r = magnitude % divisor;
  const q = (magnitude - r) / divisor + (2 * r >= divisor ? 1 : 0);
  return int < 0 ? -q : q;
}

/**
 * The decimal of a safe scaled integer (the fast lane only runs when the fast form is on).
 * @example decText(decimalOfScaled(1235, 2)) // '12.35'
 */
export function decimalOfScaled(int: number, scale: number): Decimal {
  return fastValue(int, scale) as Decimal;
}

/** `numerator / d` as a rational (`numerator` a safe integer). @example toText(fractionOver(1, decOf(3))) // '1/3' */
export function fractionOver(numerator: number, d: Decimal): Rational {
  return rat(decimalOfNumber(numerator), d);
}

const TWO_DIGITS: readonly string[] = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/**
 * Formats a scaled integer at scale `digits` as `formatMoney` formats the same amount.
 * @example formatScaled(-1235, 2) // '-12.35'
 */
export function formatScaled(int: number, digits: number): string {
  // NOTE: two minor digits are the common case; the others go through the decimal.
  if (digits !== 2) return formatMoney(decimalOfScaled(int, digits), digits);
  const magnitude = int < 0 ? -int : int;
  const whole = Math.floor(magnitude / 100);
  return `${int < 0 ? '-' : ''}${whole}.${TWO_DIGITS[magnitude - whole * 100] as string}`;
}
