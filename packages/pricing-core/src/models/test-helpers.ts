import { decOf } from '../money/decimal.js';
import { formatMoney, roundMoney } from '../money/format.js';
import type { Rational } from '../money/rational.js';
import { R0, R1, rat } from '../money/rational.js';
import type { ModelInput, ResolvedTier } from './types.js';
import { chargedBefore } from './tiered-graduated.js';

/** A model input with `units` and sensible defaults. */
export function input(units: string | number, overrides: Partial<ModelInput> = {}): ModelInput {
  return { units: rat(decOf(units)), quantity: R1, hours: rat(decOf(730)), cycleHours: rat(decOf(730)), usage: { read: () => R0 }, ...overrides };
}

/** Tiers from `[start, end | null, unitAmount, flatFee?]` rows, already sorted. */
export function tiers(rows: readonly [number, number | null, string, string?][]): ResolvedTier[] {
  return rows.map(([start, end, unitAmount, fee], index) => ({
    index,
    start: rat(decOf(start)),
    end: end === null ? null : rat(decOf(end)),
    unitAmount: decOf(unitAmount),
    flatFee: decOf(fee ?? 0),
  }));
}

/** An exact amount rounded to cents, as text. */
export function cents(amount: Rational): string {
  return formatMoney(roundMoney(amount, 2), 2);
}

/** A graduated spec from sorted tiers (with what each tier's lower ones charge in full). */
export function graduated(list: ResolvedTier[]): { tiers: ResolvedTier[]; charged: readonly Rational[] } {
  return { tiers: list, charged: chargedBefore(list) };
}
