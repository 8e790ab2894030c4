import type { Decimal } from '../money/big.js';
import type { Rational } from '../money/rational.js';
import { toText } from '../money/rational.js';
import { ENGINE_VERSION } from '../constants.js';
import { formatMoney } from '../money/format.js';
import type { InstanceDebug, PlanDebug, PlanResult, PriceDebug } from '../schema/result-types.js';
import type { PricedPlan } from './calculate-plan.js';
import type { ResolvedPlan } from './resolved.js';
import type { Totals } from './totals.js';
import type { PriceTrace } from './price-on-instance.js';

function isDecimal(value: object): value is Decimal {
  return 'c' in value && 'e' in value && 's' in value;
}

function isRational(value: object): value is Rational {
  return 'n' in value && 'd' in value && Object.keys(value).length === 2;
}

/**
 * Turns exact values inside a breakdown into text (decimals, or `n/d` fractions).
 * @example describe({ units: rat(new Dec(1), new Dec(3)) }) // { units: '1/3' }
 */
export function describe(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (isDecimal(value)) return value.toString();
  if (isRational(value)) return toText(value);
  if (Array.isArray(value)) return value.map(describe);
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = describe(inner);
  return out;
}

/**
 * The debug entry of one price amount.
 * @example describeTrace(trace).amount // '5'
 */
export function describeTrace(trace: PriceTrace): PriceDebug {
  const { price } = trace;
  const entry: PriceDebug = {
    priceIndex: price.index,
    productType: `PRODUCT_TYPE_${price.productType}`,
    pricingModel: price.pricingModel,
    chargeTiming: price.chargeTiming,
    units: toText(trace.units),
    freeUnits: toText(trace.freeUnits),
    billedUnits: toText(trace.billedUnits),
    modelAmount: toText(trace.model.amount),
    breakdown: describe(trace.model.breakdown) as Record<string, unknown>,
    timeFactor: toText(trace.timeFactor),
    clamp: trace.clamp,
    amount: toText(trace.amount),
  };
  if (trace.addon !== null) entry.addon = { code: trace.addon.code, entryIndex: trace.addon.entryIndex };
  if (price.metric !== null) entry.metricName = price.metric;
  return entry;
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
 * The `debug` section: per instance and price its units, free units, factor, model breakdown
 * and exact amount; the pooled figures; the steps to the total; version and rounding rule.
 * @example buildDebug(plan, priced, traces, totals).engineVersion
 */
export function buildDebug(plan: ResolvedPlan, priced: PricedPlan, traces: readonly PriceTrace[][], totals: Totals): PlanDebug {
  const digits = plan.minorDigits;
  return {
    engineVersion: ENGINE_VERSION,
    rounding: `half-up to ${digits} decimal places (${plan.currency}), only per line (base, addons), on the pooled overage, on the percent discount and on tax`,
    cycleHours: plan.cycleHours.toString(),
    capHours: plan.capHours === null ? null : plan.capHours.toString(),
    instances: plan.instances.map((instance, i): InstanceDebug => {
      const frame = priced.frames[i];
      return {
        instanceLabel: instance.label,
        quantity: instance.quantity.toString(),
        hours: (instance.hours ?? plan.cycleHours).toString(),
        billableHours: frame ? toText(frame.billableHours) : '',
        prorationFactor: frame ? toText(frame.prorationFactor) : '',
        prices: (traces[i] ?? []).map(describeTrace),
      };
    }),
    pooled: priced.pooled.map((charge) => describeTrace(charge.trace)),
    totals: {
      pre: formatMoney(totals.pre, digits),
      percentOff: formatMoney(totals.percentOff, digits),
      couponOff: formatMoney(totals.couponOff, digits),
      discounted: formatMoney(totals.discounted, digits),
      taxRate: plan.taxRate.toString(),
    },
  };
}
