import { BILLING_PERIODS, METRIC_AGGREGATIONS, PRICING_MODELS, PRODUCT_TYPES, TIER_MODES } from '@billing/pricing-core';
import fc from 'fast-check';

// NOTE: mostly valid values with a sprinkle of invalid ones, so both the priced path and the
// violation path of POST /v1/plans:calculate are exercised.
const sometimesBad = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 24, arbitrary: good as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: bad });

const money = sometimesBad(
  fc.constantFrom('0', '0.40', '1.20', '7', '10.00', '0.00893', '6.5', '100', '0.005'),
  fc.constantFrom('-1', 'abc', '1e3', true, '1.0000000000001'),
);
const count = sometimesBad(fc.integer({ min: 0, max: 2000 }), fc.constantFrom(-1, 'x', 1.5, {}));
const metric = fc.constantFrom('cpu', 'transfer', 'requests');
const usage = fc.oneof(
  fc.integer({ min: 0, max: 5000 }),
  fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 4 }),
  fc.dictionary(metric, fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 3 })), { maxKeys: 2 }),
);
const code = fc.constantFrom('backup', 'ipv4', 'gpu');

const tiers = fc.oneof(
  fc.constant([
    { startInclusive: 0, endExclusive: 5, unitAmount: '7' },
    { startInclusive: 5, endExclusive: 10, unitAmount: '6.50' },
    { startInclusive: 10, unitAmount: '6' },
  ]),
  fc.array(fc.record({ startInclusive: count, endExclusive: count, unitAmount: money, tierType: fc.constantFrom(...TIER_MODES) }, { requiredKeys: [] }), { maxLength: 3 }),
);

const price = fc.record(
  {
    productType: fc.constantFrom(...PRODUCT_TYPES),
    pricingModel: sometimesBad(fc.constantFrom(...PRICING_MODELS.filter((m) => m !== 'PRICING_MODEL_FORMULA')), fc.constantFrom('NOPE', 3)),
    unitAmount: money,
    addonCode: code,
    metricName: metric,
    metricAggregation: fc.constantFrom(...METRIC_AGGREGATIONS),
    unitQuantity: fc.constantFrom(1, 1000),
    packageSize: count,
    packagePrice: money,
    tiers,
    freeUnits: count,
    prorate: fc.boolean(),
    billingPeriod: fc.constantFrom(...BILLING_PERIODS),
    minimumCharge: money,
    maximumCharge: money,
    pricingFormula: fc.constantFrom('units * unitAmount', 'max(units - 10, 0) * 2', '1 / 0', 'nope('),
  },
  { requiredKeys: ['pricingModel'] },
);

const instance = fc.record(
  {
    quantity: count,
    hoursUsed: fc.integer({ min: 0, max: 800 }),
    region: fc.constantFrom('eu-west', 'us-east'),
    usage,
    addons: fc.array(fc.record({ code, usage: fc.option(usage, { nil: undefined }) }, { requiredKeys: ['code'] }), { maxLength: 2 }),
  },
  { requiredKeys: [] },
);

const calcConfig = fc.record(
  {
    capHours: fc.constantFrom(0, 672, 730),
    discountPercent: sometimesBad(fc.integer({ min: 0, max: 100 }), fc.constantFrom(101, -5)),
    couponValue: money,
    taxRate: sometimesBad(fc.constantFrom(0, 0.2, '0.075', 1), fc.constantFrom(20, '-0.1')),
  },
  { requiredKeys: [] },
);

/** Plan requests as a client would send them (JSON values), valid and invalid. */
export const planRequestArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 19,
    arbitrary: fc.record(
      {
        planConfig: fc.record({ currency: fc.constantFrom('USD', 'eur', 'JPY', 'KWD', 'XXX1'), prices: fc.array(price, { maxLength: 3 }) }, { requiredKeys: [] }),
        instances: fc.array(instance, { maxLength: 3 }),
        calcConfig,
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom([], 'plan', 42, null, { planConfig: [] }) },
);
