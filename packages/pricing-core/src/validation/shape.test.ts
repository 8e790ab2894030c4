import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validatePlanRequest } from '../index.js';
import { planRequestSchema } from '../schema/request-schema.js';
import { planArb } from '../testing/arbitraries.js';
import { ViolationCollector } from './collector.js';
import { reportSchemaIssues } from '../schema/zod-issues.js';
import { checkRequestShape } from './shape.js';

/**
 * What the schema alone reports, as `field: description` lines in order (zod's one
 * `unrecognized_keys` issue per object becomes one line per unknown field).
 */
function schemaReport(request: unknown): string[] {
  const parsed = planRequestSchema.safeParse(request);
  if (parsed.success) return [];
  const v = new ViolationCollector();
  reportSchemaIssues(parsed.error.issues, v);
  return v.list.map((x) => `${x.field}: ${x.description}`);
}

function checkerReport(request: unknown): { ok: boolean; lines: string[] } {
  const v = new ViolationCollector();
  const ok = checkRequestShape(request, v);
  return { ok, lines: v.list.map((x) => `${x.field}: ${x.description}`) };
}

const scalar = fc.oneof(
  fc.integer({ min: -5, max: 5000 }),
  fc.double(),
  fc.constantFrom('12', '', 'abc', null, undefined, true, Number.NaN, Number.POSITIVE_INFINITY),
);
const series = fc.array(scalar, { maxLength: 3 });
const usage = fc.oneof(scalar, series, fc.dictionary(fc.constantFrom('cpu', 'gb', '__proto__', 'a-b'), fc.oneof(scalar, series, fc.object({ maxDepth: 1 }))));
const addon = fc.oneof(
  fc.record({ code: fc.oneof(fc.constantFrom('ip', 'bk'), scalar), usage, cod: scalar, usages: scalar }, { requiredKeys: [] }),
  scalar,
  series,
);
const instance = fc.oneof(
  fc.record(
    {
      quantity: scalar,
      hoursUsed: scalar,
      region: fc.oneof(fc.string({ maxLength: 3 }), scalar),
      usage,
      addons: fc.oneof(fc.array(addon, { maxLength: 3 }), scalar),
      extra: scalar,
      qty: scalar,
      region2: scalar,
    },
    { requiredKeys: [] },
  ),
  scalar,
  series,
);
const request = fc.oneof(
  fc.record(
    {
      planConfig: fc.oneof(fc.record({ currency: scalar, prices: fc.oneof(fc.array(fc.object({ maxDepth: 1 }), { maxLength: 2 }), scalar) }, { requiredKeys: [] }), scalar),
      instances: fc.oneof(fc.array(instance, { maxLength: 4 }), scalar),
      calcConfig: fc.oneof(fc.record({ capHours: scalar, taxRate: scalar, taxrate: scalar, overageRates: fc.oneof(fc.dictionary(fc.string({ maxLength: 2 }), scalar), scalar) }, { requiredKeys: [] }), scalar),
      instance: scalar,
    },
    { requiredKeys: [] },
  ),
  scalar,
  series,
);

describe('examples', () => {
  it('agrees with the schema on symbol keys, null prototypes and class instances', () => {
    const hidden = {};
    Object.defineProperty(hidden, Symbol('x'), { value: 1, enumerable: false });
    const cases: unknown[] = [
      { instances: [{ usage: { [Symbol('x')]: 1 } }] },
      { instances: [{ usage: hidden }] },
      { instances: [{ usage: Object.assign(Object.create(null) as object, { cpu: 1 }) }] },
      { instances: [{ usage: new Date() }, new Date()] },
      { instances: [{ addons: [{ usage: 1 }, { code: 'x', usage: { a: [1, null] } }] }] },
      { instances: [Object.assign(Object.create({ inherited: 1 }) as object, { quantity: 1 })] },
      { instances: [JSON.parse('{"__proto__": 1, "qty": 2}') as object], calcConfig: { taxrate: 1 }, extra: 1 },
    ];
    for (const request of cases) expect(checkerReport(request).lines).toEqual(schemaReport(request));
  });
});

describe('properties', () => {
  it('same issues as the schema: checkRequestShape(r) = planRequestSchema.safeParse(r), in order', () => {
    fc.assert(
      fc.property(request, (value) => {
        const expected = schemaReport(value);
        const actual = checkerReport(value);
        expect(actual.lines).toEqual(expected);
        expect(actual.ok).toBe(expected.length === 0);
      }),
      { numRuns: 2000 },
    );
  });
});

// Values of every kind, for every field of a price, a tier and calcConfig: each field's check
// meets values it accepts and values it refuses.
const anyValue = fc.oneof(
  scalar,
  fc.boolean(),
  fc.constantFrom('PRICING_MODEL_FLAT', 'PRODUCT_TYPE_ADDON', 'TIER_MODE_VOLUME', 'BILLING_PERIOD_DAILY', 'SUM', 'x'),
  series,
  fc.dictionary(fc.constantFrom('cpu', '__proto__', 'a'), scalar, { maxKeys: 2 }),
);
const fieldsOf = (names: readonly string[], extra: Record<string, fc.Arbitrary<unknown>> = {}) =>
  fc.record({ ...Object.fromEntries(names.map((name) => [name, anyValue])), ...extra, unitAmmount: scalar }, { requiredKeys: [] });
const tierNames = ['tierOrder', 'tierName', 'startInclusive', 'endExclusive', 'unitAmount', 'flatFee', 'flatFeeAmount', 'tierType'];
const priceNames = ['productType', 'addonCode', 'pricingModel', 'unitAmount', 'unitName', 'unitQuantity', 'overagePrice', 'packageSize',
  'packagePrice', 'pricingFormula', 'metricName', 'metricAggregation', 'freeUnits', 'prorate', 'billingPeriod', 'billingInterval',
  'minimumCharge', 'maximumCharge', 'chargeTiming'];
const tier = fc.oneof(fieldsOf(tierNames), scalar);
const price = fc.oneof(fieldsOf(priceNames, { tiers: fc.oneof(fc.array(tier, { maxLength: 3 }), scalar) }), scalar);
const fullRequest = fc.record(
  {
    planConfig: fc.oneof(fieldsOf(['planName', 'assetCategory', 'assetType', 'currency'], { prices: fc.oneof(fc.array(price, { maxLength: 3 }), scalar) }), scalar),
    instances: fc.oneof(fc.array(instance, { maxLength: 2 }), scalar),
    calcConfig: fc.oneof(
      fieldsOf(['capHours', 'discountPercent', 'couponValue', 'taxRate'], {
        overageRates: fc.oneof(fc.dictionary(fc.constantFrom('gb', '__proto__', 'b'), anyValue, { maxKeys: 3 }), anyValue),
      }),
      scalar,
    ),
  },
  { requiredKeys: [] },
);

describe('properties of every field', () => {
  it('same issues as the schema on every field of prices, tiers and calcConfig: checkRequestShape(r) = planRequestSchema.safeParse(r), in order', () => {
    const agrees = (value: unknown): void => {
      const { ok, lines } = checkerReport(value);
      expect({ ok, lines }).toEqual({ ok: schemaReport(value).length === 0, lines: schemaReport(value) });
    };
    fc.assert(
      fc.property(fullRequest, agrees),
      { numRuns: Number(process.env.PRICING_PROPERTY_RUNS ?? 500) },
    );
  });
});

describe('the copy of a valid request', () => {
  it('copy equals the schema parse: validatePlanRequest(r).data = planRequestSchema.parse(r) for valid plans', () => {
    fc.assert(
      fc.property(planArb(), (plan) => {
        const outcome = validatePlanRequest(plan);
        expect(outcome.success).toBe(true);
        if (outcome.success) expect(outcome.data).toStrictEqual(planRequestSchema.parse(plan));
      }),
      { numRuns: Number(process.env.PRICING_PROPERTY_RUNS ?? 200) },
    );
  });
  it('copies maps without "__proto__" and keeps an explicit undefined, as the schema does', () => {
    const request = { planConfig: { currency: undefined }, instances: [JSON.parse('{"usage": {"__proto__": 1, "cpu": [1]}}') as object] };
    const outcome = validatePlanRequest(request);
    expect(outcome.success && outcome.data).toStrictEqual(planRequestSchema.parse(request));
  });
});
