import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSameProcessAlive, startTarget, stopTarget, type Answer, type Target } from './support/hostile-server.js';
import { whileProbing } from './support/latency.js';

// Finding 2: a FORMULA price multiplying cycleHours by itself 90 times with a huge capHours makes
// numbers of thousands of digits, on every one of 1,000 instances, on the event loop: the server
// stalls. pricing.md section 8: an intermediate value beyond 10^36 is a violation naming the
// price's pricingFormula, so a formula's cost is bounded by its length.

let target: Target;
beforeAll(async () => {
  target = await startTarget();
});
afterAll(() => stopTarget(target));

const formula = Array.from({ length: 90 }, () => 'cycleHours').join('*');
const body = {
  planConfig: { prices: [{ productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_FORMULA', pricingFormula: formula }] },
  instances: Array.from({ length: 1_000 }, () => ({})),
  calcConfig: { capHours: '999999999999999' },
};

describe('finding 2: the formula bomb (cycleHours^90, huge capHours, 1,000 instances)', () => {
  it('answers a 4xx or a result within the client timeout, while /healthz stays under 100 ms', async () => {
    const { result, probe } = await whileProbing(target, () => target.calculate(body, { timeoutMs: 10_000 }));
    console.log(`formula bomb: /healthz probes ${probe.samples.length}, max ${probe.max.toFixed(1)} ms, failures ${probe.failures.length}`);
    expect(result).not.toBeInstanceOf(Error);
    const answer = result as Answer;
    expect(answer.status).toBeLessThan(500);
    if (answer.status >= 400) expect(answer.json?.error?.status).toBe('INVALID_ARGUMENT');
    expect(probe.failures).toEqual([]);
    expect(probe.max).toBeLessThan(100);
  });

  it('the same process is alive and /healthz answers', async () => {
    await expectSameProcessAlive(target);
  });
});
