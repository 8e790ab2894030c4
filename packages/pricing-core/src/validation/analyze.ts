import { MESSAGES } from '../errors/messages.js';
import type { FieldViolation } from '../errors/pricing-validation-error.js';
import type { InstanceSink, PlanPrices, ResolvedPlan, ResolvedPrice } from '../resolved/resolved-plan.js';
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
import type { CachedPrices, PriceListCache, PriceListInput } from './price-cache.js';
import { decText } from '../money/decimal.js';

/** Outcome of the static checks: the resolved plan, or the violations. */
export type Analysis =
  | { ok: true; plan: ResolvedPlan }
  | { ok: false; violations: FieldViolation[]; total: number };

/**
 * Checks the limits first (and stops there when one is exceeded), then runs the schema and every semantic check, collecting all violations, and resolves the plan
 * (defaults applied, constants parsed once) when there are none. The instances go, as each is
 * resolved and while nothing is reported, to the sink `start` makes for the plan's prices (when
 * it makes one): the answer is that sink's only when the analysis is `ok`.
 * @example analyzeRequest({}).ok // true
 */
export function analyzeRequest(request: unknown, options: ResolvedOptions = resolveOptions(), start?: (prices: PlanPrices) => InstanceSink | undefined): Analysis {
  const v = new ViolationCollector();
  if (!checkLimits(request, options, v)) return { ok: false, violations: v.list, total: v.total };
  // NOTE: the semantic checks read the request as sent, even when the schema rejected it
  // (wrong types read as unset), so one response lists every problem; reading the original
  // also keeps map keys such as "__proto__" that a parsed copy would lose.
  const root = asObject(request) ?? {};
  const planConfig = asObject(root.planConfig) ?? {};
  const calcConfig = root.calcConfig;
  // NOTE: a price list seen valid before (the same resolution input) is neither checked nor
  // resolved again when the caller passes a cache: see price-cache.ts.
  // NOTE: a cache is known by its methods, not by its class: so the cache's code is in a bundle
  // of calculatePlan only when the caller makes one (createPriceCache).
  const cache = options.priceCache as PriceListCache | undefined;
  if (cache !== undefined && (typeof cache?.find !== 'function' || typeof cache.keep !== 'function')) throw new RangeError('priceCache must be made by createPriceCache');
  // NOTE: the cycle is read here for the key and again below, in the order its violations are listed.
  const cycleHours = resolveCycle(calcConfig, new ViolationCollector()).cycleHours;
  const input: PriceListInput = { prices: planConfig.prices, cycleHours: decText(cycleHours) };
  const lookup = cache?.find(input);
  const cached = lookup?.hit;
  // NOTE: read from the raw prices, so it holds even when a price has other errors.
  const guard = cached?.guard ?? usageKeyGuard(input.prices);
  const shapeOk = checkRequestShape(request, v, cached === undefined ? undefined : (input.prices as unknown[]));

  const code = readText(planConfig.currency) ?? 'USD';
  const currency = normalizeCurrency(code);
  if (currency === undefined) v.add(['planConfig', 'currency'], refusedCurrencyMessage(code));
  const minorDigits = currencyMinorDigits(currency ?? 'USD');

  const cycle = resolveCycle(calcConfig, v);
  const overageRates = resolveOverageRates(calcConfig, v);
  const resolvedPrices = cached ?? resolvePrices(input.prices, cycle.cycleHours, v, guard);
  const { prices, usageMetrics } = resolvedPrices;
  for (const metric of overageRates.keys()) {
    if (!usageMetrics.has(metric)) v.add(['calcConfig', 'overageRates', metric], MESSAGES.unknownOverageMetric(metric));
  }
  const valid = v.empty && shapeOk && currency !== undefined;
  const { basePrices, addonPrices, usagePrices } =
    overageRates.size === 0 || !valid ? resolvedPrices.split : splitOf(prices.map((price) => applyOverageRate(price, overageRates)));
  // NOTE: fields named one by one: spreading the cycle and the adjustments into the literal cost more.
  const planPrices: PlanPrices = { currency: currency ?? 'USD', minorDigits, cycleHours: cycle.cycleHours, capHours: cycle.capHours, basePrices, addonPrices, usagePrices };
  resolveInstances(root.instances, guard.codes, v, guard, valid ? start?.(planPrices) : undefined);
  const adjustments = resolveAdjustments(calcConfig, currency ?? 'USD', minorDigits, v);

  if (!v.empty || !valid) return { ok: false, violations: v.list, total: v.total };
  if (cache !== undefined && lookup !== undefined && cached === undefined) cache.keep(lookup, resolvedPrices, input);
  return {
    ok: true,
    plan: {
      currency: planPrices.currency,
      minorDigits,
      cycleHours: cycle.cycleHours,
      capHours: cycle.capHours,
      basePrices,
      addonPrices,
      usagePrices,
      discountPercent: adjustments.discountPercent,
      couponValue: adjustments.couponValue,
      taxRate: adjustments.taxRate,
    },
  };
}

/** The prices by product type, ADDON prices by code. */
type PriceSplit = Pick<ResolvedPlan, 'basePrices' | 'addonPrices' | 'usagePrices'>;

// NOTE: the split of a price list is kept with its resolution; with overage rates (which change
// some prices, per request) it is made again.
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

/** Checks and resolves every price; the cross-price facts are read from the raw prices, so they hold even when a price has other errors. */
function resolvePrices(rawPrices: unknown, cycleHours: Decimal, v: ViolationCollector, guard: UsageKeyGuard): CachedPrices {
  const prices: ResolvedPrice[] = [];
  const usageMetrics = new Map<string, number>();
  asArray(rawPrices).forEach((item, index) => {
    const raw = asObject(item) ?? {};
    const metric = readText(raw.metricName);
    if (raw.productType === 'PRODUCT_TYPE_USAGE' && metric !== undefined) {
      const first = usageMetrics.get(metric);
      if (first === undefined) usageMetrics.set(metric, index);
      else v.add(['planConfig', 'prices', index, 'metricName'], MESSAGES.duplicateUsageMetric(metric, first));
    }
    const price = resolvePrice(item, index, cycleHours, v);
    if (price !== undefined) prices.push(price);
  });
  return { prices, split: splitOf(prices), usageMetrics, guard };
}

// NOTE: for a pooled PER_UNIT price the rate is calcConfig.overageRates[m] when given ("0"
// included), else overagePrice, else unitAmount; other models ignore the map.
function applyOverageRate(price: ResolvedPrice, rates: ReadonlyMap<string, Decimal>): ResolvedPrice {
  if (price.productType !== 'USAGE' || price.metric === null || price.model.kind !== 'PER_UNIT') return price;
  const rate = rates.get(price.metric);
  return rate === undefined ? price : { ...price, model: { ...price.model, rate } };
}
