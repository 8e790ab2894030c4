import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSameProcessAlive, startTarget, stopTarget, type Target } from './support/hostile-server.js';
import { rsaKey, rsaToken, startJwksServer, type JwksServer } from './support/jwks-server.js';

// Finding 8 (JWKS down): a JWKS endpoint answering 500 makes every caller 401, as if the token
// were bad. The rule: JWKS unreachable, timing out or answering 5xx is 503
// UNAVAILABLE with Retry-After, never 401 (the token may be good; the caller retries).

let target: Target;
let jwks: JwksServer;
beforeAll(async () => {
  jwks = await startJwksServer(() => ({ status: 500, body: { error: 'down' } }));
  target = await startTarget({ BILLING_JWKS_URL: jwks.url });
});
afterAll(async () => {
  await stopTarget(target);
  await jwks?.close();
});

describe('finding 8: JWKS answering 500', () => {
  it('a well-formed RS256 token gets 503 UNAVAILABLE with Retry-After, not 401', async () => {
    const { privateKey } = await rsaKey('k1');
    const token = await rsaToken(privateKey, 'k1');
    const answer = await target.call('GET', '/v1/addon-subscriptions', { auth: false, headers: { authorization: `Bearer ${token}`, 'x-organization-id': 'org_a' } });
    expect({ status: answer.status, errorStatus: answer.json?.error?.status }).toEqual({ status: 503, errorStatus: 'UNAVAILABLE' });
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(jwks.requests()).toBeGreaterThan(0);
  });

  it('the same process is alive and /healthz answers', async () => {
    await expectSameProcessAlive(target);
  });
});
