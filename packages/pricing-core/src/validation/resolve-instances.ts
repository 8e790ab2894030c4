import { closestName } from '../errors/did-you-mean.js';
import { MESSAGES } from '../errors/messages.js';
import type { MetricValue } from '../resolved/metric-values.js';
import type { InstanceSink, MetricReader, ResolvedInstance, ResolvedUsage } from '../resolved/resolved-plan.js';
import type { Reading } from '../money/calculator.js';
import type { Decimal } from '../money/decimal.js';
import { decAbs, decSign, ONE } from '../money/decimal.js';
import { readBounded, shortPlaces } from '../money/bounds.js';
import { decimalOfNumber, toJsonNumber } from '../money/parse.js';
import type { ViolationCollector } from './collector.js';
import type { PathSegment } from './field-path.js';
import { asArray, asObject, readText } from './read.js';
import type { UsageKeyGuard } from './usage-keys.js';
import { usageKeyTypos } from './usage-keys.js';

// NOTE: whole JSON numbers below the bound are the common case and need no other check.
const SMALL_WHOLE = 1e15;

const NONE: ResolvedUsage = { kind: 'none' };
const NO_ADDONS: { code: string; usage: ResolvedUsage }[] = [];

// NOTE: this runs once per instance and per usage number, so a path is built only when there
// is something to report: a value's place is given as its instance and add-on entry.

/** The path of a usage value of instance `index`: its own usage (`addon` -1) or that of add-on entry `addon`. */
function usagePath(index: number, addon: number, ...rest: PathSegment[]): PathSegment[] {
  return addon < 0 ? ['instances', index, 'usage', ...rest] : ['instances', index, 'addons', addon, 'usage', ...rest];
}

/** A usage number: within the request bounds, not negative; else the message saying why (`undefined` for a value that is not a number or text: the shape check reports it). */
function usageNumber(value: unknown): Decimal | string | undefined {
  if (typeof value === 'number' && value >= 0 && value < SMALL_WHOLE && Number.isInteger(value)) return decimalOfNumber(value);
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const parsed = readBounded(value, 'number');
  if (typeof parsed === 'string') return parsed;
  return decSign(parsed) >= 0 ? decAbs(parsed) : MESSAGES.notNegative;
}

/** The valid numbers of a series; with `v`, each invalid one is reported (under `metric` when the series is a map entry). */
function usageSeries(value: readonly unknown[], index: number, addon: number, metric: string | null, v: ViolationCollector | null): Decimal[] {
  const values: Decimal[] = [];
  for (let i = 0; i < value.length; i += 1) {
    const parsed = usageNumber(value[i]);
    if (typeof parsed === 'object') values.push(parsed);
    else if (parsed !== undefined && v !== null) v.add(metric === null ? usagePath(index, addon, i) : usagePath(index, addon, metric, i), parsed);
  }
  return values;
}

// NOTE: a meter's readings are JSON numbers, whole or with a few places (12.5, 0.25); such a
// number is within every bound of `usageNumber` as it is, so it is read as sent (the calculator
// reads it; see `Reading`) and nothing is made for it.
const isReading = (value: unknown): value is number =>
  typeof value === 'number' && value >= 0 && value < SMALL_WHOLE && (Number.isInteger(value) || shortPlaces(value) > 0);

/** A usage number as a reading: a JSON number as sent when it is one, else as `usageNumber` reads it. */
function readingOf(value: unknown): Reading | string | undefined {
  return isReading(value) ? value : usageNumber(value);
}

/**
 * Reads a usage value (number, array, or map of either) of instance `index` (add-on entry
 * `addon`, or -1); an invalid or negative number is a violation.
 * @example resolveUsage({ cpu: [1, 2] }, 0, -1, v).kind // 'map'
 */
export function resolveUsage(value: unknown, index: number, addon: number, v: ViolationCollector): ResolvedUsage {
  if (value === undefined || value === null) return NONE;
  if (Array.isArray(value)) return { kind: 'series', values: usageSeries(value, index, addon, null, v) };
  const map = asObject(value);
  if (map === undefined) {
    const parsed = usageNumber(value);
    if (typeof parsed === 'string') v.add(usagePath(index, addon), parsed);
    return typeof parsed === 'object' ? { kind: 'number', value: parsed } : NONE;
  }
  // NOTE: every value is checked here; a price reads the metrics it meters later (see `ValidatedMap`).
  // for...in with Object.hasOwn yields the keys of Object.keys, in its order, without making the list.
  for (const metric in map) {
    if (!Object.hasOwn(map, metric)) continue;
    const entry = map[metric];
    if (Array.isArray(entry)) usageSeries(entry, index, addon, metric, v);
    else if (!isReading(entry)) {
      const parsed = usageNumber(entry);
      if (typeof parsed === 'string') v.add(usagePath(index, addon, metric), parsed);
    }
  }
  return new ValidatedMap(map);
}

/**
 * A usage map (validated before it is read), read metric by metric when a price asks: a usage
 * map names more metrics than the prices read, and making every value of it cost more than
 * pricing. It is its own `ResolvedUsage` (one object per map).
 */
class ValidatedMap implements MetricReader {
  constructor(private readonly map: Record<string, unknown>) {}

  get kind(): 'map' {
    return 'map';
  }

  get entries(): MetricReader {
    return this;
  }

  get(name: string): MetricValue | undefined {
    // NOTE: own enumerable keys only, as Object.keys lists them ("__proto__" included when own).
    if (!Object.prototype.propertyIsEnumerable.call(this.map, name)) return undefined;
    const entry = this.map[name];
    if (Array.isArray(entry)) return usageSeries(entry, 0, -1, name, null);
    const parsed = readingOf(entry);
    return typeof parsed === 'string' ? undefined : parsed;
  }
}

/**
 * A measurement (`quantity`, `hoursUsed`) as `read` reads it: a fact, so 0 is zero and only
 * omitted or `null` is unset (undefined, as when invalid; reported).
 */
function measurement<T>(raw: Record<string, unknown>, index: number, field: 'quantity' | 'hoursUsed', read: (value: unknown) => T | string | undefined, v: ViolationCollector): T | undefined {
  const value = raw[field];
  if (value == null) return undefined;
  const parsed = read(value);
  if (typeof parsed !== 'string') return parsed;
  v.add(['instances', index, field], parsed);
  return undefined;
}

/**
 * Validates one instance and applies its defaults (quantity 1, full-cycle hours).
 * @example resolveInstance({ region: 'eu' }, 0, new Set(), v).label // 'instance-1 (eu)'
 */
export function resolveInstance(item: unknown, index: number, addonCodes: ReadonlySet<string>, v: ViolationCollector): ResolvedInstance {
  const raw = asObject(item) ?? {};
  const region = readText(raw.region);
  const rawAddons = asArray(raw.addons);
  const addons: { code: string; usage: ResolvedUsage }[] = rawAddons.length === 0 ? NO_ADDONS : [];
  for (let k = 0; k < rawAddons.length; k += 1) {
    const rawEntry = asObject(rawAddons[k]) ?? {};
    const code = typeof rawEntry.code === 'string' ? rawEntry.code : '';
    if (typeof rawEntry.code === 'string' && !addonCodes.has(code)) {
      const known = [...addonCodes];
      v.add(['instances', index, 'addons', k, 'code'], MESSAGES.unknownAddonCode(code, known, closestName(code, known)));
    }
    const usage = rawEntry.usage == null ? NONE : resolveUsage(rawEntry.usage, index, k, v);
    addons.push({ code, usage });
  }
  const quantity = measurement(raw, index, 'quantity', usageNumber, v) ?? ONE;
  const hours = measurement(raw, index, 'hoursUsed', readingOf, v) ?? null;
  return {
    label: region === undefined ? `instance-${index + 1}` : `instance-${index + 1} (${region})`,
    quantity,
    // NOTE: a JSON number prints back as itself (String/Number round-trip), so it needs no conversion.
    quantityNumber: typeof raw.quantity === 'number' && quantity !== ONE ? raw.quantity : toJsonNumber(quantity),
    hours,
    usage: raw.usage == null ? NONE : resolveUsage(raw.usage, index, -1, v),
    addons,
  };
}

/**
 * Checks and resolves every instance, each in one pass: its values (violations go to `v`), then
 * the typo guard on its usage maps; each is handed to `sink` while `v` has nothing to report.
 * @example resolveInstances([{ region: 'eu' }], new Set(), v, guard, sink) // sink.add got 'instance-1 (eu)'
 */
export function resolveInstances(value: unknown, addonCodes: ReadonlySet<string>, v: ViolationCollector, guard: UsageKeyGuard, sink: InstanceSink | undefined): void {
  const items = asArray(value);
  for (let index = 0; index < items.length; index += 1) {
    const instance = resolveInstance(items[index], index, addonCodes, v);
    guardUsageKeys(items[index], index, guard, v);
    if (sink !== undefined && v.empty) sink.add(instance);
  }
}

/** The typo guard on an instance's usage map and on each of its add-on entries' maps. */
function guardUsageKeys(item: unknown, index: number, guard: UsageKeyGuard, v: ViolationCollector): void {
  const raw = asObject(item);
  if (raw === undefined) return;
  for (const [key, message] of usageKeyTypos(raw.usage, guard.instance, guard.used)) v.add(usagePath(index, -1, key), message);
  const addons = asArray(raw.addons);
  for (let k = 0; k < addons.length; k += 1) {
    const entry = asObject(addons[k]);
    if (entry !== undefined && typeof entry.code === 'string') {
      for (const [key, message] of usageKeyTypos(entry.usage, guard.addons.get(entry.code), guard.used)) v.add(usagePath(index, k, key), message);
    }
  }
}
