import { MESSAGES } from '../errors/messages.js';
import type { FieldViolation } from '../errors/pricing-validation-error.js';
import type { InstanceSink, PlanPrices, ResolvedPlan, ResolvedPrice } from '../resolved/resolved-plan.js';
import type { Decimal } from '../money/decimal.js';
import type { ResolvedOptions } from '../limits.js';
import { resolveOptions } from '../limits.js';
import { REQUEST_FIELDS } from '../request/fields.js';
import { checkLimits } from './check-limits.js';
import { ViolationCollector } from './collector.js';
import { PlanConfigParts, resolvePlanConfig, splitOf } from './plan-config.js';
import { readInstances, readRootField, reportUnknownFields, Walk } from './read-fields.js';
import { isObject } from './read-usage.js';
import { resolveCycle, resolveOverageRates, resolveTerms } from './resolve-calc-config.js';
import { guardUsageKeys, resolveInstance } from './resolve-instances.js';

/** Outcome of the static checks: the resolved plan, or the violations. */
export type Analysis =
  | { ok: true; plan: ResolvedPlan }
  | { ok: false; violations: FieldViolation[]; total: number };

// NOTE: one walk over the request. Each object is read into its types (`read-fields.ts`, driven by
// the field tables) and its rules are checked right then on what was read (`resolve-*.ts`), so
// every value is read once. The answer lists the shape's violations in field order (planConfig,
// instances, calcConfig, unknown fields), then the rules' (currency, cycle, overage rates,
// prices, instances, discount, coupon and tax). The walk reads calcConfig before the instances
// (an instance is priced as soon as it is read, on the cycle and the overage rates) and the
// currency with the prices, so the collector has a section for each part read out of that order.

/** The `planConfig` a call prices with: the one passed in, parsed before, checked to be this package's. */
function parsedOf(options: ResolvedOptions, root: Record<string, unknown>): PlanConfigParts | undefined {
  const parsed = options.planConfig;
  if (parsed === undefined) return undefined;
  if (!(parsed instanceof PlanConfigParts)) throw new RangeError('planConfig must be made by parsePlanConfig');
  if (root.planConfig !== undefined && root.planConfig !== null) throw new RangeError('the request has a planConfig of its own; with options.planConfig it must have none');
  return parsed;
}

/**
 * Checks the limits first (and stops there when one is exceeded), then walks the request once,
 * reading every field and checking every rule, and resolves the plan when nothing is reported.
 * The instances go, as each is resolved and while nothing is reported, to the sink `start` makes
 * for the plan's prices (when it makes one): the answer is that sink's only when the analysis is `ok`.
 * @example analyzeRequest({}).ok // true
 */
export function analyzeRequest(request: unknown, options: ResolvedOptions = resolveOptions(), start?: (prices: PlanPrices) => InstanceSink | undefined): Analysis {
  const root = isObject(request) ? request : {};
  const parsed = parsedOf(options, root);
  const v = new ViolationCollector();
  const size = checkLimits(request, options, v, parsed?.size);
  if (size === undefined) return { ok: false, violations: v.list, total: v.total };
  const walk = new Walk(v);
  const late = new Walk(v.section());
  const currencyRules = v.section();
  const rules = v.section();
  if (!isObject(request)) v.add([], MESSAGES.requestObject);
  const calcConfig = readRootField(root, 'calcConfig', late);
  const cycle = resolveCycle(calcConfig, rules);
  const overageRates = resolveOverageRates(calcConfig, rules);
  const plan = parsed ?? resolvePlanConfig(readRootField(root, 'planConfig', walk), size, currencyRules, rules);
  for (const metric of overageRates.keys()) {
    if (!plan.usageMetrics.has(metric)) rules.add(['calcConfig', 'overageRates', metric], MESSAGES.unknownOverageMetric(metric));
  }
  const split = overageRates.size === 0 ? plan.split : splitOf(plan.prices.map((price) => applyOverageRate(price, overageRates)));
  // NOTE: plans are built with their fields named one by one: a spread into a literal took 3 to
  // 7% of a small plan's call.
  const prices: PlanPrices = { currency: plan.currency, minorDigits: plan.minorDigits, cycleHours: cycle.cycleHours, capHours: cycle.capHours, basePrices: split.basePrices, addonPrices: split.addonPrices, usagePrices: split.usagePrices };
  const sink = v.empty ? start?.(prices) : undefined;
  const { guard } = plan;
  readInstances(root, walk, (raw, index) => {
    const instance = resolveInstance(raw, index, guard.codes, rules);
    guardUsageKeys(raw, index, guard, rules);
    if (sink !== undefined && v.empty) sink.add(instance);
  });
  const terms = resolveTerms(calcConfig, plan.terms, plan.currency, plan.minorDigits, rules);
  reportUnknownFields(root, REQUEST_FIELDS, late);
  if (!v.empty) return { ok: false, violations: v.list, total: v.total };
  const { currency, minorDigits, cycleHours, capHours, basePrices, addonPrices, usagePrices } = prices;
  return { ok: true, plan: { currency, minorDigits, cycleHours, capHours, basePrices, addonPrices, usagePrices, terms } };
}

/**
 * Walks a `planConfig` alone (its limits, fields and rules, at the paths it has in a request)
 * and resolves it for every request that will be priced with it.
 * @example analyzePlanConfig({ currency: 'eur' }, resolveOptions()).ok // true
 */
export function analyzePlanConfig(planConfig: unknown, options: ResolvedOptions): { ok: true; parts: PlanConfigParts } | { ok: false; violations: FieldViolation[]; total: number } {
  const v = new ViolationCollector();
  const size = checkLimits({ planConfig }, options, v);
  if (size === undefined) return { ok: false, violations: v.list, total: v.total };
  const rules = v.section();
  const parts = resolvePlanConfig(readRootField({ planConfig }, 'planConfig', new Walk(v)), size, rules, rules);
  return v.empty ? { ok: true, parts } : { ok: false, violations: v.list, total: v.total };
}

// NOTE: for a pooled PER_UNIT price the rate is calcConfig.overageRates[m] when given ("0"
// included), else overagePrice, else unitAmount; other models ignore the map.
function applyOverageRate(price: ResolvedPrice, rates: ReadonlyMap<string, Decimal>): ResolvedPrice {
  if (price.productType !== 'USAGE' || price.metric === null || price.model.kind !== 'PER_UNIT') return price;
  const rate = rates.get(price.metric);
  return rate === undefined ? price : { ...price, model: { ...price.model, rate } };
}
