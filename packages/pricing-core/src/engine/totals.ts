import type { Decimal } from '../money/big.js';
import { Dec } from '../money/big.js';
import { roundMoney } from '../money/format.js';
import { rat } from '../money/rational.js';

const HUNDRED = new Dec(100);

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
 * @example computeTotals(new Dec(100), new Dec(10), new Dec(5), new Dec('0.2'), 2).total.toString() // '68'
 */
export function computeTotals(
  pre: Decimal,
  discountPercent: Decimal,
  couponValue: Decimal,
  taxRate: Decimal,
  minorDigits: number,
): Totals {
  const percentOff = roundMoney(rat(pre.times(discountPercent), HUNDRED), minorDigits);
  const rest = pre.minus(percentOff);
  // NOTE: a coupon never takes the amount below zero; the unused part is simply not applied.
  const couponOff = couponValue.lt(rest) ? couponValue : rest;
  const discounted = rest.minus(couponOff);
  const tax = roundMoney(rat(discounted.times(taxRate)), minorDigits);
  return { pre, percentOff, couponOff, discounted, tax, total: discounted.plus(tax) };
}
