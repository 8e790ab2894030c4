import { MESSAGES } from '../errors/messages.js';
import type { Decimal } from '../money/decimal.js';
import { decCompare, decOf, decSign, decText, ONE, quotientText, ZERO } from '../money/decimal.js';
import type { CALC_CONFIG_FIELDS } from '../request/fields.js';
import type { PlanTerms, TotalsTerms } from '../resolved/resolved-plan.js';
import type { Violations } from './collector.js';
import type { PathSegment } from './field-path.js';
import type { Fields } from './read-fields.js';
import { readMoney, readNumber } from './read.js';

/** `calcConfig` as the walk read it (unset when absent or refused). */
export type CalcFields = Fields<typeof CALC_CONFIG_FIELDS> | undefined;

const HUNDRED = decOf(100);
const DEFAULT_CYCLE_HOURS = decOf(730);
const CALC_CONFIG: readonly PathSegment[] = ['calcConfig'];
const OVERAGE_RATES: readonly PathSegment[] = ['calcConfig', 'overageRates'];
const NO_RATES: ReadonlyMap<string, undefined> = new Map();

/** The cycle settings of `calcConfig`, resolved. */
export interface CycleConfig {
  /** `capHours`, else 730. */
  cycleHours: Decimal;
  /** `capHours`, or null. */
  capHours: Decimal | null;
}

/**
 * Reads `calcConfig.capHours`: unset means a 730-hour cycle (365 x 24 / 12).
 * @example resolveCycle(calc, v).cycleHours // 672, for calcConfig { capHours: 672 }
 */
export function resolveCycle(calcConfig: CalcFields, v: Violations): CycleConfig {
  const cap = readNumber(calcConfig?.capHours, CALC_CONFIG, 'capHours', v, 'any');
  if (cap !== undefined && decSign(cap) < 0) {
    v.add(['calcConfig', 'capHours'], MESSAGES.capHoursPositive);
    return { cycleHours: DEFAULT_CYCLE_HOURS, capHours: null };
  }
  return { cycleHours: cap ?? DEFAULT_CYCLE_HOURS, capHours: cap ?? null };
}

/**
 * Reads `calcConfig.overageRates`: every value is set, "0" included (the one exception to
 * "unset means default").
 * @example resolveOverageRates(calc, v).get('transfer') // the decimal 0, for calcConfig { overageRates: { transfer: '0' } }
 */
export function resolveOverageRates(calcConfig: CalcFields, v: Violations): Map<string, Decimal> {
  const rates = new Map<string, Decimal>();
  for (const [metric, value] of calcConfig?.overageRates ?? NO_RATES) {
    const rate = readMoney(value, OVERAGE_RATES, metric, v, { zeroIsSet: true });
    if (rate !== undefined) rates.set(metric, rate);
  }
  return rates;
}

/**
 * Reads discount, coupon and tax with their bounds (the coupon has at most the currency's
 * decimals) and adds them to the plan's own terms.
 * @example resolveTerms(calc, terms, 'USD', 2, v).taxRate // 0.2, for calcConfig { taxRate: 0.2 }
 */
export function resolveTerms(calcConfig: CalcFields, planTerms: PlanTerms, currency: string, minorDigits: number, v: Violations): TotalsTerms {
  const discount = readNumber(calcConfig?.discountPercent, CALC_CONFIG, 'discountPercent', v, 'any') ?? ZERO;
  const discountOk = decSign(discount) >= 0 && decCompare(discount, HUNDRED) <= 0;
  if (!discountOk) v.add(['calcConfig', 'discountPercent'], MESSAGES.discountRange);
  const tax = readNumber(calcConfig?.taxRate, CALC_CONFIG, 'taxRate', v, 'any') ?? ZERO;
  const taxOk = decSign(tax) >= 0 && decCompare(tax, ONE) <= 0;
  if (!taxOk) {
    // NOTE: a value in (1, 100] is almost surely a percentage; the message says how to send it.
    const looksLikePercent = decCompare(tax, ONE) > 0 && decCompare(tax, HUNDRED) <= 0;
    v.add(['calcConfig', 'taxRate'], looksLikePercent ? MESSAGES.taxLooksLikePercent(decText(tax), quotientText(tax, HUNDRED)) : MESSAGES.taxRange);
  }
  const coupon = readMoney(calcConfig?.couponValue, CALC_CONFIG, 'couponValue', v, {
    maxDecimals: minorDigits,
    decimalsMessage: () => MESSAGES.couponDecimals(currency, minorDigits),
  });
  // NOTE: the plan's terms named one by one: spreading them into this literal took 7% of a small plan's call.
  return {
    minimumCommitment: planTerms.minimumCommitment,
    discountPercent: discountOk ? discount : ZERO,
    couponValue: coupon ?? ZERO,
    taxRate: taxOk ? tax : ZERO,
  };
}

