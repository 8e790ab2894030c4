import type { Calculator } from '../money/calculator.js';
import { EXACT, SMALL, SMALL_OVERFLOW } from '../money/calculator.js';
import type { Decimal } from '../money/decimal.js';
import { decIsZero, decPlus, ZERO } from '../money/decimal.js';
import { formatMoney } from '../money/format.js';
import { rat } from '../money/rational.js';
import type { LineItem } from '../schema/result-types.js';
import type { ViolationCollector } from '../validation/collector.js';
import type { PricingStats } from '../limits.js';
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

/** One line's rounded amounts (reused from instance to instance). */
class Line {
  base: Decimal = ZERO;
  addons: Decimal = ZERO;
}

/**
 * Prices one instance on the calculator `c` into `line` (rounded to the currency) and adds its
 * share to the pools; nothing is kept when SMALL gives up part way (it throws before any pool
 * is touched).
 */
function priceLine<V>(c: Calculator<V>, plan: ResolvedPlan, instance: ResolvedInstance, pools: readonly Pool[], shares: V[], v: ViolationCollector, line: Line): void {
  const frame = frameOf(c, instance, plan);
  for (let j = 0; j < pools.length; j += 1) (pools[j] as Pool).shareOf(c, frame, instance, shares, 2 * j);
  const amounts = priceInstance(c, plan, instance, frame, v, null);
  line.base = c.money(amounts.base, plan.minorDigits);
  line.addons = c.money(amounts.addons, plan.minorDigits);
  for (let j = 0; j < pools.length; j += 1) (pools[j] as Pool).add(c, shares[2 * j] as V, shares[2 * j + 1] as V);
}

/**
 * Prices every instance and every pooled USAGE price. Each instance is priced on the
 * safe-integer fractions (SMALL) and, when a value leaves them (or `exact` asks), on the
 * rationals (EXACT); both are exact, so the result is the same. Formula
 * failures go to `v`; `stats` counts the instances each calculator priced.
 * @example pricePlan(plan, new ViolationCollector(), false).subtotal
 */
export function pricePlan(plan: ResolvedPlan, v: ViolationCollector, exact: boolean, stats?: PricingStats): PricedPlan {
  const digits = plan.minorDigits;
  const count = plan.instances.length;
  const pools = plan.usagePrices.map((price) => new Pool(price));
  const shares: unknown[] = new Array<unknown>(2 * pools.length);
  const lineItems = new Array<LineItem>(count);
  const zeroText = formatMoney(ZERO, digits);
  const trySmall = !exact;
  const line = new Line();
  let subtotal = ZERO;
  let smallCount = 0;
  for (let i = 0; i < count; i += 1) {
    const instance = plan.instances.at(i) as ResolvedInstance;
    let priced = false;
    if (trySmall) {
      try {
        priceLine(SMALL, plan, instance, pools, shares, v, line);
        priced = true;
        smallCount += 1;
      } catch (error) {
        if (error !== SMALL_OVERFLOW) throw error;
      }
    }
    if (!priced) priceLine(EXACT, plan, instance, pools, shares, v, line);
    const { base, addons } = line;
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
  if (stats !== undefined) {
    stats.smallInstances += smallCount;
    stats.exactInstances += count - smallCount;
  }
  const cycleHours = rat(plan.cycleHours);
  const pooled = pools.map((pool) => pooledCharge(pool, plan.instances, cycleHours, v));
  return { lineItems, pooled, subtotal };
}
