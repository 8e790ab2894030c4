import { describe, expect, it } from 'vitest';
import { captureLog, testApp } from '../../test/support/app.js';
import { fakeBilling } from '../../test/support/fake-billing.js';
import { authHeaders, OTHER_SECRET, signToken, unsignedToken } from '../../test/support/tokens.js';

const PATH = '/v1/addon-subscriptions/as_1';

async function call(headers: Record<string, string>, options: { issuer?: string; audience?: string } = {}) {
  const billing = fakeBilling();
  const res = await testApp(billing, options).request(PATH, { headers });
  return { res, body: (await res.json()) as { error: { code: number; status: string; message: string } }, billing };
}

describe('examples: the auth matrix', () => {
  it('a valid token for the organization reaches the domain with that organization', async () => {
    const { res, billing } = await call(authHeaders(await signToken()));
    expect(res.status).toBe(200);
    expect(billing.calls).toEqual([{ method: 'get', args: ['org_a', 'as_1'] }]);
  });

  it('org_id (a string) works like org_ids', async () => {
    const token = await signToken({ claims: { org_ids: undefined, org_id: 'org_b' } });
    const { res } = await call(authHeaders(token, 'org_b'));
    expect(res.status).toBe(200);
  });

  const unauthenticated: [string, () => Promise<Record<string, string>>][] = [
    ['missing Authorization', async () => ({ 'x-organization-id': 'org_a' })],
    ['another scheme', async () => ({ authorization: `Basic ${btoa('a:b')}`, 'x-organization-id': 'org_a' })],
    ['malformed token', async () => authHeaders('not.a.jwt')],
    ['garbage after Bearer', async () => authHeaders('%%%')],
    ['wrong signature', async () => authHeaders(await signToken({ secret: OTHER_SECRET }))],
    ['expired', async () => authHeaders(await signToken({ expiresIn: -60 }))],
    ['no exp claim', async () => authHeaders(await signToken({ expiresIn: null }))],
    ['alg: none', async () => authHeaders(unsignedToken())],
    ['an HMAC algorithm other than HS256', async () => authHeaders(await signToken({ alg: 'HS512' }))],
  ];
  it.each(unauthenticated)('%s: 401 UNAUTHENTICATED with WWW-Authenticate: Bearer, domain not called', async (_, headers) => {
    const { res, body, billing } = await call(await headers());
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    expect(body.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    expect(billing.calls).toEqual([]);
  });

  it('wrong issuer or audience when they are configured: 401; right ones: 200', async () => {
    const configured = { issuer: 'https://issuer.test', audience: 'billing-api' };
    const good = await signToken(configured);
    expect((await call(authHeaders(good), configured)).res.status).toBe(200);
    const wrongIssuer = await signToken({ ...configured, issuer: 'https://evil.test' });
    const wrongAudience = await signToken({ ...configured, audience: 'other-api' });
    const none = await signToken();
    for (const token of [wrongIssuer, wrongAudience, none]) {
      const { res, body } = await call(authHeaders(token), configured);
      expect(res.status).toBe(401);
      expect(body.error.status).toBe('UNAUTHENTICATED');
    }
  });

  it('missing X-Organization-ID: 400 INVALID_ARGUMENT naming the header', async () => {
    const { res, body } = await call({ authorization: `Bearer ${await signToken()}` });
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
    expect(JSON.stringify(body)).toContain('"field":"X-Organization-ID"');
  });

  it('an organization the token does not list: 403 PERMISSION_DENIED', async () => {
    const { res, body, billing } = await call(authHeaders(await signToken({ orgs: ['org_a'] }), 'org_b'));
    expect(res.status).toBe(403);
    expect(body.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
    expect(billing.calls).toEqual([]);
  });

  it('a token without any organization claim: 403', async () => {
    const { res } = await call(authHeaders(await signToken({ claims: { org_ids: undefined } })));
    expect(res.status).toBe(403);
  });

  it('auth applies to unknown /v1 routes and to plans:calculate too', async () => {
    const app = testApp(fakeBilling());
    expect((await app.request('/v1/nothing')).status).toBe(401);
    expect((await app.request('/v1/plans:calculate', { method: 'POST', body: '{}' })).status).toBe(401);
    expect((await app.request('/api/v1/other', { method: 'POST' })).status).toBe(401);
  });

  it('health, readiness and the OpenAPI document need no auth', async () => {
    const app = testApp(fakeBilling());
    for (const path of ['/healthz', '/readyz', '/openapi.json']) expect((await app.request(path)).status).toBe(200);
  });

  it('tokens never reach the log', async () => {
    const log = captureLog();
    const token = await signToken();
    const app = testApp(fakeBilling(), { logger: log.logger });
    await app.request(PATH, { headers: authHeaders(token) });
    await app.request(PATH, { headers: authHeaders(await signToken({ secret: OTHER_SECRET })) });
    expect(log.lines().length).toBe(2);
    expect(log.text()).not.toContain(token.split('.')[2]);
    expect(log.text().toLowerCase()).not.toContain('bearer');
  });
});
