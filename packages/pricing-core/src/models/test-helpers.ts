import { Dec } from '../money/big.js';
import type { Rational } from '../money/rational.js';
import { R0, R1, rat, roundTo } from '../money/rational.js';
import type { ModelInput, ResolvedTier } from './types.js';

/** A model input with `units` and sensible defaults. */
export function input(units: string | number, overrides: Partial<ModelInput> = {}): ModelInput {
  return { units: rat(new Dec(units)), quantity: R1, hours: rat(new Dec(730)), cycleHours: rat(new Dec(730)), usage: { read: () => R0 }, ...overrides };
}

/** Tiers from `[start, end | null, unitAmount, flatFee?]` rows, already sorted. */
export function tiers(rows: readonly [number, number | null, string, string?][]): ResolvedTier[] {
  return rows.map(([start, end, unitAmount, fee], index) => ({
    index,
    start: rat(new Dec(start)),
    end: end === null ? null : rat(new Dec(end)),
    unitAmount: new Dec(unitAmount),
    flatFee: new Dec(fee ?? 0),
  }));
}

/** An exact amount rounded to cents, as text. */
export function cents(amount: Rational): string {
  return roundTo(amount, 2).toFixed(2);
}
