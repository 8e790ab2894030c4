import type { RequestListener, Server } from 'node:http';
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '../../test/support/app.js';
import { fakeBilling } from '../../test/support/fake-billing.js';
import { planRequestArbitrary } from '../../test/support/plan-arbitraries.js';
import { signToken, TEST_SECRET } from '../../test/support/tokens.js';
import { createApp } from '../app.js';
import { createJwtVerifier } from '../auth/token-verifier.js';
import { INLINE_CALCULATOR, type PlanCalculator } from '../calculation/plan-calculator.js';
import { createMetrics } from '../metrics/metrics.js';
import { listen } from '../process/http-server.js';
import { calculateLane, LANE_PATH } from './calculate-lane.js';

// The lane answers POST /v1/plans:calculate before the app sees it. Its answers must be the app's
// answers: `?view=BASIC` is the same operation and never takes the lane, so each request is sent both
// ways and the two answers compared. A counter on the app's listener tells which one answered.

const LIMIT = 4096;
const TIMEOUT_MS = 300;
/** Plans of at least this many entries (instances x prices) go to the app, as a worker's would. */
const INLINE_BELOW = 50;

const log = captureLog();
const metrics = createMetrics();
const verifier = createJwtVerifier({ secret: TEST_SECRET });
const calculator: PlanCalculator = { ...INLINE_CALCULATOR, runsInline: (entries) => entries < INLINE_BELOW };
let server: Server;
let port = 0;
let token = '';
let appSaw = 0;

beforeAll(async () => {
  const deps = { billing: fakeBilling(), auth: verifier, logger: log.logger, bodyLimitBytes: LIMIT, calculator, requestTimeoutMs: TIMEOUT_MS, metrics };
  const app = createApp(deps);
  const lane = calculateLane({ verifier, logger: log.logger, metrics, calculator, limits: {}, bodyLimitBytes: LIMIT, requestTimeoutMs: TIMEOUT_MS });
  const counted = (onward: RequestListener): RequestListener => (req, res) => {
    appSaw += 1;
    return onward(req, res);
  };
  const running = await listen(app.fetch, 0, '127.0.0.1', undefined, (onward) => lane(counted(onward)));
  server = running.server;
  port = running.address.port;
  token = await signToken({ orgs: ['org_a'] });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer {
  status: number;
  contentType: string | undefined;
  requestId: string | undefined;
  body: string;
  /** How many times the app's listener ran for this request (0: the lane answered). */
  app: number;
}

interface Sent {
  path?: string;
  method?: string;
  headers?: Record<string, string | string[]>;
  /** The body in parts, with a pause of `pauseMs` before each part after the first. */
  parts?: string[];
  pauseMs?: number;
}

function send(sent: Sent): Promise<Answer> {
  const before = appSaw;
  const parts = sent.parts ?? [];
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: sent.method ?? 'POST', path: sent.path ?? LANE_PATH, headers: sent.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'],
            requestId: res.headers['x-request-id'] as string | undefined,
            body: Buffer.concat(chunks).toString('utf8'),
            app: appSaw - before,
          }),
        );
      },
    );
    req.on('error', reject);
    void (async () => {
      for (const [i, part] of parts.entries()) {
        if (i > 0) await new Promise((r) => setTimeout(r, sent.pauseMs ?? 0));
        req.write(part);
      }
      req.end();
    })();
  });
}

const json = (body: string, extra: Record<string, string | string[]> = {}): Sent => ({
  headers: { authorization: `Bearer ${token}`, 'x-organization-id': 'org_a', 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...extra },
  parts: [body],
});

/** The same request through the lane's path and through the app (`?view=BASIC`). */
async function bothWays(sent: Sent): Promise<{ lane: Answer; app: Answer }> {
  const lane = await send(sent);
  const app = await send({ ...sent, path: `${LANE_PATH}?view=BASIC` });
  return { lane, app };
}

const comparable = (a: Answer) => ({ status: a.status, contentType: a.contentType, body: a.body, hasRequestId: a.requestId !== undefined });

const PLAN = { planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '10.00' }] }, instances: [{ quantity: 2 }], calcConfig: { taxRate: 0.2 } };

describe('examples: what the lane answers', () => {
  it('a valid small plan: the lane answers, byte for byte as the app does', async () => {
    const { lane, app } = await bothWays(json(JSON.stringify(PLAN)));
    expect(lane.app).toBe(0);
    expect(app.app).toBe(1);
    expect(lane.status).toBe(200);
    expect(JSON.parse(lane.body)).toMatchObject({ total: '24.00' });
    expect(comparable(lane)).toEqual(comparable(app));
  });

  it('a body that starts with a byte order mark is read as the app reads it (the mark dropped)', async () => {
    const { lane, app } = await bothWays(json(`\uFEFF${JSON.stringify(PLAN)}`));
    expect([lane.status, lane.app]).toEqual([200, 0]);
    expect(comparable(lane)).toEqual(comparable(app));
  });

  it('the X-Request-ID of the caller is echoed, and one request line is logged with the fields of the app', async () => {
    const { lane, app } = await bothWays(json(JSON.stringify(PLAN), { 'x-request-id': 'lane-1' }));
    expect([lane.requestId, app.requestId]).toEqual(['lane-1', 'lane-1']);
    const [fromLane, fromApp, ...more] = log.lines().filter((l) => l['requestId'] === 'lane-1');
    expect(more).toEqual([]);
    const fields = { msg: 'request', method: 'POST', path: LANE_PATH, status: 200 };
    expect(fromLane).toMatchObject(fields);
    expect(fromApp).toMatchObject(fields);
    expect(Object.keys(fromLane ?? {})).toEqual(Object.keys(fromApp ?? {}));
  });

  it('an answer of the lane is counted in the metrics as the app counts its own', async () => {
    const count = async () => {
      const text = await metrics.registry.metrics();
      const series = (name: string) => Number(new RegExp(`^${name}\\{method="POST",route="/v1/plans:calculate",status="200"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
      return { requests: series('http_requests_total'), timed: series('http_request_duration_seconds_count'), calculations: Number(/^billing_calculation_entries_count (\d+)/m.exec(text)?.[1] ?? 0) };
    };
    const before = await count();
    const { lane, app } = await bothWays(json(JSON.stringify(PLAN)));
    expect([lane.app, app.app]).toEqual([0, 1]);
    expect(await count()).toEqual({ requests: before.requests + 2, timed: before.timed + 2, calculations: before.calculations + 2 });
  });
});

describe('examples: what the lane passes on to the app', () => {
  const valid = JSON.stringify(PLAN);
  const cases: [string, () => Sent][] = [
    ['no token', () => ({ ...json(valid), headers: { 'content-type': 'application/json', 'x-organization-id': 'org_a', 'content-length': String(valid.length) } })],
    ['a token signed with another secret', () => json(valid, { authorization: `Bearer ${token.slice(0, -4)}AAAA` })],
    ['two Authorization headers', () => json(valid, { authorization: [`Bearer ${token}`, `Bearer ${token}`] })],
    ['an organization the token does not list', () => json(valid, { 'x-organization-id': 'org_b' })],
    ['no organization', () => json(valid, { 'x-organization-id': ' ' })],
    ['a Content-Type that is not JSON', () => json(valid, { 'content-type': 'text/plain' })],
    ['a body over the limit', () => json(JSON.stringify({ ...PLAN, pad: 'x'.repeat(LIMIT) }))],
    ['a body that is not JSON', () => json('{"planConfig":')],
    ['an empty body', () => json('')],
    ['a plan with invalid fields', () => json(JSON.stringify({ ...PLAN, calcConfig: { taxRate: 7 } }))],
    ['a plan too large to price inline', () => json(JSON.stringify({ ...PLAN, instances: Array.from({ length: INLINE_BELOW }, () => ({ quantity: 1 })) }))],
  ];
  it.each(cases)('%s: the app answers, as it answers the same request on its own path', async (_name, sent) => {
    const { lane, app } = await bothWays(sent());
    expect(comparable(lane)).toEqual(comparable(app));
    expect(lane.app).toBe(1);
  });

  it('a chunked body (no Content-Length) goes to the app', async () => {
    const body = JSON.stringify(PLAN);
    const sent = { headers: { authorization: `Bearer ${token}`, 'x-organization-id': 'org_a', 'content-type': 'application/json' }, parts: [body.slice(0, 10), body.slice(10)] };
    const { lane, app } = await bothWays(sent);
    expect(comparable(lane)).toEqual(comparable(app));
    expect([lane.status, lane.app]).toEqual([200, 1]);
  });

  it('other methods and spellings of the path go to the app', async () => {
    expect((await send({ method: 'GET', headers: { authorization: `Bearer ${token}`, 'x-organization-id': 'org_a' } })).app).toBe(1);
    const encoded = await send({ ...json(JSON.stringify(PLAN)), path: '/v1/plans%3Acalculate' });
    expect([encoded.status, encoded.app]).toEqual([200, 1]);
  });
});

describe('examples: time', () => {
  it('a body slower than the deadline: 504 DEADLINE_EXCEEDED from the lane, the same answer as the app gives', async () => {
    const body = JSON.stringify(PLAN);
    const slow: Sent = { ...json(body), parts: [body.slice(0, 5), body.slice(5)], pauseMs: TIMEOUT_MS + 200 };
    const { lane, app } = await bothWays(slow);
    expect(lane.app).toBe(0);
    expect(lane.status).toBe(504);
    expect(JSON.parse(lane.body)).toMatchObject({ error: { status: 'DEADLINE_EXCEEDED' } });
    expect(comparable(lane)).toEqual(comparable(app));
  });

  it('a request passed on after its body arrived keeps its arrival: the logged duration counts from there', async () => {
    const body = '{"planConfig": 1,';
    const sent: Sent = { ...json(`${body}}`, { 'x-request-id': 'late-1' }), parts: [body, '}'], pauseMs: 150 };
    const answer = await send(sent);
    expect([answer.status, answer.app]).toEqual([400, 1]);
    const line = log.lines().find((l) => l['requestId'] === 'late-1' && l['msg'] === 'request');
    expect(line?.['durationMs']).toBeGreaterThanOrEqual(140);
  });

  it('a client that goes away mid-body is logged, and the server answers the next request', async () => {
    await new Promise<void>((resolve) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: LANE_PATH, headers: { ...json('{}').headers, 'content-length': '100', 'x-request-id': 'gone-1' } });
      req.on('error', () => resolve());
      req.write('{"plan');
      setTimeout(() => req.destroy(), 50);
      req.on('close', () => resolve());
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(log.lines().some((l) => l['requestId'] === 'gone-1' && l['msg'] === 'the client closed the connection before the request was complete')).toBe(true);
    expect((await send(json(JSON.stringify(PLAN)))).status).toBe(200);
  });
});

describe('examples: a calculator that does not say what it runs inline', () => {
  it('is never bypassed: every calculation goes on to the app', async () => {
    const { runsInline: _dropped, ...opaque } = INLINE_CALCULATOR;
    let seen = 0;
    const app = createApp({ billing: fakeBilling(), auth: verifier, logger: log.logger, bodyLimitBytes: LIMIT, calculator: opaque });
    const lane = calculateLane({ verifier, logger: log.logger, calculator: opaque, limits: {}, bodyLimitBytes: LIMIT, requestTimeoutMs: TIMEOUT_MS });
    const running = await listen(app.fetch, 0, '127.0.0.1', undefined, (onward) => lane((req, res) => (seen++, onward(req, res))));
    try {
      const body = JSON.stringify(PLAN);
      const answer = await fetch(`http://127.0.0.1:${running.address.port}${LANE_PATH}`, { method: 'POST', body, headers: json(body).headers as Record<string, string> });
      expect([answer.status, seen]).toEqual([200, 1]);
    } finally {
      await new Promise<void>((resolve) => running.server.close(() => resolve()));
    }
  });
});

describe('examples: a fault in the lane', () => {
  it('is answered 500 INTERNAL and logged, and the process goes on', async () => {
    const failing: PlanCalculator = {
      ...INLINE_CALCULATOR,
      runsInline: () => {
        throw new Error('lane fault');
      },
    };
    const app = createApp({ billing: fakeBilling(), auth: verifier, logger: log.logger, bodyLimitBytes: LIMIT });
    const lane = calculateLane({ verifier, logger: log.logger, calculator: failing, limits: {}, bodyLimitBytes: LIMIT, requestTimeoutMs: TIMEOUT_MS });
    const running = await listen(app.fetch, 0, '127.0.0.1', undefined, lane);
    try {
      const body = JSON.stringify(PLAN);
      const url = `http://127.0.0.1:${running.address.port}${LANE_PATH}`;
      const headers = { ...(json(body, { 'x-request-id': 'fault-1' }).headers as Record<string, string>) };
      const answer = await fetch(url, { method: 'POST', body, headers });
      expect([answer.status, ((await answer.json()) as { error: { status: string } }).error.status]).toEqual([500, 'INTERNAL']);
      expect(log.lines().find((l) => l['requestId'] === 'fault-1' && l['msg'] === 'unhandled error')).toBeDefined();
      expect((await fetch(`http://127.0.0.1:${running.address.port}/healthz`)).status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => running.server.close(() => resolve()));
    }
  });
});

describe('properties', () => {
  it('the lane answers as the app: answer(/v1/plans:calculate) == answer(/v1/plans:calculate?view=BASIC) for random plans, valid and invalid', async () => {
    let answeredByLane = 0;
    await fc.assert(
      fc.asyncProperty(planRequestArbitrary, async (plan) => {
        const { lane, app } = await bothWays(json(JSON.stringify(plan)));
        if (lane.app === 0) answeredByLane += 1;
        expect(comparable(lane)).toEqual(comparable(app));
      }),
      { numRuns: 120 },
    );
    // NOTE: the law says nothing if the lane passed everything on.
    expect(answeredByLane).toBeGreaterThan(10);
  });
});
