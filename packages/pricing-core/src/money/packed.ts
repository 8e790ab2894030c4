// The one fast number form of money/: a decimal `m / 10^k` (k from 0 to 15, |m| below 2^49)
// packed into one safe integer, `16m + k`: the bulk of a plan's values then make no object. A
// `Decimal` holds this form when it fits and SMALL computes on it directly. The operations
// answer NaN when a result leaves the form, and the caller takes its exact path (big.js for a
// decimal, a fraction for SMALL). A sum or product of safe integers whose true value passes
// 2^53 - 1 lands on 2^53 or beyond as a double, so each range check is exact.

/** The largest safe integer. */
export const SAFE = Number.MAX_SAFE_INTEGER;
/** Largest |m| of a packed decimal: `16m + 15` stays a safe integer. */
export const PACKED_MAX = 2 ** 49 - 1;
/** Largest number of places of a packed decimal. */
export const PACKED_PLACES = 15;
/** One, packed. */
export const PACKED_ONE = 16;

/** `10^k` for k from 0 to 22, each exact (one table for the modules of money/). */
export const POW10: readonly number[] = Array.from({ length: 23 }, (_, i) => 10 ** i);

// NOTE: x / 16 is exact (a power of two), so these are integer operations on safe integers.
/** The scaled integer m of a packed decimal. */
export const mOf = (x: number): number => Math.floor(x / 16);
/** The places k of a packed decimal. */
export const kOf = (x: number): number => x - Math.floor(x / 16) * 16;

/** `m / 10^k` (m a whole number) packed, or NaN when |m| passes 2^49 - 1 or k is past 15. */
export function pack(m: number, k: number): number {
  if (!(m <= PACKED_MAX && m >= -PACKED_MAX) || k > PACKED_PLACES) return Number.NaN;
  return m === 0 ? 0 : m * 16 + k;
}

/** `a + sign x b`, or NaN when it leaves the form. */
export function packedSum(a: number, b: number, sign: 1 | -1): number {
  if (b === 0) return a;
  const am = mOf(a);
  const ak = a - am * 16;
  const bm = mOf(b);
  const bk = b - bm * 16;
  // NOTE: the one with fewer places is brought to the other's.
  if (ak === bk) return pack(am + sign * bm, ak);
  const x = ak > bk ? am : am * (POW10[bk - ak] as number);
  const y = ak > bk ? bm * (POW10[ak - bk] as number) : bm;
  return x <= SAFE && x >= -SAFE && y <= SAFE && y >= -SAFE ? pack(x + sign * y, ak > bk ? ak : bk) : Number.NaN;
}

/** `a x b`, or NaN when it leaves the form. */
export function packedProduct(a: number, b: number): number {
  if (a === 0 || b === PACKED_ONE) return a;
  if (b === 0 || a === PACKED_ONE) return b;
  const am = mOf(a);
  const bm = mOf(b);
  return pack(am * bm, a - am * 16 + (b - bm * 16));
}

/** -1, 0 or 1; NaN when the two cannot be brought to the same places within the safe integers. */
export function packedCompare(a: number, b: number): number {
  const am = mOf(a);
  const ak = a - am * 16;
  const bm = mOf(b);
  const bk = b - bm * 16;
  const x = ak >= bk ? am : am * (POW10[bk - ak] as number);
  const y = ak >= bk ? bm * (POW10[ak - bk] as number) : bm;
  if (!(x <= SAFE && x >= -SAFE && y <= SAFE && y >= -SAFE)) return Number.NaN;
  return x < y ? -1 : x > y ? 1 : 0;
}

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
