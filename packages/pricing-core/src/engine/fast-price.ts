import { ceilDiv, timesSafe } from '../money/scaled.js';
import { asObject } from '../validation/read.js';
import type { FastPlan, FastPrice } from './fast-lane.js';
import { FLAT, GRADUATED, PACKAGE, PER_UNIT } from './fast-lane.js';

// NOTE: the fast lane prices one instance from the request as sent (validated already). Any
// figure that is not a whole JSON number, and any step that would leave the safe range or
// need a fraction, answers NaN: the caller then prices that instance by the exact path.
// The reading rules are those of validation/resolve-instances.ts (an unset quantity is 1,
// unset hours are the cycle, 0 is zero, a bare usage number stands for the price's metric, an
// absent metric is 0, a licensed add-on counts quantity x its bare-number usage).

/** Whole figures above this take the exact path (far below 2^53, so products are checked once). */
const COUNT_BOUND = 2 ** 40;

/** A whole JSON number from 0 to the bound; NaN for anything else. */
export function wholeCount(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= COUNT_BOUND ? value + 0 : Number.NaN;
}

/** A measurement: `fallback` when omitted or null (0 is zero). */
export function countOr(value: unknown, fallback: number): number {
  return value == null ? fallback : wholeCount(value);
}

/** The units of `metric` in a usage value as sent; NaN when the exact path must read it. */
export function unitsIn(usage: unknown, metric: string): number {
  if (usage === undefined || usage === null) return 0;
  if (typeof usage === 'number') return wholeCount(usage);
  const map = asObject(usage);
  if (map === undefined) return Number.NaN;
  return Object.prototype.propertyIsEnumerable.call(map, metric) ? wholeCount(map[metric]) : 0;
}

/** The index of the tier holding the last unit (as `tierOf`), times 4 (see `FastPrice.tiers`). */
function tierAt(tiers: readonly number[], units: number): number {
  let low = 0;
  let high = tiers.length / 4 - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (units <= (tiers[4 * middle] as number)) high = middle;
    else low = middle + 1;
  }
  return 4 * low;
}

function modelAmount(p: FastPrice, units: number, quantity: number): number {
  const tiers = p.tiers;
  switch (p.kind) {
    case FLAT:
      return timesSafe(quantity, p.rate);
    case PER_UNIT:
      return timesSafe(units, p.rate);
    case PACKAGE:
      return units === 0 ? 0 : timesSafe(ceilDiv(units, p.size), p.rate);
    case GRADUATED: {
      if (tiers.length === 0) return 0;
      const k = tierAt(tiers, units);
      const start = tiers[k + 1] as number;
      return (tiers[k + 3] as number) + (units > start ? timesSafe(units - start, tiers[k + 2] as number) : 0);
    }
    default: {
      if (tiers.length === 0) return 0;
      const k = tierAt(tiers, units);
      return timesSafe(units, tiers[k + 2] as number) + (tiers[k + 3] as number);
    }
  }
}

/**
 * The exact amount of one price on one instance (or add-on entry) at the line scale; NaN when
 * the exact path must price it.
 * @example amountOn(price, lane, 2, 672, 672, { cpu: 5 }, 2) // 5 x rate, scaled
 */
export function amountOn(p: FastPrice, lane: FastPlan, quantity: number, hours: number, billable: number, usage: unknown, licensed: number): number {
  let units = licensed;
  // The time factor: `p.num / p.den` (1 for metered usage, which covers the cycle), times the
  // billable hours of an HOURLY price, or the proration `hours / cycleHours` of a prorated one.
  let timeNum = 1;
  let timeDen = 1;
  const prorated = p.prorate && hours < lane.cycleHours;
  if (p.metric !== null) {
    units = unitsIn(usage, p.metric);
    if (p.free !== 0) {
      // NOTE: a prorated allowance that is a fraction of a unit takes the exact path.
      const allowance = prorated ? Number.NaN : timesSafe(p.free, quantity);
      if (Number.isNaN(allowance)) return Number.NaN;
      units = units > allowance ? units - allowance : units * 0;
    }
  } else if (p.hourly) {
    timeNum = billable;
  } else if (prorated) {
    timeNum = hours;
    timeDen = lane.cycleHours;
  }
  // NOTE: a tier search on NaN would land on a tier; NaN units stop here.
  if (Number.isNaN(units)) return Number.NaN;
  const top = timesSafe(timesSafe(modelAmount(p, units, quantity), p.num), timeNum);
  const bottom = timesSafe(p.den, timeDen);
  // NOTE: a division that does not end within the line scale takes the exact path (NaN stays NaN).
  const amount = bottom === 1 ? top : top % bottom === 0 ? top / bottom : Number.NaN;
  if (amount < p.min) return p.min;
  return amount > p.max ? p.max : amount;
}
