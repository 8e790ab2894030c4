import type { Rational } from '../money/rational.js';
import { add, isPlain, mulDec, R0 } from '../money/rational.js';
import type { ViolationCollector } from '../validation/collector.js';
import type { InstanceFrame, PriceTrace } from './price-on-instance.js';
import { priceOnInstance } from './price-on-instance.js';
import type { ResolvedInstance, ResolvedPlan } from '../resolved/resolved-plan.js';

/** The exact sums of one instance, before the line's rounding. */
export interface InstanceAmounts {
  /** Sum of its BASE price amounts. */
  readonly base: Rational;
  /** Sum of its ADDON price amounts (every add-on entry). */
  readonly addons: Rational;
}

/**
 * Prices every BASE price and every add-on entry of one instance. With `traces`, records how
 * each amount came about (models explained), for `debug`.
 * @example priceInstance(plan, instance, frame, v, null).base
 */
export function priceInstance(
  plan: ResolvedPlan,
  instance: ResolvedInstance,
  frame: InstanceFrame,
  v: ViolationCollector,
  traces: PriceTrace[] | null,
): InstanceAmounts {
  // NOTE: amounts over denominator 1 are summed apart and joined to the fractions once, so a
  // fraction (a prorated price, say) is not scaled up at every addition.
  let base = R0;
  let baseFractions = R0;
  for (const price of plan.basePrices) {
    const amount = priceOnInstance(price, frame, instance.usage, frame.quantity, -1, v, traces);
    if (isPlain(amount)) base = add(base, amount);
    else baseFractions = add(baseFractions, amount);
  }
  let addons = R0;
  let addonFractions = R0;
  for (let entryIndex = 0; entryIndex < instance.addons.length; entryIndex += 1) {
    const entry = instance.addons[entryIndex] as ResolvedInstance['addons'][number];
    const prices = plan.addonPrices.get(entry.code);
    if (prices === undefined) continue;
    // NOTE: a licensed add-on counts quantity x its usage when that usage is a bare number (e.g. 3 IPs).
    const licensed = entry.usage.kind === 'number' ? mulDec(frame.quantity, entry.usage.value) : frame.quantity;
    for (const price of prices) {
      const amount = priceOnInstance(price, frame, entry.usage, licensed, entryIndex, v, traces);
      if (isPlain(amount)) addons = add(addons, amount);
      else addonFractions = add(addonFractions, amount);
    }
  }
  return { base: add(baseFractions, base), addons: add(addonFractions, addons) };
}
