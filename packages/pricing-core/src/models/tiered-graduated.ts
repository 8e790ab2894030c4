import type { Rational } from '../money/rational.js';
import { add, cmp, isZero, mulDec, R0, rat, sub } from '../money/rational.js';
import type { ModelInput, ModelResult, ResolvedTier } from './types.js';

/**
 * TIERED, graduated: each tier `[s, e)` prices the units it holds, `max(0, min(q, e) - s) x
 * unitAmount`, plus its flat fee when it holds any; the first tier's fee is charged even at 0.
 * @example graduatedModel(tiers([0,5) $7, [5,10) $6.50, [10,inf) $6)), q = 6) // 41.50
 */
export function graduatedModel(spec: { readonly tiers: readonly ResolvedTier[] }, input: ModelInput): ModelResult {
  const q = input.units;
  let amount: Rational = R0;
  const used: { tier: number; units: Rational; unitAmount: unknown; flatFee: unknown }[] = [];
  for (let i = 0; i < spec.tiers.length; i += 1) {
    const tier = spec.tiers[i];
    if (tier === undefined) break;
    // NOTE: tiers are sorted and contiguous, so the first tier starting at or above q ends the walk;
    // the first tier is always visited because its flat fee is due even at q = 0 (Stripe, Lago).
    if (i > 0 && cmp(q, tier.start) <= 0) break;
    const top = tier.end !== null && cmp(q, tier.end) > 0 ? tier.end : q;
    const inTier = sub(top, tier.start);
    const units = isZero(inTier) || inTier.n.s < 0 ? R0 : inTier;
    amount = add(amount, add(mulDec(units, tier.unitAmount), rat(tier.flatFee)));
    used.push({ tier: tier.index, units, unitAmount: tier.unitAmount, flatFee: tier.flatFee });
  }
  return { amount, breakdown: { mode: 'graduated', units: q, tiers: used } };
}
