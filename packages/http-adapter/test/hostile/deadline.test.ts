import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSameProcessAlive, startTarget, stopTarget, type Target } from './support/hostile-server.js';
import { largePlan } from './support/large-plans.js';

// Finding 12: no request deadline: a slow handling holds its connection and its CPU for as long as
// it takes. The rule: BILLING_REQUEST_TIMEOUT_MS caps any request's handling: 504
// DEADLINE_EXCEEDED. With BILLING_OFFLOAD_MIN_ENTRIES=1 every calculation runs in the worker pool,
// so the deadline can fire while it runs.

let target: Target;
beforeAll(async () => {
  target = await startTarget({ BILLING_REQUEST_TIMEOUT_MS: '50', BILLING_OFFLOAD_MIN_ENTRIES: '1' });
});
afterAll(() => stopTarget(target));

describe('finding 12: the request deadline', () => {
  it('a large calculation (5,000 instances x 100 prices) with a 50 ms deadline answers 504 DEADLINE_EXCEEDED', async () => {
    const answer = await target.calculate(largePlan(5_000, 100), { timeoutMs: 15_000 });
    expect({ status: answer.status, errorStatus: answer.json?.error?.status }).toEqual({ status: 504, errorStatus: 'DEADLINE_EXCEEDED' });
  });

  it('a small calculation still answers within the deadline', async () => {
    expect((await target.calculate({})).status).toBe(200);
  });

  it('the same process is alive and /healthz answers', async () => {
    await expectSameProcessAlive(target);
  });
});
