import { describe, expect, it, vi } from 'vitest';
import { calculatePlanJson, isPricingValidationError, PRICING_VALIDATION_ERROR_CODE, PricingValidationError, validatePlanRequestJson } from './index.js';

/** The sentence reported at `field` for a request. */
function messageAt(body: unknown, field: string): string | undefined {
  const outcome = validatePlanRequestJson(body);
  return outcome.success ? undefined : outcome.violations.find((v) => v.field === field)?.description;
}

const price = (fields: Record<string, unknown>) => ({ planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_FLAT', ...fields }] } });

describe('examples', () => {
  describe('money format errors name what is wrong and say what to send', () => {
    it.each([
      ['5$', '"5$" carries a currency sign or code; send money as a decimal string like "5" (the currency is planConfig.currency).'],
      ['USD 12.50', '"USD 12.50" carries a currency sign or code; send money as a decimal string like "12.50" (the currency is planConfig.currency).'],
      ['10,50', '"10,50" has a decimal comma; send money as a decimal string with a point, like "10.50".'],
      ['1,000.50', '"1,000.50" has thousands separators; send money as a decimal string without them, like "1000.50".'],
      ['1e3', 'Must be a plain decimal amount: send money as a decimal string like "12.30" (no exponent, sign or spaces).'],
    ])('unitAmount %j', (unitAmount, sentence) => {
      expect(messageAt(price({ unitAmount }), 'planConfig.prices[0].unitAmount')).toBe(sentence);
    });

    it('a JSON number with more than 12 places (0.1 + 0.2) is named as a floating-point result', () => {
      expect(messageAt(price({ unitAmount: 0.1 + 0.2 }), 'planConfig.prices[0].unitAmount')).toBe(
        'The JSON number 0.30000000000000004 has more than 12 decimal places, like the floating-point 0.1 + 0.2; send money as a decimal string like "0.30".',
      );
      expect(messageAt({ instances: [{ hoursUsed: 0.1 + 0.2 }] }, 'instances[0].hoursUsed')).toBe(
        'The JSON number 0.30000000000000004 has more than 12 decimal places, like the floating-point 0.1 + 0.2; send a decimal string, or round it first.',
      );
      // The same value as a string is exact and within the bound for a price.
      expect(messageAt(price({ unitAmount: '0.3' }), 'planConfig.prices[0].unitAmount')).toBeUndefined();
    });
  });

  describe('an unknown field or add-on code names what is known', () => {
    const addonPlan = (codes: string[], code: string) => ({
      planConfig: { prices: codes.map((addonCode) => ({ pricingModel: 'PRICING_MODEL_FLAT', productType: 'PRODUCT_TYPE_ADDON', addonCode, flatAmount: '1' })) },
      instances: [{ addons: [{ code }] }],
    });
    it('a shortened instance field is offered the field it begins', () => {
      expect(messageAt({ instances: [{ hours: 10 }] }, 'instances[0].hours')).toBe('Unknown field: did you mean "hoursUsed"?');
    });
    it.each([
      [['backup', 'ipv4'], 'bakup', 'No ADDON price has the addonCode "bakup"; did you mean "backup"?'],
      [['backup', 'ipv4'], 'monitoring', 'No ADDON price has the addonCode "monitoring"; the plan\'s add-on codes are "backup", "ipv4".'],
      [[], 'backup', 'No ADDON price has the addonCode "backup"; the plan has no ADDON price.'],
      [Array.from({ length: 12 }, (_, i) => `code${i}x`), 'zzz', `No ADDON price has the addonCode "zzz"; the plan's add-on codes are ${Array.from({ length: 10 }, (_, i) => `"code${i}x"`).join(', ')} and 2 more.`],
    ])('codes %j, asked for %j', (codes, code, sentence) => {
      expect(messageAt(addonPlan(codes, code), 'instances[0].addons[0].code')).toBe(sentence);
    });
  });

  describe('a formula name that is unknown gets "did you mean"', () => {
    it.each([
      ['unit * 2', 'Invalid formula: unknown name "unit"; did you mean "units"?'],
      ['usages.cpu * 2', 'Invalid formula: unknown name "usages.cpu"; did you mean "usage.cpu"?'],
      ['mn(units, 3)', 'Invalid formula: unknown function "mn"; did you mean "min"?'],
      ['banana * 2', 'Invalid formula: unknown name "banana".'],
    ])('%s', (pricingFormula, sentence) => {
      const body = { planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_FORMULA', pricingFormula }] } };
      expect(messageAt(body, 'planConfig.prices[0].pricingFormula')).toBe(sentence);
    });
  });

  describe('PricingValidationError is recognised across copies of the package', () => {
    it('carries a stable code and name', () => {
      let caught: unknown;
      try {
        calculatePlanJson({ instances: 'x' });
      } catch (error) {
        caught = error;
      }
      expect(caught).toMatchObject({ name: 'PricingValidationError', code: PRICING_VALIDATION_ERROR_CODE });
      expect(isPricingValidationError(caught)).toBe(true);
    });

    it('an error thrown by a second copy of the module passes the guard and instanceof', async () => {
      // NOTE: with the module registry reset, the loader evaluates a second, separate copy (as a
      // CommonJS and an ESM build are), whose class is not this one.
      vi.resetModules();
      const copy = await import('./errors/pricing-validation-error.js');
      expect(copy.PricingValidationError).not.toBe(PricingValidationError);
      const foreign = new copy.PricingValidationError([{ field: 'request', description: 'x' }]);
      expect(isPricingValidationError(foreign)).toBe(true);
      expect(foreign instanceof PricingValidationError).toBe(true);
    });

    it('other errors are not recognised', () => {
      expect(isPricingValidationError(new Error('x'))).toBe(false);
      expect(isPricingValidationError({ code: PRICING_VALIDATION_ERROR_CODE, violations: [] })).toBe(false);
      expect(new RangeError('x') instanceof PricingValidationError).toBe(false);
    });
  });
});
