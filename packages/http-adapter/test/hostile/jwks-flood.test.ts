import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSameProcessAlive, startTarget, stopTarget, type Target } from './support/hostile-server.js';
import { rsaKey, rsaToken, startJwksServer, type JwksServer } from './support/jwks-server.js';

// Finding 8 (unknown kids): each token naming an unknown key id may send the server to the JWKS
// endpoint again; a flood of such tokens turns into a flood on the key provider.
// The rule: refreshed at most once a minute for an unknown key id; a token that fails
// against a fetched key set is 401.

let target: Target;
let jwks: JwksServer;
let known: Awaited<ReturnType<typeof rsaKey>>;
beforeAll(async () => {
  known = await rsaKey('k1');
  jwks = await startJwksServer(() => ({ status: 200, body: { keys: [known.jwk] } }));
  target = await startTarget({ BILLING_JWKS_URL: jwks.url });
});
afterAll(async () => {
  await stopTarget(target);
  await jwks?.close();
});

const listWith = (token: string) =>
  target.call('GET', '/v1/addon-subscriptions', { auth: false, headers: { authorization: `Bearer ${token}`, 'x-organization-id': 'org_a' } });

describe('finding 8: a flood of tokens with unknown kids', () => {
  it('a token of the published key is accepted (the key set was fetched)', async () => {
    expect((await listWith(await rsaToken(known.privateKey, 'k1'))).status).toBe(200);
    expect(jwks.requests()).toBeGreaterThanOrEqual(1);
  });

  it('40 tokens with unknown kids: each 401, and the key set is refetched at most once', async () => {
    const before = jwks.requests();
    const stranger = await rsaKey('stranger');
    const tokens = await Promise.all(Array.from({ length: 40 }, (_, i) => rsaToken(stranger.privateKey, `unknown-${i}`)));
    const statuses: number[] = [];
    for (let i = 0; i < tokens.length; i += 8) statuses.push(...(await Promise.all(tokens.slice(i, i + 8).map(async (t) => (await listWith(t)).status))));
    expect(new Set(statuses)).toEqual(new Set([401]));
    console.log(`unknown kids: ${tokens.length} tokens, ${jwks.requests() - before} JWKS refetches`);
    expect(jwks.requests() - before).toBeLessThanOrEqual(1);
  });

  it('the same process is alive and /healthz answers', async () => {
    await expectSameProcessAlive(target);
  });
});
