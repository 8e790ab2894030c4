import { MESSAGES } from '../errors/messages.js';
import type { MetricValue } from '../resolved/metric-values.js';
import type { ResolvedUsage } from '../resolved/resolved-plan.js';
import type { Reading } from '../money/calculator.js';
import type { Decimal } from '../money/decimal.js';
import { decAbs, decSign } from '../money/decimal.js';
import { readBounded, shortPlaces } from '../money/bounds.js';
import { decimalOfNumber } from '../money/parse.js';
import type { PathSegment } from './field-path.js';

// NOTE: a usage value is read in one pass: its shape (what a schema would check: a number, an
// array of numbers, or a plain map of either) and its numbers (within the request bounds, not
// negative) at once. The two kinds of finding are listed apart (the shape first, then the
// rules), so a number's issue is handed to the site, which keeps it for the instance's rules.

/** Where a usage value is read: its path is known to the site and built only on a report. */
export interface UsageSite {
  /** The value is not a usage value. */
  notUsage(): void;
  /** A number inside the value breaks a bound: `suffix` is its place below the value. */
  issue(suffix: readonly PathSegment[], message: string): void;
}

/** A JSON object (not an array, not null). */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A plain object, as zod's `isPlainObject` tells one (what a record field accepts). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  // NOTE: the common case (a JSON object): its prototype is Object.prototype, whose constructor is Object.
  if (Object.getPrototypeOf(value) === Object.prototype && (value as { constructor?: unknown }).constructor === Object) return true;
  const ctor = (value as { constructor?: unknown }).constructor;
  if (ctor === undefined || typeof ctor !== 'function') return true;
  const proto: unknown = ctor.prototype;
  if (!isObject(proto)) return false;
  return Object.prototype.hasOwnProperty.call(proto, 'isPrototypeOf');
}

/** A finite JSON number or a string (a number field's type; its text is read by the rules). */
export const isNumeric = (value: unknown): boolean => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/** Whether a map has an enumerable symbol key (a map's keys are names; symbols are rare, so looked for only when present). */
export function hasEnumerableSymbol(value: object): boolean {
  const symbols = Object.getOwnPropertySymbols(value);
  return symbols.length > 0 && symbols.some((key) => Object.prototype.propertyIsEnumerable.call(value, key));
}

// NOTE: whole JSON numbers below the bound are the common case and need no other check.
const SMALL_WHOLE = 1e15;

/** A usage number: within the request bounds, not negative; else the message saying why (`undefined` for a value that is not a number or text: the shape reports it). */
export function usageNumber(value: unknown): Decimal | string | undefined {
  if (typeof value === 'number' && value >= 0 && value < SMALL_WHOLE && Number.isInteger(value)) return decimalOfNumber(value);
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const parsed = readBounded(value, 'number');
  if (typeof parsed === 'string') return parsed;
  return decSign(parsed) >= 0 ? decAbs(parsed) : MESSAGES.notNegative;
}

// NOTE: a meter's readings are JSON numbers, whole or with a few places (12.5, 0.25); such a
// number is within every bound of `usageNumber` as it is, so it is kept as sent (the calculator
// reads it; see `Reading`) and nothing is made for it.
const isReading = (value: unknown): value is number =>
  typeof value === 'number' && value >= 0 && value < SMALL_WHOLE && (Number.isInteger(value) || shortPlaces(value) > 0);

/** A usage number as a reading: a JSON number as sent when it is one, else as `usageNumber` reads it. */
export function readingOf(value: unknown): Reading | string | undefined {
  return isReading(value) ? value : usageNumber(value);
}

/** A usage map read: every own key in order, with its value (undefined when it is not a valid one). It is its own `ResolvedUsage` (one object per map). */
class UsageMap extends Map<string, MetricValue | undefined> {
  get kind(): 'map' {
    return 'map';
  }

  get metrics(): ReadonlyMap<string, MetricValue | undefined> {
    return this;
  }
}

const NONE: ResolvedUsage = { kind: 'none' };

/** The valid numbers of a series; each invalid one is an issue (under `metric` when the series is a map entry). Returns whether every entry has a number's type. */
function readSeries(value: readonly unknown[], values: Decimal[], metric: string | null, site: UsageSite): boolean {
  let typed = true;
  for (let i = 0; i < value.length; i += 1) {
    const entry = value[i];
    if (!isNumeric(entry)) typed = false;
    const parsed = usageNumber(entry);
    if (typeof parsed === 'object') values.push(parsed);
    else if (parsed !== undefined) site.issue(metric === null ? [i] : [metric, i], parsed);
  }
  return typed;
}

/**
 * Reads a usage value (a number, an array, or a map of either): its shape is refused at the site
 * when wrong, each out-of-bounds number is an issue there; what reads is kept either way.
 * @example readUsage({ cpu: [1, 2] }, site).kind // 'map'
 */
export function readUsage(value: unknown, site: UsageSite): ResolvedUsage {
  if (value === undefined || value === null) return NONE;
  if (Array.isArray(value)) {
    const values: Decimal[] = [];
    if (!readSeries(value, values, null, site)) site.notUsage();
    return { kind: 'series', values };
  }
  if (typeof value !== 'object') {
    if (!isNumeric(value)) site.notUsage();
    const parsed = usageNumber(value);
    if (typeof parsed === 'string') site.issue([], parsed);
    return typeof parsed === 'object' ? { kind: 'number', value: parsed } : NONE;
  }
  // NOTE: the keys Object.keys lists, in its order ("__proto__" included when own), without
  // making the list; a map that is not plain (a class instance) is refused, yet read alike.
  let typed = isPlainObject(value);
  const map = new UsageMap();
  const record = value as Record<string, unknown>;
  for (const metric in record) {
    if (!Object.hasOwn(record, metric)) continue;
    const entry = record[metric];
    if (Array.isArray(entry)) {
      const values: Decimal[] = [];
      if (!readSeries(entry, values, metric, site) && metric !== '__proto__') typed = false;
      map.set(metric, values);
      continue;
    }
    // NOTE: a record skips "__proto__", so its value is never refused by the shape; the rules read it.
    if (metric !== '__proto__' && !isNumeric(entry)) typed = false;
    const parsed = readingOf(entry);
    if (typeof parsed === 'string') site.issue([metric], parsed);
    map.set(metric, typeof parsed === 'string' ? undefined : parsed);
  }
  if (!typed || hasEnumerableSymbol(value)) site.notUsage();
  return map;
}
