import { describe, expect, it } from 'vitest';
import { calculatePlanJson } from '../index.js';
import { ONE, ZERO } from './decimal.js';
import { decimalOfNumber } from './parse.js';
import { R0, R1 } from './rational.js';

// The shared values of money/ (zero, one, the small integers read from requests) are read by
// every call in the process; a field written on one of them by a call is state left for the
// next. Pricing any plan, fast or exact, with a FULL debug (which reads every value as text and
// as a fraction) leaves each exactly as it was.
const snapshot = (value: object): string =>
  JSON.stringify(Object.entries(value).map(([key, field]) => [key, typeof field === 'object' && field !== null ? Object.keys(field as object).length : field]));

describe('shared values', () => {
  it('pricing leaves zero, one, the small integers and the unit fractions unchanged', () => {
    const shared = [ZERO, ONE, decimalOfNumber(2), decimalOfNumber(672), decimalOfNumber(4095), R0, R1];
    const before = shared.map(snapshot);
    const request = {
      planConfig: {
        prices: [
          { pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '0.0125', billingPeriod: 'BILLING_PERIOD_HOURLY' },
          { pricingModel: 'PRICING_MODEL_PACKAGE', metricName: 'requests', packageSize: 50, packagePrice: '2', freeUnits: 1 },
          { pricingModel: 'PRICING_MODEL_FORMULA', unitAmount: '1', pricingFormula: 'quantity * unitAmount / 3' },
        ],
      },
      instances: [{ quantity: 2, hoursUsed: 672, usage: { requests: 4095 } }, { quantity: 1, usage: 2 }],
      calcConfig: { capHours: 672, taxRate: 0.2 },
    };
    for (const exact of [false, true]) JSON.stringify(calculatePlanJson(request, { exact, view: 'FULL' }));
    expect(shared.map(snapshot)).toEqual(before);
  });
});
