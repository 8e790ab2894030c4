import { MESSAGES } from '../errors/messages.js';
import { editDistance, MAX_SUGGESTION_EDITS } from '../errors/did-you-mean.js';
import type { ResolvedUsage } from '../resolved/resolved-plan.js';
import type { PriceFields } from './resolve-price.js';
import { readText } from './read.js';

// NOTE: usage maps keep free keys (a client may send metrics no price meters yet), but a typo
// in a key must never price as zero: `usage: { transfer: 1000 }` against a price metering
// "Transfer" would bill nothing. So a key that no price uses is refused when a metric metered
// from that map is missing from it and the key is that metric ignoring case or within two
// edits of it. Other unused keys are allowed and ignored.

/** What the typo guard compares a usage map with, read once from the price list. */
export interface UsageKeyGuard {
  /** Every metric some price uses: as its `metricName`, or as `usage.<key>` in a formula. */
  readonly used: ReadonlySet<string>;
  /** Metrics metered from an instance's own map: those of metered BASE and USAGE prices. */
  readonly instance: readonly string[];
  /** Per add-on code, the metrics metered from its entries' maps: those of its metered ADDON prices. */
  readonly addons: ReadonlyMap<string, readonly string[]>;
  /** The code of every ADDON price. */
  readonly codes: ReadonlySet<string>;
}

// NOTE: the formula tokenizer's name rule; `usage.<key>` is one name.
const NAME = /[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*/g;

/**
 * Reads the guard from the prices as the walk read them (so it holds when a price has other errors).
 * @example usageKeyGuard([{ metricName: 'cpu', pricingModel: 'PRICING_MODEL_PER_UNIT' }]).instance // ['cpu']
 */
export function usageKeyGuard(prices: readonly (PriceFields | undefined)[]): UsageKeyGuard {
  const used = new Set<string>();
  const instance: string[] = [];
  const addons = new Map<string, string[]>();
  const codes = new Set<string>();
  for (const raw of prices) {
    if (raw === undefined) continue;
    const addonCode = raw.productType === 'PRODUCT_TYPE_ADDON' ? readText(raw.addonCode) : undefined;
    if (addonCode !== undefined) codes.add(addonCode);
    const formula = readText(raw.pricingFormula);
    for (const [name] of formula === undefined ? [] : formula.matchAll(NAME)) if (name.startsWith('usage.')) used.add(name.slice(6));
    const metric = readText(raw.metricName);
    if (metric === undefined) continue;
    used.add(metric);
    if (addonCode === undefined) instance.push(metric);
    else addons.set(addonCode, [...(addons.get(addonCode) ?? []), metric]);
  }
  return { used, instance, addons, codes };
}

const NO_TYPOS: readonly (readonly [string, string])[] = [];

/**
 * The keys of a usage map that no price uses and that look like a metered metric missing from
 * the map (equal ignoring case, or within two edits), each with its message; the caller
 * reports them at `<path of the map>.<key>`.
 * @example usageKeyTypos(usage, ['Transfer'], guard.used) // [['transfer', 'Usage key "transfer" is used by no price; ...']] for usage { transfer: 1 }
 */
export function usageKeyTypos(usage: ResolvedUsage, metered: readonly string[] | undefined, used: ReadonlySet<string>): readonly (readonly [string, string])[] {
  if (metered === undefined || metered.length === 0 || usage.kind !== 'map') return NO_TYPOS;
  const map = usage.metrics;
  let missing: readonly string[] | undefined;
  let typos: (readonly [string, string])[] | undefined;
  for (const key of map.keys()) {
    if (used.has(key)) continue;
    missing ??= metered.filter((metric) => !map.has(metric));
    let best: string | undefined;
    let bestDistance = MAX_SUGGESTION_EDITS + 1;
    for (const metric of missing) {
      const distance = key.toLowerCase() === metric.toLowerCase() ? 0 : editDistance(key, metric);
      if (distance < bestDistance) [best, bestDistance] = [metric, distance];
    }
    if (best !== undefined) (typos ??= []).push([key, MESSAGES.usageKeyTypo(key, best)]);
  }
  return typos ?? NO_TYPOS;
}
