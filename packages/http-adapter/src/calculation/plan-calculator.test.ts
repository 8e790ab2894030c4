import { afterAll, describe, expect, it } from 'vitest';
import { entriesOf } from './calculation-task.js';
import { createPlanCalculator, INLINE_CALCULATOR } from './plan-calculator.js';

const inWorker = createPlanCalculator({ threads: 1, offloadMinEntries: 0 });
afterAll(() => inWorker.close());
const deadline = { expired: false, signal: new AbortController().signal };
const text = (json: string | Uint8Array) => (typeof json === 'string' ? json : new TextDecoder().decode(json));

const requests = {
  valid: { planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '1.25' }] }, instances: [{ quantity: 1e-7 }, { quantity: 3 }] },
  empty: {},
  invalid: { planConfig: { prices: [{ unitAmount: 'x', unitAmmount: '1' }] }, instances: 'no' },
};

describe('laws: a worker answers what inline answers', () => {
  it.each(Object.entries(requests))('%s: same JSON text or same violations, across the worker boundary', async (_, request) => {
    const json = JSON.stringify(request);
    const inline = await INLINE_CALCULATOR.calculate(request, json, {}, deadline);
    const worker = await inWorker.calculate(request, json, {}, deadline);
    if (inline.ok && worker.ok) expect(text(worker.json)).toBe(text(inline.json));
    else expect(worker).toEqual(inline);
    expect(worker.ok).toBe(inline.ok);
  });

  it('an invalid request comes back as violations, not as a thrown error', async () => {
    const outcome = await inWorker.calculate(requests.invalid, JSON.stringify(requests.invalid), {}, deadline);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.violations.map((v) => v.field)).toContain('planConfig.prices[0].unitAmount');
  });

  it('a passed deadline rejects before any work', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(inWorker.calculate({}, '{}', {}, { expired: true, signal: controller.signal })).rejects.toThrow('gone');
  });
});

describe('examples: entriesOf', () => {
  it.each([
    [{ instances: [{}, {}, {}], planConfig: { prices: [{}, {}] } }, 6],
    [{ instances: [{}], planConfig: {} }, 0],
    [{ instances: 'x', planConfig: { prices: [{}] } }, 0],
    [null, 0],
    // a tier adds 1, four characters of formula add 1: a long formula on few instances still goes to the pool
    [{ instances: [{}, {}], planConfig: { prices: [{ tiers: [{}, {}, {}] }, { pricingFormula: 'units*12' }] } }, 2 * (4 + 3)],
  ])('%j -> %d', (request, n) => {
    expect(entriesOf(request)).toBe(n);
  });
});
