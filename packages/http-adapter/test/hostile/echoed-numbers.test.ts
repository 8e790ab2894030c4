import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalidField, expectSameProcessAlive, numbersWithExponent, startTarget, stopTarget, type Target } from './support/hostile-server.js';

// Finding 4: echoed numbers (discountPercent, quantity) come back as JSON numbers in whatever form
// JavaScript prints them: `1e-7`, or a million digits for "1e-999999". service.md section 8: no
// number is printed with an exponent or more digits than its bound allows.

let target: Target;
beforeAll(async () => {
  target = await startTarget();
});
afterAll(() => stopTarget(target));

const price = { productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '10' };
const plan = (instance: Record<string, unknown>, calcConfig: Record<string, unknown> = {}) => ({ planConfig: { prices: [price] }, instances: [instance], calcConfig });
const MAX_BYTES = 16 * 1024;

describe('finding 4: numbers echoed in full', () => {
  it.each([
    ['calcConfig.discountPercent', plan({}, { discountPercent: '1e-999999' })],
    ['instances[0].quantity', plan({ quantity: '1e-999999' })],
    ['instances[0].quantity', plan({ quantity: '1e+999999' })],
  ])('%s = an exponent bomb: 400 INVALID_ARGUMENT naming it', async (field, body) => {
    const answer = await target.calculate(body);
    expectInvalidField(answer, field);
    expect(answer.bytes).toBeLessThan(MAX_BYTES);
  });

  // NOTE: `1e-7` as a JSON number is a valid discount (pricing.md section 0); echoed as a JS number it prints as 1e-7.
  it.each([
    ['discountPercent 1e-7 (a JSON number)', '{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_FLAT","unitAmount":"10"}]},"instances":[{}],"calcConfig":{"discountPercent":1e-7}}'],
    ['discountPercent 0.000000000001', '{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_FLAT","unitAmount":"10"}]},"instances":[{}],"calcConfig":{"discountPercent":0.000000000001}}'],
    ['quantity 999999999999999 and discountPercent "0.0000001"', JSON.stringify(plan({ quantity: 999999999999999 }, { discountPercent: '0.0000001' }))],
  ])('%s: 200, no number in the answer has an exponent, and the answer is small', async (_, body) => {
    const answer = await target.calculate(body);
    expect(answer.status).toBe(200);
    expect(numbersWithExponent(answer.text)).toEqual([]);
    expect(answer.bytes).toBeLessThan(MAX_BYTES);
  });

  it('the same process is alive and /healthz answers', async () => {
    await expectSameProcessAlive(target);
  });
});
