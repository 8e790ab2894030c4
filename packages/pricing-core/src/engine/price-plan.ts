import { decIsZero, decPlus } from '../money/decimal.js';
import type { Decimal } from '../money/decimal.js';
import { formatMoney, roundMoney } from '../money/format.js';
import { R0, rat } from '../money/rational.js';
import { decimalOfScaled, formatScaled, isSafe } from '../money/scaled.js';
import type { LineItem } from '../schema/result-types.js';
import type { ViolationCollector } from '../validation/collector.js';
import { compileFastPlan } from './fast-lane.js';
import { FastLine, priceFast } from './fast-instance.js';
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

// NOTE: the line subtotals of the fast lane are summed in an integer, joined to the exact sum
// before a line would take it past 2^53 - 1 (a sum of safe integers past it is caught as such).

/**
 * Prices every instance and every pooled USAGE price. Formula failures go to `v`. Instances
 * the fast lane can price (see fast-lane.ts) are priced there; the others by the exact path.
 * @example pricePlan(plan, new ViolationCollector()).subtotal
 */
export function pricePlan(plan: ResolvedPlan, v: ViolationCollector): PricedPlan {
  const digits = plan.minorDigits;
  const cycleHours = rat(plan.cycleHours);
  const count = plan.instances.length;
  const pools = plan.usagePrices.map((price) => new Pool(price, plan.cycleHours));
  const lineItems = new Array<LineItem>(count);
  let subtotal = roundMoney(R0, digits);
  const zeroText = formatMoney(subtotal, digits);
  const sent = plan.instances.sent;
  const lane = sent === undefined ? undefined : compileFastPlan(plan);
  const line = new FastLine(pools.length);
  let fastSubtotal = 0;
  for (let i = 0; i < count; i += 1) {
    let label: string;
    let quantity: number;
    let baseText: string;
    let addonsText = zeroText;
    let subtotalText: string;
    const raw = sent?.[i] as Record<string, unknown>;
    if (lane !== undefined && priceFast(lane, raw, digits, line)) {
      for (let j = 0; j < pools.length; j += 1) {
        const figures = line.poolFigures;
        (pools[j] as Pool).addCounts(figures[2 * j] as number, figures[2 * j + 1] as number);
      }
      const lineSubtotal = line.base + line.addons;
      if (!isSafe(fastSubtotal + lineSubtotal)) {
        subtotal = decPlus(subtotal, decimalOfScaled(fastSubtotal, digits));
        fastSubtotal = 0;
      }
      fastSubtotal += lineSubtotal;
      label = labelOf(raw, i);
      quantity = line.quantity;
      baseText = formatScaled(line.base, digits);
      subtotalText = baseText;
      if (line.addons !== 0) [addonsText, subtotalText] = [formatScaled(line.addons, digits), formatScaled(lineSubtotal, digits)];
    } else {
      const instance = plan.instances.at(i) as ResolvedInstance;
      const frame = frameOf(instance, plan, cycleHours);
      for (const pool of pools) pool.addInstance(frame, instance);
      const amounts = priceInstance(plan, instance, frame, v, null);
      const base = roundMoney(amounts.base, digits);
      const addons = roundMoney(amounts.addons, digits);
      const lineSubtotal = decPlus(base, addons);
      subtotal = decPlus(subtotal, lineSubtotal);
      label = instance.label;
      quantity = instance.quantityNumber;
      // NOTE: a line without add-ons (a common case) shares its texts: base and subtotal are equal.
      baseText = formatMoney(base, digits);
      subtotalText = baseText;
      if (!decIsZero(addons)) [addonsText, subtotalText] = [formatMoney(addons, digits), formatMoney(lineSubtotal, digits)];
    }
    lineItems[i] = { instanceLabel: label, quantity, base: baseText, addons: addonsText, subtotal: subtotalText, currency: plan.currency };
  }
  if (fastSubtotal !== 0) subtotal = decPlus(subtotal, decimalOfScaled(fastSubtotal, digits));
  const pooled = pools.map((pool) => pooledCharge(pool, plan.instances, cycleHours, v));
  return { lineItems, pooled, subtotal };
}

/** The label of an instance as sent (as `resolveInstance` makes it). */
function labelOf(raw: Record<string, unknown>, index: number): string {
  const region = raw.region;
  return typeof region === 'string' && region !== '' ? `instance-${index + 1} (${region})` : `instance-${index + 1}`;
}
