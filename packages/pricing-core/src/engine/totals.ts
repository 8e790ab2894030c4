import type { Decimal } from '../money/decimal.js';
import { decCompare, decMinus, decOf, decPlus, decTimes } from '../money/decimal.js';
import { roundMoney } from '../money/format.js';
import { rat } from '../money/rational.js';

const HUNDRED = decOf(100);

/** The rounded steps from the pre-discount amount to the total. */
export interface Totals {
  /** `subtotal + overageCost`. */
  readonly pre: Decimal;
  /** `round(pre x discountPercent / 100)`. */
  readonly percentOff: Decimal;
  /** `min(couponValue, pre - percentOff)`. */
  readonly couponOff: Decimal;
  /** `pre - percentOff - couponOff`. */
  readonly discounted: Decimal;
  /** `round(discounted x taxRate)`. */
  readonly tax: Decimal;
  /** `discounted + tax`. */
  readonly total: Decimal;
}

/**
 * Applies the percent discount, then the coupon, then tax, rounding half-up at each step, so
 * every printed total is the exact sum of the printed parts.
 * @example computeTotals(decOf(100), decOf(10), decOf(5), decOf('0.2'), 2).total // 68 // '68'
 */
export function computeTotals(
  pre: Decimal,
  discountPercent: Decimal,
  couponValue: Decimal,
  taxRate: Decimal,
  minorDigits: number,
): Totals {
  const percentOff = roundMoney(rat(decTimes(pre, discountPercent), HUNDRED), minorDigits);
  const rest = decMinus(pre, percentOff);
  // NOTE: a coupon never takes the amount below zero; the unused part is simply not applied.
  const couponOff = decCompare(couponValue, rest) < 0 ? couponValue : rest;
  const discounted = decMinus(rest, couponOff);
  const tax = roundMoney(rat(decTimes(discounted, taxRate)), minorDigits);
  return { pre, percentOff, couponOff, discounted, tax, total: decPlus(discounted, tax) };
}
