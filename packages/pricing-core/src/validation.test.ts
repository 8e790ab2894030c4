import { describe, expect, it } from 'vitest';
import { calculatePlanJson, parsePlanConfig, parsePlanConfigJson, PricingValidationError, validatePlanRequestJson } from './index.js';

type Json = Record<string, unknown>;
const price = (fields: Json): Json => ({ pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '1', ...fields });
const plan = (prices: Json[], extra: Json = {}): Json => ({ planConfig: { prices }, instances: [{}], ...extra });

function fields(request: unknown): string[] {
  const outcome = validatePlanRequestJson(request);
  return outcome.success ? [] : outcome.violations.map((v) => v.field);
}
function describeOf(request: unknown, field: string): string {
  const outcome = validatePlanRequestJson(request);
  return outcome.success ? '' : (outcome.violations.find((v) => v.field === field)?.description ?? '');
}
const tier = (start: number, end: number | undefined, extra: Json = {}): Json => ({
  startInclusive: start,
  ...(end === undefined ? {} : { endExclusive: end }),
  unitAmount: '1',
  ...extra,
});
const tiered = (tiers: Json[]): Json => price({ pricingModel: 'PRICING_MODEL_TIERED', tiers });

describe('validation: request shape', () => {
  it('accepts {} and the descriptive fields of the interface; refuses unknown fields', () => {
    expect(validatePlanRequestJson({}).success).toBe(true);
    const named = {
      planConfig: { planName: 'Basic', assetCategory: 'vm', assetType: 's-1vcpu', prices: [price({ unitName: 'vm', pricingModel: 'PRICING_MODEL_TIERED', tiers: [tier(0, undefined, { tierName: 'all' })] })] },
    };
    expect(validatePlanRequestJson(named).success).toBe(true);
    expect(fields({ extra: 1, planConfig: { prices: [price({ colour: 'red' })] } })).toEqual(['planConfig.prices[0].colour', 'extra']);
  });
  it.each([null, 1, 'x', [], true])('rejects a non-object request (%j) at `request`', (value) => {
    expect(fields(value)).toEqual(['request']);
  });
  it('reports a wrong type at its path', () => {
    expect(fields({ instances: [{ quantity: true }] })).toContain('instances[0].quantity');
    expect(fields(plan([price({ pricingModel: 'CHEAP' })]))).toEqual(['planConfig.prices[0].pricingModel']);
  });
  it('reports every violation at once, schema and semantic together', () => {
    const request = {
      planConfig: { currency: 'ZZZ', prices: [price({ unitAmount: '-1' }), price({ pricingModel: undefined })] },
      instances: [{ quantity: -1, hoursUsed: 'many' }],
      calcConfig: { discountPercent: 150, taxRate: 2 },
    };
    expect(fields(request).sort()).toEqual(
      [
        'calcConfig.discountPercent',
        'calcConfig.taxRate',
        'instances[0].hoursUsed',
        'instances[0].quantity',
        'planConfig.currency',
        'planConfig.prices[0].unitAmount',
        'planConfig.prices[1].pricingModel',
      ].sort(),
    );
  });
  it('throws PricingValidationError with the same violations from calculatePlan', () => {
    const request = plan([price({ unitAmount: '-1' })]);
    try {
      calculatePlanJson(request);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PricingValidationError);
      expect((error as PricingValidationError).violations.map((v) => v.field)).toEqual(['planConfig.prices[0].unitAmount']);
    }
  });
  it('rejects numeric strings that are not finite numbers', () => {
    expect(fields({ instances: [{ quantity: '1e999' }] })).toEqual(['instances[0].quantity']);
  });
});

describe('validation: calcConfig bounds', () => {
  it('discountPercent in [0, 100]', () => {
    expect(fields({ calcConfig: { discountPercent: 100 } })).toEqual([]);
    expect(fields({ calcConfig: { discountPercent: 100.01 } })).toEqual(['calcConfig.discountPercent']);
    expect(fields({ calcConfig: { discountPercent: -1 } })).toEqual(['calcConfig.discountPercent']);
  });
  it('taxRate is a fraction in [0, 1], with a hint for percentages', () => {
    expect(fields({ calcConfig: { taxRate: 1 } })).toEqual([]);
    expect(fields({ calcConfig: { taxRate: -0.1 } })).toEqual(['calcConfig.taxRate']);
    expect(describeOf({ calcConfig: { taxRate: 20 } }, 'calcConfig.taxRate')).toMatch(/for 20% send 0\.2/);
  });
  it('couponValue >= 0 with no more decimals than the currency (trailing zeros ignored)', () => {
    expect(fields({ calcConfig: { couponValue: '10.000' } })).toEqual([]);
    expect(fields({ calcConfig: { couponValue: '-1' } })).toEqual(['calcConfig.couponValue']);
    expect(fields({ calcConfig: { couponValue: '0.001' } })).toEqual(['calcConfig.couponValue']);
    expect(fields({ planConfig: { currency: 'JPY' }, calcConfig: { couponValue: '1.5' } })).toEqual(['calcConfig.couponValue']);
    expect(fields({ planConfig: { currency: 'KWD' }, calcConfig: { couponValue: '1.005' } })).toEqual([]);
  });
  it('capHours must not be negative', () => {
    expect(fields({ calcConfig: { capHours: -5 } })).toEqual(['calcConfig.capHours']);
  });
  it('overageRates: every key must be metered by a USAGE price; "0" is a valid rate', () => {
    const usage = price({ productType: 'PRODUCT_TYPE_USAGE', pricingModel: 'PRICING_MODEL_PER_UNIT', metricName: 'gb' });
    expect(fields(plan([usage], { calcConfig: { overageRates: { gb: '0' } } }))).toEqual([]);
    expect(fields(plan([usage], { calcConfig: { overageRates: { cpu: '1' } } }))).toEqual(['calcConfig.overageRates.cpu']);
    expect(fields(plan([usage], { calcConfig: { overageRates: { gb: '-1' } } }))).toEqual(['calcConfig.overageRates.gb']);
  });
});

describe('validation: planConfig.minimumCommitment', () => {
  const committed = (minimumCommitment: unknown, currency?: string): Json => ({ planConfig: { currency, minimumCommitment } });
  it('takes money with couponValue\'s bounds; "0", null and omitted mean none', () => {
    for (const value of ['0', null, undefined, '10.000', '999999999999999.99', 12]) expect(fields(committed(value))).toEqual([]);
    expect(fields(committed('1.005', 'KWD'))).toEqual([]);
  });
  it.each([
    ['a currency sign', '$10', /currency sign/],
    ['more decimals than the currency', '10.001', /at most 2 decimal places, the minor units of USD/],
    ['a negative amount', '-5', /negative/],
    ['10^15 or more', '1000000000000000', /10\^15|below/],
  ])('refuses %s, naming planConfig.minimumCommitment', (_case, value, sentence) => {
    expect(fields(committed(value))).toEqual(['planConfig.minimumCommitment']);
    expect(describeOf(committed(value), 'planConfig.minimumCommitment')).toMatch(sentence);
  });
  it('refuses a fraction of a yen in JPY', () => {
    expect(describeOf(committed('1.5', 'JPY'), 'planConfig.minimumCommitment')).toMatch(/at most 0 decimal places, the minor units of JPY/);
  });
  it('names a misspelt minimumCommitment with a suggestion', () => {
    const request = { planConfig: { minimumCommitmnet: '10' } };
    expect(fields(request)).toEqual(['planConfig.minimumCommitmnet']);
    expect(describeOf(request, 'planConfig.minimumCommitmnet')).toMatch(/did you mean "minimumCommitment"\?/);
  });
  it('is read once with the plan: parsePlanConfig keeps it for every request priced with it', () => {
    const parsed = parsePlanConfig({ prices: [price({ unitAmount: '10' })], minimumCommitment: '25' });
    expect(calculatePlanJson({ instances: [{}] }, { planConfig: parsed }).commitmentTrueUp).toBe('15.00');
    expect(() => parsePlanConfigJson({ minimumCommitment: '$10' })).toThrow(PricingValidationError);
  });
});

describe('validation: currency', () => {
  it('matches case-insensitively; an unknown code is an error', () => {
    expect(fields({ planConfig: { currency: 'eur' } })).toEqual([]);
    expect(fields({ planConfig: { currency: 'EURO' } })).toEqual(['planConfig.currency']);
  });
});

describe('validation: prices', () => {
  it('needs a pricing model (unspecified is an error)', () => {
    expect(fields(plan([price({ pricingModel: 'PRICING_MODEL_UNSPECIFIED' })]))).toEqual(['planConfig.prices[0].pricingModel']);
  });
  it('unit amounts >= 0 with at most 12 decimals, trailing zeros ignored', () => {
    expect(fields(plan([price({ unitAmount: '0.000000000001000' })]))).toEqual([]);
    expect(fields(plan([price({ unitAmount: '0.0000000000001' })]))).toEqual(['planConfig.prices[0].unitAmount']);
    expect(fields(plan([price({ overagePrice: '-2' })]))).toEqual(['planConfig.prices[0].overagePrice']);
    expect(fields(plan([price({ unitAmount: '1e3' })]))).toEqual(['planConfig.prices[0].unitAmount']);
  });
  it('an ADDON price needs an addonCode', () => {
    expect(fields(plan([price({ productType: 'PRODUCT_TYPE_ADDON' })]))).toEqual(['planConfig.prices[0].addonCode']);
  });
  it('a USAGE price needs a metricName, at most one USAGE price per metric', () => {
    const usage = (m?: string) => price({ productType: 'PRODUCT_TYPE_USAGE', metricName: m });
    expect(fields(plan([usage()]))).toEqual(['planConfig.prices[0].metricName']);
    expect(fields(plan([usage('gb'), usage('gb')]))).toEqual(['planConfig.prices[1].metricName']);
  });
  it('PACKAGE needs packageSize > 0', () => {
    expect(fields(plan([price({ pricingModel: 'PRICING_MODEL_PACKAGE' })]))).toEqual(['planConfig.prices[0].packageSize']);
    expect(fields(plan([price({ pricingModel: 'PRICING_MODEL_PACKAGE', packageSize: -1 })]))).toEqual([
      'planConfig.prices[0].packageSize',
    ]);
  });
  it('a packageSize JavaScript cannot turn into a number (its own toString is no function) is refused, naming the field', () => {
    // Found by the totality law: the check for "zero or unset" converted the value and threw a TypeError.
    for (const packageSize of [{ toString: '' }, { valueOf: 1, toString: 2 }, [{ toString: '' }]]) {
      expect(fields(plan([price({ pricingModel: 'PRICING_MODEL_PACKAGE', packageSize })]))).toEqual(['planConfig.prices[0].packageSize']);
    }
  });
  it('unitQuantity > 0, freeUnits >= 0, billingInterval a positive whole number', () => {
    expect(fields(plan([price({ unitQuantity: -1 })]))).toEqual(['planConfig.prices[0].unitQuantity']);
    expect(fields(plan([price({ freeUnits: -1 })]))).toEqual(['planConfig.prices[0].freeUnits']);
    expect(fields(plan([price({ billingInterval: 1.5 })]))).toEqual(['planConfig.prices[0].billingInterval']);
  });
  it('maximumCharge < minimumCharge is an error; "0" means no maximum', () => {
    expect(fields(plan([price({ minimumCharge: '5', maximumCharge: '4' })]))).toEqual(['planConfig.prices[0].maximumCharge']);
    expect(fields(plan([price({ minimumCharge: '5', maximumCharge: '0' })]))).toEqual([]);
  });
  it('FORMULA needs a pricingFormula', () => {
    expect(fields(plan([price({ pricingModel: 'PRICING_MODEL_FORMULA' })]))).toEqual(['planConfig.prices[0].pricingFormula']);
  });
  it.each([
    ['unknown name', 'units * rate'],
    ['parse error', 'units *'],
    ['division by zero', 'units / (quantity - 1)'],
    ['negative result', 'units - 5'],
    ['too long', `${'1+'.repeat(500)}1`],
    ['too deep', `${'('.repeat(33)}1${')'.repeat(33)}`],
  ])('formula %s is a violation on pricingFormula', (_name, formula) => {
    expect(fields(plan([price({ pricingModel: 'PRICING_MODEL_FORMULA', pricingFormula: formula })]))).toEqual([
      'planConfig.prices[0].pricingFormula',
    ]);
  });
});

describe('validation: tiers', () => {
  it('a TIERED price needs at least one tier', () => {
    expect(fields(plan([tiered([])]))).toEqual(['planConfig.prices[0].tiers']);
  });
  it('tiers must start at 0', () => {
    expect(fields(plan([tiered([tier(1, undefined)])]))).toEqual(['planConfig.prices[0].tiers[0].startInclusive']);
  });
  it('tiers must be contiguous (checked after sorting by tierOrder)', () => {
    expect(fields(plan([tiered([tier(0, 5), tier(6, undefined)])]))).toEqual(['planConfig.prices[0].tiers[1].startInclusive']);
    const sorted = [tier(5, undefined, { tierOrder: 2 }), tier(0, 5, { tierOrder: 1 })];
    expect(fields(plan([tiered(sorted)]))).toEqual([]);
  });
  it('only the last tier is open, and the last must be open', () => {
    expect(fields(plan([tiered([tier(0, undefined), tier(5, undefined)])]))).toContain('planConfig.prices[0].tiers[0].endExclusive');
    expect(fields(plan([tiered([tier(0, 5), tier(5, 10)])]))).toEqual(['planConfig.prices[0].tiers[1].endExclusive']);
  });
  it('endExclusive must be above startInclusive', () => {
    expect(fields(plan([tiered([tier(0, 5), tier(5, 3), tier(3, undefined)])]))).toContain(
      'planConfig.prices[0].tiers[1].endExclusive',
    );
  });
  it('one tier mode per price', () => {
    const mixed = [tier(0, 5, { tierType: 'TIER_MODE_VOLUME' }), tier(5, undefined, { tierType: 'TIER_MODE_GRADUATED' })];
    expect(fields(plan([tiered(mixed)]))).toEqual(['planConfig.prices[0].tiers[1].tierType']);
  });
  it('flatFeeAmount with flatFee false is an error', () => {
    expect(fields(plan([tiered([tier(0, undefined, { flatFeeAmount: '2' })])]))).toEqual([
      'planConfig.prices[0].tiers[0].flatFeeAmount',
    ]);
    expect(fields(plan([tiered([tier(0, undefined, { flatFee: true, flatFeeAmount: '2' })])]))).toEqual([]);
  });
});

describe('validation: instances', () => {
  it('quantity and hoursUsed >= 0', () => {
    expect(fields({ instances: [{ quantity: -1, hoursUsed: -1 }] })).toEqual(['instances[0].quantity', 'instances[0].hoursUsed']);
  });
  it('negative usage is an error at its exact path', () => {
    expect(fields({ instances: [{ usage: -1 }] })).toEqual(['instances[0].usage']);
    expect(fields({ instances: [{ usage: { cpu: [1, -2] } }] })).toEqual(['instances[0].usage.cpu[1]']);
    expect(fields({ instances: [{ usage: { 'cpu-hours': -2 } }] })).toEqual(['instances[0].usage["cpu-hours"]']);
  });
  it('an add-on code that no ADDON price carries is an error', () => {
    const addon = price({ productType: 'PRODUCT_TYPE_ADDON', addonCode: 'backup' });
    expect(fields({ planConfig: { prices: [addon] }, instances: [{ addons: [{ code: 'backup' }, { code: 'ipv6' }] }] })).toEqual([
      'instances[0].addons[1].code',
    ]);
  });
});
