import { MESSAGES } from '../errors/messages.js';
import type { ResolvedInstance, ResolvedUsage } from '../engine/resolved.js';
import type { Decimal } from '../money/big.js';
import { D1 } from '../money/big.js';
import { parseNumeric } from '../money/parse.js';
import type { ViolationCollector } from './collector.js';
import type { PathSegment } from './field-path.js';
import { asArray, asObject, readNumber, readText } from './read.js';

const NONE: ResolvedUsage = { kind: 'none' };

/** A usage number: finite, not negative; `undefined` when invalid (reported). */
function usageNumber(value: unknown, path: readonly PathSegment[], v: ViolationCollector): Decimal | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const parsed = parseNumeric(value);
  if (parsed === undefined) v.add(path, MESSAGES.number);
  else if (parsed.s < 0 && parsed.c[0] !== 0) v.add(path, MESSAGES.notNegative);
  else return parsed.abs();
  return undefined;
}

function usageSeries(value: readonly unknown[], path: readonly PathSegment[], v: ViolationCollector): Decimal[] {
  const values: Decimal[] = [];
  value.forEach((item, i) => {
    const parsed = usageNumber(item, [...path, i], v);
    if (parsed !== undefined) values.push(parsed);
  });
  return values;
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
    const parsed = usageNumber(value, path, v);
    return parsed === undefined ? NONE : { kind: 'number', value: parsed };
  }
  const entries = new Map<string, Decimal | readonly Decimal[]>();
  for (const [metric, entry] of Object.entries(map)) {
    if (Array.isArray(entry)) entries.set(metric, usageSeries(entry, [...path, metric], v));
    else {
      const parsed = usageNumber(entry, [...path, metric], v);
      if (parsed !== undefined) entries.set(metric, parsed);
    }
  }
  return { kind: 'map', entries };
}

/**
 * Validates the instances and applies their defaults (quantity 1, full-cycle hours).
 * @example resolveInstances([{ region: 'eu' }], new Set(), v)[0]?.label // 'instance-1 (eu)'
 */
export function resolveInstances(
  value: unknown,
  addonCodes: ReadonlySet<string>,
  v: ViolationCollector,
): ResolvedInstance[] {
  return asArray(value).map((item, index) => {
    const raw = asObject(item) ?? {};
    const path: PathSegment[] = ['instances', index];
    const region = readText(raw.region);
    const addons = asArray(raw.addons).map((entry, k) => {
      const rawEntry = asObject(entry) ?? {};
      const code = typeof rawEntry.code === 'string' ? rawEntry.code : '';
      if (typeof rawEntry.code === 'string' && !addonCodes.has(code)) {
        v.add([...path, 'addons', k, 'code'], MESSAGES.unknownAddonCode(code));
      }
      return { code, usage: resolveUsage(rawEntry.usage, [...path, 'addons', k, 'usage'], v) };
    });
    return {
      label: region === undefined ? `instance-${index + 1}` : `instance-${index + 1} (${region})`,
      quantity: readNumber(raw.quantity, [...path, 'quantity'], v, 'nonNegative') ?? D1,
      hours: readNumber(raw.hoursUsed, [...path, 'hoursUsed'], v, 'nonNegative') ?? null,
      usage: resolveUsage(raw.usage, [...path, 'usage'], v),
      addons,
    };
  });
}
