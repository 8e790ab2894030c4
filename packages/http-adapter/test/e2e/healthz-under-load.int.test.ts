import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRATCH_STORE, startServer, type ServerProcess } from '../support/server-process.js';
import { authHeaders, signToken, TEST_SECRET } from '../support/tokens.js';

// NOTE: the largest allowed calculation: 10,000 instances x 100 prices (maxInstances, maxInstancePrices).
const INSTANCES = 10_000;
const PRICES = 100;

/** Graduated tiers on metered usage: the costly kind of price. */
function largestPlan() {
  const prices = Array.from({ length: PRICES }, (_, i) => ({
    pricingModel: 'PRICING_MODEL_TIERED',
    metricName: `m${i % 5}`,
    tiers: [
      { startInclusive: 0, endExclusive: 10, unitAmount: '0.5' },
      { startInclusive: 10, endExclusive: 100, unitAmount: '0.25' },
      { startInclusive: 100, unitAmount: '0.125' },
    ],
  }));
  const instances = Array.from({ length: INSTANCES }, (_, i) => ({
    usage: Object.fromEntries(Array.from({ length: 5 }, (_, m) => [`m${m}`, (i * 7 + m * 13) % 300])),
  }));
  return { planConfig: { prices }, instances };
}

let server: ServerProcess;
beforeAll(async () => {
  server = await startServer({ DATABASE_URL: SCRATCH_STORE, BILLING_JWT_SECRET: TEST_SECRET, BILLING_WORKER_THREADS: '1', BILLING_REQUEST_TIMEOUT_MS: '60000' });
});
afterAll(() => server?.stop('SIGKILL'));

describe('bounded work: the event loop stays free', () => {
  it('GET /healthz answers within 100 ms while the largest allowed calculation runs', async () => {
    const token = await signToken();
    const body = JSON.stringify(largestPlan());
    let done = false;
    const calculation = fetch(`${server.url}/v1/plans:calculate`, {
      method: 'POST',
      headers: { ...authHeaders(token), 'content-type': 'application/json' },
      body,
    }).then(async (res) => {
      const status = res.status;
      await res.arrayBuffer();
      done = true;
      return status;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const latencies: number[] = [];
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${server.url}/healthz`);
      const elapsed = performance.now() - started;
      expect(res.status).toBe(200);
      if (!done) latencies.push(elapsed);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await calculation).toBe(200);
    // The documented latency bound (docs/reliability.md); several calls must have been made while the calculation ran.
    expect(latencies.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...latencies), JSON.stringify(latencies.map(Math.round))).toBeLessThan(100);
  });
});
