import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculatePlanJson, PricingValidationError } from './index.js';
import type { CalculateOptions, PricingStats } from './index.js';
import { planArb } from './testing/arbitraries.js';

// The law of the two calculators (money/calculator.ts): pricing an instance on exact
// fractions of safe integers where they hold, on rationals of decimals elsewhere, gives what
// pricing every instance on the rationals gives, byte for byte: every amount, every FULL debug
// figure, every violation. The share of instances the safe integers price is counted, so a
// fast path that silently stops running fails the law too.

const RUNS = Number(process.env.PRICING_PROPERTY_RUNS ?? 150);

/** The whole outcome as text: the result with its FULL debug, or the violations. */
function outcome(request: unknown, options: CalculateOptions): string {
  try {
    return JSON.stringify(calculatePlanJson(request, { view: 'FULL', ...options }));
  } catch (error) {
    if (!(error instanceof PricingValidationError)) throw error;
    return JSON.stringify({ violations: error.violations, total: error.total });
  }
}

/** Numbers at the edges of the fast representation: near 2^53 and 10^15, 12 decimals, long decimals. */
const edge = fc.oneof(
  fc.constantFrom(
    '999999999999999', '900719925474099', '900719925474099.1', '99999999999999.99', '0.000000000001', '123456789.123456789012',
    '0.333333333333', '7', '0.1', '1', '2', '3', '672', '0.142857142857',
  ),
  fc.integer({ min: 1, max: 999_999_999_999_999 }).map(String),
  fc.tuple(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 999_999_999_999 })).map(([a, b]) => `${a}.${String(b).padStart(12, '0')}`),
);

/** Replaces the numeric leaves picked by `picks` (by position, wrapping) with edge values. */
function withEdges(plan: unknown, picks: readonly (readonly [number, string])[]): unknown {
  const copy = structuredClone(plan) as unknown;
  const leaves: { holder: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach((item, i) => (typeof item === 'number' || /^\d/.test(String(item)) ? leaves.push({ holder: node, key: i }) : walk(item)));
    else if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === 'number' || (typeof value === 'string' && /^\d/.test(value))) leaves.push({ holder: node as Record<string, unknown>, key });
        else walk(value);
      }
    }
  };
  walk(copy);
  if (leaves.length === 0) return copy;
  for (const [position, value] of picks) {
    const leaf = leaves[position % leaves.length] as (typeof leaves)[number];
    const numeric = typeof (leaf.holder as Record<string | number, unknown>)[leaf.key] === 'number';
    (leaf.holder as Record<string | number, unknown>)[leaf.key] = numeric ? Number(value) : value;
  }
  return copy;
}

describe('fast == exact', () => {
  it('fast == exact on random plans: calculatePlanJson(r) = calculatePlanJson(r, { exact: true }), byte for byte', () => {
    fc.assert(
      fc.property(planArb(), (plan) => {
        expect(outcome(plan, {})).toBe(outcome(plan, { exact: true }));
      }),
      { numRuns: RUNS },
    );
  });

  it('fast == exact at the edges (2^53, 10^15, 12 decimals, long decimals, formulas): calculatePlanJson(r) = calculatePlanJson(r, { exact: true })', () => {
    const picks = fc.array(fc.tuple(fc.nat(), edge), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(planArb(), picks, (plan, chosen) => {
        const request = withEdges(plan, chosen);
        expect(outcome(request, {})).toBe(outcome(request, { exact: true }));
      }),
      { numRuns: RUNS },
    );
  });

  // Plans without formulas: each instance is first priced on the safe-integer fractions.
  const laneOptions = {
    models: ['PRICING_MODEL_FLAT', 'PRICING_MODEL_PER_UNIT', 'PRICING_MODEL_PACKAGE', 'PRICING_MODEL_TIERED'] as const,
    maxInstances: 8,
  };
  const lanePlan = fc.oneof(
    planArb({ ...laneOptions, adjustments: false }),
    planArb({ ...laneOptions, capHours: 'set', explicitHoursAndQuantity: true }),
  );

  it('fast == exact in the BASIC view: calculatePlanJson(r, { view: BASIC }) = calculatePlanJson(r, { view: BASIC, exact: true })', () => {
    fc.assert(
      fc.property(fc.oneof(lanePlan, planArb()), (plan) => {
        expect(outcome(plan, { view: 'BASIC' })).toBe(outcome(plan, { view: 'BASIC', exact: true }));
      }),
      { numRuns: RUNS },
    );
  });

  it('fast == exact in the BASIC view at the edges (2^53, 10^15, 12 decimals): calculatePlanJson(r) = calculatePlanJson(r, { exact: true })', () => {
    const picks = fc.array(fc.tuple(fc.nat(), edge), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(lanePlan, picks, (plan, chosen) => {
        const request = withEdges(plan, chosen);
        expect(outcome(request, { view: 'BASIC' })).toBe(outcome(request, { view: 'BASIC', exact: true }));
      }),
      { numRuns: RUNS },
    );
  });

  it('examples: thirds, a sum past 2^53, a product past 2^53, 12-decimal amounts', () => {
    const price = (fields: Record<string, unknown>) => ({ pricingModel: 'PRICING_MODEL_PER_UNIT', metricName: 'cpu', ...fields });
    const cases: unknown[] = [
      { planConfig: { prices: [price({ unitAmount: '1', unitQuantity: 3 })] }, instances: [{ usage: 1 }] },
      { planConfig: { prices: [price({ unitAmount: '999999999999999' })] }, instances: [{ usage: 999999999999999 }, { usage: 999999999999999 }] },
      { planConfig: { prices: [price({ unitAmount: '0.000000000001' })] }, instances: [{ usage: '999999999999999.5' }] },
      { planConfig: { prices: [price({ unitAmount: '123456.123456789012', prorate: true })] }, instances: [{ usage: '0.333333333333', hoursUsed: 7 }] },
      // Around 2^49, where a decimal stops being packed into one integer and becomes a fraction.
      {
        planConfig: { prices: [price({ unitAmount: '1' }), price({ unitAmount: '0.5', metricName: 'gb' })] },
        instances: [{ usage: { cpu: 562949953421311, gb: 56294995342131.1 } }, { usage: { cpu: 562949953421312, gb: 562949953421.3125 } }, { usage: { cpu: 562949953421311.5 } }],
      },
      {
        planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_FORMULA', unitAmount: '0.1', pricingFormula: 'units / 7 * unitAmount + round(hours / 3, 5)' }] },
        instances: [{ usage: { cpu: 10 }, hoursUsed: 100 }],
        calcConfig: { capHours: 672, taxRate: '0.0725', discountPercent: '33.333333333333' },
      },
    ];
    // A proration and a unit quantity that divide, tier boundaries, a decimal, a series.
    const tiers = [{ startInclusive: 0, endExclusive: 10, unitAmount: '2', flatFee: true, flatFeeAmount: '1' }, { startInclusive: 10, unitAmount: '1.5' }];
    cases.push(
      { planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '12.34', prorate: true }] }, instances: [{ hoursUsed: 365 }, { hoursUsed: 146, quantity: 3 }, { hoursUsed: 7 }] },
      { planConfig: { prices: [price({ unitAmount: '0.4', unitQuantity: 1000 }), price({ unitAmount: '3', unitQuantity: '0.5', metricName: 'requests' })] }, instances: [{ usage: { cpu: 12345, requests: 7 } }] },
      // Four minor digits (CLF) and whole amounts: the subtotal of the two lines passes 2^53.
      { planConfig: { currency: 'CLF', prices: [{ pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '1' }] }, instances: [{ quantity: 450359962737 }, { quantity: 450359962738 }] },
      ...['TIER_MODE_GRADUATED', 'TIER_MODE_VOLUME'].map((tierType) => ({
        planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_TIERED', metricName: 'cpu', tiers: tiers.map((tier) => ({ ...tier, tierType })) }] },
        instances: [{ usage: 0 }, { usage: 10 }, { usage: 11 }, { usage: 0.5 }, { usage: [10, 11] }, { usage: { cpu: '10' } }],
      })),
    );
    for (const request of cases) {
      expect(outcome(request, {})).toBe(outcome(request, { exact: true }));
      expect(outcome(request, { view: 'BASIC' })).toBe(outcome(request, { view: 'BASIC', exact: true }));
    }
  });
});

// Bounded plans as meters report them: decimal usage readings (one or two places), fractional
// hours, prorated prices and pooled allowances, hourly, daily and yearly periods, unit
// quantities, minimum and maximum charges. Every value is far inside the safe integers, so
// each instance is meant for them: the law asks that at least 99.5% are priced there.
const money = (places: number, max: number) => fc.integer({ min: 0, max: max * 10 ** places }).map((n) => (n / 10 ** places).toFixed(places));
const reading = fc.oneof(
  fc.integer({ min: 0, max: 100_000 }),
  fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 10),
  fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 100),
);
const METRICS = ['cpu', 'gb', 'requests'] as const;
const meteredPrice = (productType: string, extra: Record<string, unknown>) =>
  fc.record({
    metricName: fc.constantFrom(...METRICS),
    freeUnits: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }).map((n) => n / 10)),
    prorate: fc.boolean(),
    model: fc.oneof(
      fc.record({ pricingModel: fc.constant('PRICING_MODEL_PER_UNIT'), unitAmount: money(4, 2), unitQuantity: fc.constantFrom(1, 1, 1000, 3) }),
      fc.record({ pricingModel: fc.constant('PRICING_MODEL_PACKAGE'), packagePrice: money(2, 10), packageSize: fc.constantFrom(1, 50, 0.5) }),
      fc.record({
        pricingModel: fc.constant('PRICING_MODEL_TIERED'),
        tierType: fc.constantFrom('TIER_MODE_GRADUATED', 'TIER_MODE_VOLUME'),
        a: money(3, 1),
        b: money(3, 1),
        edge: fc.integer({ min: 1, max: 5000 }),
      }).map(({ tierType, a, b, edge }) => ({
        pricingModel: 'PRICING_MODEL_TIERED',
        tiers: [
          { startInclusive: 0, endExclusive: edge, unitAmount: a, tierType, flatFee: true, flatFeeAmount: '1.5' },
          { startInclusive: edge, unitAmount: b, tierType },
        ],
      })),
    ),
  }).map(({ model, ...rest }) => ({ productType, ...extra, ...rest, ...model }));
const licensedPrice = (productType: string, extra: Record<string, unknown>) =>
  fc.record({
    pricingModel: fc.constantFrom('PRICING_MODEL_FLAT', 'PRICING_MODEL_PER_UNIT'),
    unitAmount: money(4, 50),
    billingPeriod: fc.constantFrom('BILLING_PERIOD_MONTHLY', 'BILLING_PERIOD_HOURLY', 'BILLING_PERIOD_DAILY', 'BILLING_PERIOD_YEARLY', 'BILLING_PERIOD_WEEKLY'),
    billingInterval: fc.constantFrom(1, 1, 2),
    prorate: fc.boolean(),
    clamp: fc.constantFrom({}, { minimumCharge: '5' }, { maximumCharge: '40.5' }),
  }).map(({ clamp, ...rest }) => ({ productType, ...extra, ...rest, ...clamp }));
const boundedPlan = fc.record({
  base: fc.array(fc.oneof(licensedPrice('PRODUCT_TYPE_BASE', {}), meteredPrice('PRODUCT_TYPE_BASE', {})), { minLength: 1, maxLength: 4 }),
  addon: fc.oneof(licensedPrice('PRODUCT_TYPE_ADDON', { addonCode: 'ip' }), meteredPrice('PRODUCT_TYPE_ADDON', { addonCode: 'ip' })),
  pooled: fc.option(fc.record({ freeUnits: fc.integer({ min: 0, max: 2000 }), prorate: fc.boolean(), unitAmount: money(3, 1) }), { nil: undefined }),
  capHours: fc.option(fc.integer({ min: 24, max: 744 }), { nil: undefined }),
  instances: fc.array(
    fc.record({
      quantity: fc.integer({ min: 1, max: 5 }),
      hoursUsed: fc.option(fc.integer({ min: 0, max: 3200 }).map((n) => n / 4), { nil: undefined }),
      usage: fc.record({ cpu: reading, gb: reading, requests: reading, transfer: reading }),
      addons: fc.array(fc.record({ code: fc.constant('ip'), usage: fc.oneof(fc.integer({ min: 1, max: 4 }), fc.record({ cpu: reading, gb: reading })) }), { maxLength: 2 }),
    }),
    { minLength: 1, maxLength: 12 },
  ),
}).map(({ base, addon, pooled, capHours, instances }) => ({
  planConfig: {
    prices: [
      ...base,
      addon,
      ...(pooled === undefined ? [] : [{ productType: 'PRODUCT_TYPE_USAGE', pricingModel: 'PRICING_MODEL_PER_UNIT', metricName: 'transfer', ...pooled }]),
    ],
  },
  instances: instances.map(({ hoursUsed, ...rest }) => (hoursUsed === undefined ? rest : { ...rest, hoursUsed })),
  calcConfig: { ...(capHours === undefined ? {} : { capHours }), discountPercent: 5, couponValue: '10.00', taxRate: 0.2 },
}));

describe('fast == exact, with the share of the safe integers counted', () => {
  it('fast == exact on bounded plans with decimal readings, fractional hours and prorations, and >= 99.5% of their instances on the safe integers', () => {
    const small: PricingStats = { smallInstances: 0, exactInstances: 0 };
    const exact: PricingStats = { smallInstances: 0, exactInstances: 0 };
    fc.assert(
      fc.property(boundedPlan, (plan) => {
        expect(outcome(plan, { stats: small })).toBe(outcome(plan, { exact: true, stats: exact }));
      }),
      { numRuns: Math.max(RUNS, 100), seed: 20_261_128 },
    );
    const instances = small.smallInstances + small.exactInstances;
    expect(instances).toBeGreaterThan(100);
    expect(small.smallInstances / instances).toBeGreaterThanOrEqual(0.995);
    // `exact: true` prices every instance on the rationals, and counts them so.
    expect(exact).toEqual({ smallInstances: 0, exactInstances: instances });
  });

  it('the count sees a fallback: values past the safe integers are priced on the rationals, with the same result', () => {
    const stats: PricingStats = { smallInstances: 0, exactInstances: 0 };
    const request = {
      planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_PER_UNIT', metricName: 'cpu', unitAmount: '0.37' }] },
      instances: [{ usage: { cpu: 999999999999999 } }, { usage: { cpu: 2.5 } }],
    };
    expect(outcome(request, { stats })).toBe(outcome(request, { exact: true }));
    expect(stats).toEqual({ smallInstances: 1, exactInstances: 1 });
  });
});
