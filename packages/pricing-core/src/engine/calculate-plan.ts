import { PricingValidationError } from '../errors/pricing-validation-error.js';
import { formatMoney, roundMoney } from '../money/format.js';
import { toJsonNumber } from '../money/parse.js';
import { add, R0 } from '../money/rational.js';
import { roundedJsonNumber } from '../money/json-number.js';
import type { PlanResult } from '../schema/result-types.js';
import type { PlanRequest } from '../request/types.js';
import { analyzeRequest } from '../validation/analyze.js';
import { ViolationCollector } from '../validation/collector.js';
import type { CalculateOptions, PlanView, PricingStats } from '../limits.js';
import type { ResolvedOptions } from '../limits.js';
import { resolveOptions } from '../limits.js';
import { basicDebug, buildDebug, withLazyDebug } from './debug.js';
import { PlanPricer } from './price-plan.js';
import type { ResolvedPlan } from '../resolved/resolved-plan.js';
import { computeTotals, formatTotals } from './totals.js';

/** Sets an own property, safely for any key ("__proto__" included). */
function setOwn(target: Record<string, number>, key: string, value: number): void {
  // NOTE: only "__proto__" is not an own property when assigned.
  if (key !== '__proto__') target[key] = value;
  else Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * The answer for a resolved (valid) plan whose instances `priced` holds; formula failures found
 * on the way go to `v`.
 * @example computePlan(plan, pricer, new ViolationCollector()).total
 */
export function computePlan(plan: ResolvedPlan, pricer: PlanPricer, v: ViolationCollector, view: PlanView = 'BASIC', stats?: PricingStats): PlanResult {
  const digits = plan.minorDigits;
  const priced = pricer.finish(stats);
  const { lineItems, pooled, subtotal } = priced;
  const pooledAllowances: Record<string, number> = {};
  const pooledUsage: Record<string, number> = {};
  let overageSum = R0;
  for (const charge of pooled) {
    setOwn(pooledAllowances, charge.metric, roundedJsonNumber(charge.allowance));
    setOwn(pooledUsage, charge.metric, roundedJsonNumber(charge.usage));
    overageSum = add(overageSum, charge.trace.amount);
  }
  const totals = computeTotals(subtotal, roundMoney(overageSum, digits), plan.terms, digits);
  // NOTE: one literal with `debug` last; the FULL view replaces `debug` in place.
  const result: PlanResult = {
    lineItems,
    pooledAllowances,
    pooledUsage,
    ...formatTotals(totals, digits),
    currency: plan.currency,
    discountPercent: toJsonNumber(plan.terms.discountPercent),
    couponValue: formatMoney(plan.terms.couponValue, digits),
    debug: basicDebug(plan, totals),
  };
  if (view === 'BASIC') return result;
  // NOTE: the plan-level figures (pooled charges, totals) are kept; the per-price figures of
  // each instance are derived again, on the rationals, when `debug` is first read (JSON
  // serialization included): keeping them all alive through the run costs more in GC.
  return withLazyDebug(result, () => buildDebug(plan, priced, totals));
}

/**
 * Prices one billing cycle: checks the request's size against the limits first, then
 * validates the whole request (every violation at once, the first 100 listed), then computes
 * exactly and rounds only at the rule's rounding points. `options.view` picks the `debug`
 * view (BASIC by default; FULL is refused past `limits.maxFullViewEntries`).
 * Throws `PricingValidationError` on invalid input (and `RangeError` on invalid options).
 * For a request typed in TypeScript; `calculatePlanJson` takes raw JSON.
 * @example calculatePlan({ planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '10.00' }] }, instances: [{}] }).total // '10.00'
 */
export function calculatePlan(request: PlanRequest, options?: CalculateOptions): PlanResult {
  return calculatePlanJson(request, options);
}

/**
 * `calculatePlan` for a request of any shape, such as a parsed JSON body: the same checks
 * and the same result (a request that is not a `PlanRequest` is refused with violations).
 * @example calculatePlanJson(JSON.parse(body)).total
 */
export function calculatePlanJson(request: unknown, options?: CalculateOptions): PlanResult {
  return calculateResolved(request, resolveOptions(options));
}

function calculateResolved(request: unknown, resolved: ResolvedOptions): PlanResult {
  const v = new ViolationCollector();
  let pricer: PlanPricer | undefined;
  const analysis = analyzeRequest(request, resolved, (prices) => (pricer = new PlanPricer(prices, v, resolved.exact, resolved.view === 'FULL')));
  if (!analysis.ok) throw new PricingValidationError(analysis.violations, analysis.total);
  const result = computePlan(analysis.plan, pricer as PlanPricer, v, resolved.view, resolved.stats);
  if (!v.empty) throw new PricingValidationError(v.list, v.total);
  return result;
}
