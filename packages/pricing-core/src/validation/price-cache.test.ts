import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { calculatePlanJson, PricingValidationError } from '../index.js';
import type { CalculateOptions } from '../index.js';
import { planArb } from '../testing/arbitraries.js';
import { mutatedPlanArb } from '../../test/support/mutations.js';
import { createPriceCache, DEFAULT_PRICE_CACHE, priceListKey } from './price-cache.js';
import type { PriceListCache } from './price-cache.js';
import type { PriceCache, PriceCacheSettings } from '../limits.js';

const RUNS = Number(process.env.PRICING_PROPERTY_RUNS ?? 150);

/** The cache the tests price with (a new one before each test, as a caller would own one). */
let cache: PriceCache = createPriceCache();
const configurePriceCache = (settings?: Partial<PriceCacheSettings>): void => {
  cache = createPriceCache(settings);
};
const priceCacheSize = (): number => cache.size;
const cachedPlan = (request: unknown) => calculatePlanJson(request, { priceCache: cache });
/** The key of a list priced with no capHours (the default cycle of 730 hours). */
const keyOf730 = (prices: unknown, max = DEFAULT_PRICE_CACHE.maxKeyChars) => priceListKey({ prices, cycleHours: '730' }, max);

/** The whole outcome as text: the result with its FULL debug, or the violations (priced with the cache unless told otherwise). */
function outcome(request: unknown, options: CalculateOptions = { priceCache: cache }): string {
  try {
    return JSON.stringify(calculatePlanJson(request, { view: 'FULL', ...options }));
  } catch (error) {
    if (!(error instanceof PricingValidationError)) throw error;
    return JSON.stringify({ violations: error.violations, total: error.total });
  }
}

const uncached = (request: unknown) => outcome(request, {});

const PRICES = [
  { pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '0.0125', billingPeriod: 'BILLING_PERIOD_HOURLY' },
  { pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '12', prorate: true },
];
const INSTANCES = [{ quantity: 2, hoursUsed: 300 }];

beforeEach(() => configurePriceCache());

describe('the resolved-prices cache', () => {
  it('law: a request prices the same whether its price list was cached before or not (results and violations)', () => {
    fc.assert(
      fc.property(planArb(), mutatedPlanArb, (valid, other) => {
        configurePriceCache();
        const first = outcome(valid);
        // The second time the valid list is a hit; the mutated request, with the valid list's prices or
        // its own, may hit or miss: each must give what the uncached path gives.
        expect(outcome(valid)).toBe(first);
        expect(first).toBe(uncached(valid));
        const mixed = { ...(other as object), planConfig: (valid as { planConfig: unknown }).planConfig };
        expect(outcome(mixed)).toBe(uncached(mixed));
        expect(outcome(other)).toBe(uncached(other));
      }),
      { numRuns: RUNS },
    );
  });

  it('law: a hit shares nothing mutable: other capHours, overage rates and instances after a hit price as uncached', () => {
    fc.assert(
      fc.property(planArb(), fc.integer({ min: 1, max: 1000 }), fc.constantFrom('0', '0.5', '2'), (plan, capHours, rate) => {
        configurePriceCache();
        outcome(plan);
        const metric = (plan.planConfig?.prices ?? []).find((p) => p.productType === 'PRODUCT_TYPE_USAGE')?.metricName ?? undefined;
        const calcConfig = { ...plan.calcConfig, capHours, ...(metric === undefined ? {} : { overageRates: { [metric]: rate } }) };
        const variants = [{ ...plan, calcConfig }, { ...plan, instances: (plan.instances ?? []).slice(1) }, plan];
        for (const variant of variants) expect(outcome(variant)).toBe(uncached(variant));
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps a list only when the whole request is valid, once, and uses it for the next request', () => {
    configurePriceCache();
    const request = { planConfig: { prices: PRICES }, instances: INSTANCES };
    expect(() => cachedPlan({ planConfig: { prices: [{ ...PRICES[0], unitAmount: '-1' }] }, instances: INSTANCES })).toThrow(PricingValidationError);
    expect(() => cachedPlan({ ...request, instances: [{ quantity: -1 }] })).toThrow(PricingValidationError);
    expect(priceCacheSize()).toBe(0);
    const total = cachedPlan(request).total;
    expect(priceCacheSize()).toBe(1);
    expect(cachedPlan(structuredClone(request)).total).toBe(total);
    expect(priceCacheSize()).toBe(1);
    expect(calculatePlanJson(request).total).toBe(total);
    expect(priceCacheSize()).toBe(1);
  });

  it('the list is compared with a copy: changing the caller\'s objects after a call is seen by the next call', () => {
    configurePriceCache();
    const prices = structuredClone(PRICES);
    const request = { planConfig: { prices }, instances: INSTANCES };
    const before = outcome(request);
    (prices[0] as { unitAmount: string }).unitAmount = '0.5';
    expect(outcome(request)).toBe(uncached(request));
    expect(outcome(request)).not.toBe(before);
    delete (prices[1] as { prorate?: boolean }).prorate;
    expect(outcome(request)).toBe(uncached(request));
  });

  it('the cached list given again elsewhere in the request (as its instances) is checked there', () => {
    configurePriceCache();
    const prices = structuredClone(PRICES);
    outcome({ planConfig: { prices }, instances: INSTANCES });
    const aliased = { planConfig: { prices }, instances: prices };
    expect(outcome(aliased)).toBe(uncached(aliased));
    expect(outcome(aliased)).toMatch(/violations/);
  });

  it('a list with its fields in another order is the same list (same result)', () => {
    configurePriceCache();
    const request = { planConfig: { prices: PRICES }, instances: INSTANCES };
    const reordered = { planConfig: { prices: PRICES.map((p) => Object.fromEntries(Object.entries(p).reverse())) }, instances: INSTANCES };
    expect(outcome(request)).toBe(uncached(reordered));
    expect(outcome(reordered)).toBe(uncached(reordered));
  });

  describe('data that JSON.stringify writes like a cached list, but that is not the same list, never shares its entry', () => {
    const base = [{ ...PRICES[0], minimumCharge: null }, PRICES[1]];
    const withFirst = (first: object) => [first, PRICES[1]];
    const cases: [string, () => unknown[]][] = [
      ['an unknown field holding undefined', () => withFirst({ ...base[0], unitAmmount: undefined })],
      ['NaN where the list has null', () => withFirst({ ...base[0], minimumCharge: Number.NaN })],
      ['Infinity where the list has null', () => withFirst({ ...base[0], minimumCharge: Number.POSITIVE_INFINITY })],
      ['a non-enumerable field', () => withFirst(Object.defineProperty({ ...base[0] }, 'maximumCharge', { value: '0.01', enumerable: false }))],
      ['an inherited field', () => withFirst(Object.assign(Object.create({ maximumCharge: '0.01' }) as object, base[0]))],
      ['a toJSON method', () => withFirst({ ...base[0], unitAmount: '5', toJSON: () => base[0] })],
    ];
    for (const [name, make] of cases) {
      it(name, () => {
        configurePriceCache();
        const cachedRequest = { planConfig: { prices: base }, instances: INSTANCES };
        const request = { planConfig: { prices: make() }, instances: INSTANCES };
        // The fault a key from JSON.stringify alone would have: the same key, for a list the checks see differently.
        expect(JSON.stringify(request)).toBe(JSON.stringify(cachedRequest));
        expect(uncached(request)).not.toBe(uncached(cachedRequest));
        outcome(cachedRequest);
        expect(priceCacheSize()).toBe(1);
        expect(outcome(request)).toBe(uncached(request));
        expect(keyOf730(make())).toBeUndefined();
      });
    }
  });

  it('bounds: at most maxEntries lists (least recently used forgotten first), none longer than maxKeyChars, 0 turns it off', () => {
    const lists = ['1', '2', '3'].map((unitAmount) => [{ pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount }]);
    const price = (prices: unknown[]) => cachedPlan({ planConfig: { prices }, instances: INSTANCES });
    const keyOf = (prices: unknown[]) => keyOf730(prices) as string;
    configurePriceCache({ maxEntries: 2 });
    price(lists[0]!);
    price(lists[1]!);
    price(lists[0]!);
    price(lists[2]!);
    expect(priceCacheSize()).toBe(2);
    // The second list was the least recently used: pricing it again adds it back and forgets the first.
    price(lists[1]!);
    expect(priceCacheSize()).toBe(2);
    configurePriceCache({ maxKeyChars: keyOf(lists[0]!).length - 1 });
    price(lists[0]!);
    expect(priceCacheSize()).toBe(0);
    expect(keyOf730(lists[0], keyOf(lists[0]!).length - 1)).toBeUndefined();
    configurePriceCache({ maxEntries: 0 });
    price(lists[0]!);
    expect(priceCacheSize()).toBe(0);
    expect(() => configurePriceCache({ maxEntries: -1 })).toThrow(RangeError);
    expect(() => configurePriceCache({ maxKeyChars: 1.5 })).toThrow(RangeError);
    expect(DEFAULT_PRICE_CACHE).toEqual({ maxEntries: 256, maxKeyChars: 65_536 });
  });

  it('the key is made from the whole resolution input: keys differ by cycle hours; JSON.parse output always has a key', () => {
    const parsed = JSON.parse(JSON.stringify(PRICES)) as unknown[];
    const keys = new Set([keyOf730(parsed), priceListKey({ prices: parsed, cycleHours: '672' }, 65_536)]);
    expect(keys.size).toBe(2);
    expect([...keys].every((key) => typeof key === 'string')).toBe(true);
    // A field added to the input is in the key without a change to the key (the fault of a hand-listed key).
    const widened = { prices: parsed, cycleHours: '730', newField: 1 } as Parameters<typeof priceListKey>[0];
    expect(priceListKey(widened, 65_536)).not.toBe(keyOf730(parsed));
    expect((cache as PriceListCache).find({ prices: { 0: PRICES[0], length: 1 }, cycleHours: '730' }).key).toBeUndefined();
    expect(keyOf730([PRICES[0], , PRICES[1]])).toBeUndefined();
    expect(keyOf730([{ ...PRICES[0], freeUnits: -0 }])).toBeUndefined();
  });

  it('the cache is the caller\'s: two caches share nothing, and a call without one keeps nothing', () => {
    const other = createPriceCache();
    const request = { planConfig: { prices: PRICES }, instances: INSTANCES };
    calculatePlanJson(request);
    expect([cache.size, other.size]).toEqual([0, 0]);
    calculatePlanJson(request, { priceCache: other });
    expect([cache.size, other.size]).toEqual([0, 1]);
    expect(() => calculatePlanJson(request, { priceCache: { size: 0, settings: DEFAULT_PRICE_CACHE } })).toThrow(RangeError);
  });

  it('a list nested 100,000 deep is refused as a key and reported by the checks, without a stack overflow', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    const prices = [{ ...PRICES[0], tiers: deep }];
    expect(keyOf730(prices)).toBeUndefined();
    expect(() => cachedPlan({ planConfig: { prices }, instances: INSTANCES })).toThrow(PricingValidationError);
  });
});
