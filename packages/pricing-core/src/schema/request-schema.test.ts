import { describe, expect, it } from 'vitest';
import { validatePlanRequestJson } from '../index.js';
import { planRequestSchema } from './index.js';

describe('examples', () => {
  it("planRequestSchema's issues are the walk's violations: the same sentences in the same order, each path as its steps", () => {
    const request = { planConfig: { prices: [{ pricingModel: 'PER_UNIT', unitAmmount: '1' }] }, instances: [{ usage: { 'cpu-hours': -1 } }], extra: 1 };
    const issues = planRequestSchema.safeParse(request).error?.issues.map((issue) => [issue.path, issue.message]);
    expect(issues).toEqual([
      [['planConfig', 'prices', 0, 'pricingModel'], '"PER_UNIT" is not a pricing model; did you mean "PRICING_MODEL_PER_UNIT"?'],
      [['planConfig', 'prices', 0, 'unitAmmount'], 'Unknown field: did you mean "unitAmount"?'],
      [['extra'], 'Unknown field: not part of the request format.'],
      [['instances', 0, 'usage', 'cpu-hours'], 'Must not be negative.'],
    ]);
    const outcome = validatePlanRequestJson(request);
    expect(outcome.success ? [] : outcome.violations.map((v) => v.description)).toEqual(issues?.map(([, message]) => message));
    expect(planRequestSchema.safeParse([1]).error?.issues.map((issue) => issue.path)).toEqual([[]]);
  });

  it('a valid request parses to its declared fields, maps without "__proto__", an explicit undefined kept, apart from the caller\'s objects', () => {
    const usage = JSON.parse('{"__proto__": 1, "cpu": [1]}') as object;
    const request = { planConfig: { currency: undefined }, instances: [{ usage }] };
    const parsed = planRequestSchema.parse(request);
    expect(parsed).toStrictEqual({ planConfig: { currency: undefined }, instances: [{ usage: { cpu: [1] } }] });
    expect(parsed.instances?.[0]?.usage).not.toBe(usage);
    expect(validatePlanRequestJson(request)).toStrictEqual({ success: true, data: parsed });
  });

  it('refuses what calculatePlan refuses beyond the shape: bounds and cross-field rules', () => {
    const request = { planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_PACKAGE', unitAmount: '1' }] } };
    expect(planRequestSchema.safeParse(request).error?.issues.map((issue) => issue.message)).toEqual(['A PACKAGE price needs a packageSize greater than zero.']);
  });
});
