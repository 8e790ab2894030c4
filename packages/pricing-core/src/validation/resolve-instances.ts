import { MESSAGES } from '../errors/messages.js';
import type { MetricValue } from '../resolved/metric-values.js';
import { MetricValues } from '../resolved/metric-values.js';
import type { InstanceList, MetricReader, ResolvedInstance, ResolvedUsage } from '../resolved/resolved-plan.js';
import type { Decimal } from '../money/decimal.js';
import { decAbs, decSign, ONE } from '../money/decimal.js';
import { readBounded, shortPlaces } from '../money/bounds.js';
import { decimalOfNumber, toJsonNumber } from '../money/parse.js';
import { ViolationCollector } from './collector.js';
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

/**
 * Reads a usage value (number, array, or map of either); negative usage is a violation.
 * @example resolveUsage({ cpu: [1, 2] }, path, v).kind // 'map'
 */
export function resolveUsage(value: unknown, path: readonly PathSegment[], v: ViolationCollector, validated = false): ResolvedUsage {
  if (value === undefined || value === null) return NONE;
  if (Array.isArray(value)) return { kind: 'series', values: usageSeries(value, path, v) };
  const map = asObject(value);
  if (map === undefined) {
    const parsed = usageNumber(value, path, null, v);
    return parsed === undefined ? NONE : { kind: 'number', value: parsed };
  }
  if (validated) return { kind: 'map', entries: new ValidatedMap(map, v) };
  const names = Object.keys(map);
  const values = new Array<MetricValue | undefined>(names.length);
  for (let i = 0; i < names.length; i += 1) {
    const metric = names[i] as string;
    const entry = map[metric];
    values[i] = Array.isArray(entry) ? usageSeries(entry, [...path, metric], v) : usageNumber(entry, path, metric, v);
  }
  const entries = new MetricValues(names, values);
  return { kind: 'map', entries };
}

/**
 * A usage map already validated, read metric by metric when a price asks: a usage map names
 * more metrics than the prices read, and making every value of it cost more than pricing.
 */
class ValidatedMap implements MetricReader {
  constructor(
    private readonly map: Record<string, unknown>,
    private readonly v: ViolationCollector,
  ) {}

  get(name: string): MetricValue | undefined {
    // NOTE: own enumerable keys only, as Object.keys lists them ("__proto__" included when own).
    if (!Object.prototype.propertyIsEnumerable.call(this.map, name)) return undefined;
    const entry = this.map[name];
    return Array.isArray(entry) ? usageSeries(entry, [], this.v) : usageNumber(entry, [], null, this.v);
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
export function resolveInstance(item: unknown, index: number, addonCodes: ReadonlySet<string>, v: ViolationCollector, validated = false): ResolvedInstance {
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
    addons.push({ code, usage: rawEntry.usage == null ? NONE : resolveUsage(rawEntry.usage, ['instances', index, 'addons', k, 'usage'], v, validated) });
  }
  const quantity = measurement(raw.quantity, index, 'quantity', v) ?? ONE;
  const hours = measurement(raw.hoursUsed, index, 'hoursUsed', v) ?? null;
  return {
    label: region === undefined ? `instance-${index + 1}` : `instance-${index + 1} (${region})`,
    quantity,
    // NOTE: a JSON number prints back as itself (String/Number round-trip), so it needs no conversion.
    quantityNumber: typeof raw.quantity === 'number' && quantity !== ONE ? raw.quantity : toJsonNumber(quantity),
    hours,
    usage: raw.usage == null ? NONE : resolveUsage(raw.usage, ['instances', index, 'usage'], v, validated),
    addons,
  };
}

// NOTE: most instances hold only whole JSON numbers and known add-on codes, on which
// `resolveInstance` reports nothing; those are recognized without making anything (the
// validation walk of a large plan allocated as much as pricing it). Anything else, or in
// doubt, is resolved to find its violations.

// NOTE: a meter's decimal readings (12.5, 0.25) are as common as whole ones; a short one (see shortPlaces) is valid as it is.
const isWhole = (value: unknown): boolean =>
  typeof value === 'number' && value >= 0 && value < SMALL_WHOLE && (Number.isInteger(value) || shortPlaces(value) > 0);
/** Unset, a whole number or a series of them: nothing to report. */
const plainNumbers = (value: unknown): boolean => value == null || isWhole(value) || (Array.isArray(value) && value.every(isWhole));

/** A usage value of whole numbers only (a number, a series, or a map of either). */
function plainUsage(value: unknown): boolean {
  if (plainNumbers(value)) return true;
  const map = asObject(value);
  if (map === undefined) return false;
  for (const metric in map) if (Object.prototype.hasOwnProperty.call(map, metric) && !plainNumbers(map[metric])) return false;
  return true;
}

/** Whether `resolveInstance` would surely report nothing on an instance. */
function plainlyValid(item: unknown, addonCodes: ReadonlySet<string>): boolean {
  const raw = asObject(item);
  if (raw === undefined || !plainNumbers(raw.quantity) || !plainNumbers(raw.hoursUsed) || !plainUsage(raw.usage)) return false;
  const addons = raw.addons;
  if (addons == null) return true;
  if (!Array.isArray(addons)) return false;
  for (let k = 0; k < addons.length; k += 1) {
    const entry = asObject(addons[k]);
    if (entry === undefined || typeof entry.code !== 'string' || !addonCodes.has(entry.code) || !plainUsage(entry.usage)) return false;
  }
  return true;
}

// Price as you resolve: a resolved instance that lives through the whole calculation is
// copied by the garbage collector again and again, so the instances are validated once, here,
// and resolved again, one by one, as they are priced; each dies right after its line item is
// made (the figures are in docs/benchmarks.md). Resolving is a pure function of the validated request,
// which does not change during the (synchronous) calculation.

/** Instances resolved from the validated request each time one is read. */
class ResolvedOnRead implements InstanceList {
  private readonly unused = new ViolationCollector();
  constructor(
    readonly sent: readonly unknown[],
    private readonly addonCodes: ReadonlySet<string>,
  ) {}

  get length(): number {
    return this.sent.length;
  }

  at(index: number): ResolvedInstance | undefined {
    if (index < 0 || index >= this.sent.length) return undefined;
    return resolveInstance(this.sent[index], index, this.addonCodes, this.unused, true);
  }
}

/**
 * Validates the instances (violations go to `v`) and returns them as a list: resolved once
 * and kept (`keep`, for a `debug` view read after the call), or resolved again as they are read.
 * @example resolveInstances([{ region: 'eu' }], new Set(), v, true).at(0)?.label // 'instance-1 (eu)'
 */
export function resolveInstances(
  value: unknown,
  addonCodes: ReadonlySet<string>,
  v: ViolationCollector,
  keep: boolean,
  guard: UsageKeyGuard,
): InstanceList {
  const items = asArray(value);
  const instances = keep ? new Array<ResolvedInstance>(items.length) : undefined;
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index];
    if (instances !== undefined) instances[index] = resolveInstance(item, index, addonCodes, v);
    else if (!plainlyValid(item, addonCodes)) resolveInstance(item, index, addonCodes, v);
    guardUsageKeys(item, index, guard, v);
  }
  return instances ?? new ResolvedOnRead(items, addonCodes);
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
