import type { Decimal } from '../money/decimal.js';
import { isSafe, MAX_SCALED_SCALE, placesOf, placesOfRational, pow10, scaledIntOf, scaledIntOfRational, scaledLaneOpen } from '../money/scaled.js';
import type { ModelSpec, ResolvedTier } from '../models/types.js';
import type { ResolvedPlan, ResolvedPrice } from '../resolved/resolved-plan.js';

// NOTE: the fast lane of the engine (pricing.md section 0, "two paths"). A plan whose prices
// all have whole-number parameters where units are counted (tier bounds, free units, package
// sizes, unit quantity 1), no minimum or maximum charge and no formula is compiled once into
// scaled integers: every amount of a line is then an exact integer count of 10^-scale. An
// instance whose figures are all whole JSON numbers is priced from the request as sent, in
// integers, with no object made but its line item; any other instance (a decimal usage, a
// series, a string, a proration that does not terminate, an overflow of the safe range) is
// priced by the exact path, as before. Both give the same exact amounts; the law
// "fast == exact" and the examples hold them together.

/** The model kinds of the lane. */
export const FLAT = 0;
export const PER_UNIT = 1;
export const PACKAGE = 2;
export const GRADUATED = 3;
export const VOLUME = 4;

/** One price compiled to scaled integers. */
export interface FastPrice {
  readonly price: ResolvedPrice;
  readonly kind: number;
  /** Metric of a metered price, else null. */
  readonly metric: string | null;
  /** Whole free units per unit of quantity (0: none). */
  readonly free: number;
  readonly prorate: boolean;
  readonly hourly: boolean;
  /** Amount of FLAT/PER_UNIT/PACKAGE (unitAmount, rate, packagePrice) at `rateScale`. */
  readonly rate: number;
  /** Package size (PACKAGE). */
  readonly packageSize: number;
  /** Tier starts and ends (ends: Infinity when open), unit amounts and fixed parts (at `rateScale`). */
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  readonly unitAmounts: readonly number[];
  /** Graduated: what the tiers below charge plus the tier's fee; volume: the tier's fee. */
  readonly fixed: readonly number[];
  readonly rateScale: number;
  /** The period factor at `periodScale`. */
  readonly period: number;
  readonly periodScale: number;
  /** `10^periodScale`: a time factor of 1. */
  readonly one: number;
  /** `10^(line scale - rateScale - periodScale)`: brings an amount to the line scale. */
  readonly toLine: number;
}

/** A pooled USAGE price's share of an instance: its metric and whole free units. */
export interface FastPool {
  readonly metric: string;
  readonly free: number;
  readonly prorate: boolean;
}

/** A plan compiled for the lane. */
export interface FastPlan {
  readonly basePrices: readonly FastPrice[];
  readonly addonPrices: ReadonlyMap<string, readonly FastPrice[]>;
  /** The pooled USAGE prices, in `plan.usagePrices` order. */
  readonly pools: readonly FastPool[];
  /** Scale of the line amounts. */
  readonly lineScale: number;
  /** Cycle hours and cap hours (Infinity when none), whole. */
  readonly cycleHours: number;
  readonly capHours: number;
}

const whole = (x: Decimal): number => {
  const value = scaledIntOf(x, 0);
  return value >= 0 ? value : Number.NaN;
};

interface Tiers {
  starts: number[];
  ends: number[];
  unitAmounts: number[];
  fixed: number[];
}

function compileTiers(tiers: readonly ResolvedTier[], scale: number, graduated: boolean): Tiers | undefined {
  const out: Tiers = { starts: [], ends: [], unitAmounts: [], fixed: [] };
  let below = 0;
  for (const tier of tiers) {
    const start = scaledIntOfRational(tier.start, 0);
    const end = tier.end === null ? Number.POSITIVE_INFINITY : scaledIntOfRational(tier.end, 0);
    const unit = scaledIntOf(tier.unitAmount, scale);
    const fee = scaledIntOf(tier.flatFee, scale);
    if (!(start >= 0) || !(end >= start) || !isSafe(unit) || !isSafe(fee)) return undefined;
    out.starts.push(start);
    out.ends.push(end);
    out.unitAmounts.push(unit);
    out.fixed.push(graduated ? below + fee : fee);
    if (graduated && end !== Number.POSITIVE_INFINITY) below += (end - start) * unit + fee;
    if (!isSafe(below)) return undefined;
  }
  return out;
}

function rateScaleOf(model: ModelSpec): number {
  switch (model.kind) {
    case 'FLAT':
      return placesOf(model.unitAmount);
    case 'PER_UNIT':
      return placesOf(model.rate);
    case 'PACKAGE':
      return placesOf(model.packagePrice);
    case 'TIERED_GRADUATED':
    case 'TIERED_VOLUME':
      return Math.max(0, ...model.tiers.flatMap((tier) => [placesOf(tier.unitAmount), placesOf(tier.flatFee)]));
    default:
      return Number.NaN;
  }
}

const NONE: readonly number[] = [];

function compilePrice(price: ResolvedPrice): Omit<FastPrice, 'toLine'> | undefined {
  if (price.minimum !== null || price.maximum !== null || price.metric === '__proto__') return undefined;
  const model = price.model;
  const rateScale = rateScaleOf(model);
  const periodScale = placesOfRational(price.periodFactor);
  const period = scaledIntOfRational(price.periodFactor, periodScale);
  const free = whole(price.freeUnits);
  if (!(rateScale <= MAX_SCALED_SCALE) || !isSafe(period) || !isSafe(free)) return undefined;
  const common = { price, one: pow10(periodScale), metric: price.metric, free, prorate: price.prorate, hourly: price.period === 'HOURLY', rateScale, period, periodScale };
  const flat = { starts: NONE, ends: NONE, unitAmounts: NONE, fixed: NONE, packageSize: 1 };
  switch (model.kind) {
    case 'FLAT':
      return { ...common, ...flat, kind: FLAT, rate: scaledIntOf(model.unitAmount, rateScale) };
    case 'PER_UNIT':
      return scaledIntOf(model.unitQuantity, 0) === 1 ? { ...common, ...flat, kind: PER_UNIT, rate: scaledIntOf(model.rate, rateScale) } : undefined;
    case 'PACKAGE': {
      const size = whole(model.packageSize);
      return size > 0 ? { ...common, ...flat, packageSize: size, kind: PACKAGE, rate: scaledIntOf(model.packagePrice, rateScale) } : undefined;
    }
    case 'TIERED_GRADUATED':
    case 'TIERED_VOLUME': {
      const graduated = model.kind === 'TIERED_GRADUATED';
      const tiers = compileTiers(model.tiers, rateScale, graduated);
      return tiers === undefined ? undefined : { ...common, ...tiers, packageSize: 1, kind: graduated ? GRADUATED : VOLUME, rate: 0 };
    }
    default:
      return undefined;
  }
}

/**
 * The plan compiled for the fast lane, or undefined when a price needs the exact path (or the
 * exact path is forced).
 * @example compileFastPlan(plan)?.lineScale // 4 for a plan whose finest rate has 4 places
 */
export function compileFastPlan(plan: ResolvedPlan): FastPlan | undefined {
  if (!scaledLaneOpen()) return undefined;
  const cycleHours = whole(plan.cycleHours);
  const capHours = plan.capHours === null ? Number.POSITIVE_INFINITY : whole(plan.capHours);
  if (!(cycleHours > 0) || !(capHours > 0)) return undefined;
  const compiled = new Map<ResolvedPrice, Omit<FastPrice, 'toLine'>>();
  const all = [...plan.basePrices, ...[...plan.addonPrices.values()].flat()];
  for (const price of all) {
    const fast = compilePrice(price);
    if (fast === undefined || !isSafe(fast.rate)) return undefined;
    compiled.set(price, fast);
  }
  const pools: FastPool[] = [];
  for (const price of plan.usagePrices) {
    const free = whole(price.freeUnits);
    if (price.metric === null || price.metric === '__proto__' || !isSafe(free)) return undefined;
    pools.push({ metric: price.metric, free, prorate: price.prorate });
  }
  let scale = 0;
  for (const fast of compiled.values()) scale = Math.max(scale, fast.rateScale + fast.periodScale);
  if (scale > MAX_SCALED_SCALE) return undefined;
  const finish = (price: ResolvedPrice): FastPrice => {
    const fast = compiled.get(price) as Omit<FastPrice, 'toLine'>;
    return { ...fast, toLine: pow10(scale - fast.rateScale - fast.periodScale) };
  };
  const addonPrices = new Map<string, readonly FastPrice[]>();
  for (const [code, prices] of plan.addonPrices) addonPrices.set(code, prices.map(finish));
  return { basePrices: plan.basePrices.map(finish), addonPrices, pools, lineScale: scale, cycleHours, capHours };
}
