import { decIsZero, decPlus } from '../money/decimal.js';
import type { Decimal } from '../money/decimal.js';
import { formatMoney, roundMoney } from '../money/format.js';
import { R0, rat } from '../money/rational.js';
import type { LineItem } from '../schema/result-types.js';
import type { ViolationCollector } from '../validation/collector.js';
import { frameOf } from './frame.js';
import { priceInstance } from './price-instance.js';
import type { PooledCharge } from './pooled.js';
import { Pool } from './pool.js';
import { pooledCharge } from './pooled.js';
import type { ResolvedInstance, ResolvedPlan } from '../resolved/resolved-plan.js';

/** Everything priced, before formatting. */
export interface PricedPlan {
  /** Line items in instance order. */
  readonly lineItems: LineItem[];
  /** Pooled USAGE charges in price order. */
  readonly pooled: readonly PooledCharge[];
  /** Sum of the line subtotals. */
  readonly subtotal: Decimal;
}

/**
 * Prices every instance and every pooled USAGE price. Formula failures go to `v`.
 * @example pricePlan(plan, new ViolationCollector()).subtotal
 */
export function pricePlan(plan: ResolvedPlan, v: ViolationCollector): PricedPlan {
  const digits = plan.minorDigits;
  const cycleHours = rat(plan.cycleHours);
  const count = plan.instances.length;
  const pools = plan.usagePrices.map((price) => new Pool(price));
  const lineItems = new Array<LineItem>(count);
  let subtotal = roundMoney(R0, digits);
  const zeroText = formatMoney(subtotal, digits);
  for (let i = 0; i < count; i += 1) {
    const instance = plan.instances.at(i) as ResolvedInstance;
    const frame = frameOf(instance, plan, cycleHours);
    for (const pool of pools) pool.addInstance(frame, instance);
    const amounts = priceInstance(plan, instance, frame, v, null);
    const base = roundMoney(amounts.base, digits);
    const addons = roundMoney(amounts.addons, digits);
    const lineSubtotal = decPlus(base, addons);
    subtotal = decPlus(subtotal, lineSubtotal);
    // NOTE: a line without add-ons (a common case) shares its texts: base and subtotal are equal.
    const baseText = formatMoney(base, digits);
    const noAddons = decIsZero(addons);
    lineItems[i] = {
      instanceLabel: instance.label,
      quantity: instance.quantityNumber,
      base: baseText,
      addons: noAddons ? zeroText : formatMoney(addons, digits),
      subtotal: noAddons ? baseText : formatMoney(lineSubtotal, digits),
      currency: plan.currency,
    };
  }
  const pooled = pools.map((pool) => pooledCharge(pool, plan.instances, cycleHours, v));
  return { lineItems, pooled, subtotal };
}
