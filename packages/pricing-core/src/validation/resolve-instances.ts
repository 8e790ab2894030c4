import { MESSAGES } from '../errors/messages.js';
import type { MetricValue } from '../resolved/metric-values.js';
import type { MetricReader, ResolvedInstance, ResolvedUsage } from '../resolved/resolved-plan.js';
import type { Reading } from '../money/calculator.js';
import type { Decimal } from '../money/decimal.js';
import { decAbs, decSign, ONE } from '../money/decimal.js';
import { readBounded, shortPlaces } from '../money/bounds.js';
import { decimalOfNumber, toJsonNumber } from '../money/parse.js';
import type { ViolationCollector } from './collector.js';
import type { PathSegment } from './field-path.js';
import { asArray, asObject, readText } from './read.js';
import type { UsageKeyGuard } from './usage-keys.js';
import { checkUsageKeys } from './usage-keys.js';

// NOTE: whole JSON numbers below the bound are the common case and need no other check.
const SMALL_WHOLE = 1e15;

const NONE: ResolvedUsage = { kind: 'none' };
const NO_ADDONS: { code: string; usage: ResolvedUsage }[] = [];

// NOTE: this runs once per instance and per usage number, so paths are built only when
// there is something to report.

/** A usage number: within the request bounds, not negative; `undefined` when invalid (reported at `path`). */
function usageNumber(value: unknown, path: readonly PathSegment[], key: PathSegment | null, v: ViolationCollector): Decimal | undefined {
  if (typeof value === 'number' && value >= 0 && value < SMALL_WHOLE && Number.isInteger(value)) return decimalOfNumber(value);
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const parsed = readBounded(value, 'number');
  if (typeof parsed !== 'string' && decSign(parsed) >= 0) return decAbs(parsed);
  v.add(key === null ? path : [...path, key], typeof parsed === 'string' ? parsed : MESSAGES.notNegative);
  return undefined;
}

function usageSeries(value: readonly unknown[], path: readonly PathSegment[], v: ViolationCollector): Decimal[] {
  const values: Decimal[] = [];
  for (let i = 0; i < value.length; i += 1) {
    const parsed = usageNumber(value[i], path, i, v);
    if (parsed !== undefined) values.push(parsed);
  }
  return values;
}

// NOTE: a meter's readings are JSON numbers, whole or with a few places (12.5, 0.25); such a
// number is within every bound of `usageNumber` as it is, so it is read as sent (the calculator
// reads it; see `Reading`) and nothing is made for it.
const isReading = (value: unknown): value is number =>
  typeof value === 'number' && value >= 0 && value < SMALL_WHOLE && (Number.isInteger(value) || shortPlaces(value) > 0);

/** A usage number as a reading: a JSON number as sent when it is one, else as `usageNumber` reads it. */
function readingOf(value: unknown, path: readonly PathSegment[], key: PathSegment | null, v: ViolationCollector): Reading | undefined {
  return isReading(value) ? value : usageNumber(value, path, key, v);
}

/**
 * Reads a usage value (number, array, or map of either); negative usage is a violation.
 * @example resolveUsage({ cpu: [1, 2] }, path, v).kind // 'map'
 */
export function resolveUsage(value: unknown, path: readonly PathSegment[], v: ViolationCollector): ResolvedUsage {
  if (value === undefined || value === null) return NONE;
  if (Array.isArray(value)) return { kind: 'series', values: usageSeries(value, path, v) };
  const map = asObject(value);
  if (map === undefined) {
    const parsed = usageNumber(value, path, null, v);
    return parsed === undefined ? NONE : { kind: 'number', value: parsed };
  }
  // NOTE: every value is checked here; a price reads the metrics it meters later (see `ValidatedMap`).
  const keys = Object.keys(map);
  for (const metric of keys) {
    const entry = map[metric];
    if (Array.isArray(entry)) usageSeries(entry, [...path, metric], v);
    else if (!isReading(entry)) usageNumber(entry, path, metric, v);
  }
  return new ValidatedMap(map, v, Object.getOwnPropertyNames(map).length === keys.length);
}

/**
 * A usage map (validated before it is read), read metric by metric when a price asks: a usage
 * map names more metrics than the prices read, and making every value of it cost more than
 * pricing. It is its own `ResolvedUsage` (one object per map).
 */
class ValidatedMap implements MetricReader {
  readonly kind = 'map';
  readonly entries: MetricReader = this;
  constructor(
    private readonly map: Record<string, unknown>,
    private readonly v: ViolationCollector,
    /** Whether every own string key is enumerable (the usual map): then owning a key is enough. */
    private readonly allEnumerable: boolean,
  ) {}

  get(name: string): MetricValue | undefined {
    // NOTE: own enumerable keys only, as Object.keys lists them ("__proto__" included when own).
    if (!Object.hasOwn(this.map, name) || (!this.allEnumerable && !Object.prototype.propertyIsEnumerable.call(this.map, name))) return undefined;
    const entry = this.map[name];
    return Array.isArray(entry) ? usageSeries(entry, [], this.v) : readingOf(entry, [], null, this.v);
  }
}

/**
 * A measurement (`quantity`, `hoursUsed`): a fact, so 0 is zero and only omitted or `null`
 * is unset (undefined, as when invalid; reported).
 */
function measurement(value: unknown, index: number, field: string, v: ViolationCollector): Decimal | undefined {
  return value == null ? undefined : usageNumber(value, ['instances', index], field, v);
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
      v.add(['instances', index, 'addons', k, 'code'], MESSAGES.unknownAddonCode(code));
    }
    const usage = rawEntry.usage == null ? NONE : resolveUsage(rawEntry.usage, ['instances', index, 'addons', k, 'usage'], v);
    addons.push({ code, usage });
  }
  const quantity = measurement(raw.quantity, index, 'quantity', v) ?? ONE;
  const hours = raw.hoursUsed == null ? null : (readingOf(raw.hoursUsed, ['instances', index], 'hoursUsed', v) ?? null);
  return {
    label: region === undefined ? `instance-${index + 1}` : `instance-${index + 1} (${region})`,
    quantity,
    // NOTE: a JSON number prints back as itself (String/Number round-trip), so it needs no conversion.
    quantityNumber: typeof raw.quantity === 'number' && quantity !== ONE ? raw.quantity : toJsonNumber(quantity),
    hours,
    usage: raw.usage == null ? NONE : resolveUsage(raw.usage, ['instances', index, 'usage'], v),
    addons,
  };
}

/**
 * Checks and resolves every instance, each in one pass: its values (violations go to `v`), then
 * the typo guard on its usage maps.
 * @example resolveInstances([{ region: 'eu' }], new Set(), v, guard)[0]?.label // 'instance-1 (eu)'
 */
export function resolveInstances(value: unknown, addonCodes: ReadonlySet<string>, v: ViolationCollector, guard: UsageKeyGuard): ResolvedInstance[] {
  const items = asArray(value);
  const instances = new Array<ResolvedInstance>(items.length);
  for (let index = 0; index < items.length; index += 1) {
    instances[index] = resolveInstance(items[index], index, addonCodes, v);
    guardUsageKeys(items[index], index, guard, v);
  }
  return instances;
}

/** The typo guard on an instance's usage map and on each of its add-on entries' maps. */
function guardUsageKeys(item: unknown, index: number, guard: UsageKeyGuard, v: ViolationCollector): void {
  const raw = asObject(item);
  if (raw === undefined) return;
  checkUsageKeys(raw.usage, guard.instance, guard.used, ['instances', index, 'usage'], v);
  const addons = asArray(raw.addons);
  for (let k = 0; k < addons.length; k += 1) {
    const entry = asObject(addons[k]);
    if (entry !== undefined && typeof entry.code === 'string') {
      checkUsageKeys(entry.usage, guard.addons.get(entry.code), guard.used, ['instances', index, 'addons', k, 'usage'], v);
    }
  }
}
