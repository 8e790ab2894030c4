import type { ResolvedPlan, ResolvedPrice } from '../resolved/resolved-plan.js';
import type { UsageKeyGuard } from './usage-keys.js';
import type { PriceCache, PriceCacheSettings } from '../limits.js';

// NOTE: prices repeat. A service prices the same catalogue plan for request after request, and
// for a small plan, checking and resolving its prices (reading every amount, sorting tiers,
// working out period factors) costs more than pricing its instances. A valid `planConfig.prices`
// is therefore resolved once and kept, keyed by its exact content: the next request whose prices
// are the same data skips their field check and their resolution and gets the same resolved
// prices (immutable, shared), so the same result byte for byte (a property test holds this).
//
// The key must be faithful: two lists get the same key only when the checks and the
// resolution cannot tell them apart. `JSON.stringify` alone is not (it drops `undefined`, writes
// NaN and Infinity as null, -0 as 0, calls `toJSON`, ignores non-enumerable and inherited
// fields), so the data is checked first by hand, and anything that is not plain JSON data (a
// class instance, a non-enumerable or inherited field, a hole, -0, a non-finite number, a
// function) makes the request skip the cache, never share an entry. What `JSON.parse` returns
// always passes.

/** The defaults: 256 price lists of up to 64 Ki characters each (at most 16 Mi characters of keys). */
export const DEFAULT_PRICE_CACHE: Readonly<PriceCacheSettings> = Object.freeze({ maxEntries: 256, maxKeyChars: 65_536 });

/** A valid price list, resolved: what the request-independent part of the analysis found. */
export interface CachedPrices {
  /** Every price in input order, before `calcConfig.overageRates` is applied. */
  readonly prices: readonly ResolvedPrice[];
  /** The same prices by product type (ADDON prices by code). */
  readonly split: Pick<ResolvedPlan, 'basePrices' | 'addonPrices' | 'usagePrices'>;
  /** USAGE metrics and the index of their price. */
  readonly usageMetrics: ReadonlyMap<string, number>;
  /** What the guard against a typo in a usage key compares usage maps with (and the ADDON codes, `guard.codes`). */
  readonly guard: UsageKeyGuard;
}

/** Everything the resolution of a price list reads. The key is made from all of it, so a field added here is part of the key. */
export interface PriceListInput {
  /** `planConfig.prices` as sent. */
  readonly prices: unknown;
  /** The cycle's hours, as text (DAILY and WEEKLY period factors depend on them). */
  readonly cycleHours: string;
}

/** What a lookup found: the key (undefined when the input cannot be cached) and the entry, if any. */
export interface PriceLookup {
  readonly key: string | undefined;
  readonly hit: CachedPrices | undefined;
}

const NO_KEY: PriceLookup = { key: undefined, hit: undefined };

// NOTE: the public type is `PriceCache` (limits.ts); what the cache holds (resolved prices) is the
// engine's own and stays out of the package's declarations.
/** The cache behind `PriceCache`. */
export class PriceListCache implements PriceCache {
  /** Its bounds. */
  readonly settings: Readonly<PriceCacheSettings>;
  private readonly entries = new Map<string, CachedPrices>();
  /** The most recently used entry with a plain copy of its input: the common case (one plan priced again and again) is one comparison walk, no key. */
  private recent: { readonly input: unknown; readonly key: string; readonly value: CachedPrices } | undefined;

  /** @internal use `createPriceCache`. */
  constructor(settings: Readonly<PriceCacheSettings>) {
    this.settings = settings;
  }

  /** The number of price lists kept now. */
  get size(): number {
    return this.entries.size;
  }

  /** Looks up the resolution of a price list. */
  find(input: PriceListInput): PriceLookup {
    if (this.settings.maxEntries === 0 || !Array.isArray(input.prices)) return NO_KEY;
    const last = this.recent;
    if (last !== undefined && sameData(input, last.input, 0)) return { key: last.key, hit: last.value };
    const key = priceListKey(input, this.settings.maxKeyChars);
    if (key === undefined) return NO_KEY;
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      this.remember(key, hit, input);
    }
    return { key, hit };
  }

  /** Keeps a valid price list's resolution under the lookup's key, forgetting the least recently used past the bound. */
  keep(lookup: PriceLookup, value: CachedPrices, input: PriceListInput): void {
    const key = lookup.key;
    if (this.settings.maxEntries === 0 || key === undefined) return;
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.settings.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.remember(key, value, input);
  }

  private remember(key: string, value: CachedPrices, input: PriceListInput): void {
    // NOTE: a plain copy (the data was found plain, so JSON round-trips it exactly), not the caller's objects, which may change later.
    this.recent = { input: JSON.parse(key) as unknown, key, value };
  }
}

/**
 * A cache of resolved price lists, within the given bounds (unset ones keep their defaults).
 * @example createPriceCache({ maxEntries: 0 }).size // 0 (off)
 */
export function createPriceCache(settings: Partial<PriceCacheSettings> = {}): PriceCache {
  const merged = { ...DEFAULT_PRICE_CACHE, ...settings };
  for (const [name, value] of Object.entries(merged)) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number >= 0, got ${String(value)}`);
  }
  return new PriceListCache(Object.freeze(merged));
}

/**
 * Whether `value` is plain JSON data (see `isPlainData`) equal to `copy`, a plain copy made by JSON.
 * Field order is not compared: the checks and the resolution of a valid list read fields by name.
 */
function sameData(value: unknown, copy: unknown, depth: number): boolean {
  if (value === undefined || copy === undefined) return value === copy;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value === copy;
    case 'number':
      return value === copy && !Object.is(value, -0);
    case 'object': {
      if (value === null || copy === null) return value === copy;
      if (depth >= MAX_DEPTH || typeof copy !== 'object') return false;
      if (Array.isArray(value)) {
        if (!Array.isArray(copy) || Object.getPrototypeOf(value) !== Array.prototype || value.length !== copy.length) return false;
        for (let i = 0; i < value.length; i += 1) if (!(i in value) || !sameData(value[i], copy[i], depth + 1)) return false;
        return true;
      }
      if (Array.isArray(copy)) return false;
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return false;
      const known = copy as Record<string, unknown>;
      let count = 0;
      for (const key in value) {
        if (!Object.prototype.hasOwnProperty.call(value, key) || !Object.prototype.hasOwnProperty.call(known, key)) return false;
        count += 1;
        // NOTE: an equal string, boolean or non-zero number (the most fields) is settled here, without a call.
        const field = (value as Record<string, unknown>)[key];
        if (field === known[key] && (typeof field === 'string' || typeof field === 'boolean' || (typeof field === 'number' && field !== 0))) continue;
        if (!sameData(field, known[key], depth + 1)) return false;
      }
      let copyCount = 0;
      for (const key in known) if (key !== undefined) copyCount += 1;
      return count === copyCount && count === Object.getOwnPropertyNames(value).length;
    }
    default:
      return false;
  }
}

/**
 * The cache key of a resolution input: its whole content as JSON, or undefined when it is
 * not plain data (see `isPlainData`) or longer than `maxKeyChars`.
 * @example priceListKey({ prices: [{ unitAmount: '1' }], cycleHours: '672' }, 1000) // '{"prices":[{"unitAmount":"1"}],"cycleHours":"672"}'
 */
export function priceListKey(input: PriceListInput, maxKeyChars: number): string | undefined {
  const budget = { left: maxKeyChars };
  if (!isPlainData(input, budget)) return undefined;
  // NOTE: on plain data (checked above) `JSON.stringify` is faithful, and far faster than writing the text here.
  const key = JSON.stringify(input);
  return key.length <= maxKeyChars ? key : undefined;
}

const MAX_DEPTH = 8;

/**
 * Whether `value` is plain JSON data that `JSON.stringify` writes faithfully: strings, finite
 * numbers other than -0, booleans, null, arrays without holes, and objects whose prototype is
 * Object.prototype or null with only enumerable fields (a non-enumerable field is read by the
 * checks but not written by `JSON.stringify`; a function value, `toJSON` included, is refused).
 * `budget.left` counts down characters, roughly; past it the answer is false.
 */
function isPlainData(value: unknown, budget: { left: number }, depth = 0): boolean {
  switch (typeof value) {
    case 'string':
      return (budget.left -= value.length + 2) >= 0;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0) && (budget.left -= 8) >= 0;
    case 'boolean':
      return (budget.left -= 5) >= 0;
    case 'object': {
      if (value === null) return (budget.left -= 4) >= 0;
      // NOTE: a valid price list is 4 levels deep (list, price, tiers, tier); deeper data is never
      // valid and is left to the checks, which report it without recursion this deep.
      if (depth >= MAX_DEPTH) return false;
      if (Array.isArray(value)) {
        if (Object.getPrototypeOf(value) !== Array.prototype) return false;
        for (let i = 0; i < value.length; i += 1) if (!(i in value) || !isPlainData(value[i], budget, depth + 1)) return false;
        return (budget.left -= 2) >= 0;
      }
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return false;
      let count = 0;
      for (const key in value) {
        if (!Object.prototype.hasOwnProperty.call(value, key)) return false;
        count += 1;
        budget.left -= key.length + 3;
        if (!isPlainData((value as Record<string, unknown>)[key], budget, depth + 1)) return false;
      }
      return count === Object.getOwnPropertyNames(value).length && budget.left >= 0;
    }
    default:
      return false;
  }
}
