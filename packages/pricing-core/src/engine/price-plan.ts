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
import type { InstanceSink, PlanPrices, ResolvedInstance } from '../resolved/resolved-plan.js';

/** Everything priced, before formatting. */
export interface PricedPlan {
  /** Line items in instance order. */
  readonly lineItems: LineItem[];
  /** Pooled USAGE charges in price order. */
  readonly pooled: readonly PooledCharge[];
  /** Sum of the line subtotals. */
  readonly subtotal: Decimal;
  /** The instances, when kept (see `PlanPricer`); else none. */
  readonly instances: readonly ResolvedInstance[];
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
function priceLine<V>(c: Calculator<V>, plan: PlanPrices, instance: ResolvedInstance, pools: readonly Pool[], shares: V[], v: ViolationCollector, line: Line): void {
  const frame = frameOf(c, instance, plan);
  for (let j = 0; j < pools.length; j += 1) (pools[j] as Pool).shareOf(c, frame, instance, shares, 2 * j);
  const amounts = priceInstance(c, plan, instance, frame, v, null);
  line.base = c.money(amounts.base, plan.minorDigits);
  line.addons = c.money(amounts.addons, plan.minorDigits);
  for (let j = 0; j < pools.length; j += 1) (pools[j] as Pool).add(c, shares[2 * j] as V, shares[2 * j + 1] as V);
}

/**
 * Prices the instances as they come (see `InstanceSink`), then every pooled USAGE price. Each
 * instance is priced on the safe-integer fractions (SMALL) and, when a value leaves them (or
 * `exact` asks), on the rationals (EXACT); both are exact, so the result is the same. Formula
 * failures go to `v`. An instance is kept after its line item only when a later reader needs it:
 * the FULL view (`keep`), or a pooled formula, which may read another metric summed over all
 * instances.
 * @example const pricer = new PlanPricer(prices, v, false, false); pricer.add(instance); pricer.finish().subtotal
 */
export class PlanPricer implements InstanceSink {
  private readonly pools: readonly Pool[];
  private readonly shares: unknown[];
  private readonly lineItems: LineItem[] = [];
  private readonly kept: ResolvedInstance[] | undefined;
  private readonly zeroText: string;
  private readonly line = new Line();
  private subtotal: Decimal = ZERO;
  private smallCount = 0;

  constructor(
    private readonly plan: PlanPrices,
    private readonly v: ViolationCollector,
    private readonly exact: boolean,
    keep: boolean,
  ) {
    this.pools = plan.usagePrices.map((price) => new Pool(price));
    this.shares = new Array<unknown>(2 * this.pools.length);
    this.zeroText = formatMoney(ZERO, plan.minorDigits);
    this.kept = keep || plan.usagePrices.some((price) => price.model.kind === 'FORMULA') ? [] : undefined;
  }

  add(instance: ResolvedInstance): void {
    const { plan, pools, shares, v, line } = this;
    const digits = plan.minorDigits;
    let priced = false;
    if (!this.exact) {
      try {
        priceLine(SMALL, plan, instance, pools, shares, v, line);
        priced = true;
        this.smallCount += 1;
      } catch (error) {
        if (error !== SMALL_OVERFLOW) throw error;
      }
    }
    if (!priced) priceLine(EXACT, plan, instance, pools, shares, v, line);
    const { base, addons } = line;
    const lineSubtotal = decPlus(base, addons);
    this.subtotal = decPlus(this.subtotal, lineSubtotal);
    // NOTE: a line without add-ons (a common case) shares its texts: base and subtotal are equal.
    const baseText = formatMoney(base, digits);
    const noAddons = decIsZero(addons);
    this.lineItems.push({
      instanceLabel: instance.label,
      quantity: instance.quantityNumber,
      base: baseText,
      addons: noAddons ? this.zeroText : formatMoney(addons, digits),
      subtotal: noAddons ? baseText : formatMoney(lineSubtotal, digits),
      currency: plan.currency,
    });
    this.kept?.push(instance);
  }

  /** The pooled charges, once every instance is added; `stats` counts the instances each calculator priced. */
  finish(stats?: PricingStats): PricedPlan {
    const count = this.lineItems.length;
    if (stats !== undefined) {
      stats.smallInstances += this.smallCount;
      stats.exactInstances += count - this.smallCount;
    }
    const cycleHours = rat(this.plan.cycleHours);
    const instances = this.kept ?? [];
    const pooled = this.pools.map((pool) => pooledCharge(pool, instances, cycleHours, this.v));
    return { lineItems: this.lineItems, pooled, subtotal: this.subtotal, instances };
  }
}
