import { add, cmp, mulDec, R0, rat } from '../money/rational.js';
import type { ModelInput, ModelResult, ResolvedTier } from './types.js';

/**
 * TIERED, volume: the tier holding the last unit (`s < q <= e`; q = 0 picks the first tier)
 * prices all units: `q x unitAmount + flatFee`.
 * @example volumeModel(tiers([0,5) $7, [5,10) $6.50, [10,inf) $6)), q = 6) // 39.00
 */
export function volumeModel(spec: { readonly tiers: readonly ResolvedTier[] }, input: ModelInput): ModelResult {
  const q = input.units;
  let chosen = spec.tiers[0];
  for (const tier of spec.tiers) {
    chosen = tier;
    if (tier.end === null || cmp(q, tier.end) <= 0) break;
  }
  if (chosen === undefined) return { amount: R0, breakdown: { mode: 'volume', units: q, tier: null } };
  return {
    amount: add(mulDec(q, chosen.unitAmount), rat(chosen.flatFee)),
    breakdown: { mode: 'volume', units: q, tier: chosen.index, unitAmount: chosen.unitAmount, flatFee: chosen.flatFee },
  };
}
