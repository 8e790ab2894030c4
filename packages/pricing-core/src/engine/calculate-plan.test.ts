import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculatePlanJson, PricingValidationError } from '../index.js';

type Json = Record<string, unknown>;
const flat = (fields: Json = {}): Json => ({ pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '10', ...fields });
const metered = (fields: Json = {}): Json => ({ pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '1', metricName: 'cpu', ...fields });
const total = (prices: Json[], instances: Json[] = [{}], calcConfig: Json = {}): string =>
  calculatePlanJson({ planConfig: { prices }, instances, calcConfig }).total;

describe('time scaling', () => {
  it.each([
    ['BILLING_PERIOD_DAILY', '304.17'],
    ['BILLING_PERIOD_WEEKLY', '43.45'],
    ['BILLING_PERIOD_MONTHLY', '10.00'],
    ['BILLING_PERIOD_UNSPECIFIED', '10.00'],
    ['BILLING_PERIOD_YEARLY', '0.83'],
  ])('%s scales a licensed amount by its periods in a 730-hour cycle', (billingPeriod, expected) => {
    expect(total([flat({ billingPeriod })])).toBe(expected);
  });
  it('YEARLY 0.06 is exactly 0.005 and rounds to 0.01', () => {
    expect(total([flat({ unitAmount: '0.06', billingPeriod: 'BILLING_PERIOD_YEARLY' })])).toBe('0.01');
  });
  it('divides by billingInterval', () => {
    expect(total([flat({ billingInterval: 4 })])).toBe('2.50');
  });
  it('prorates every period but HOURLY; hoursUsed is per unit of quantity', () => {
    expect(total([flat({ prorate: true })], [{ hoursUsed: 365, quantity: 2 }])).toBe('10.00');
    expect(total([flat({ billingPeriod: 'BILLING_PERIOD_HOURLY', prorate: true, unitAmount: '1' })], [{ hoursUsed: 10 }])).toBe('10.00');
  });
  it('does not scale metered prices by time', () => {
    expect(total([metered({ billingPeriod: 'BILLING_PERIOD_YEARLY', prorate: true })], [{ usage: 12, hoursUsed: 1 }])).toBe('12.00');
  });
  it('hoursUsed 0 is zero hours (a stopped machine); omitted or null is the full cycle', () => {
    expect(total([flat({ prorate: true })], [{ hoursUsed: 0 }])).toBe('0.00');
    expect(total([flat({ prorate: true })], [{ hoursUsed: '0' }])).toBe('0.00');
    expect(total([flat({ prorate: true })], [{ hoursUsed: null }])).toBe('10.00');
    expect(total([flat({ prorate: true })], [{}])).toBe('10.00');
  });
});

describe('units', () => {
  it.each([
    ['METRIC_AGGREGATION_SUM', '12.00'],
    ['METRIC_AGGREGATION_MAX', '4.00'],
    ['METRIC_AGGREGATION_COUNT', '5.00'],
    ['METRIC_AGGREGATION_LATEST', '2.00'],
    ['METRIC_AGGREGATION_AVERAGE', '2.40'],
    ['METRIC_AGGREGATION_UNIQUE_COUNT', '4.00'],
  ])('aggregates arrays with %s', (metricAggregation, expected) => {
    expect(total([metered({ metricAggregation })], [{ usage: { cpu: [4, 3, 1, 2, 2] } }])).toBe(expected);
  });
  it('reads a bare number as the price metric, and an empty array as 0', () => {
    expect(total([metered()], [{ usage: 7 }])).toBe('7.00');
    expect(total([metered({ minimumCharge: '1' })], [{ usage: { cpu: [] } }])).toBe('1.00');
  });
  it('subtracts free units per instance x quantity x proration', () => {
    expect(total([metered({ freeUnits: 10 })], [{ usage: 25, quantity: 1 }])).toBe('15.00');
    expect(total([metered({ freeUnits: 10, prorate: true })], [{ usage: 25, hoursUsed: 365 }])).toBe('20.00');
    expect(total([metered({ freeUnits: 10 })], [{ usage: 5 }])).toBe('0.00');
  });
  it('prices licensed add-ons per entry, quantity x a bare-number usage', () => {
    const addon = flat({ productType: 'PRODUCT_TYPE_ADDON', addonCode: 'ip', unitAmount: '2' });
    const result = calculatePlanJson({
      planConfig: { prices: [flat(), addon] },
      instances: [{ quantity: 2, addons: [{ code: 'ip', usage: 3 }, { code: 'ip' }] }],
    });
    expect(result.lineItems[0]).toMatchObject({ base: '20.00', addons: '8.00', subtotal: '28.00' });
  });
  it('reads a metered add-on from the entry usage, not the instance', () => {
    const addon = metered({ productType: 'PRODUCT_TYPE_ADDON', addonCode: 'bk', metricName: 'gb' });
    const request = { planConfig: { prices: [addon] }, instances: [{ usage: { gb: 100 }, addons: [{ code: 'bk', usage: [1, 2] }] }] };
    expect(calculatePlanJson(request).lineItems[0]?.addons).toBe('3.00');
  });
});

describe('clamps', () => {
  it('clamps after time scaling, also a zero amount', () => {
    expect(total([flat({ prorate: true, minimumCharge: '8' })], [{ hoursUsed: 73 }])).toBe('8.00');
    expect(total([metered({ minimumCharge: '3' })], [{ usage: 0 }])).toBe('3.00');
    expect(total([flat({ maximumCharge: '4' })])).toBe('4.00');
  });
  it('clamps a pooled USAGE price even with no instances', () => {
    const usage = metered({ productType: 'PRODUCT_TYPE_USAGE', minimumCharge: '5' });
    expect(calculatePlanJson({ planConfig: { prices: [usage] } }).overageCost).toBe('5.00');
  });
});

describe('pooled usage', () => {
  const usage = metered({ productType: 'PRODUCT_TYPE_USAGE', metricName: 'gb', freeUnits: 100, unitAmount: '0.5', overagePrice: '0.1' });
  const instances = [{ usage: { gb: 150 }, quantity: 2 }, { usage: { gb: 200 } }];
  it('pools usage and allowances, then prices the overage at overagePrice', () => {
    const result = calculatePlanJson({ planConfig: { prices: [usage] }, instances });
    expect([result.pooledAllowances, result.pooledUsage, result.overageCost]).toEqual([{ gb: 300 }, { gb: 350 }, '5.00']);
    expect(result.lineItems.map((l) => l.subtotal)).toEqual(['0.00', '0.00']);
  });
  it('uses calcConfig.overageRates first, "0" included', () => {
    const request = (rate: string) => ({ planConfig: { prices: [usage] }, instances, calcConfig: { overageRates: { gb: rate } } });
    expect(calculatePlanJson(request('1')).overageCost).toBe('50.00');
    expect(calculatePlanJson(request('0')).overageCost).toBe('0.00');
  });
  it('charges a pooled FLAT price once', () => {
    const pooledFlat = flat({ productType: 'PRODUCT_TYPE_USAGE', metricName: 'gb' });
    expect(calculatePlanJson({ planConfig: { prices: [pooledFlat] }, instances }).overageCost).toBe('10.00');
  });
});

describe('totals', () => {
  it('applies percent discount, then coupon, then tax, each rounded', () => {
    const result = calculatePlanJson({
      planConfig: { prices: [flat({ unitAmount: '99.99' })] },
      instances: [{}],
      calcConfig: { discountPercent: 12.5, couponValue: '5', taxRate: 0.2 },
    });
    // 99.99 - round(12.49875) = 87.49, - 5 = 82.49, tax round(16.498) = 16.50
    expect([result.discounted, result.tax, result.total]).toEqual(['82.49', '16.50', '98.99']);
    expect([result.discountPercent, result.couponValue]).toEqual([12.5, '5.00']);
    expect(result.debug.totals).toMatchObject({ pre: '99.99', percentOff: '12.50', couponOff: '5.00' });
  });
  it('never lets a coupon take the total below zero', () => {
    expect(total([flat()], [{}], { couponValue: '50' })).toBe('0.00');
  });
  it('formats to the currency minor digits (JPY 0, KWD 3)', () => {
    const jpy = calculatePlanJson({ planConfig: { currency: 'jpy', prices: [flat({ unitAmount: '472.5' })] }, instances: [{}] });
    expect([jpy.total, jpy.currency, jpy.couponValue]).toEqual(['473', 'JPY', '0']);
    const kwd = calculatePlanJson({ planConfig: { currency: 'KWD', prices: [flat({ unitAmount: '1.2345' })] }, instances: [{}] });
    expect(kwd.total).toBe('1.235');
  });
  it('labels lines instance-N (region) in input order', () => {
    const result = calculatePlanJson({ planConfig: { prices: [flat()] }, instances: [{ region: 'eu' }, { quantity: 0 }] });
    expect(result.lineItems.map((l) => [l.instanceLabel, l.quantity])).toEqual([['instance-1 (eu)', 1], ['instance-2', 0]]);
  });
  it('{} is valid: zero totals in USD, no line items', () => {
    expect(calculatePlanJson({})).toMatchObject({ lineItems: [], total: '0.00', currency: 'USD', couponValue: '0.00', discountPercent: 0 });
  });
  it('reads JSON numbers for money through String(n)', () => {
    expect(total([flat({ unitAmount: 0.1 })], [{ quantity: 3 }])).toBe('0.30');
  });
});

describe('debug', () => {
  it('explains each price amount on each instance and serializes as JSON (FULL view)', () => {
    const result = calculatePlanJson({ planConfig: { prices: [flat({ billingPeriod: 'BILLING_PERIOD_YEARLY' })] }, instances: [{}] }, { view: 'FULL' });
    const json = JSON.parse(JSON.stringify(result)) as { debug: { instances: { prices: { timeFactor: string; amount: string }[] }[] } };
    expect(json.debug.instances[0]?.prices[0]).toMatchObject({ timeFactor: '1/12', amount: '5/6' });
    expect(result.debug.engineVersion).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('robustness', () => {
  it('throws only PricingValidationError for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        try {
          calculatePlanJson(value);
        } catch (error) {
          expect(error).toBeInstanceOf(PricingValidationError);
        }
      }),
      { numRuns: 300 },
    );
  });
  it('throws only PricingValidationError for near-valid requests with hostile values', () => {
    const hostile = fc.oneof(fc.double(), fc.string(), fc.constantFrom(1e308, -1e308, '1e308', 5e-324, '', null, 0), fc.integer());
    const request = fc.record({
      planConfig: fc.record({
        prices: fc.array(
          fc.record({
            pricingModel: fc.constantFrom('PRICING_MODEL_FLAT', 'PRICING_MODEL_PER_UNIT', 'PRICING_MODEL_PACKAGE', 'PRICING_MODEL_FORMULA'),
            unitAmount: hostile,
            packageSize: hostile,
            unitQuantity: hostile,
            pricingFormula: fc.constantFrom('units / quantity', 'round(units, 99)', 'ceil(units * 1e3)', 'units'),
            billingPeriod: fc.constantFrom('BILLING_PERIOD_HOURLY', 'BILLING_PERIOD_DAILY'),
          }),
          { maxLength: 3 },
        ),
      }),
      instances: fc.array(fc.record({ quantity: hostile, hoursUsed: hostile, usage: hostile }), { maxLength: 3 }),
      calcConfig: fc.record({ capHours: hostile, taxRate: hostile, couponValue: hostile }),
    });
    fc.assert(
      fc.property(request, (value) => {
        try {
          JSON.stringify(calculatePlanJson(value));
        } catch (error) {
          expect(error).toBeInstanceOf(PricingValidationError);
        }
      }),
      { numRuns: 300 },
    );
  });
});
