import type { Decimal } from '../money/decimal.js';
import { decimalPlaces } from '../money/decimal.js';
import { rat } from '../money/rational.js';
import { isSafe, MAX_SCALED_SCALE, placesOfRational, scaledIntOf, scaledIntOfRational, scaledLaneOpen, timesSafe, wholeRatioOf } from '../money/scaled.js';
import type { ModelSpec } from '../models/types.js';
import type { ResolvedPlan, ResolvedPrice } from '../resolved/resolved-plan.js';

// NOTE: the fast lane of the engine (pricing.md section 0, "two paths"). A plan whose prices
// all have whole-number parameters where units are counted (tier bounds, free units, package
// sizes) and no formula is compiled once into scaled integers: every amount of a line is then
// an exact integer count of 10^-scale. An instance whose figures are all whole JSON numbers is
// priced from the request as sent, in integers, with no object made but its line item; any
// other instance (a decimal usage, a series, a string, a division that does not end within
// the scale, an overflow of the safe range) is priced by the exact path, as before. Both give
// the same exact amounts; the law "fast == exact" and the examples hold them together.

/** The model kinds of the lane. */
export const FLAT = 0;
export const PER_UNIT = 1;
export const PACKAGE = 2;
export const GRADUATED = 3;
export const VOLUME = 4;

/** One price compiled to scaled integers at the line scale. */
export interface FastPrice {
  readonly kind: number;
  /** Metric of a metered price, else null. */
  readonly metric: string | null;
  /** Whole free units per unit of quantity (0: none). */
  readonly free: number;
  readonly prorate: boolean;
  readonly hourly: boolean;
  /** FLAT unitAmount, PER_UNIT rate or PACKAGE packagePrice. */
  readonly rate: number;
  /** Package size (PACKAGE). */
  readonly size: number;
  /** Per tier: end (Infinity when open), start, unit amount, fixed part (graduated: the tiers below and the fee; volume: the fee). */
  readonly tiers: readonly number[];
  /** The model amount is multiplied by `num / den` (period factor of a licensed price, 1 / unitQuantity). */
  readonly num: number;
  readonly den: number;
  /** Minimum and maximum charge (-Infinity and Infinity when unset). */
  readonly min: number;
  readonly max: number;
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

/** The money values of a model (undefined for a formula). */
function ratesOf(model: ModelSpec): Decimal[] | undefined {
  if (model.kind === 'FORMULA') return undefined;
  if ('tiers' in model) return model.tiers.flatMap((tier) => [tier.unitAmount, tier.flatFee]);
  return [model.kind === 'FLAT' ? model.unitAmount : model.kind === 'PER_UNIT' ? model.rate : model.packagePrice];
}

function tiersOf(model: ModelSpec, scale: number): number[] {
  const out: number[] = [];
  if (!('tiers' in model)) return out;
  const graduated = model.kind === 'TIERED_GRADUATED';
  let below = 0;
  for (const tier of model.tiers) {
    const start = scaledIntOfRational(tier.start, 0);
    const end = tier.end === null ? Infinity : scaledIntOfRational(tier.end, 0);
    const unit = scaledIntOf(tier.unitAmount, scale);
    const fee = scaledIntOf(tier.flatFee, scale);
    out.push(end >= start ? end : Number.NaN, start, unit, graduated ? below + fee : fee);
    if (graduated && end !== Infinity) below += timesSafe(end - start, unit) + fee;
  }
  return out;
}

/** `[num, den]` of a price's factor: its period factor when licensed, times 1 / unitQuantity. */
function factorOf(price: ResolvedPrice): [number, number] | undefined {
  const period = price.metric === null ? wholeRatioOf(price.periodFactor) : [1, 1];
  const model = price.model;
  const unitQuantity = model.kind === 'PER_UNIT' ? wholeRatioOf(rat(model.unitQuantity)) : [1, 1];
  if (period === undefined || unitQuantity === undefined) return undefined;
  return [timesSafe(period[0] as number, unitQuantity[1] as number), timesSafe(period[1] as number, unitQuantity[0] as number)];
}

function compilePrice(price: ResolvedPrice, scale: number): FastPrice | undefined {
  const model = price.model;
  const factor = factorOf(price);
  if (factor === undefined) return undefined;
  const bound = (x: ResolvedPrice['minimum'], none: number): number => (x === null ? none : scaledIntOfRational(x, scale));
  const tiers = tiersOf(model, scale);
  const rates = ratesOf(model) ?? [];
  const fast: FastPrice = {
    kind: ['FLAT', 'PER_UNIT', 'PACKAGE', 'TIERED_GRADUATED', 'TIERED_VOLUME'].indexOf(model.kind),
    metric: price.metric,
    free: whole(price.freeUnits),
    prorate: price.prorate,
    hourly: price.period === 'HOURLY',
    // FLAT, PER_UNIT and PACKAGE have one money value: unitAmount, rate, packagePrice.
    rate: rates.length === 1 ? scaledIntOf(rates[0] as Decimal, scale) : 0,
    size: model.kind === 'PACKAGE' ? whole(model.packageSize) : 1,
    tiers,
    num: factor[0],
    den: factor[1],
    min: bound(price.minimum, -Infinity),
    max: bound(price.maximum, Infinity),
  };
  const figures = [fast.free, fast.rate, fast.num, fast.den, ...tiers.filter((x) => x !== Infinity)];
  const ok = fast.kind >= 0 && fast.size > 0 && !Number.isNaN(fast.min) && !Number.isNaN(fast.max);
  return ok && figures.every(isSafe) ? fast : undefined;
}

// NOTE: a licensed price's time factor (a period factor such as 730/24 or 1/12, a proration
// h/730) or a unit quantity may divide; the lane keeps a few places more than the amounts
// need, so that divisions which end there stay exact integers (the others take the exact path).
const DIVISION_PLACES = 4;

/**
 * The plan compiled for the fast lane, or undefined when a price needs the exact path (or the
 * exact path is forced).
 * @example compileFastPlan(plan)?.lineScale // 8 for a plan whose finest rate has 4 places
 */
export function compileFastPlan(plan: ResolvedPlan): FastPlan | undefined {
  if (!scaledLaneOpen()) return undefined;
  // NOTE: what is compiled depends only on the prices, the cycle and the mode: a plan from a
  // cached price list (see validation/price-cache.ts) compiles it once. The overage rates, which
  // differ per request, change only pooled prices' rates, which the lane does not compile.
  if (plan.shared === null) return compile(plan);
  if (!compiledPlans.has(plan.shared)) compiledPlans.set(plan.shared, compile(plan));
  return compiledPlans.get(plan.shared);
}

const compiledPlans = new WeakMap<object, FastPlan | undefined>();

function compile(plan: ResolvedPlan): FastPlan | undefined {
  const cycleHours = whole(plan.cycleHours);
  const capHours = plan.capHours === null ? Infinity : whole(plan.capHours);
  const all = [...plan.basePrices, ...[...plan.addonPrices.values()].flat()];
  let scale = DIVISION_PLACES;
  for (const price of all) {
    const rates = ratesOf(price.model);
    if (rates === undefined) return undefined;
    for (const x of [...rates.map(decimalPlaces), ...[price.minimum, price.maximum].map((r) => (r === null ? 0 : placesOfRational(r)))]) {
      scale = Math.max(scale, x + DIVISION_PLACES);
    }
  }
  if (!(scale <= MAX_SCALED_SCALE) || !(cycleHours > 0) || !(capHours > 0)) return undefined;
  const compiled = new Map<ResolvedPrice, FastPrice | undefined>(all.map((price) => [price, compilePrice(price, scale)]));
  if ([...compiled.values()].includes(undefined)) return undefined;
  const pools: FastPool[] = [];
  for (const price of plan.usagePrices) {
    const free = whole(price.freeUnits);
    if (price.metric === null || !isSafe(free)) return undefined;
    pools.push({ metric: price.metric, free, prorate: price.prorate });
  }
  const finish = (prices: readonly ResolvedPrice[]): FastPrice[] => prices.map((price) => compiled.get(price) as FastPrice);
  const addonPrices = new Map<string, readonly FastPrice[]>();
  for (const [code, prices] of plan.addonPrices) addonPrices.set(code, finish(prices));
  return { basePrices: finish(plan.basePrices), addonPrices, pools, lineScale: scale, cycleHours, capHours };
}
