import { describe, expect, it } from 'vitest';
import { PricingValidationError } from '../errors/pricing-validation-error.js';
import { calculatePlanJson } from '../engine/calculate-plan.js';

// A request that sets every numeric and money field once; each case replaces one of them.
const request = () => ({
  planConfig: {
    currency: 'USD',
    prices: [
      {
        pricingModel: 'PRICING_MODEL_PER_UNIT',
        metricName: 'cpu',
        unitAmount: '1',
        overagePrice: '2',
        unitQuantity: 10,
        freeUnits: 1,
        minimumCharge: '0.5',
        maximumCharge: '100',
      },
      { pricingModel: 'PRICING_MODEL_PACKAGE', packageSize: 10, packagePrice: '5', billingInterval: 1 },
      {
        pricingModel: 'PRICING_MODEL_TIERED',
        tiers: [
          { tierOrder: 1, startInclusive: 0, endExclusive: 10, unitAmount: '1', flatFee: true, flatFeeAmount: '2' },
          { tierOrder: 2, startInclusive: 10, unitAmount: '0.5' },
        ],
      },
      { productType: 'PRODUCT_TYPE_ADDON', addonCode: 'ip', pricingModel: 'PRICING_MODEL_PER_UNIT', metricName: 'cpu', unitAmount: '3' },
      { productType: 'PRODUCT_TYPE_USAGE', metricName: 'transfer', pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '0.01' },
    ],
  },
  instances: [
    {
      quantity: 2,
      hoursUsed: 100,
      usage: { cpu: [1, 2], transfer: 5 },
      addons: [
        { code: 'ip', usage: { cpu: 3 } },
        { code: 'ip', usage: 4 },
      ],
    },
    { usage: 7 },
  ],
  calcConfig: { capHours: 672, discountPercent: 10, taxRate: 0.2, couponValue: '1', overageRates: { transfer: '0.02' } },
});

type Path = readonly (string | number)[];

/** The request with the field at `path` set to `value`. */
function withField(path: Path, value: unknown): unknown {
  const root = request() as unknown as Record<string | number, unknown>;
  let node = root;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1] as string | number] = value;
  return root;
}

const NUMBER_FIELDS: [string, Path][] = [
  ['planConfig.prices[0].unitQuantity', ['planConfig', 'prices', 0, 'unitQuantity']],
  ['planConfig.prices[0].freeUnits', ['planConfig', 'prices', 0, 'freeUnits']],
  ['planConfig.prices[1].packageSize', ['planConfig', 'prices', 1, 'packageSize']],
  ['planConfig.prices[1].billingInterval', ['planConfig', 'prices', 1, 'billingInterval']],
  ['planConfig.prices[2].tiers[0].tierOrder', ['planConfig', 'prices', 2, 'tiers', 0, 'tierOrder']],
  ['planConfig.prices[2].tiers[0].startInclusive', ['planConfig', 'prices', 2, 'tiers', 0, 'startInclusive']],
  ['planConfig.prices[2].tiers[0].endExclusive', ['planConfig', 'prices', 2, 'tiers', 0, 'endExclusive']],
  ['instances[0].quantity', ['instances', 0, 'quantity']],
  ['instances[0].hoursUsed', ['instances', 0, 'hoursUsed']],
  ['instances[0].usage.transfer', ['instances', 0, 'usage', 'transfer']],
  ['instances[0].usage.cpu[1]', ['instances', 0, 'usage', 'cpu', 1]],
  ['instances[0].addons[0].usage.cpu', ['instances', 0, 'addons', 0, 'usage', 'cpu']],
  ['instances[0].addons[1].usage', ['instances', 0, 'addons', 1, 'usage']],
  ['instances[1].usage', ['instances', 1, 'usage']],
  ['calcConfig.capHours', ['calcConfig', 'capHours']],
  ['calcConfig.discountPercent', ['calcConfig', 'discountPercent']],
  ['calcConfig.taxRate', ['calcConfig', 'taxRate']],
];

const MONEY_FIELDS: [string, Path][] = [
  ['planConfig.prices[0].unitAmount', ['planConfig', 'prices', 0, 'unitAmount']],
  ['planConfig.prices[0].overagePrice', ['planConfig', 'prices', 0, 'overagePrice']],
  ['planConfig.prices[0].minimumCharge', ['planConfig', 'prices', 0, 'minimumCharge']],
  ['planConfig.prices[0].maximumCharge', ['planConfig', 'prices', 0, 'maximumCharge']],
  ['planConfig.prices[1].packagePrice', ['planConfig', 'prices', 1, 'packagePrice']],
  ['planConfig.prices[2].tiers[1].unitAmount', ['planConfig', 'prices', 2, 'tiers', 1, 'unitAmount']],
  ['planConfig.prices[2].tiers[0].flatFeeAmount', ['planConfig', 'prices', 2, 'tiers', 0, 'flatFeeAmount']],
  ['calcConfig.couponValue', ['calcConfig', 'couponValue']],
  ['calcConfig.overageRates.transfer', ['calcConfig', 'overageRates', 'transfer']],
];

// "1e-999999999" is a finite 0 to Number() and a billion digits to big.js; "1e-999999" was
// echoed in debug digit by digit; 1e300 as a JSON number prints as 1e+300.
const BOMBS: [string, unknown][] = [
  ['"1e-999999999"', '1e-999999999'],
  ['"1e-999999"', '1e-999999'],
  ['"1e300"', '1e300'],
  ['1e300 (JSON number)', 1e300],
  ['1e-13 (JSON number, 13 places)', 1e-13],
  ['"1.0000000000001" (13 places)', '1.0000000000001'],
  ['"1000000000000000" (10^15)', '1000000000000000'],
  ['"1e2" (an exponent in a string)', '1e2'],
  ['" 1" (a space)', ' 1'],
];
const MONEY_BOMBS: [string, unknown][] = [...BOMBS, ['"+1" (a sign)', '+1'], ['"-0.5" (negative)', '-0.5']];

/** The violations of a request, or [] when it calculates. */
function violationsOf(input: unknown): { field: string; description: string }[] {
  try {
    calculatePlanJson(input);
    return [];
  } catch (error) {
    if (error instanceof PricingValidationError) return error.violations;
    throw error;
  }
}

const BOUND = /10\^15|decimal places|plain decimal|negative/;

describe('numeric bounds', () => {
  it('the base request calculates', () => {
    expect(calculatePlanJson(request()).total).toMatch(/^\d+\.\d\d$/);
  });

  for (const [field, path] of NUMBER_FIELDS) {
    for (const [name, bomb] of BOMBS) {
      it(`${field} = ${name} is a violation naming the field and the bound`, () => {
        const found = violationsOf(withField(path, bomb)).find((violation) => violation.field === field);
        expect(found?.description).toMatch(BOUND);
      });
    }
  }

  for (const [field, path] of MONEY_FIELDS) {
    for (const [name, bomb] of MONEY_BOMBS) {
      it(`${field} = ${name} is a violation naming the field and the bound`, () => {
        const found = violationsOf(withField(path, bomb)).find((violation) => violation.field === field);
        expect(found?.description).toMatch(BOUND);
      });
    }
  }

  it('accepts the largest values in bounds, and a tiny JSON number through its exponent', () => {
    const largest = '999999999999999.999999999999';
    expect(violationsOf(withField(['instances', 1, 'usage'], largest))).toEqual([]);
    expect(violationsOf(withField(['planConfig', 'prices', 0, 'unitAmount'], '999999999999999.999999999999'))).toEqual([]);
    const tiny = calculatePlanJson(withField(['instances', 0, 'hoursUsed'], 1e-7), { view: 'FULL' });
    expect(tiny.debug.instances?.[0]?.hours).toBe('0.0000001');
  });
});
