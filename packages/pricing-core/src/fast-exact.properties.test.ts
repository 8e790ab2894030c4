import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculatePlanJson, PricingValidationError } from './index.js';
import type { CalculateOptions } from './index.js';
import { planArb } from './test-support/arbitraries.js';

// NOTE: the law of the two number representations (money/decimal.ts): pricing on scaled
// integers where they hold, big.js decimals elsewhere, gives what pricing on big.js decimals
// only gives, byte for byte: every amount, every FULL debug figure, every violation.

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

  // NOTE: the BASIC view prices whole-number instances in the engine's fast lane
  // (engine/fast-lane.ts); the plans below are mostly ones it accepts (no formula, no
  // minimum or maximum charge), with decimal and series usage mixed in for the exact path.
  const laneOptions = {
    models: ['PRICING_MODEL_FLAT', 'PRICING_MODEL_PER_UNIT', 'PRICING_MODEL_PACKAGE', 'PRICING_MODEL_TIERED'] as const,
    maxInstances: 8,
  };
  const lanePlan = fc.oneof(
    planArb({ ...laneOptions, adjustments: false }),
    planArb({ ...laneOptions, capHours: 'set', explicitHoursAndQuantity: true }),
  );

  it('fast == exact in the BASIC view (the fast lane): calculatePlanJson(r, { view: BASIC }) = calculatePlanJson(r, { view: BASIC, exact: true })', () => {
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
      {
        planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_FORMULA', unitAmount: '0.1', pricingFormula: 'units / 7 * unitAmount + round(hours / 3, 5)' }] },
        instances: [{ usage: { cpu: 10 }, hoursUsed: 100 }],
        calcConfig: { capHours: 672, taxRate: '0.0725', discountPercent: '33.333333333333' },
      },
    ];
    // The fast lane's own cases: a proration and a unit quantity that divide within its scale,
    // tier boundaries, and figures it leaves to the exact path (a decimal, a series).
    const tiers = [{ startInclusive: 0, endExclusive: 10, unitAmount: '2', flatFee: true, flatFeeAmount: '1' }, { startInclusive: 10, unitAmount: '1.5' }];
    cases.push(
      { planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '12.34', prorate: true }] }, instances: [{ hoursUsed: 365 }, { hoursUsed: 146, quantity: 3 }, { hoursUsed: 7 }] },
      { planConfig: { prices: [price({ unitAmount: '0.4', unitQuantity: 1000 }), price({ unitAmount: '3', unitQuantity: '0.5', metricName: 'requests' })] }, instances: [{ usage: { cpu: 12345, requests: 7 } }] },
      // Four minor digits (CLF) and whole amounts: the line scale is the currency's, and the
      // integer subtotal of the two lines passes 2^53.
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
