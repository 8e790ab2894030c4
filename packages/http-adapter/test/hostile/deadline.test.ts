import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../support/tokens.js';
import { expectSameProcessAlive, healthzLatency, startTarget, stopTarget, type Target } from './support/hostile-server.js';
import { largePlan } from './support/large-plans.js';
import { dripFeed, statusOf } from './support/raw-socket.js';

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

  // The 504 of a request whose body is still arriving comes back at the deadline, in the shape of the
  // sub-app that owns the path, while /healthz keeps answering.
  const slowBody = async (head: string) => {
    const port = Number(new URL(target.url).port);
    const drip = '{"instances":[';
    const outcome = dripFeed(port, head, drip, { everyMs: 40, capMs: 5_000 });
    const probe = await healthzLatency(target);
    const answer = await outcome;
    return { answer, probe, unsent: head.length + drip.length - answer.written, body: JSON.parse(answer.response.slice(answer.response.indexOf('\r\n\r\n') + 4)) };
  };

  it('a slow body on /v1 (one byte every 40 ms): 504 DEADLINE_EXCEEDED (AIP-193) before the body ends; /healthz answers meanwhile', async () => {
    const token = await signToken({ orgs: ['org_a'] });
    const head = `POST /v1/plans:calculate HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nX-Organization-ID: org_a\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;
    const { answer, probe, unsent, body } = await slowBody(head);
    expect({ end: answer.end, status: statusOf(answer.response), errorStatus: body.error?.status }).toEqual({ end: 'answered', status: 504, errorStatus: 'DEADLINE_EXCEEDED' });
    expect(unsent).toBeGreaterThan(0);
    expect(probe).toBeLessThan(2_000);
  });

  it('a slow body on a webhook delivery: 504 in the acknowledgement shape before the body ends', async () => {
    const head = `POST /api/v1/webhooks/standard HTTP/1.1\r\nHost: x\r\nwebhook-id: msg_slow\r\nwebhook-timestamp: ${Math.floor(Date.now() / 1000)}\r\nwebhook-signature: v1,AAAA\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;
    const { answer, body } = await slowBody(head);
    expect({ end: answer.end, status: statusOf(answer.response), body }).toEqual({
      end: 'answered',
      status: 504,
      body: { success: false, eventId: '', message: 'the request was not handled within 50 ms (BILLING_REQUEST_TIMEOUT_MS); retry later' },
    });
  });

  it('the same process is alive and /healthz answers', async () => {
    await expectSameProcessAlive(target);
  });
});
