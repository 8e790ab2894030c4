import type { Decimal } from '../money/big.js';
import { PricingValidationError } from '../errors/pricing-validation-error.js';
import { formatMoney, roundMoney } from '../money/format.js';
import { toJsonNumber } from '../money/parse.js';
import type { Rational } from '../money/rational.js';
import { add, mulDec, R0, R1, rat, roundTo } from '../money/rational.js';
import type { LineItem, PlanResult } from '../schema/result-types.js';
import { analyzeRequest } from '../validation/analyze.js';
import { ViolationCollector } from '../validation/collector.js';
import { buildDebug, withLazyDebug } from './debug.js';
import type { InstanceFrame, PriceTrace } from './price-on-instance.js';
import { priceOnInstance } from './price-on-instance.js';
import type { PooledCharge } from './pooled.js';
import { pooledCharge } from './pooled.js';
import type { ResolvedInstance, ResolvedPlan } from './resolved.js';
import { computeTotals } from './totals.js';

/** The hours figures of an instance (section 1 of the rules). */
export function frameOf(instance: ResolvedInstance, plan: ResolvedPlan, cycleHours: Rational): InstanceFrame {
  const hours = instance.hours ?? plan.cycleHours;
  const billable = plan.capHours !== null && hours.gt(plan.capHours) ? plan.capHours : hours;
  return {
    quantity: rat(instance.quantity),
    billableHours: rat(billable),
    prorationFactor: hours.gte(plan.cycleHours) ? R1 : rat(hours, plan.cycleHours),
    cycleHours,
  };
}

/** Sets an own property, safely for any key ("__proto__" included). */
function setOwn(target: Record<string, number>, key: string, value: number): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Everything priced, before formatting. */
export interface PricedPlan {
  /** Line items in instance order. */
  readonly lineItems: LineItem[];
  /** Instance frames in instance order. */
  readonly frames: readonly InstanceFrame[];
  /** Pooled USAGE charges in price order. */
  readonly pooled: readonly PooledCharge[];
  /** Sum of the line subtotals. */
  readonly subtotal: Decimal;
}

/**
 * Prices every instance and every pooled USAGE price; when `traces` is given, records how
 * each amount came about (one list per instance). Formula failures go to `v`.
 * @example pricePlan(plan, new ViolationCollector(), null).subtotal
 */
export function pricePlan(plan: ResolvedPlan, v: ViolationCollector, traces: PriceTrace[][] | null): PricedPlan {
  const digits = plan.minorDigits;
  const cycleHours = rat(plan.cycleHours);
  const frames = plan.instances.map((instance) => frameOf(instance, plan, cycleHours));
  const lineItems: LineItem[] = [];
  let subtotal = roundMoney(R0, digits);
  plan.instances.forEach((instance, i) => {
    const frame = frames[i] as InstanceFrame;
    const log: PriceTrace[] | null = traces === null ? null : [];
    let baseSum = R0;
    for (const price of plan.basePrices) {
      const trace = priceOnInstance(price, frame, instance.usage, frame.quantity, null, v);
      baseSum = add(baseSum, trace.amount);
      log?.push(trace);
    }
    let addonSum = R0;
    instance.addons.forEach((entry, entryIndex) => {
      // NOTE: a licensed add-on counts quantity x its usage when that usage is a bare number (e.g. 3 IPs).
      const licensed = entry.usage.kind === 'number' ? mulDec(frame.quantity, entry.usage.value) : frame.quantity;
      for (const price of plan.addonPrices.get(entry.code) ?? []) {
        const trace = priceOnInstance(price, frame, entry.usage, licensed, { code: entry.code, entryIndex }, v);
        addonSum = add(addonSum, trace.amount);
        log?.push(trace);
      }
    });
    if (log !== null) traces?.push(log);
    const base = roundMoney(baseSum, digits);
    const addons = roundMoney(addonSum, digits);
    const lineSubtotal = base.plus(addons);
    subtotal = subtotal.plus(lineSubtotal);
    lineItems.push({
      instanceLabel: instance.label,
      quantity: toJsonNumber(instance.quantity),
      base: formatMoney(base, digits),
      addons: formatMoney(addons, digits),
      subtotal: formatMoney(lineSubtotal, digits),
      currency: plan.currency,
    });
  });
  const pooled = plan.usagePrices.map((price) => pooledCharge(price, plan.instances, frames, cycleHours, v));
  return { lineItems, frames, pooled, subtotal };
}

/**
 * Computes a resolved (valid) plan; formula failures found on the way go to `v`.
 * @example computePlan(plan, new ViolationCollector()).total
 */
export function computePlan(plan: ResolvedPlan, v: ViolationCollector): PlanResult {
  const digits = plan.minorDigits;
  const { lineItems, pooled, subtotal } = pricePlan(plan, v, null);
  const pooledAllowances: Record<string, number> = {};
  const pooledUsage: Record<string, number> = {};
  let overageSum = R0;
  for (const charge of pooled) {
    setOwn(pooledAllowances, charge.metric, toJsonNumber(roundTo(charge.allowance, 20)));
    setOwn(pooledUsage, charge.metric, toJsonNumber(roundTo(charge.usage, 20)));
    overageSum = add(overageSum, charge.trace.amount);
  }
  const overageCost = roundMoney(overageSum, digits);
  const totals = computeTotals(subtotal.plus(overageCost), plan.discountPercent, plan.couponValue, plan.taxRate, digits);
  const result: Omit<PlanResult, 'debug'> = {
    lineItems,
    pooledAllowances,
    pooledUsage,
    subtotal: formatMoney(subtotal, digits),
    overageCost: formatMoney(overageCost, digits),
    discounted: formatMoney(totals.discounted, digits),
    tax: formatMoney(totals.tax, digits),
    total: formatMoney(totals.total, digits),
    currency: plan.currency,
    discountPercent: toJsonNumber(plan.discountPercent),
    couponValue: formatMoney(plan.couponValue, digits),
  };
  // NOTE: pricing is pure, so debug re-prices the plan with tracing on when first read; a caller
  // who never looks at debug (a batch, a benchmark) neither builds nor retains the traces.
  return withLazyDebug(result, () => {
    const traces: PriceTrace[][] = [];
    const traced = pricePlan(plan, new ViolationCollector(), traces);
    return buildDebug(plan, traced, traces, totals);
  });
}

/**
 * Prices one billing cycle: validates the whole request first (every violation at once),
 * then computes exactly and rounds only at the rule's rounding points.
 * Throws `PricingValidationError` (and nothing else) on invalid input.
 * @example calculatePlan({}).total // '0.00'
 */
export function calculatePlan(request: unknown): PlanResult {
  const analysis = analyzeRequest(request);
  if (!analysis.ok) throw new PricingValidationError(analysis.violations);
  const v = new ViolationCollector();
  const result = computePlan(analysis.plan, v);
  if (!v.empty) throw new PricingValidationError(v.list);
  return result;
}
