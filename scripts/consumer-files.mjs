// The files of the fresh project in which scripts/check-packages.mjs installs the packed
// @billing/pricing-core: each uses it as a user would and exits non-zero when it misbehaves.

const REQUEST = `{
  planConfig: { currency: 'USD', prices: [{ pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '10.00' }] },
  instances: [{ quantity: 2 }],
  calcConfig: { taxRate: 0.2 },
}`;

export const CONSUMER_FILES = {
  'require.cjs': `
const assert = require('node:assert/strict');
const { calculatePlan, PricingValidationError, DEFAULT_PRICING_LIMITS } = require('@billing/pricing-core');
const result = calculatePlan(${REQUEST});
assert.equal(result.total, '24.00');
assert.equal(DEFAULT_PRICING_LIMITS.maxInstances, 10000);
assert.throws(() => calculatePlan({ instances: 'x' }), PricingValidationError);
assert.equal(require('@billing/pricing-core').planRequestSchema, undefined, 'the main entry exports no zod schema');
const loaded = Object.keys(require.cache);
assert.ok(!loaded.some((path) => path.includes('fast-check')), 'the main entry loads fast-check');
const { planRequestSchema } = require('@billing/pricing-core/schema');
assert.equal(planRequestSchema.safeParse(${REQUEST}).success, true);
const fc = require('fast-check');
const { sumOfPartsLaw } = require('@billing/pricing-core/testing');
fc.assert(sumOfPartsLaw(calculatePlan), { numRuns: 20 });
console.log('total ' + result.total + ', a law held from require()');
`,
  'import.mjs': `
import assert from 'node:assert/strict';
import { calculatePlan, PricingValidationError, validatePlanRequest } from '@billing/pricing-core';
import { planResultSchema } from '@billing/pricing-core/schema';
const result = calculatePlan(${REQUEST}, { view: 'FULL' });
assert.equal(result.total, '24.00');
assert.equal(result.debug.instances.length, 1);
planResultSchema.parse(result);
try {
  calculatePlan({ planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_FLAT', unitAmmount: '1' }] } });
  assert.fail('an unknown field was accepted');
} catch (error) {
  assert.ok(error instanceof PricingValidationError);
  assert.match(error.violations[0].field, /unitAmmount/);
}
assert.equal(validatePlanRequest(${REQUEST}).success, true);
console.log('total ' + result.total);
`,
  'laws.mjs': `
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { calculatePlan } from '@billing/pricing-core';
import { pricingLaws, sumOfPartsLaw, planRequestArbitrary } from '@billing/pricing-core/testing';
const laws = Object.entries(pricingLaws(calculatePlan, { currencies: ['USD', 'JPY'] }));
for (const [, law] of laws) fc.assert(law, { numRuns: 25 });
const wrong = (request, options) => ({ ...calculatePlan(request, options), total: '-1' });
assert.equal(fc.check(sumOfPartsLaw(wrong), { numRuns: 25 }).failed, true, 'a wrong total passed the law');
assert.equal(fc.sample(planRequestArbitrary({ minInstances: 1 }), 3).length, 3);
console.log(laws.length + ' laws held');
`,
};
