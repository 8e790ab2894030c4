import { describe, expect, it } from 'vitest';
import { calculatePlan, calculatePlanJson, DEFAULT_PRICING_LIMITS, PricingValidationError, validatePlanRequestJson } from '../index.js';
import type { CalculateOptions, FieldViolation } from '../index.js';

const flat = { pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '1' };
const tier = (start: number, end?: number) => ({ startInclusive: start, endExclusive: end, unitAmount: '1' });
const tiers = (count: number) => Array.from({ length: count }, (_, i) => tier(i, i === count - 1 ? undefined : i + 1));

/** The violations of a request, or [] when it is valid. */
function violationsOf(request: unknown, limits?: Parameters<typeof calculatePlan>[1]): FieldViolation[] {
  const outcome = validatePlanRequestJson(request, limits);
  return outcome.success ? [] : outcome.violations;
}

describe('request limits', () => {
  it('has the documented defaults', () => {
    expect(DEFAULT_PRICING_LIMITS).toEqual({
      maxInstances: 10_000,
      maxPrices: 1_000,
      maxTiersPerPrice: 1_000,
      maxAddonsPerInstance: 100,
      maxInstancePrices: 1_000_000,
      maxFullViewEntries: 100_000,
    });
  });

  it('maxInstances: 10,000 instances pass, 10,001 are a violation naming the limit', () => {
    expect(calculatePlanJson({ instances: new Array(10_000).fill({}) }).lineItems).toHaveLength(10_000);
    expect(violationsOf({ instances: new Array(10_001).fill({}) })).toEqual([
      { field: 'instances', description: 'has 10,001 entries; at most 10,000 are allowed (limit maxInstances)', limit: 'maxInstances' },
    ]);
  });

  it('is checked before anything else: 10,001 invalid instances give the one limit violation', () => {
    expect(violationsOf({ instances: new Array(10_001).fill('x'), planConfig: { currency: 'XXX' } })).toEqual([
      expect.objectContaining({ field: 'instances', limit: 'maxInstances' }),
    ]);
  });

  it('maxPrices: 1,000 prices pass, 1,001 are a violation', () => {
    expect(violationsOf({ planConfig: { prices: new Array(1_000).fill(flat) } })).toEqual([]);
    expect(violationsOf({ planConfig: { prices: new Array(1_001).fill(flat) } })).toEqual([
      { field: 'planConfig.prices', description: 'has 1,001 entries; at most 1,000 are allowed (limit maxPrices)', limit: 'maxPrices' },
    ]);
  });

  it('maxTiersPerPrice: 1,000 tiers pass, 1,001 are a violation at that price', () => {
    const tiered = (count: number) => ({ pricingModel: 'PRICING_MODEL_TIERED', tiers: tiers(count) });
    expect(violationsOf({ planConfig: { prices: [tiered(1_000)] }, instances: [{}] })).toEqual([]);
    expect(violationsOf({ planConfig: { prices: [flat, tiered(1_001)] } })).toEqual([
      expect.objectContaining({ field: 'planConfig.prices[1].tiers', limit: 'maxTiersPerPrice' }),
    ]);
  });

  it('maxAddonsPerInstance: 100 add-ons pass, 101 are a violation at that instance', () => {
    const addon = { productType: 'PRODUCT_TYPE_ADDON', addonCode: 'ip', ...flat };
    const plan = (count: number) => ({ planConfig: { prices: [addon] }, instances: [{}, { addons: new Array(count).fill({ code: 'ip' }) }] });
    expect(calculatePlanJson(plan(100)).lineItems[1]?.addons).toBe('100.00');
    expect(violationsOf(plan(101))).toEqual([
      { field: 'instances[1].addons', description: 'has 101 entries; at most 100 are allowed (limit maxAddonsPerInstance)', limit: 'maxAddonsPerInstance' },
    ]);
  });

  it('maxInstancePrices: 1,000 x 1,000 pass, 1,001 x 1,000 are a violation', () => {
    const prices = new Array(1_000).fill(flat);
    expect(violationsOf({ planConfig: { prices }, instances: new Array(1_000).fill({}) })).toEqual([]);
    expect(violationsOf({ planConfig: { prices }, instances: new Array(1_001).fill({}) })).toEqual([
      {
        field: 'instances',
        description: '1,001 instances x 1,000 prices = 1,001,000; at most 1,000,000 are allowed (limit maxInstancePrices)',
        limit: 'maxInstancePrices',
      },
    ]);
  });

  it('takes custom limits through options (the others keep their defaults)', () => {
    const limits = { limits: { maxInstances: 2, maxPrices: 1 } };
    expect(violationsOf({ instances: [{}, {}] }, limits)).toEqual([]);
    expect(violationsOf({ instances: [{}, {}, {}], planConfig: { prices: [flat, flat] } }, limits)).toEqual([
      { field: 'instances', description: 'has 3 entries; at most 2 are allowed (limit maxInstances)', limit: 'maxInstances' },
      { field: 'planConfig.prices', description: 'has 2 entries; at most 1 are allowed (limit maxPrices)', limit: 'maxPrices' },
    ]);
    expect(() => calculatePlanJson({ instances: [{}, {}, {}] }, limits)).toThrow(PricingValidationError);
    expect(() => calculatePlanJson({}, { limits: { maxInstances: -1 } })).toThrow(RangeError);
  });

  it('a view in lowercase is a RangeError that says the names are uppercase', () => {
    const lowercase = { view: 'full' } as unknown as CalculateOptions;
    expect(() => calculatePlanJson({}, lowercase)).toThrow(new RangeError(`view must be 'BASIC' or 'FULL' (uppercase), got "full"`));
    expect(() => validatePlanRequestJson({}, lowercase)).toThrow(RangeError);
  });
});

describe('violation cap', () => {
  it('lists the first 100 of 10,000 violations and counts them all', () => {
    const request = { instances: new Array(10_000).fill({ quantity: 'x' }) };
    let error: unknown;
    try {
      calculatePlanJson(request);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PricingValidationError);
    const { violations, total, message } = error as PricingValidationError;
    expect(violations).toHaveLength(100);
    expect(violations[99]?.field).toBe('instances[99].quantity');
    expect(total).toBe(10_000);
    expect(message).toBe('request has 10,000 invalid fields; the first 100 are listed');
    const outcome = validatePlanRequestJson(request);
    expect(outcome.success ? 0 : outcome.total).toBe(10_000);
  });

  it('keeps the usual message when nothing is cut', () => {
    expect(() => calculatePlanJson({ instances: [{ quantity: 'x' }, { quantity: 'y' }] })).toThrow(
      /^Invalid pricing request: instances\[0\]\.quantity: .* \(and 1 more\)$/,
    );
  });
});
