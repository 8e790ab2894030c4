import type { PricingModel } from '../constants.js';
import { MESSAGES } from '../errors/messages.js';
import type { Aggregation, Period, ResolvedPrice } from '../resolved/resolved-plan.js';
import type { Decimal } from '../money/decimal.js';
import { decCompare, decOf, ONE, ZERO } from '../money/decimal.js';
import type { Rational } from '../money/rational.js';
import { divDec, R1, rat } from '../money/rational.js';
import type { ModelSpec } from '../models/types.js';
import type { PRICE_FIELDS } from '../request/fields.js';
import type { Violations } from './collector.js';
import type { PathSegment } from './field-path.js';
import type { Fields } from './read-fields.js';
import { Refused } from './read-fields.js';
import { resolveFormula } from './resolve-formula.js';
import { resolveTiers } from './resolve-tiers.js';
import { readMoney, readNumber, readText, valueOr } from './read.js';

/** A price as the walk read it. */
export type PriceFields = Fields<typeof PRICE_FIELDS>;

// NOTE: periods of a price per unit of its time base: per hour of the cycle DAILY 1/24 and
// WEEKLY 1/168 (the engine multiplies by cycleHours), per cycle MONTHLY 1 and YEARLY 1/12, per
// billable hour HOURLY 1. So a price list resolves alike for every cycle.
function periodsPerBase(period: Period): Rational {
  if (period === 'DAILY') return rat(ONE, HOURS_PER_DAY);
  if (period === 'WEEKLY') return rat(ONE, HOURS_PER_WEEK);
  return period === 'YEARLY' ? rat(ONE, MONTHS_PER_YEAR) : R1;
}
const HOURS_PER_DAY = decOf(24);
const HOURS_PER_WEEK = decOf(168);
const MONTHS_PER_YEAR = decOf(12);

/**
 * Checks the rules of one price read by the walk and resolves it for the hot loop; `undefined` when invalid.
 * @example resolvePrice(price, 0, v)?.productType // 'BASE'
 */
export function resolvePrice(raw: PriceFields, index: number, v: Violations): ResolvedPrice | undefined {
  const before = v.total;
  const path: PathSegment[] = ['planConfig', 'prices', index];
  const at = (field: string): PathSegment[] => [...path, field];

  const productType = valueOr(raw.productType, 'PRODUCT_TYPE_BASE').slice('PRODUCT_TYPE_'.length) as 'BASE' | 'ADDON' | 'USAGE';
  const addonCode = readText(raw.addonCode) ?? null;
  if (productType === 'ADDON' && addonCode === null) v.add(at('addonCode'), MESSAGES.addonCodeRequired);
  const metric = readText(raw.metricName) ?? null;
  if (productType === 'USAGE' && metric === null) v.add(at('metricName'), MESSAGES.usageMetricRequired);
  const aggregation = valueOr(raw.metricAggregation, 'METRIC_AGGREGATION_SUM').replace('METRIC_AGGREGATION_', '') as Aggregation;

  const unitAmount = readMoney(raw.unitAmount, path, 'unitAmount', v) ?? ZERO;
  const overagePrice = readMoney(raw.overagePrice, path, 'overagePrice', v);
  const freeUnits = readNumber(raw.freeUnits, path, 'freeUnits', v, 'nonNegative') ?? ZERO;
  const minimum = readMoney(raw.minimumCharge, path, 'minimumCharge', v);
  const maximum = readMoney(raw.maximumCharge, path, 'maximumCharge', v);
  if (minimum !== undefined && maximum !== undefined && decCompare(maximum, minimum) < 0) v.add(at('maximumCharge'), MESSAGES.maxBelowMin);
  const period = valueOr(raw.billingPeriod, 'BILLING_PERIOD_MONTHLY').slice('BILLING_PERIOD_'.length) as Period;
  const interval = readNumber(raw.billingInterval, path, 'billingInterval', v, 'positiveInteger') ?? ONE;
  const unitQuantity = readNumber(raw.unitQuantity, path, 'unitQuantity', v, 'positive') ?? ONE;
  const packageSize = readNumber(raw.packageSize, path, 'packageSize', v, 'positive');
  const packagePrice = readMoney(raw.packagePrice, path, 'packagePrice', v);

  const pricingModel = raw.pricingModel;
  if (pricingModel === undefined) v.add(at('pricingModel'), MESSAGES.modelRequired);
  const model = resolveModel(pricingModel, raw, path, v, {
    unitAmount,
    // NOTE: overagePrice is the rate of metered usage only; "0" or unset falls back to unitAmount.
    rate: metric !== null && overagePrice !== undefined ? overagePrice : unitAmount,
    unitQuantity,
    packageSize,
    packagePrice: packagePrice ?? unitAmount,
    freeUnits,
  });
  if (model === undefined || typeof pricingModel !== 'string' || v.total > before) return undefined;
  return {
    index,
    productType,
    addonCode,
    pricingModel,
    model,
    metric,
    aggregation,
    freeUnits,
    prorate: raw.prorate === true,
    period,
    periodFactor: decCompare(interval, ONE) === 0 ? periodsPerBase(period) : divDec(periodsPerBase(period), interval),
    minimum: minimum === undefined ? null : rat(minimum),
    maximum: maximum === undefined ? null : rat(maximum),
    chargeTiming: valueOr(raw.chargeTiming, 'CHARGE_TIMING_UNSPECIFIED'),
  };
}

interface ModelFields {
  unitAmount: Decimal;
  rate: Decimal;
  unitQuantity: Decimal;
  packageSize: Decimal | undefined;
  packagePrice: Decimal;
  freeUnits: Decimal;
}

/**
 * Whether JavaScript reads `value` as the number 0. A value it cannot convert at all (an object
 * whose own `toString` is no function) is not zero: `Number()` throws on it.
 */
function readsAsZero(value: unknown): boolean {
  try {
    return Number(value) === 0;
  } catch {
    return false;
  }
}

function resolveModel(model: PriceFields['pricingModel'], raw: PriceFields, path: readonly PathSegment[], v: Violations, f: ModelFields): ModelSpec | undefined {
  if (model === undefined || model instanceof Refused) return undefined;
  switch (model as Exclude<PricingModel, 'PRICING_MODEL_UNSPECIFIED'>) {
    case 'PRICING_MODEL_FLAT':
      return { kind: 'FLAT', unitAmount: f.unitAmount };
    case 'PRICING_MODEL_PER_UNIT':
      return { kind: 'PER_UNIT', rate: f.rate, unitQuantity: f.unitQuantity };
    case 'PRICING_MODEL_PACKAGE':
      if (f.packageSize === undefined) {
        // NOTE: unset or zero; a refused value counts as zero when JavaScript reads it so (false, []).
        const size = raw.packageSize instanceof Refused ? raw.packageSize.sent : raw.packageSize;
        if (size === undefined || readsAsZero(size)) v.add([...path, 'packageSize'], MESSAGES.packageSizeRequired);
        return undefined;
      }
      return { kind: 'PACKAGE', packageSize: f.packageSize, packagePrice: f.packagePrice };
    case 'PRICING_MODEL_TIERED':
      return resolveTiers(raw.tiers, path, v);
    case 'PRICING_MODEL_FORMULA':
      return resolveFormula(raw.pricingFormula, path, v, f);
  }
}
