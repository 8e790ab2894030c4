import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSameProcessAlive, startTarget, stopTarget, type Answer, type Target } from './support/hostile-server.js';
import { largePlan } from './support/large-plans.js';
import { whileProbing } from './support/latency.js';

// Finding 2: a FORMULA price multiplying cycleHours by itself 90 times with a huge capHours makes
// numbers of thousands of digits, on every one of 1,000 instances, on the event loop: the server
// stalls. The rule: an intermediate value beyond 10^36 is a violation naming the
// price's pricingFormula, so a formula's cost is bounded by its length.
//
// Finding 14: the largest allowed calculation (10,000 instances x 100 prices = 1,000,000
// instance-prices, the bound maxInstancePrices) runs on the event loop: /healthz waits for it.
// The rule: GET /healthz answers within 100 ms while the largest allowed calculation
// runs (a worker pool or slices), and no request within the limits costs more than about 1 s of CPU.
// NOTE: one server for both (a server start costs seconds).

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
    // NOTE: one ordinary formula first, so the probes measure the bomb, not a cold start.
    const warm = { planConfig: { prices: [{ productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_FORMULA', pricingFormula: 'cycleHours * 2' }] }, instances: [{}] };
    expect((await target.calculate(warm)).status).toBe(200);
    const { result, probe } = await whileProbing(target, () => target.calculate(body, { timeoutMs: 10_000 }));
    console.log(`formula bomb: answered ${result instanceof Error ? result.message : (result as Answer).status}; /healthz probes ${probe.samples.map((ms) => ms.toFixed(0)).join(", ")} ms, failures ${probe.failures.length}`);
    expect(result).not.toBeInstanceOf(Error);
    const answer = result as Answer;
    expect(answer.status).toBeLessThan(500);
    if (answer.status >= 400) expect(answer.json?.error?.status).toBe('INVALID_ARGUMENT');
    expect(probe.failures).toEqual([]);
    expect(probe.max).toBeLessThan(100);
  });
});

describe('finding 14: the largest allowed calculation', () => {
  it('10,000 instances x 100 prices (compact JSON under 1 MiB): 200 or 400 in time, /healthz under 100 ms meanwhile', async () => {
    const body = largePlan(10_000, 100);
    expect(body.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const { result, probe } = await whileProbing(target, () => target.calculate(body, { timeoutMs: 20_000 }));
    const took = performance.now() - started;
    const sorted = [...probe.samples].sort((a, b) => a - b);
    console.log(
      `largest calculation: ${(body.length / 1024).toFixed(0)} KiB body, answered ${result instanceof Error ? result.message : (result as Answer).status} in ${took.toFixed(0)} ms; ` +
        `/healthz probes ${probe.samples.length}, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms, max ${probe.max.toFixed(1)} ms, failures ${probe.failures.length}`,
    );
    expect(result).not.toBeInstanceOf(Error);
    expect([200, 400]).toContain((result as Answer).status);
    expect(probe.failures).toEqual([]);
    expect(probe.max).toBeLessThan(100);
  });
});

describe('findings 2 and 14: the process', () => {
  it('the same process is alive and /healthz answers', async () => {
    await expectSameProcessAlive(target);
  });
});
