import type { Calculator } from '../money/calculator.js';
import { decIsZero } from '../money/decimal.js';
import { tierOf } from './tiered-graduated.js';
import type { ModelInput, ModelResult, ResolvedTier } from './types.js';
import { NO_BREAKDOWN } from './types.js';

/**
 * TIERED, volume: the tier holding the last unit (`s < q <= e`; q = 0 picks the first tier)
 * prices all units: `q x unitAmount + flatFee`.
 * @example volumeModel(EXACT, { tiers: tiers([0,5) $7, [5,10) $6.50, [10,inf) $6)) }, q = 6) // 39.00
 */
export function volumeModel<V>(c: Calculator<V>, spec: { readonly tiers: readonly ResolvedTier[] }, input: ModelInput<V>, explained = true): ModelResult<V> {
  const q = input.units;
  const chosen = spec.tiers[tierOf(c, spec.tiers, q)];
  if (chosen === undefined) return { amount: c.zero, breakdown: { mode: 'volume', units: q, tier: null } };
  const scaled = c.mul(q, c.dec(chosen.unitAmount));
  return {
    amount: decIsZero(chosen.flatFee) ? scaled : c.add(scaled, c.dec(chosen.flatFee)),
    breakdown: explained
      ? { mode: 'volume', units: q, tier: chosen.index, unitAmount: chosen.unitAmount, flatFee: chosen.flatFee }
      : NO_BREAKDOWN,
  };
}
