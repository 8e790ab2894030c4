import { MESSAGES } from '../errors/messages.js';
import type { FieldViolation } from '../errors/pricing-validation-error.js';
import type { InstanceSink, PlanPrices, ResolvedPlan, ResolvedPrice } from '../resolved/resolved-plan.js';
import type { Decimal } from '../money/decimal.js';
import { currencyMinorDigits, normalizeCurrency, refusedCurrencyMessage } from '../money/currency.js';
import type { ResolvedOptions } from '../limits.js';
import { resolveOptions } from '../limits.js';
import { REQUEST_FIELDS } from '../request/fields.js';
import { checkLimits } from './check-limits.js';
import type { Violations } from './collector.js';
import { ViolationCollector } from './collector.js';
import { readRootField, readRootList, reportUnknownFields, Walk } from './read-fields.js';
import { isObject } from './read-usage.js';
import { resolveAdjustments, resolveCycle, resolveOverageRates } from './resolve-calc-config.js';
import { guardUsageKeys, resolveInstance } from './resolve-instances.js';
import type { PriceFields } from './resolve-price.js';
import { resolvePrice } from './resolve-price.js';
import { readText } from './read.js';
import { usageKeyGuard } from './usage-keys.js';

/** Outcome of the static checks: the resolved plan, or the violations. */
export type Analysis =
  | { ok: true; plan: ResolvedPlan }
  | { ok: false; violations: FieldViolation[]; total: number };

// NOTE: one walk over the request. Each object is read into its types (`read-fields.ts`, driven by
// the field tables) and its rules are checked right then on what was read (`resolve-*.ts`), so
// every value is read once. The answer lists the shape's violations in field order (planConfig,
// instances, calcConfig, unknown fields), then the rules' (currency, cycle, overage rates,
// prices, instances, discount, coupon and tax). The walk reads calcConfig first (its cycle
// resolves the prices), so the collector has a section for it, listed after the instances.

/**
 * Checks the limits first (and stops there when one is exceeded), then walks the request once,
 * reading every field and checking every rule, and resolves the plan when nothing is reported.
 * The instances go, as each is resolved and while nothing is reported, to the sink `start` makes
 * for the plan's prices (when it makes one): the answer is that sink's only when the analysis is `ok`.
 * @example analyzeRequest({}).ok // true
 */
export function analyzeRequest(request: unknown, options: ResolvedOptions = resolveOptions(), start?: (prices: PlanPrices) => InstanceSink | undefined): Analysis {
  const v = new ViolationCollector();
  if (!checkLimits(request, options, v)) return { ok: false, violations: v.list, total: v.total };
  const walk = new Walk(v);
  const late = new Walk(v.section());
  const rules = v.section();
  if (!isObject(request)) v.add([], MESSAGES.requestObject);
  const root = isObject(request) ? request : {};
  const calcConfig = readRootField(root, 'calcConfig', late);
  const planConfig = readRootField(root, 'planConfig', walk);

  const code = readText(planConfig?.currency) ?? 'USD';
  const currency = normalizeCurrency(code);
  if (currency === undefined) rules.add(['planConfig', 'currency'], refusedCurrencyMessage(code));
  const minorDigits = currencyMinorDigits(currency ?? 'USD');
  const cycle = resolveCycle(calcConfig, rules);
  const overageRates = resolveOverageRates(calcConfig, rules);
  const typedPrices = planConfig?.prices ?? [];
  const { prices, usageMetrics } = resolvePrices(typedPrices, cycle.cycleHours, rules);
  for (const metric of overageRates.keys()) {
    if (!usageMetrics.has(metric)) rules.add(['calcConfig', 'overageRates', metric], MESSAGES.unknownOverageMetric(metric));
  }
  const split = splitOf(overageRates.size === 0 ? prices : prices.map((price) => applyOverageRate(price, overageRates)));
  // NOTE: fields named one by one: spreading the cycle and the split into the literal cost more.
  const planPrices: PlanPrices = { currency: currency ?? 'USD', minorDigits, cycleHours: cycle.cycleHours, capHours: cycle.capHours, basePrices: split.basePrices, addonPrices: split.addonPrices, usagePrices: split.usagePrices };
  // NOTE: read from the prices as the walk read them, so it holds even when a price has other errors.
  const guard = usageKeyGuard(typedPrices);
  const sink = v.empty ? start?.(planPrices) : undefined;
  readRootList(root, 'instances', walk, (raw, index) => {
    const instance = resolveInstance(raw, index, guard.codes, rules);
    guardUsageKeys(raw, index, guard, rules);
    if (sink !== undefined && v.empty) sink.add(instance);
  });
  const adjustments = resolveAdjustments(calcConfig, currency ?? 'USD', minorDigits, rules);
  reportUnknownFields(root, REQUEST_FIELDS, late);
  if (!v.empty) return { ok: false, violations: v.list, total: v.total };
  return {
    ok: true,
    plan: {
      currency: planPrices.currency,
      minorDigits,
      cycleHours: cycle.cycleHours,
      capHours: cycle.capHours,
      basePrices: split.basePrices,
      addonPrices: split.addonPrices,
      usagePrices: split.usagePrices,
      discountPercent: adjustments.discountPercent,
      couponValue: adjustments.couponValue,
      taxRate: adjustments.taxRate,
    },
  };
}

/** The prices by product type, ADDON prices by code. */
type PriceSplit = Pick<ResolvedPlan, 'basePrices' | 'addonPrices' | 'usagePrices'>;

function splitOf(prices: readonly ResolvedPrice[]): PriceSplit {
  const addonPrices = new Map<string, ResolvedPrice[]>();
  for (const price of prices) {
    if (price.productType !== 'ADDON' || price.addonCode === null) continue;
    const list = addonPrices.get(price.addonCode) ?? [];
    list.push(price);
    addonPrices.set(price.addonCode, list);
  }
  return { basePrices: prices.filter((p) => p.productType === 'BASE'), addonPrices, usagePrices: prices.filter((p) => p.productType === 'USAGE') };
}

/** Checks the rules of every price and resolves it; each USAGE metric is priced once (a second is a violation). */
function resolvePrices(typed: readonly (PriceFields | undefined)[], cycleHours: Decimal, v: Violations): { prices: ResolvedPrice[]; usageMetrics: Map<string, number> } {
  const prices: ResolvedPrice[] = [];
  const usageMetrics = new Map<string, number>();
  typed.forEach((raw, index) => {
    if (raw === undefined) return;
    const metric = readText(raw.metricName);
    if (raw.productType === 'PRODUCT_TYPE_USAGE' && metric !== undefined) {
      const first = usageMetrics.get(metric);
      if (first === undefined) usageMetrics.set(metric, index);
      else v.add(['planConfig', 'prices', index, 'metricName'], MESSAGES.duplicateUsageMetric(metric, first));
    }
    const price = resolvePrice(raw, index, cycleHours, v);
    if (price !== undefined) prices.push(price);
  });
  return { prices, usageMetrics };
}

// NOTE: for a pooled PER_UNIT price the rate is calcConfig.overageRates[m] when given ("0"
// included), else overagePrice, else unitAmount; other models ignore the map.
function applyOverageRate(price: ResolvedPrice, rates: ReadonlyMap<string, Decimal>): ResolvedPrice {
  if (price.productType !== 'USAGE' || price.metric === null || price.model.kind !== 'PER_UNIT') return price;
  const rate = rates.get(price.metric);
  return rate === undefined ? price : { ...price, model: { ...price.model, rate } };
}
