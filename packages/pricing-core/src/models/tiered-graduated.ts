import type { Rational } from '../money/rational.js';
import { add, cmp, mulDec, R0, rat, sign, sub } from '../money/rational.js';
import type { ModelInput, ModelResult, ResolvedTier } from './types.js';
import { NO_BREAKDOWN } from './types.js';

// NOTE: `charged[k]` is what every tier below k charges in full, plus tier k's flat fee, so
// pricing q is one lookup and `charged[k] + (q - s_k) x unitAmount_k`, not a walk that adds
// every lower tier again. Computed once per tier table (tables are resolved once per request).
const chargedCache = new WeakMap<readonly ResolvedTier[], readonly Rational[]>();

function chargedBefore(tiers: readonly ResolvedTier[]): readonly Rational[] {
  let charged = chargedCache.get(tiers);
  if (charged !== undefined) return charged;
  const list: Rational[] = [];
  let full = R0;
  for (const tier of tiers) {
    const fee = rat(tier.flatFee);
    list.push(add(full, fee));
    if (tier.end !== null) full = add(full, add(mulDec(sub(tier.end, tier.start), tier.unitAmount), fee));
  }
  charged = list;
  chargedCache.set(tiers, charged);
  return charged;
}

/** The index of the tier holding the last unit (`s < q <= e`; q = 0 is in the first tier). */
export function tierOf(tiers: readonly ResolvedTier[], q: Rational): number {
  // NOTE: tiers are sorted and contiguous, so their ends increase: a binary search, not a walk.
  let low = 0;
  let high = tiers.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    const end = (tiers[middle] as ResolvedTier).end;
    if (end === null || cmp(q, end) <= 0) high = middle;
    else low = middle + 1;
  }
  return low;
}

function explain(tiers: readonly ResolvedTier[], q: Rational, last: number): Readonly<Record<string, unknown>> {
  const used: { tier: number; units: Rational; unitAmount: unknown; flatFee: unknown }[] = [];
  for (let i = 0; i <= last; i += 1) {
    const tier = tiers[i] as ResolvedTier;
    const top = tier.end !== null && cmp(q, tier.end) > 0 ? tier.end : q;
    const inTier = sub(top, tier.start);
    used.push({ tier: tier.index, units: sign(inTier) <= 0 ? R0 : inTier, unitAmount: tier.unitAmount, flatFee: tier.flatFee });
  }
  return { mode: 'graduated', units: q, tiers: used };
}

/**
 * TIERED, graduated: each tier `[s, e)` prices the units it holds, `max(0, min(q, e) - s) x
 * unitAmount`, plus its flat fee when it holds any; the first tier's fee is charged even at 0.
 * @example graduatedModel(tiers([0,5) $7, [5,10) $6.50, [10,inf) $6)), q = 6) // 41.50
 */
export function graduatedModel(spec: { readonly tiers: readonly ResolvedTier[] }, input: ModelInput, explained = true): ModelResult {
  const q = input.units;
  const tiers = spec.tiers;
  if (tiers.length === 0) return { amount: R0, breakdown: explained ? { mode: 'graduated', units: q, tiers: [] } : NO_BREAKDOWN };
  // NOTE: tiers are sorted and contiguous; the tier holding q is the last one with units, and
  // the first tier's flat fee is due even at q = 0 (Stripe, Lago).
  const k = tierOf(tiers, q);
  const tier = tiers[k] as ResolvedTier;
  const inTier = sub(q, tier.start);
  const units = sign(inTier) <= 0 ? null : inTier;
  const fixed = chargedBefore(tiers)[k] as Rational;
  const amount = units === null ? fixed : add(mulDec(units, tier.unitAmount), fixed);
  return { amount, breakdown: explained ? explain(tiers, q, k) : NO_BREAKDOWN };
}
