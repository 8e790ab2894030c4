import { MESSAGES } from '../errors/messages.js';
import type { Decimal } from '../money/big.js';
import { D0, Dec } from '../money/big.js';
import type { ViolationCollector } from './collector.js';
import { asObject, readMoney, readNumber } from './read.js';

const HUNDRED = new Dec(100);
const DEFAULT_CYCLE_HOURS = new Dec(730);

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
  if (cap !== undefined && cap.s < 0) {
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
  for (const [metric, value] of Object.entries(map ?? {})) {
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
  const discount = readNumber(raw.discountPercent, ['calcConfig', 'discountPercent'], v, 'any') ?? D0;
  const discountOk = discount.gte(0) && discount.lte(HUNDRED);
  if (!discountOk) v.add(['calcConfig', 'discountPercent'], MESSAGES.discountRange);
  const tax = readNumber(raw.taxRate, ['calcConfig', 'taxRate'], v, 'any') ?? D0;
  const taxOk = tax.gte(0) && tax.lte(1);
  if (!taxOk) {
    // NOTE: a value in (1, 100] is almost surely a percentage; the message says how to send it.
    const looksLikePercent = tax.gt(1) && tax.lte(HUNDRED);
    v.add(['calcConfig', 'taxRate'], looksLikePercent ? MESSAGES.taxLooksLikePercent(tax.toString(), tax.div(HUNDRED).toString()) : MESSAGES.taxRange);
  }
  const coupon = readMoney(raw.couponValue, ['calcConfig', 'couponValue'], v, {
    maxDecimals: minorDigits,
    decimalsMessage: MESSAGES.couponDecimals(currency, minorDigits),
  });
  return {
    discountPercent: discountOk ? discount : D0,
    couponValue: coupon ?? D0,
    taxRate: taxOk ? tax : D0,
  };
}

