import { decIsZero } from '../money/decimal.js';
import { mulDec, R0, rat, add } from '../money/rational.js';
import { tierOf } from './tiered-graduated.js';
import type { ModelInput, ModelResult, ResolvedTier } from './types.js';
import { NO_BREAKDOWN } from './types.js';

/**
 * TIERED, volume: the tier holding the last unit (`s < q <= e`; q = 0 picks the first tier)
 * prices all units: `q x unitAmount + flatFee`.
 * @example volumeModel(tiers([0,5) $7, [5,10) $6.50, [10,inf) $6)), q = 6) // 39.00
 */
export function volumeModel(spec: { readonly tiers: readonly ResolvedTier[] }, input: ModelInput, explained = true): ModelResult {
  const q = input.units;
  const chosen = spec.tiers[tierOf(spec.tiers, q)];
  if (chosen === undefined) return { amount: R0, breakdown: { mode: 'volume', units: q, tier: null } };
  const scaled = mulDec(q, chosen.unitAmount);
  return {
    amount: decIsZero(chosen.flatFee) ? scaled : add(scaled, rat(chosen.flatFee)),
    breakdown: explained
      ? { mode: 'volume', units: q, tier: chosen.index, unitAmount: chosen.unitAmount, flatFee: chosen.flatFee }
      : NO_BREAKDOWN,
  };
}
