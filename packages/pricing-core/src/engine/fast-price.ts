import { ceilDiv, isSafe, timesSafe } from '../money/scaled.js';
import type { FastPlan, FastPrice } from './fast-lane.js';
import { FLAT, GRADUATED, PACKAGE, PER_UNIT, VOLUME } from './fast-lane.js';

// NOTE: the fast lane prices one instance from the request as sent (validated already). Any
// figure that is not a whole JSON number, and any step that would leave the safe range or
// need a fraction, answers NaN: the caller then prices that instance by the exact path.
// The reading rules are those of validation/resolve-instances.ts (unset or 0 quantity is 1,
// unset or 0 hours is the cycle, a bare usage number stands for the price's metric, an
// absent metric is 0, a licensed add-on counts quantity x its bare-number usage).

/** Whole figures above this take the exact path (far below 2^53, so products are checked once). */
const COUNT_BOUND = 2 ** 40;

/** A whole JSON number from 0 to the bound; NaN for anything else. */
export function wholeCount(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= COUNT_BOUND ? value + 0 : Number.NaN;
}

/** A count that means "unset" at 0 or when absent: `fallback` then. */
export function countOr(value: unknown, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  const count = wholeCount(value);
  return count === 0 ? fallback : count;
}

/** Whether a value is an object that is not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The units of `metric` in a usage value as sent; NaN when the exact path must read it. */
export function unitsIn(usage: unknown, metric: string): number {
  if (usage === undefined || usage === null) return 0;
  if (typeof usage === 'number') return wholeCount(usage);
  if (!isRecord(usage)) return Number.NaN;
  if (!Object.prototype.propertyIsEnumerable.call(usage, metric)) return 0;
  return wholeCount(usage[metric]);
}

/** The index of the tier holding the last unit (as `tierOf`). */
function tierIndex(ends: readonly number[], units: number): number {
  let low = 0;
  let high = ends.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (units <= (ends[middle] as number)) high = middle;
    else low = middle + 1;
  }
  return low;
}

function modelAmount(p: FastPrice, units: number, quantity: number): number {
  switch (p.kind) {
    case FLAT:
      return timesSafe(quantity, p.rate);
    case PER_UNIT:
      return timesSafe(units, p.rate);
    case PACKAGE:
      return units === 0 ? 0 : timesSafe(ceilDiv(units, p.packageSize), p.rate);
    case GRADUATED: {
      if (p.ends.length === 0) return 0;
      const k = tierIndex(p.ends, units);
      const start = p.starts[k] as number;
      return units > start ? (p.fixed[k] as number) + timesSafe(units - start, p.unitAmounts[k] as number) : (p.fixed[k] as number);
    }
    case VOLUME: {
      if (p.ends.length === 0) return 0;
      const k = tierIndex(p.ends, units);
      return timesSafe(units, p.unitAmounts[k] as number) + (p.fixed[k] as number);
    }
    default:
      return Number.NaN;
  }
}

/**
 * The exact amount of one price on one instance (or add-on entry) at the line scale; NaN when
 * the exact path must price it.
 * @example amountOn(price, lane, 2, 672, 672, { cpu: 5 }, 2) // 5 x rate, scaled
 */
export function amountOn(p: FastPrice, lane: FastPlan, quantity: number, hours: number, billable: number, usage: unknown, licensed: number): number {
  let units = licensed;
  let time = p.one;
  if (p.metric !== null) {
    units = unitsIn(usage, p.metric);
    if (p.free !== 0) {
      // NOTE: a prorated allowance that is a fraction of a unit takes the exact path.
      if (p.prorate && hours < lane.cycleHours) return Number.NaN;
      const allowance = timesSafe(p.free, quantity);
      if (!isSafe(allowance)) return Number.NaN;
      units = units > allowance ? units - allowance : units - units;
    }
  } else if (p.hourly) {
    time = timesSafe(billable, p.period);
  } else {
    if (p.prorate && hours < lane.cycleHours) return Number.NaN;
    time = p.period;
  }
  if (!isSafe(units)) return Number.NaN;
  return timesSafe(timesSafe(modelAmount(p, units, quantity), time), p.toLine);
}
