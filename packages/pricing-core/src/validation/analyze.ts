import { MESSAGES } from '../errors/messages.js';
import type { FieldViolation } from '../errors/pricing-validation-error.js';
import type { ResolvedPlan, ResolvedPrice } from '../resolved/resolved-plan.js';
import type { Decimal } from '../money/decimal.js';
import { currencyMinorDigits, normalizeCurrency, refusedCurrencyMessage } from '../money/currency.js';
import type { ResolvedOptions } from '../limits.js';
import { resolveOptions } from '../limits.js';
import { checkLimits } from './check-limits.js';
import { ViolationCollector } from './collector.js';
import { resolveAdjustments, resolveCycle, resolveOverageRates } from './resolve-calc-config.js';
import { resolveInstances } from './resolve-instances.js';
import { resolvePrice } from './resolve-price.js';
import { asArray, asObject, readText } from './read.js';
import { checkRequestShape } from './shape.js';
import { usageKeyGuard, type UsageKeyGuard } from './usage-keys.js';
import { findPrices, keepPrices, type CachedPrices } from './price-cache.js';
import { isExactOnly } from '../money/decimal.js';

/** Outcome of the static checks: the resolved plan, or the violations. */
export type Analysis =
  | { ok: true; plan: ResolvedPlan }
  | { ok: false; violations: FieldViolation[]; total: number };

/**
 * Checks the limits first (and stops there when one is exceeded), then runs the schema and every semantic check, collecting all violations, and resolves the plan
 * (defaults applied, constants parsed once) when there are none.
 * @example analyzeRequest({}).ok // true
 */
export function analyzeRequest(request: unknown, options: ResolvedOptions = resolveOptions()): Analysis {
  const v = new ViolationCollector();
  if (!checkLimits(request, options, v)) return { ok: false, violations: v.list, total: v.total };
  // NOTE: the semantic checks read the request as sent, even when the schema rejected it
  // (wrong types read as unset), so one response lists every problem; reading the original
  // also keeps map keys such as "__proto__" that a parsed copy would lose.
  const root = asObject(request) ?? {};
  const planConfig = asObject(root.planConfig) ?? {};
  const calcConfig = root.calcConfig;
  // NOTE: a price list seen valid before (same content, same capHours, same mode) is neither
  // checked nor resolved again: see price-cache.ts.
  const rawPrices = planConfig.prices;
  const capHours = asObject(calcConfig)?.capHours;
  const exact = isExactOnly();
  const lookup = options.priceCache ? findPrices(rawPrices, capHours, exact) : undefined;
  const cached = lookup?.hit;
  const shapeOk = checkRequestShape(request, v, cached === undefined ? undefined : (rawPrices as unknown[]));

  const code = readText(planConfig.currency) ?? 'USD';
  const currency = normalizeCurrency(code);
  if (currency === undefined) v.add(['planConfig', 'currency'], refusedCurrencyMessage(code));
  const minorDigits = currencyMinorDigits(currency ?? 'USD');

  const cycle = resolveCycle(calcConfig, v);
  const overageRates = resolveOverageRates(calcConfig, v);
  const { prices, usageMetrics, addonCodes } = cached ?? resolvePrices(rawPrices, cycle.cycleHours, v);
  for (const metric of overageRates.keys()) {
    if (!usageMetrics.has(metric)) v.add(['calcConfig', 'overageRates', metric], MESSAGES.unknownOverageMetric(metric));
  }
  // NOTE: the FULL view is built when `debug` is read, after the call: its instances are kept.
  const guard = (cached && guards.get(cached)) || usageKeyGuard(rawPrices);
  const instances = resolveInstances(root.instances, addonCodes, v, options.view === 'FULL', guard);
  const adjustments = resolveAdjustments(calcConfig, currency ?? 'USD', minorDigits, v);

  if (!v.empty || !shapeOk || currency === undefined) return { ok: false, violations: v.list, total: v.total };
  let shared = cached;
  if (lookup?.key !== undefined && shared === undefined) keepPrices(lookup, (shared = { prices, usageMetrics, addonCodes }), rawPrices, capHours, exact);
  if (shared !== undefined) guards.set(shared, guard);
  const priced = overageRates.size === 0 ? prices : prices.map((price) => applyOverageRate(price, overageRates));
  const { basePrices, addonPrices, usagePrices } = splitOf(priced, overageRates.size === 0 ? shared : undefined);
  // NOTE: fields named one by one: spreading the cycle and the adjustments into the literal cost more.
  return {
    ok: true,
    plan: {
      currency,
      minorDigits,
      cycleHours: cycle.cycleHours,
      capHours: cycle.capHours,
      basePrices,
      addonPrices,
      usagePrices,
      instances,
      discountPercent: adjustments.discountPercent,
      couponValue: adjustments.couponValue,
      taxRate: adjustments.taxRate,
      shared: shared ?? null,
    },
  };
}

// NOTE: the typo guard of a cached price list is kept with it, like its split.
const guards = new WeakMap<CachedPrices, UsageKeyGuard>();

/** The prices by product type, ADDON prices by code. */
type PriceSplit = Pick<ResolvedPlan, 'basePrices' | 'addonPrices' | 'usagePrices'>;

// NOTE: how a cached price list splits is kept with it; with overage rates (which change some
// prices, per request) the split is made again.
const splits = new WeakMap<CachedPrices, PriceSplit>();

function splitOf(prices: readonly ResolvedPrice[], shared: CachedPrices | undefined): PriceSplit {
  let split = shared === undefined ? undefined : splits.get(shared);
  if (split !== undefined) return split;
  const addonPrices = new Map<string, ResolvedPrice[]>();
  for (const price of prices) {
    if (price.productType !== 'ADDON' || price.addonCode === null) continue;
    const list = addonPrices.get(price.addonCode) ?? [];
    list.push(price);
    addonPrices.set(price.addonCode, list);
  }
  split = { basePrices: prices.filter((p) => p.productType === 'BASE'), addonPrices, usagePrices: prices.filter((p) => p.productType === 'USAGE') };
  if (shared !== undefined) splits.set(shared, split);
  return split;
}

/** Checks and resolves every price; the cross-price facts are read from the raw prices, so they hold even when a price has other errors. */
function resolvePrices(rawPrices: unknown, cycleHours: Decimal, v: ViolationCollector): CachedPrices {
  const prices: ResolvedPrice[] = [];
  const usageMetrics = new Map<string, number>();
  const addonCodes = new Set<string>();
  asArray(rawPrices).forEach((item, index) => {
    const raw = asObject(item) ?? {};
    // Cross-price facts are read from the raw price so they hold even when the price has other errors.
    const addonCode = readText(raw.addonCode);
    if (raw.productType === 'PRODUCT_TYPE_ADDON' && addonCode !== undefined) addonCodes.add(addonCode);
    const metric = readText(raw.metricName);
    if (raw.productType === 'PRODUCT_TYPE_USAGE' && metric !== undefined) {
      const first = usageMetrics.get(metric);
      if (first === undefined) usageMetrics.set(metric, index);
      else v.add(['planConfig', 'prices', index, 'metricName'], MESSAGES.duplicateUsageMetric(metric, first));
    }
    const price = resolvePrice(item, index, cycleHours, v);
    if (price !== undefined) prices.push(price);
  });
  return { prices, usageMetrics, addonCodes };
}

// NOTE: for a pooled PER_UNIT price the rate is calcConfig.overageRates[m] when given ("0"
// included), else overagePrice, else unitAmount; other models ignore the map.
function applyOverageRate(price: ResolvedPrice, rates: ReadonlyMap<string, Decimal>): ResolvedPrice {
  if (price.productType !== 'USAGE' || price.metric === null || price.model.kind !== 'PER_UNIT') return price;
  const rate = rates.get(price.metric);
  return rate === undefined ? price : { ...price, model: { ...price.model, rate } };
}
