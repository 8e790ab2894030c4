import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculatePlanJson, parsePlanConfig, parsePlanConfigJson, PricingValidationError, validatePlanRequestJson } from '../index.js';
import type { CalculateOptions } from '../index.js';
import { planArb } from '../testing/arbitraries.js';
import { mutatedPlanArb } from '../../test/support/mutations.js';

const RUNS = Number(process.env.PRICING_PROPERTY_RUNS ?? 150);

/** The whole outcome as text: the result with its FULL debug, or the violations. */
function outcome(request: unknown, options: CalculateOptions = {}): string {
  try {
    return JSON.stringify(calculatePlanJson(request, { view: 'FULL', ...options }));
  } catch (error) {
    if (!(error instanceof PricingValidationError)) throw error;
    return JSON.stringify({ violations: error.violations, total: error.total });
  }
}

/** The request without its planConfig, and that planConfig parsed (undefined when it is invalid). */
function split(request: unknown): { rest: Record<string, unknown>; parsed: ReturnType<typeof parsePlanConfigJson> | undefined } {
  const { planConfig, ...rest } = request as Record<string, unknown>;
  try {
    return { rest, parsed: parsePlanConfigJson(planConfig) };
  } catch (error) {
    if (!(error instanceof PricingValidationError)) throw error;
    return { rest, parsed: undefined };
  }
}

const DAILY = { pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '2.40', billingPeriod: 'BILLING_PERIOD_DAILY', prorate: true } as const;

describe('examples', () => {
  it('a parsed planConfig prices requests without their own, on any cycle: DAILY and WEEKLY prices follow capHours', () => {
    const plan = parsePlanConfig({ currency: 'eur', prices: [DAILY] });
    expect(plan).toMatchObject({ currency: 'EUR', priceCount: 1 });
    for (const capHours of [undefined, 672, 744.5]) {
      const calcConfig = { capHours };
      expect(outcome({ instances: [{ hoursUsed: 300 }], calcConfig }, { planConfig: plan })).toBe(
        outcome({ planConfig: { currency: 'eur', prices: [DAILY] }, instances: [{ hoursUsed: 300 }], calcConfig }),
      );
    }
  });

  it('an invalid planConfig is refused when parsed, at its paths in a request, limits first', () => {
    expect(() => parsePlanConfig({ prices: [{ pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '-1' }], currency: 'XAU' })).toThrow(
      expect.objectContaining({
        violations: [
          { field: 'planConfig.currency', description: expect.stringContaining('"XAU"') as string },
          { field: 'planConfig.prices[0].unitAmount', description: 'Must not be negative.' },
        ],
      }),
    );
    const prices = [DAILY, DAILY];
    expect(() => parsePlanConfig({ prices }, { limits: { maxPrices: 1 } })).toThrow(expect.objectContaining({ violations: [expect.objectContaining({ limit: 'maxPrices' })] }));
  });

  it('the request limits read the parsed list: instances x its prices, and its FULL view', () => {
    const plan = parsePlanConfig({ prices: [DAILY, DAILY] });
    const refused = validatePlanRequestJson({ instances: [{}, {}] }, { planConfig: plan, limits: { maxInstancePrices: 3 } });
    expect(refused.success ? [] : refused.violations.map((v) => v.limit)).toEqual(['maxInstancePrices']);
    const full = validatePlanRequestJson({ instances: [{}, {}] }, { planConfig: plan, view: 'FULL', limits: { maxFullViewEntries: 3 } });
    expect(full.success ? [] : full.violations.map((v) => v.limit)).toEqual(['maxFullViewEntries']);
  });

  it('a request with a planConfig of its own, or a planConfig not made by parsePlanConfig, is a programming error', () => {
    const plan = parsePlanConfig({ prices: [DAILY] });
    expect(() => calculatePlanJson({ planConfig: {} }, { planConfig: plan })).toThrow(RangeError);
    expect(() => calculatePlanJson({}, { planConfig: { currency: 'USD', priceCount: 0 } })).toThrow(RangeError);
    expect(calculatePlanJson({ planConfig: null }, { planConfig: plan }).currency).toBe('USD');
  });
});

describe('properties', () => {
  it('parsed once = read in the request: calculate(r - planConfig, { planConfig: parse(r.planConfig) }) = calculate(r), results and violations', () => {
    fc.assert(
      fc.property(fc.oneof(planArb(), mutatedPlanArb), (request) => {
        fc.pre(typeof request === 'object' && request !== null && !Array.isArray(request));
        const { rest, parsed } = split(request);
        fc.pre(parsed !== undefined);
        expect(outcome(rest, { planConfig: parsed })).toBe(outcome(request));
        // The same parsed list prices another request as well: nothing of the first call stays in it.
        expect(outcome(rest, { planConfig: parsed })).toBe(outcome(request));
      }),
      { numRuns: RUNS },
    );
  });
});
