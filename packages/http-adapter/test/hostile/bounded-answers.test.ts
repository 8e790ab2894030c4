import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalidField, expectSameProcessAlive, numbersWithExponent, startTarget, stopTarget, violationsOf, type Target } from './support/hostile-server.js';

// Finding 4: echoed numbers (discountPercent, quantity) come back as JSON numbers in whatever form
// JavaScript prints them: `1e-7`, or a million digits for "1e-999999". The rule: no
// number is printed with an exponent or more digits than its bound allows.
//
// Findings 5 and 10: a request under the 1 MiB body limit can hold 349,000 empty instances (each
// priced and echoed: a response of tens of MB), or 10,000 invalid fields (each listed). The fixes:
// maxInstances (10,000, BILLING_MAX_INSTANCES) checked before any work, and at most 100
// violations listed with the total in the message (docs/http-api.md, "Limits").
// NOTE: one server for the three (a server start costs seconds).

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
    ['calcConfig.discountPercent', '1e-999999', plan({}, { discountPercent: '1e-999999' })],
    ['instances[0].quantity', '1e-999999', plan({ quantity: '1e-999999' })],
    ['instances[0].quantity', '1e+999999', plan({ quantity: '1e+999999' })],
  ])('%s = "%s": 400 INVALID_ARGUMENT naming it', async (field, _, body) => {
    const answer = await target.calculate(body);
    expectInvalidField(answer, field);
    expect(answer.bytes).toBeLessThan(MAX_BYTES);
  });

  // NOTE: `1e-7` as a JSON number is a valid discount (docs/pricing.md); echoed as a JS number it prints as 1e-7.
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
});

const SMALL = 64 * 1024;

describe('finding 5: 349,000 empty instances under 1 MiB', () => {
  it('400 naming `instances`, limit maxInstances and setting BILLING_MAX_INSTANCES, in a small answer', async () => {
    const body = `{"instances":[${Array.from({ length: 349_000 }, () => '{}').join(',')}]}`;
    expect(body.length).toBeLessThan(1024 * 1024);
    const answer = await target.calculate(body, { timeoutMs: 15_000 });
    expectInvalidField(answer, 'instances');
    const description = violationsOf(answer).find((v) => v.field === 'instances')?.description ?? '';
    expect(description).toMatch(/349,000/);
    expect(description).toMatch(/limit maxInstances/);
    expect(description).toMatch(/BILLING_MAX_INSTANCES/);
    expect(answer.bytes).toBeLessThan(SMALL);
  });
});

describe('finding 10: the violation list is bounded', () => {
  it('10,000 invalid instances: 400 listing at most 100 violations, the message naming the total, body < 64 KB', async () => {
    const body = JSON.stringify({ instances: Array.from({ length: 10_000 }, () => ({ quantity: 'x' })) });
    const answer = await target.calculate(body, { timeoutMs: 15_000 });
    expect({ status: answer.status, errorStatus: answer.json?.error?.status }).toEqual({ status: 400, errorStatus: 'INVALID_ARGUMENT' });
    expect(answer.json.error.message).toBe('request has 10,000 invalid fields; the first 100 are listed');
    const violations = violationsOf(answer);
    expect(violations.length).toBeGreaterThan(0);
    expect(violations.length).toBeLessThanOrEqual(100);
    expect(violations[0]?.field).toBe('instances[0].quantity');
    expect(answer.bytes).toBeLessThan(SMALL);
  });
});

describe('findings 4, 5 and 10: the process', () => {
  it('the same process is alive and /healthz answers', async () => {
    await expectSameProcessAlive(target);
  });
});
