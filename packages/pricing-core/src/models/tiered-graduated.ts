import type { Calculator } from '../money/calculator.js';
import type { Rational } from '../money/rational.js';
import { add, mulDec, R0, rat, sub } from '../money/rational.js';
import type { ModelInput, ModelResult, ResolvedTier } from './types.js';
import { NO_BREAKDOWN } from './types.js';

/**
 * `charged[k]`: what every tier below k charges in full, plus tier k's flat fee, so pricing q
 * is one lookup and `charged[k] + (q - s_k) x unitAmount_k`, not a walk that adds every lower
 * tier again. Made once when the tiers are resolved.
 * @example chargedBefore(tiers([0,5) $7, [5,10) $6.50)))[1] // 35
 */
export function chargedBefore(tiers: readonly ResolvedTier[]): readonly Rational[] {
  const list: Rational[] = [];
  let full = R0;
  for (const tier of tiers) {
    const fee = rat(tier.flatFee);
    list.push(add(full, fee));
    if (tier.end !== null) full = add(full, add(mulDec(sub(tier.end, tier.start), tier.unitAmount), fee));
  }
  return list;
}

/** The index of the tier holding the last unit (`s < q <= e`; q = 0 is in the first tier). */
export function tierOf<V>(c: Calculator<V>, tiers: readonly ResolvedTier[], q: V): number {
  // NOTE: tiers are sorted and contiguous, so their ends increase: a binary search, not a walk.
  let low = 0;
  let high = tiers.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    const end = (tiers[middle] as ResolvedTier).end;
    if (end === null || c.compare(q, c.rat(end)) <= 0) high = middle;
    else low = middle + 1;
  }
  return low;
}

function explain<V>(c: Calculator<V>, tiers: readonly ResolvedTier[], q: V, last: number): Readonly<Record<string, unknown>> {
  const used: { tier: number; units: V; unitAmount: unknown; flatFee: unknown }[] = [];
  for (let i = 0; i <= last; i += 1) {
    const tier = tiers[i] as ResolvedTier;
    const end = tier.end === null ? null : c.rat(tier.end);
    const top = end !== null && c.compare(q, end) > 0 ? end : q;
    used.push({ tier: tier.index, units: c.excess(top, c.rat(tier.start)), unitAmount: tier.unitAmount, flatFee: tier.flatFee });
  }
  return { mode: 'graduated', units: q, tiers: used };
}

/**
 * TIERED, graduated: each tier `[s, e)` prices the units it holds, `max(0, min(q, e) - s) x
 * unitAmount`, plus its flat fee when it holds any; the first tier's fee is charged even at 0.
 * @example graduatedModel(EXACT, spec([0,5) $7, [5,10) $6.50, [10,inf) $6)), q = 6) // 41.50
 */
export function graduatedModel<V>(
  c: Calculator<V>,
  spec: { readonly tiers: readonly ResolvedTier[]; readonly charged: readonly Rational[] },
  input: ModelInput<V>,
  explained = true,
): ModelResult<V> {
  const q = input.units;
  const tiers = spec.tiers;
  if (tiers.length === 0) return { amount: c.zero, breakdown: explained ? { mode: 'graduated', units: q, tiers: [] } : NO_BREAKDOWN };
  // NOTE: tiers are sorted and contiguous; the tier holding q is the last one with units, and
  // the first tier's flat fee is due even at q = 0 (Stripe, Lago).
  const k = tierOf(c, tiers, q);
  const tier = tiers[k] as ResolvedTier;
  const units = c.excess(q, c.rat(tier.start));
  const fixed = c.rat(spec.charged[k] as Rational);
  const amount = c.isZero(units) ? fixed : c.add(c.mul(units, c.dec(tier.unitAmount)), fixed);
  return { amount, breakdown: explained ? explain(c, tiers, q, k) : NO_BREAKDOWN };
}
