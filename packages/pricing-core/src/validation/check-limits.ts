import { MESSAGES } from '../errors/messages.js';
import type { ResolvedOptions } from '../limits.js';
import type { ViolationCollector } from './collector.js';

// NOTE: these checks read array lengths only (O(1) each, O(prices + instances) in all), so
// they run before the walk or anything else: a request over a limit costs nothing more.

/** What the limits read of a price list: how many prices, and their weights in the FULL view. */
export interface PriceListSize {
  readonly count: number;
  readonly weight: Readonly<Weights>;
}

/**
 * Checks the request's sizes against the limits (and, for the FULL view, the size of that
 * view); returns the size of its price list, or undefined when a limit is exceeded. Each
 * violation carries the limit's name. With `list` (a price list parsed before, within its
 * limits), the request has no prices of its own and the list's size stands in for them.
 * @example checkLimits({ instances: new Array(10_001).fill({}) }, resolveOptions(), v) // undefined
 */
export function checkLimits(request: unknown, options: ResolvedOptions, v: ViolationCollector, list?: PriceListSize): PriceListSize | undefined {
  const { limits } = options;
  const before = v.total;
  const root = asObject(request) ?? {};
  const prices = asArray(asObject(root.planConfig)?.prices);
  const priceCount = list?.count ?? prices.length;
  const instances = asArray(root.instances);
  if (instances.length > limits.maxInstances) {
    v.add(['instances'], MESSAGES.tooMany(instances.length, limits.maxInstances, 'maxInstances'), 'maxInstances');
  }
  if (prices.length > limits.maxPrices) {
    v.add(['planConfig', 'prices'], MESSAGES.tooMany(prices.length, limits.maxPrices, 'maxPrices'), 'maxPrices');
  }
  if (v.total === before && instances.length * priceCount > limits.maxInstancePrices) {
    const product = instances.length * priceCount;
    v.add(['instances'], MESSAGES.tooManyInstancePrices(instances.length, priceCount, product, limits.maxInstancePrices), 'maxInstancePrices');
  }
  if (v.total !== before) return undefined;
  const weight: Weights = { BASE: 0, ADDON: 0, USAGE: 0 };
  for (let i = 0; i < prices.length; i += 1) {
    const price = asObject(prices[i]);
    const tiers = price?.tiers;
    const count = Array.isArray(tiers) ? tiers.length : 0;
    if (count > limits.maxTiersPerPrice) {
      v.add(['planConfig', 'prices', i, 'tiers'], MESSAGES.tooMany(count, limits.maxTiersPerPrice, 'maxTiersPerPrice'), 'maxTiersPerPrice');
    }
    const type = price?.productType === 'PRODUCT_TYPE_ADDON' ? 'ADDON' : price?.productType === 'PRODUCT_TYPE_USAGE' ? 'USAGE' : 'BASE';
    weight[type] += Math.max(1, count);
  }
  let addonEntries = 0;
  for (let i = 0; i < instances.length; i += 1) {
    const addons = asObject(instances[i])?.addons;
    const count = Array.isArray(addons) ? addons.length : 0;
    if (count > limits.maxAddonsPerInstance) {
      v.add(['instances', i, 'addons'], MESSAGES.tooMany(count, limits.maxAddonsPerInstance, 'maxAddonsPerInstance'), 'maxAddonsPerInstance');
    }
    addonEntries += count;
  }
  const size = list ?? { count: prices.length, weight };
  if (v.total === before && options.view === 'FULL') {
    const entries = fullViewEntries(instances.length, addonEntries, size.count, size.weight);
    if (entries > limits.maxFullViewEntries) {
      v.add(['view'], MESSAGES.fullViewTooLarge(entries, limits.maxFullViewEntries), 'maxFullViewEntries');
    }
  }
  return v.total === before ? size : undefined;
}

/** A plain object, or undefined. */
const asObject = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** An array, or an empty one. */
const asArray = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

/** Per product type, the entries one charge of every such price adds to the FULL view. */
export type Weights = Record<'BASE' | 'ADDON' | 'USAGE', number>;

/**
 * Entries the FULL view may hold: instances x prices, or more where that view explains more:
 * every instance each BASE price, every add-on entry each ADDON price, the pool each USAGE
 * price, a TIERED price once per tier.
 * @example fullViewEntries(10, 0, 3, { BASE: 3, ADDON: 0, USAGE: 0 }) // 30
 */
export function fullViewEntries(instances: number, addonEntries: number, prices: number, weight: Readonly<Weights>): number {
  return Math.max(instances * prices, instances * weight.BASE + addonEntries * weight.ADDON + weight.USAGE);
}
