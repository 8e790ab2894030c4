import { decText, isDecimal } from '../money/decimal.js';
import { isRational, toText } from '../money/rational.js';
import { ENGINE_VERSION } from '../constants.js';
import { formatMoney } from '../money/format.js';
import type { InstanceDebug, PlanDebug, PlanResult, PriceDebug } from '../schema/result-types.js';
import type { PricedPlan } from './price-plan.js';
import { frameOf } from './frame.js';
import type { InstanceFrame, PriceTrace } from './price-on-instance.js';
import { priceInstance } from './price-instance.js';
import { EXACT } from '../money/calculator.js';
import { ViolationCollector } from '../validation/collector.js';
import type { ResolvedInstance, ResolvedPlan } from '../resolved/resolved-plan.js';
import type { Totals } from './totals.js';

/**
 * Turns exact values inside a breakdown into text (decimals, or `n/d` fractions).
 * @example describe({ units: rat(decOf(1), decOf(3)) }) // { units: '1/3' }
 */
export function describe(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (isDecimal(value)) return decText(value);
  if (isRational(value)) return toText(value);
  if (Array.isArray(value)) return value.map(describe);
  const out: Record<string, unknown> = {};
  const record = value as Record<string, unknown>;
  for (const key in record) out[key] = describe(record[key]);
  return out;
}

/**
 * The debug entry of one price amount.
 * @example describeTrace(trace, null).amount // '5'
 */
export function describeTrace(trace: PriceTrace, addonCode: string | null): PriceDebug {
  const { price } = trace;
  const entry: PriceDebug = {
    priceIndex: price.index,
    productType: `PRODUCT_TYPE_${price.productType}`,
    pricingModel: price.pricingModel,
    chargeTiming: price.chargeTiming,
    units: toText(trace.units),
    freeUnits: toText(trace.freeUnits),
    billedUnits: toText(trace.billedUnits),
    modelAmount: toText(trace.modelAmount),
    breakdown: describe(trace.breakdown) as Record<string, unknown>,
    timeFactor: toText(trace.timeFactor),
    clamp: trace.clamp,
    amount: toText(trace.amount),
  };
  if (addonCode !== null) entry.addon = { code: addonCode, entryIndex: trace.entryIndex };
  if (price.metric !== null) entry.metricName = price.metric;
  return entry;
}

/** The debug entries of the prices on one instance, derived again with the models explained. */
function describeInstancePrices(plan: ResolvedPlan, instance: ResolvedInstance, frame: InstanceFrame): PriceDebug[] {
  const traces: PriceTrace[] = [];
  priceInstance(EXACT, plan, instance, frame, new ViolationCollector(), traces);
  return traces.map((trace) => {
    const entry = trace.entryIndex < 0 ? undefined : instance.addons[trace.entryIndex];
    return describeTrace(trace, entry === undefined ? null : entry.code);
  });
}

/**
 * Attaches `debug` as an enumerable property computed once, on first read; JSON and deep
 * equality see an ordinary property.
 * @example withLazyDebug(result, () => buildDebug()).debug
 */
export function withLazyDebug(result: Omit<PlanResult, 'debug'>, build: () => PlanDebug): PlanResult {
  let cached: PlanDebug | undefined;
  return Object.defineProperty(result, 'debug', {
    enumerable: true,
    configurable: true,
    get: () => (cached ??= build()),
  }) as PlanResult;
}

/**
 * The BASIC `debug` section: the engine's version, the rounding rule and the steps from the
 * subtotal to the total. Small and the same size for every request.
 * @example basicDebug(plan, totals).totals.pre // '99.99'
 */
export function basicDebug(plan: ResolvedPlan, totals: Totals): PlanDebug {
  const digits = plan.minorDigits;
  return {
    engineVersion: ENGINE_VERSION,
    rounding: `half-up to ${digits} decimal places (${plan.currency}), only per line (base, addons), on the pooled overage, on the percent discount and on tax`,
    totals: {
      pre: formatMoney(totals.pre, digits),
      percentOff: formatMoney(totals.percentOff, digits),
      couponOff: formatMoney(totals.couponOff, digits),
      discounted: formatMoney(totals.discounted, digits),
      taxRate: decText(plan.terms.taxRate),
    },
  };
}

/**
 * The FULL `debug` section: the BASIC one plus, per instance and price, its units, free
 * units, factor, model breakdown and exact amount, and the pooled figures.
 * @example buildDebug(plan, priced, totals).instances?.length
 */
export function buildDebug(plan: ResolvedPlan, priced: PricedPlan, totals: Totals): PlanDebug {
  const { engineVersion, rounding, totals: steps } = basicDebug(plan, totals);
  return {
    engineVersion,
    rounding,
    cycleHours: decText(plan.cycleHours),
    capHours: plan.capHours === null ? null : decText(plan.capHours),
    instances: priced.instances.map((instance): InstanceDebug => {
      const frame = frameOf(EXACT, instance, plan);
      return {
        instanceLabel: instance.label,
        quantity: decText(instance.quantity),
        hours: instance.hours === null ? decText(plan.cycleHours) : toText(EXACT.reading(instance.hours)),
        billableHours: toText(frame.billableHours),
        prorationFactor: toText(frame.prorationFactor),
        prices: describeInstancePrices(plan, instance, frame),
      };
    }),
    pooled: priced.pooled.map((charge) => describeTrace(charge.trace, null)),
    totals: steps,
  };
}
