import { closestName } from '../errors/did-you-mean.js';
import { MESSAGES } from '../errors/messages.js';
import type { ResolvedInstance, ResolvedUsage } from '../resolved/resolved-plan.js';
import { ONE } from '../money/decimal.js';
import { toJsonNumber } from '../money/parse.js';
import type { INSTANCE_FIELDS } from '../request/fields.js';
import type { Violations } from './collector.js';
import type { PathSegment } from './field-path.js';
import type { Fields, NumberText, Scalar, UsageIssue } from './read-fields.js';
import { readingOf, usageNumber } from './read-usage.js';
import { readText } from './read.js';
import type { UsageKeyGuard } from './usage-keys.js';
import { usageKeyTypos } from './usage-keys.js';

/** An instance as the walk read it (its usage values already read). */
export type InstanceFields = Fields<typeof INSTANCE_FIELDS>;

const NONE: ResolvedUsage = { kind: 'none' };
const NO_ADDONS: never[] = [];

// NOTE: this runs once per instance, so a path is built only when there is something to report.

/** The path of a usage value of instance `index`: its own usage (`addon` -1) or that of add-on entry `addon`. */
function usagePath(index: number, addon: number, key: string): PathSegment[] {
  return addon < 0 ? ['instances', index, 'usage', key] : ['instances', index, 'addons', addon, 'usage', key];
}

const reportIssues = (issues: readonly UsageIssue[] | undefined, v: Violations): void => {
  if (issues !== undefined) for (const issue of issues) v.add(issue.path, issue.message);
};

/**
 * A measurement (`quantity`, `hoursUsed`) as `read` reads it: a fact, so 0 is zero and only
 * omitted or `null` is unset (undefined, as when invalid; reported).
 */
function measurement<T>(value: Scalar<NumberText>, index: number, field: 'quantity' | 'hoursUsed', read: (value: unknown) => T | string | undefined, v: Violations): T | undefined {
  if (value === undefined) return undefined;
  const parsed = read(value);
  if (typeof parsed !== 'string') return parsed;
  v.add(['instances', index, field], parsed);
  return undefined;
}

/**
 * Checks the rules of one instance read by the walk (its add-on codes, then the bounds of its
 * measurements and usage numbers) and applies its defaults (quantity 1, full-cycle hours).
 * @example resolveInstance(walked, 0, new Set(), v).label // 'instance-1 (eu)', for the instance { region: 'eu' }
 */
export function resolveInstance(raw: InstanceFields | undefined, index: number, addonCodes: ReadonlySet<string>, v: Violations): ResolvedInstance {
  const region = readText(raw?.region);
  const entries = raw?.addons ?? NO_ADDONS;
  const addons: { code: string; usage: ResolvedUsage }[] = entries.length === 0 ? NO_ADDONS : [];
  for (let k = 0; k < entries.length; k += 1) {
    const entry = entries[k];
    const code = typeof entry?.code === 'string' ? entry.code : '';
    if (typeof entry?.code === 'string' && !addonCodes.has(code)) {
      const known = [...addonCodes];
      v.add(['instances', index, 'addons', k, 'code'], MESSAGES.unknownAddonCode(code, known, closestName(code, known)));
    }
    reportIssues(entry?.usageIssues, v);
    addons.push({ code, usage: entry?.usage ?? NONE });
  }
  const quantity = measurement(raw?.quantity, index, 'quantity', usageNumber, v) ?? ONE;
  const hours = measurement(raw?.hoursUsed, index, 'hoursUsed', readingOf, v) ?? null;
  reportIssues(raw?.usageIssues, v);
  return {
    label: region === undefined ? `instance-${index + 1}` : `instance-${index + 1} (${region})`,
    quantity,
    // NOTE: a JSON number prints back as itself (String/Number round-trip), so it needs no conversion.
    quantityNumber: typeof raw?.quantity === 'number' && quantity !== ONE ? raw.quantity : toJsonNumber(quantity),
    hours,
    usage: raw?.usage ?? NONE,
    addons,
  };
}

/**
 * The typo guard on an instance's usage map and on each of its add-on entries' maps.
 * @example guardUsageKeys(instance, 0, guard, v) // usage { transfer: 1 } against a price metering "Transfer": one violation
 */
export function guardUsageKeys(raw: InstanceFields | undefined, index: number, guard: UsageKeyGuard, v: Violations): void {
  if (raw === undefined) return;
  for (const [key, message] of usageKeyTypos(raw.usage, guard.instance, guard.used)) v.add(usagePath(index, -1, key), message);
  const entries = raw.addons ?? NO_ADDONS;
  for (let k = 0; k < entries.length; k += 1) {
    const entry = entries[k];
    if (entry !== undefined && typeof entry.code === 'string') {
      for (const [key, message] of usageKeyTypos(entry.usage, guard.addons.get(entry.code), guard.used)) v.add(usagePath(index, k, key), message);
    }
  }
}
