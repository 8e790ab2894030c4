import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculatePlan, calculatePlanJson, PricingValidationError } from '../index.js';
import type { FieldViolation, PlanResult } from '../index.js';
import { planArb } from '../testing/arbitraries.js';

const flat = { pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '1' };
const tiered = (count: number) => ({
  pricingModel: 'PRICING_MODEL_TIERED',
  tiers: Array.from({ length: count }, (_, i) => ({ startInclusive: i, endExclusive: i === count - 1 ? undefined : i + 1, unitAmount: '1' })),
});

function violationsOf(request: unknown, options: Parameters<typeof calculatePlan>[1]): FieldViolation[] {
  try {
    calculatePlanJson(request, options);
    return [];
  } catch (error) {
    if (error instanceof PricingValidationError) return error.violations;
    throw error;
  }
}

/** Everything but `debug`, as JSON. */
const amounts = (result: PlanResult): string => JSON.stringify({ ...result, debug: undefined });

describe('debug views', () => {
  const request = { planConfig: { prices: [flat, tiered(3)] }, instances: [{ usage: 5 }, {}] };

  it('BASIC (the default) holds the version, the rounding rule and the totals, and nothing per instance', () => {
    const { debug } = calculatePlanJson(request);
    expect(Object.keys(debug)).toEqual(['engineVersion', 'rounding', 'totals']);
    expect(debug.totals).toEqual({ pre: '4.00', percentOff: '0.00', couponOff: '0.00', discounted: '4.00', taxRate: '0' });
    expect(calculatePlanJson(request, { view: 'BASIC' }).debug).toEqual(debug);
  });

  it('FULL adds every price on every instance and the pooled figures', () => {
    const { debug } = calculatePlanJson(request, { view: 'FULL' });
    expect(Object.keys(debug)).toEqual(['engineVersion', 'rounding', 'cycleHours', 'capHours', 'instances', 'pooled', 'totals']);
    expect(debug.instances?.map((instance) => instance.prices.length)).toEqual([2, 2]);
  });

  it('refuses FULL past maxFullViewEntries (instances x prices), naming `view` and the limit', () => {
    const request = { planConfig: { prices: new Array(11).fill(flat) }, instances: new Array(10_000).fill({}) };
    expect(violationsOf(request, { view: 'FULL' })).toEqual([expect.objectContaining({ field: 'view', limit: 'maxFullViewEntries' })]);
    expect(violationsOf(request, { view: 'BASIC' })).toEqual([]);
    const atLimit = { planConfig: { prices: new Array(10).fill(flat) }, instances: new Array(10_000).fill({}) };
    expect(violationsOf(atLimit, { view: 'FULL', limits: { maxFullViewEntries: 100_000 } })).toEqual([]);
  });

  it('counts a TIERED price once per tier and add-on entries apart (custom limit)', () => {
    const limits = { maxFullViewEntries: 4 };
    expect(violationsOf({ planConfig: { prices: [tiered(4)] }, instances: [{}] }, { view: 'FULL', limits })).toEqual([]);
    expect(violationsOf({ planConfig: { prices: [tiered(5)] }, instances: [{}] }, { view: 'FULL', limits })).toEqual([
      {
        field: 'view',
        description: expect.stringMatching(/would hold 5 entries.*at most 4 are allowed \(limit maxFullViewEntries\)$/),
        limit: 'maxFullViewEntries',
      },
    ]);
    const addon = { productType: 'PRODUCT_TYPE_ADDON', addonCode: 'ip', ...flat };
    const addons = { planConfig: { prices: [addon] }, instances: [{ addons: new Array(5).fill({ code: 'ip' }) }] };
    expect(violationsOf(addons, { view: 'FULL', limits })).toEqual([expect.objectContaining({ field: 'view' })]);
    expect(violationsOf(addons, { view: 'BASIC', limits })).toEqual([]);
  });

  it('views agree: amounts(calculate(x, BASIC)) = amounts(calculate(x, FULL)) byte for byte, debug.totals too', () => {
    fc.assert(
      fc.property(planArb(), (plan) => {
        const basic = calculatePlanJson(plan);
        const full = calculatePlanJson(plan, { view: 'FULL' });
        expect(amounts(basic)).toBe(amounts(full));
        expect(JSON.stringify(basic.debug.totals)).toBe(JSON.stringify(full.debug.totals));
        expect(full.debug).toMatchObject({ engineVersion: basic.debug.engineVersion, rounding: basic.debug.rounding });
      }),
      { numRuns: 100 },
    );
  });

  it('prints no number with an exponent, in the result or in FULL debug', () => {
    const tiny = { planConfig: { prices: [{ ...flat, prorate: true }] }, instances: [{ hoursUsed: 1e-7, quantity: '0.000000000001' }] };
    const text = JSON.stringify(calculatePlanJson(tiny, { view: 'FULL' }).debug);
    expect(text).toContain('"hours":"0.0000001"');
    expect(text).not.toMatch(/\de[-+]?\d/);
  });
});
