import { isSafe, roundScaled, timesSafe } from '../money/scaled.js';
import type { FastPlan, FastPrice } from './fast-lane.js';
import { asObject } from '../validation/read.js';
import { amountOn, countOr, unitsIn, wholeCount } from './fast-price.js';

/** The figures of one instance priced by the fast lane (reused from instance to instance). */
export class FastLine {
  /** Line base and add-ons, rounded, at the currency's minor digits. */
  base = 0;
  addons = 0;
  /** Quantity as a JSON number. */
  quantity = 1;
  /** Per pooled price: allowance numerator over the cycle hours, usage. */
  readonly poolFigures: number[];

  constructor(pools: number) {
    this.poolFigures = new Array<number>(pools * 2).fill(0);
  }
}

function addonsOf(lane: FastPlan, raw: Record<string, unknown>, quantity: number, hours: number, billable: number): number {
  const entries = raw.addons;
  if (entries === undefined || entries === null) return 0;
  if (!Array.isArray(entries)) return Number.NaN;
  let sum = 0;
  for (let k = 0; k < entries.length; k += 1) {
    const entry = asObject(entries[k]);
    if (entry === undefined) return Number.NaN;
    const prices = lane.addonPrices.get(typeof entry.code === 'string' ? entry.code : '');
    if (prices === undefined) continue;
    const usage = entry.usage;
    let licensed = quantity;
    if (typeof usage === 'number') licensed = timesSafe(quantity, wholeCount(usage));
    else if (usage != null && asObject(usage) === undefined) return Number.NaN;
    for (let j = 0; j < prices.length; j += 1) {
      sum += amountOn(prices[j] as FastPrice, lane, quantity, hours, billable, usage, licensed);
      if (!isSafe(sum)) return Number.NaN;
    }
  }
  return sum;
}

/**
 * Prices one instance as sent into `line` (amounts rounded to `digits`); false when the
 * exact path must price it (nothing of it is then kept).
 * @example priceFast(lane, { quantity: 2 }, 2, line) // true
 */
export function priceFast(lane: FastPlan, sent: unknown, digits: number, line: FastLine): boolean {
  const item = asObject(sent);
  if (item === undefined) return false;
  const quantity = countOr(item.quantity, 1);
  const hours = countOr(item.hoursUsed, lane.cycleHours);
  if (!isSafe(quantity) || !isSafe(hours)) return false;
  const billable = hours > lane.capHours ? lane.capHours : hours;
  const usage = item.usage;
  let base = 0;
  const prices = lane.basePrices;
  for (let j = 0; j < prices.length; j += 1) {
    base += amountOn(prices[j] as FastPrice, lane, quantity, hours, billable, usage, quantity);
    if (!isSafe(base)) return false;
  }
  const addons = addonsOf(lane, item, quantity, hours, billable);
  if (!isSafe(addons)) return false;
  const figures = line.poolFigures;
  for (let j = 0; j < lane.pools.length; j += 1) {
    const pool = lane.pools[j] as FastPlan['pools'][number];
    // The allowance times the cycle hours: `free x quantity x min(hours, cycle)` when prorated.
    const hoursOf = pool.prorate && hours < lane.cycleHours ? hours : lane.cycleHours;
    figures[2 * j] = timesSafe(timesSafe(pool.free, quantity), hoursOf);
    figures[2 * j + 1] = unitsIn(usage, pool.metric);
    if (!isSafe(figures[2 * j] as number) || !isSafe(figures[2 * j + 1] as number)) return false;
  }
  line.base = roundScaled(base, lane.lineScale, digits);
  line.addons = roundScaled(addons, lane.lineScale, digits);
  line.quantity = quantity;
  return isSafe(line.base) && isSafe(line.addons) && isSafe(line.base + line.addons);
}
