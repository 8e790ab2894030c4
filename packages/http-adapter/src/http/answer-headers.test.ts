import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/support/app.js';
import { fakeBilling } from '../../test/support/fake-billing.js';
import { authHeaders, signToken } from '../../test/support/tokens.js';
import { createMetrics } from '../metrics/metrics.js';
import { listen } from '../process/http-server.js';

// Every kind of answer, served over a real socket as the server runs (through @hono/node-server): each
// echoes the request's id beside its own headers (WWW-Authenticate, Retry-After, the rate limit's, the
// page's security headers).

let server: Server;
let base = '';
let auth: Record<string, string> = {};

beforeAll(async () => {
  const app = testApp(fakeBilling(), { deps: { metrics: createMetrics(), rateLimitPerSecond: 1 } });
  const listening = await listen(app.fetch, 0, '127.0.0.1');
  server = listening.server;
  base = `http://127.0.0.1:${listening.address.port}`;
  auth = { ...authHeaders(await signToken({ orgs: ['org_a'] })), 'content-type': 'application/json' };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The request's id and the named headers of its answer. */
async function sent(path: string, init: RequestInit, names: string[]): Promise<Record<string, string | number | null>> {
  const id = `id-${path.length}-${names.length}`;
  const res = await fetch(`${base}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-request-id': id } });
  await res.arrayBuffer();
  const echoed = res.headers.get('x-request-id') === id;
  return { status: res.status, echoed: echoed ? 1 : 0, ...Object.fromEntries(names.map((n) => [n, res.headers.get(n)])) };
}

describe('examples: every answer carries X-Request-ID and its own headers', () => {
  it('health, 404, the document and the metrics', async () => {
    expect(await sent('/healthz', {}, ['content-type'])).toEqual({ status: 200, echoed: 1, 'content-type': 'application/json' });
    expect(await sent('/no-such-page', {}, ['content-type'])).toEqual({ status: 404, echoed: 1, 'content-type': 'application/json' });
    expect(await sent('/openapi.json', {}, ['content-type'])).toEqual({ status: 200, echoed: 1, 'content-type': 'application/json' });
    expect(await sent('/metrics', {}, ['content-type'])).toEqual({ status: 200, echoed: 1, 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
  });

  it('the calculator page keeps its security headers', async () => {
    const page = await sent('/calculator', {}, ['content-type', 'x-content-type-options', 'referrer-policy']);
    expect(page).toEqual({ status: 200, echoed: 1, 'content-type': 'text/html; charset=utf-8', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });
  });

  it('a refused token names the scheme; a priced plan and the rate limit carry their headers', async () => {
    expect(await sent('/v1/plans:calculate', { method: 'POST', body: '{}' }, ['www-authenticate'])).toEqual({ status: 401, echoed: 1, 'www-authenticate': 'Bearer' });
    const invalid = await sent('/v1/plans:calculate', { method: 'POST', body: '{}', headers: { authorization: 'Bearer x.y.z', 'x-organization-id': 'org_a' } }, ['www-authenticate']);
    expect(invalid).toEqual({ status: 401, echoed: 1, 'www-authenticate': 'Bearer error="invalid_token"' });
    const body = JSON.stringify({ planConfig: { currency: 'USD', prices: [] }, instances: [] });
    const priced = await sent('/v1/plans:calculate', { method: 'POST', body, headers: auth }, ['content-type', 'ratelimit-policy']);
    expect(priced).toEqual({ status: 200, echoed: 1, 'content-type': 'application/json', 'ratelimit-policy': '"organization";q=2;w=2' });
    await sent('/v1/plans:calculate', { method: 'POST', body, headers: auth }, []);
    const refused = await sent('/v1/plans:calculate', { method: 'POST', body, headers: auth }, ['retry-after', 'ratelimit-policy']);
    expect(refused).toEqual({ status: 429, echoed: 1, 'retry-after': '1', 'ratelimit-policy': '"organization";q=2;w=2' });
  });

  it('a webhook acknowledgement', async () => {
    expect(await sent('/api/v1/webhooks/nobody', { method: 'POST', body: '{}' }, ['content-type'])).toEqual({ status: 404, echoed: 1, 'content-type': 'application/json' });
  });
});
