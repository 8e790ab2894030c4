import { MESSAGES } from '../errors/messages.js';
import type { Decimal } from '../money/decimal.js';
import { decCompare, decOf, decSign, decText, ONE, quotientText, ZERO } from '../money/decimal.js';
import type { ViolationCollector } from './collector.js';
import { asObject, readMoney, readNumber } from './read.js';

const HUNDRED = decOf(100);
const DEFAULT_CYCLE_HOURS = decOf(730);

/** The cycle settings of `calcConfig`, resolved. */
export interface CycleConfig {
  /** `capHours`, else 730. */
  cycleHours: Decimal;
  /** `capHours`, or null. */
  capHours: Decimal | null;
}

/**
 * Reads `calcConfig.capHours`: unset means a 730-hour cycle (365 x 24 / 12).
 * @example resolveCycle({ capHours: 672 }, v).cycleHours.toString() // '672'
 */
export function resolveCycle(calcConfig: unknown, v: ViolationCollector): CycleConfig {
  const raw = asObject(calcConfig) ?? {};
  const cap = readNumber(raw.capHours, ['calcConfig', 'capHours'], v, 'any');
  if (cap !== undefined && decSign(cap) < 0) {
    v.add(['calcConfig', 'capHours'], MESSAGES.capHoursPositive);
    return { cycleHours: DEFAULT_CYCLE_HOURS, capHours: null };
  }
  return { cycleHours: cap ?? DEFAULT_CYCLE_HOURS, capHours: cap ?? null };
}

/**
 * Reads `calcConfig.overageRates`: every value is set, "0" included (the one exception to
 * "unset means default").
 * @example resolveOverageRates({ overageRates: { transfer: '0' } }, v).get('transfer')?.toString() // '0'
 */
export function resolveOverageRates(calcConfig: unknown, v: ViolationCollector): Map<string, Decimal> {
  const rates = new Map<string, Decimal>();
  const map = asObject(asObject(calcConfig)?.overageRates);
  for (const [metric, value] of map === undefined ? [] : Object.entries(map)) {
    const rate = readMoney(value, ['calcConfig', 'overageRates', metric], v, { zeroIsSet: true });
    if (rate !== undefined) rates.set(metric, rate);
  }
  return rates;
}

/** Discount, coupon and tax, resolved. */
export interface Adjustments {
  /** Percent, 0 to 100. */
  discountPercent: Decimal;
  /** Coupon amount, >= 0. */
  couponValue: Decimal;
  /** Fraction, 0 to 1. */
  taxRate: Decimal;
}

/**
 * Reads discount, coupon and tax with their bounds; the coupon has at most the currency's decimals.
 * @example resolveAdjustments({ taxRate: 0.2 }, 'USD', 2, v).taxRate.toString() // '0.2'
 */
export function resolveAdjustments(calcConfig: unknown, currency: string, minorDigits: number, v: ViolationCollector): Adjustments {
  const raw = asObject(calcConfig) ?? {};
  const discount = readNumber(raw.discountPercent, ['calcConfig', 'discountPercent'], v, 'any') ?? ZERO;
  const discountOk = decSign(discount) >= 0 && decCompare(discount, HUNDRED) <= 0;
  if (!discountOk) v.add(['calcConfig', 'discountPercent'], MESSAGES.discountRange);
  const tax = readNumber(raw.taxRate, ['calcConfig', 'taxRate'], v, 'any') ?? ZERO;
  const taxOk = decSign(tax) >= 0 && decCompare(tax, ONE) <= 0;
  if (!taxOk) {
    // NOTE: a value in (1, 100] is almost surely a percentage; the message says how to send it.
    const looksLikePercent = decCompare(tax, ONE) > 0 && decCompare(tax, HUNDRED) <= 0;
    v.add(['calcConfig', 'taxRate'], looksLikePercent ? MESSAGES.taxLooksLikePercent(decText(tax), quotientText(tax, HUNDRED)) : MESSAGES.taxRange);
  }
  const coupon = readMoney(raw.couponValue, ['calcConfig', 'couponValue'], v, {
    maxDecimals: minorDigits,
    decimalsMessage: MESSAGES.couponDecimals(currency, minorDigits),
  });
  return {
    discountPercent: discountOk ? discount : ZERO,
    couponValue: coupon ?? ZERO,
    taxRate: taxOk ? tax : ZERO,
  };
}

