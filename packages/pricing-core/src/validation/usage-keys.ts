import { MESSAGES } from '../errors/messages.js';
import { editDistance, MAX_SUGGESTION_EDITS } from '../errors/did-you-mean.js';
import { asArray, asObject, readText } from './read.js';

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
 * Reads the guard from the prices as sent (so it holds when a price has other errors).
 * @example usageKeyGuard([{ metricName: 'cpu', pricingModel: 'PRICING_MODEL_PER_UNIT' }]).instance // ['cpu']
 */
export function usageKeyGuard(prices: unknown): UsageKeyGuard {
  const used = new Set<string>();
  const instance: string[] = [];
  const addons = new Map<string, string[]>();
  const codes = new Set<string>();
  for (const item of asArray(prices)) {
    const raw = asObject(item) ?? {};
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
 * @example usageKeyTypos({ transfer: 1 }, ['Transfer'], guard.used) // [['transfer', 'Unknown metric ...']]
 */
export function usageKeyTypos(usage: unknown, metered: readonly string[] | undefined, used: ReadonlySet<string>): readonly (readonly [string, string])[] {
  const map = metered === undefined || metered.length === 0 ? undefined : asObject(usage);
  if (map === undefined) return NO_TYPOS;
  let missing: readonly string[] | undefined;
  let typos: (readonly [string, string])[] | undefined;
  // NOTE: for...in with Object.hasOwn yields the keys of Object.keys, in its order, without making the list.
  for (const key in map) {
    if (!Object.hasOwn(map, key) || used.has(key)) continue;
    missing ??= (metered as readonly string[]).filter((metric) => !Object.hasOwn(map, metric));
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
