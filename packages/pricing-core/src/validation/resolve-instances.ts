import { MESSAGES } from '../errors/messages.js';
import type { MetricValue } from '../resolved/metric-values.js';
import type { InstanceList, MetricReader, ResolvedInstance, ResolvedUsage } from '../resolved/resolved-plan.js';
import type { Reading } from '../money/calculator.js';
import type { Decimal } from '../money/decimal.js';
import { decAbs, decSign, ONE } from '../money/decimal.js';
import { readBounded, shortPlaces } from '../money/bounds.js';
import { decimalOfNumber, toJsonNumber } from '../money/parse.js';
import { ViolationCollector } from './collector.js';
import type { PathSegment } from './field-path.js';
import { ADDON_ENTRY_FIELDS, INSTANCE_FIELDS } from '../request/fields.js';
import { asArray, asObject, readText } from './read.js';
import type { UsageKeyGuard } from './usage-keys.js';
import { checkUsageKeys } from './usage-keys.js';

// NOTE: whole JSON numbers below the bound are the common case and need no other check.
const SMALL_WHOLE = 1e15;

const NONE: ResolvedUsage = { kind: 'none' };
const NO_ADDONS: { code: string; usage: ResolvedUsage }[] = [];
/** The path given when resolving a validated request, which reports nothing. */
const NO_PATH: readonly PathSegment[] = [];

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
 * A usage number of a validated request: a JSON number as sent (the calculator reads it), else
 * its decimal; see `Reading`.
 */
function readingOf(value: unknown, v: ViolationCollector): Reading | undefined {
  return typeof value === 'number' && value >= 0 && value < SMALL_WHOLE ? value : usageNumber(value, [], null, v);
}

/**
 * Reads a usage value (number, array, or map of either); negative usage is a violation.
 * @example resolveUsage({ cpu: [1, 2] }, path, v).kind // 'map'
 */
export function resolveUsage(value: unknown, path: readonly PathSegment[], v: ViolationCollector, validated = false, plain = false): ResolvedUsage {
  if (value === undefined || value === null) return NONE;
  if (Array.isArray(value)) return { kind: 'series', values: usageSeries(value, path, v) };
  const map = asObject(value);
  if (map === undefined) {
    const parsed = validated ? readingOf(value, v) : usageNumber(value, path, null, v);
    return parsed === undefined ? NONE : { kind: 'number', value: parsed };
  }
  if (!validated) {
    for (const metric of Object.keys(map)) {
      const entry = map[metric];
      if (Array.isArray(entry)) usageSeries(entry, [...path, metric], v);
      else usageNumber(entry, path, metric, v);
    }
  }
  return new ValidatedMap(map, v, plain);
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
    private readonly plain: boolean,
  ) {}

  get(name: string): MetricValue | undefined {
    // NOTE: own enumerable keys only, as Object.keys lists them ("__proto__" included when own);
    // a plain map (see `plainUsage`) has no other own key, so owning the key is enough.
    if (!(this.plain ? Object.hasOwn(this.map, name) : Object.prototype.propertyIsEnumerable.call(this.map, name))) return undefined;
    const entry = this.map[name];
    return Array.isArray(entry) ? usageSeries(entry, [], this.v) : readingOf(entry, this.v);
  }
}

/**
 * A measurement (`quantity`, `hoursUsed`): a fact, so 0 is zero and only omitted or `null`
 * is unset (undefined, as when invalid; reported).
 */
function measurement(value: unknown, index: number, field: string, v: ViolationCollector, validated: boolean): Decimal | undefined {
  return value == null ? undefined : usageNumber(value, validated ? NO_PATH : ['instances', index], field, v);
}

/**
 * Validates one instance and applies its defaults (quantity 1, full-cycle hours).
 * @example resolveInstance({ region: 'eu' }, 0, new Set(), v).label // 'instance-1 (eu)'
 */
export function resolveInstance(item: unknown, index: number, addonCodes: ReadonlySet<string>, v: ViolationCollector, validated = false, plain = false): ResolvedInstance {
  const raw = asObject(item) ?? {};
  const region = readText(raw.region);
  const rawAddons = asArray(raw.addons);
  const addons: { code: string; usage: ResolvedUsage }[] = rawAddons.length === 0 ? NO_ADDONS : [];
  for (let k = 0; k < rawAddons.length; k += 1) {
    const rawEntry = asObject(rawAddons[k]) ?? {};
    const code = typeof rawEntry.code === 'string' ? rawEntry.code : '';
    if (!validated && typeof rawEntry.code === 'string' && !addonCodes.has(code)) {
      v.add(['instances', index, 'addons', k, 'code'], MESSAGES.unknownAddonCode(code));
    }
    const usage = rawEntry.usage == null ? NONE : resolveUsage(rawEntry.usage, validated ? NO_PATH : ['instances', index, 'addons', k, 'usage'], v, validated, plain);
    addons.push({ code, usage });
  }
  const quantity = measurement(raw.quantity, index, 'quantity', v, validated) ?? ONE;
  // NOTE: hours of a validated request are a reading (the calculator reads the number as sent).
  const hours = (validated && raw.hoursUsed != null ? readingOf(raw.hoursUsed, v) : measurement(raw.hoursUsed, index, 'hoursUsed', v, validated)) ?? null;
  return {
    label: region === undefined ? `instance-${index + 1}` : `instance-${index + 1} (${region})`,
    quantity,
    // NOTE: a JSON number prints back as itself (String/Number round-trip), so it needs no conversion.
    quantityNumber: typeof raw.quantity === 'number' && quantity !== ONE ? raw.quantity : toJsonNumber(quantity),
    hours,
    usage: raw.usage == null ? NONE : resolveUsage(raw.usage, validated ? NO_PATH : ['instances', index, 'usage'], v, validated, plain),
    addons,
  };
}

// NOTE: most instances hold only JSON numbers with few places, known add-on codes and usage
// keys the prices use; on those neither the shape check, nor resolving, nor the typo guard
// reports anything. They are recognized in one walk that makes nothing, before the shape
// check, and both checks skip them; anything else, or in doubt, is checked in full.

// NOTE: a meter's decimal readings (12.5, 0.25) are as common as whole ones; a short one (see shortPlaces) is valid as it is.
const isReading = (value: unknown): boolean =>
  typeof value === 'number' && value >= 0 && value < SMALL_WHOLE && (Number.isInteger(value) || shortPlaces(value) > 0);

/** Unset, a reading or a series of them (no hole). */
function plainNumbers(value: unknown): boolean {
  if (value == null || isReading(value)) return true;
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i += 1) if (!isReading(value[i])) return false;
  return true;
}

/**
 * A usage value of readings only (a number, a series, or a map of either): a map of plain
 * data, own enumerable keys only (no symbol), each key one a price uses (else the typo guard
 * may speak when `metered` is not empty).
 */
function plainUsage(value: unknown, metered: readonly string[] | undefined, used: ReadonlySet<string>): boolean {
  if (plainNumbers(value)) return true;
  const map = asObject(value);
  if (map === undefined || Object.getPrototypeOf(map) !== Object.prototype || map.constructor !== Object) return false;
  const guarded = metered !== undefined && metered.length > 0;
  let count = 0;
  for (const metric in map) {
    count += 1;
    if (!Object.hasOwn(map, metric) || metric === '__proto__' || !plainNumbers(map[metric]) || (guarded && !used.has(metric))) return false;
  }
  // NOTE: no other own key: no key hidden from Object.keys, no symbol.
  return Object.getOwnPropertyNames(map).length === count && Object.getOwnPropertySymbols(map).length === 0;
}

/** An object whose every key `for...in` yields is a field of the table (what the shape check asks). */
function knownFieldsOnly(value: unknown, fields: object): Record<string, unknown> | undefined {
  const raw = asObject(value);
  if (raw !== undefined) for (const key in raw) if (!Object.hasOwn(fields, key)) return undefined;
  return raw;
}

/** Whether the shape check, `resolveInstance` and the typo guard would all report nothing on an instance. */
function plainInstance(item: unknown, addonCodes: ReadonlySet<string>, guard: UsageKeyGuard): boolean {
  const raw = knownFieldsOnly(item, INSTANCE_FIELDS.fields);
  // NOTE: quantity and hoursUsed are single numbers (a series is a usage value only).
  if (raw === undefined || !(raw.quantity == null || isReading(raw.quantity)) || !(raw.hoursUsed == null || isReading(raw.hoursUsed))) return false;
  if (!(raw.region == null || typeof raw.region === 'string')) return false;
  if (!plainUsage(raw.usage, guard.instance, guard.used)) return false;
  const addons = raw.addons;
  if (addons == null) return true;
  if (!Array.isArray(addons)) return false;
  for (let k = 0; k < addons.length; k += 1) {
    const entry = knownFieldsOnly(addons[k], ADDON_ENTRY_FIELDS.fields);
    const code = entry?.code;
    if (typeof code !== 'string' || !addonCodes.has(code) || !plainUsage(entry?.usage, guard.addons.get(code), guard.used)) return false;
  }
  return true;
}

/**
 * Marks the instances on which no check would report anything (1), so that the shape check
 * and `resolveInstances` skip them; `undefined` when `instances` is not an array.
 * @example plainInstances([{ quantity: 2 }, { quantity: -1 }], new Set(), guard) // Uint8Array [1, 0]
 */
export function plainInstances(value: unknown, addonCodes: ReadonlySet<string>, guard: UsageKeyGuard): Uint8Array | undefined {
  if (!Array.isArray(value)) return undefined;
  const plain = new Uint8Array(value.length);
  for (let i = 0; i < value.length; i += 1) if (plainInstance(value[i], addonCodes, guard)) plain[i] = 1;
  return plain;
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
    private readonly plain: Uint8Array | undefined,
  ) {}

  get length(): number {
    return this.sent.length;
  }

  at(index: number): ResolvedInstance | undefined {
    if (index < 0 || index >= this.sent.length) return undefined;
    return resolveInstance(this.sent[index], index, this.addonCodes, this.unused, true, this.plain?.[index] === 1);
  }
}

/**
 * Validates the instances (violations go to `v`; those marked in `plain` need no check) and returns them as a list: resolved once
 * and kept (`keep`, for a `debug` view read after the call), or resolved again as they are read.
 * @example resolveInstances([{ region: 'eu' }], new Set(), v, true).at(0)?.label // 'instance-1 (eu)'
 */
export function resolveInstances(
  value: unknown,
  addonCodes: ReadonlySet<string>,
  v: ViolationCollector,
  keep: boolean,
  guard: UsageKeyGuard,
  plain?: Uint8Array,
): InstanceList {
  const items = asArray(value);
  const instances = keep ? new Array<ResolvedInstance>(items.length) : undefined;
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index];
    if (instances !== undefined) instances[index] = resolveInstance(item, index, addonCodes, v);
    if (plain !== undefined && plain[index] === 1) continue;
    if (instances === undefined) resolveInstance(item, index, addonCodes, v);
    guardUsageKeys(item, index, guard, v);
  }
  return instances ?? new ResolvedOnRead(items, addonCodes, plain);
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
