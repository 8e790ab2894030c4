import type { Calculator } from '../money/calculator.js';
import type { ViolationCollector } from '../validation/collector.js';
import type { InstanceFrame, PriceTrace } from './price-on-instance.js';
import { priceOnInstance } from './price-on-instance.js';
import type { PlanPrices, ResolvedInstance } from '../resolved/resolved-plan.js';

/** The exact sums of one instance, before the line's rounding. */
export interface InstanceAmounts<V> {
  /** Sum of its BASE price amounts. */
  readonly base: V;
  /** Sum of its ADDON price amounts (every add-on entry). */
  readonly addons: V;
}

/**
 * Prices every BASE price and every add-on entry of one instance on the calculator `c`. With
 * `traces`, records how each amount came about (models explained), for `debug`.
 * @example priceInstance(EXACT, plan, instance, frame, v, null).base
 */
export function priceInstance<V>(
  c: Calculator<V>,
  plan: PlanPrices,
  instance: ResolvedInstance,
  frame: InstanceFrame<V>,
  v: ViolationCollector,
  traces: PriceTrace<V>[] | null,
): InstanceAmounts<V> {
  let base = c.zero;
  const basePrices = plan.basePrices;
  for (let j = 0; j < basePrices.length; j += 1) {
    base = c.add(base, priceOnInstance(c, basePrices[j] as PlanPrices['basePrices'][number], frame, instance.usage, frame.quantity, -1, v, traces));
  }
  let addons = c.zero;
  for (let entryIndex = 0; entryIndex < instance.addons.length; entryIndex += 1) {
    const entry = instance.addons[entryIndex] as ResolvedInstance['addons'][number];
    const prices = plan.addonPrices.get(entry.code);
    if (prices === undefined) continue;
    // NOTE: a licensed add-on counts quantity x its usage when that usage is a bare number (e.g. 3 IPs).
    const licensed = entry.usage.kind === 'number' ? c.mul(frame.quantity, c.reading(entry.usage.value)) : frame.quantity;
    for (const price of prices) addons = c.add(addons, priceOnInstance(c, price, frame, entry.usage, licensed, entryIndex, v, traces));
  }
  return { base, addons };
}
