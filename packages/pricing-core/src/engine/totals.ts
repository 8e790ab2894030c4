import type { Decimal } from '../money/decimal.js';
import { decCompare, decMinus, decOf, decPlus, decTimes, ZERO } from '../money/decimal.js';
import { formatMoney, roundMoney } from '../money/format.js';
import { rat } from '../money/rational.js';
import type { TotalsTerms } from '../resolved/resolved-plan.js';
import { RESULT_TOTALS } from '../schema/result-types.js';
import type { ResultTotals } from '../schema/result-types.js';

const HUNDRED = decOf(100);

/** The rounded steps from the priced amounts to the total. */
export interface Totals extends Readonly<Record<keyof ResultTotals, Decimal>> {
  /** Sum of the line subtotals. */
  readonly subtotal: Decimal;
  /** Rounded sum of the pooled USAGE price amounts. */
  readonly overageCost: Decimal;
  /** `max(0, minimumCommitment - (subtotal + overageCost))`. */
  readonly commitmentTrueUp: Decimal;
  /** `subtotal + overageCost + commitmentTrueUp`. */
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
 * Raises `subtotal + overageCost` to the plan's minimum commitment, then applies the percent
 * discount, then the coupon, then tax, rounding half-up at each step, so every printed total is
 * the exact sum of the printed parts.
 * @example computeTotals(decOf(100), ZERO, { minimumCommitment: ZERO, discountPercent: decOf(10), couponValue: decOf(5), taxRate: decOf('0.2') }, 2).total // 68 // '68'
 */
export function computeTotals(subtotal: Decimal, overageCost: Decimal, terms: TotalsTerms, minorDigits: number): Totals {
  const { minimumCommitment, discountPercent, couponValue, taxRate } = terms;
  const charged = decPlus(subtotal, overageCost);
  // NOTE: the commitment is a floor on what the plan bills before discounts (Lago's minimum
  // commitment), so discount and coupon apply to the committed amount and tax to what remains.
  const commitmentTrueUp = decCompare(minimumCommitment, charged) > 0 ? decMinus(minimumCommitment, charged) : ZERO;
  const pre = decPlus(charged, commitmentTrueUp);
  const percentOff = roundMoney(rat(decTimes(pre, discountPercent), HUNDRED), minorDigits);
  const rest = decMinus(pre, percentOff);
  // NOTE: a coupon never takes the amount below zero; the unused part is simply not applied.
  const couponOff = decCompare(couponValue, rest) < 0 ? couponValue : rest;
  const discounted = decMinus(rest, couponOff);
  const tax = roundMoney(rat(decTimes(discounted, taxRate)), minorDigits);
  return { subtotal, overageCost, commitmentTrueUp, pre, percentOff, couponOff, discounted, tax, total: decPlus(discounted, tax) };
}

/**
 * The money totals of the result, in its order, formatted to the currency.
 * @example formatTotals(totals, 2).total // '68.00'
 */
export function formatTotals(totals: Totals, minorDigits: number): ResultTotals {
  const text: Partial<Record<keyof ResultTotals, string>> = {};
  for (const name in RESULT_TOTALS) text[name as keyof ResultTotals] = formatMoney(totals[name as keyof ResultTotals], minorDigits);
  return text as ResultTotals;
}
