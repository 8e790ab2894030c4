import type { PricingModel } from '../constants.js';
import { BILLING_PERIODS, METRIC_AGGREGATIONS, PRICING_MODELS, PRODUCT_TYPES } from '../constants.js';
import { MESSAGES } from '../errors/messages.js';
import type { Aggregation, Period, ResolvedPrice } from '../resolved/resolved-plan.js';
import type { Decimal } from '../money/decimal.js';
import { decCompare, decOf, ONE, ZERO } from '../money/decimal.js';
import type { Rational } from '../money/rational.js';
import { divDec, R1, rat } from '../money/rational.js';
import type { ModelSpec } from '../models/types.js';
import type { ViolationCollector } from './collector.js';
import type { PathSegment } from './field-path.js';
import { resolveFormula } from './resolve-formula.js';
import { resolveTiers } from './resolve-tiers.js';
import { asObject, readEnum, readFlag, readMoney, readNumber, readText } from './read.js';

// NOTE: periods of a price in the cycle: DAILY cycleHours/24, WEEKLY cycleHours/168, MONTHLY 1,
// YEARLY 1/12; HOURLY is 1 here and multiplied by each instance's billable hours.
function periodsPerCycle(period: Period, cycleHours: Decimal): Rational {
  if (period === 'DAILY') return rat(cycleHours, HOURS_PER_DAY);
  if (period === 'WEEKLY') return rat(cycleHours, HOURS_PER_WEEK);
  return period === 'YEARLY' ? rat(ONE, MONTHS_PER_YEAR) : R1;
}
const HOURS_PER_DAY = decOf(24);
const HOURS_PER_WEEK = decOf(168);
const MONTHS_PER_YEAR = decOf(12);

/** Whether an enum field was left unset (so a "required" message is due, not a type error). */
function unsetEnum(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (typeof value === 'string' && value.endsWith('UNSPECIFIED'));
}

/**
 * Validates one price and resolves it for the hot loop; `undefined` when invalid.
 * @example resolvePrice(price, 0, 730, v)?.productType // 'BASE'
 */
export function resolvePrice(
  value: unknown,
  index: number,
  cycleHours: Decimal,
  v: ViolationCollector,
): ResolvedPrice | undefined {
  const raw = asObject(value);
  // A price that is not an object was reported by the schema; there is nothing more to check.
  if (raw === undefined) return undefined;
  const before = v.total;
  const path: PathSegment[] = ['planConfig', 'prices', index];
  const at = (field: string): PathSegment[] => [...path, field];

  const productType = (readEnum(raw.productType, PRODUCT_TYPES) ?? 'PRODUCT_TYPE_BASE').slice('PRODUCT_TYPE_'.length) as
    | 'BASE'
    | 'ADDON'
    | 'USAGE';
  const addonCode = readText(raw.addonCode) ?? null;
  if (productType === 'ADDON' && addonCode === null) v.add(at('addonCode'), MESSAGES.addonCodeRequired);
  const metric = readText(raw.metricName) ?? null;
  if (productType === 'USAGE' && metric === null) v.add(at('metricName'), MESSAGES.usageMetricRequired);
  const aggregationName = readEnum(raw.metricAggregation, METRIC_AGGREGATIONS) ?? 'SUM';
  const aggregation = aggregationName.replace('METRIC_AGGREGATION_', '') as Aggregation;

  const unitAmount = readMoney(raw.unitAmount, at('unitAmount'), v) ?? ZERO;
  const overagePrice = readMoney(raw.overagePrice, at('overagePrice'), v);
  const freeUnits = readNumber(raw.freeUnits, at('freeUnits'), v, 'nonNegative') ?? ZERO;
  const minimum = readMoney(raw.minimumCharge, at('minimumCharge'), v);
  const maximum = readMoney(raw.maximumCharge, at('maximumCharge'), v);
  if (minimum !== undefined && maximum !== undefined && decCompare(maximum, minimum) < 0) v.add(at('maximumCharge'), MESSAGES.maxBelowMin);
  const period = (readEnum(raw.billingPeriod, BILLING_PERIODS) ?? 'BILLING_PERIOD_MONTHLY').slice('BILLING_PERIOD_'.length) as Period;
  const interval = readNumber(raw.billingInterval, at('billingInterval'), v, 'positiveInteger') ?? ONE;
  const unitQuantity = readNumber(raw.unitQuantity, at('unitQuantity'), v, 'positive') ?? ONE;
  const packageSize = readNumber(raw.packageSize, at('packageSize'), v, 'positive');
  const packagePrice = readMoney(raw.packagePrice, at('packagePrice'), v);

  const pricingModel = readEnum(raw.pricingModel, PRICING_MODELS);
  if (pricingModel === undefined && unsetEnum(raw.pricingModel)) v.add(at('pricingModel'), MESSAGES.modelRequired);
  const model = resolveModel(pricingModel, raw, path, v, {
    unitAmount,
    // NOTE: overagePrice is the rate of metered usage only; "0" or unset falls back to unitAmount.
    rate: metric !== null && overagePrice !== undefined ? overagePrice : unitAmount,
    unitQuantity,
    packageSize,
    packagePrice: packagePrice ?? unitAmount,
    freeUnits,
  });
  if (model === undefined || pricingModel === undefined || v.total > before) return undefined;
  return {
    index,
    productType,
    addonCode,
    pricingModel,
    model,
    metric,
    aggregation,
    freeUnits,
    prorate: readFlag(raw.prorate),
    period,
    periodFactor: decCompare(interval, ONE) === 0 ? periodsPerCycle(period, cycleHours) : divDec(periodsPerCycle(period, cycleHours), interval),
    minimum: minimum === undefined ? null : rat(minimum),
    maximum: maximum === undefined ? null : rat(maximum),
    chargeTiming: typeof raw.chargeTiming === 'string' && raw.chargeTiming !== '' ? raw.chargeTiming : 'CHARGE_TIMING_UNSPECIFIED',
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

function resolveModel(
  model: PricingModel | undefined,
  raw: Record<string, unknown>,
  path: readonly PathSegment[],
  v: ViolationCollector,
  f: ModelFields,
): ModelSpec | undefined {
  switch (model) {
    case undefined:
    case 'PRICING_MODEL_UNSPECIFIED':
      return undefined;
    case 'PRICING_MODEL_FLAT':
      return { kind: 'FLAT', unitAmount: f.unitAmount };
    case 'PRICING_MODEL_PER_UNIT':
      return { kind: 'PER_UNIT', rate: f.rate, unitQuantity: f.unitQuantity };
    case 'PRICING_MODEL_PACKAGE':
      if (f.packageSize === undefined) {
        if (raw.packageSize === undefined || raw.packageSize === null || Number(raw.packageSize) === 0) {
          v.add([...path, 'packageSize'], MESSAGES.packageSizeRequired);
        }
        return undefined;
      }
      return { kind: 'PACKAGE', packageSize: f.packageSize, packagePrice: f.packagePrice };
    case 'PRICING_MODEL_TIERED':
      return resolveTiers(raw.tiers, path, v);
    case 'PRICING_MODEL_FORMULA':
      return resolveFormula(raw.pricingFormula, path, v, f);
  }
}
