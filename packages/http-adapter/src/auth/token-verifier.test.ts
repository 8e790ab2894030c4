import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken, TEST_SECRET } from '../../test/support/tokens.js';
import { createJwtVerifier, organizationsOf } from './token-verifier.js';

describe('examples: organizationsOf', () => {
  it('reads org_ids and org_id, ignoring what is not a string', () => {
    expect(organizationsOf({ org_ids: ['a', 'b', 3, ''], org_id: 'c' })).toEqual(['a', 'b', 'c']);
    expect(organizationsOf({ org_id: 'a', org_ids: ['a'] })).toEqual(['a']);
    expect(organizationsOf({ org_ids: 'a' })).toEqual([]);
  });
});

describe('examples: HS256 verifier', () => {
  const verifier = createJwtVerifier({ secret: TEST_SECRET });
  it('accepts a good token and says why it refuses others', async () => {
    expect(await verifier.verify(await signToken({ orgs: ['o1'], claims: { sub: 'u1' } }))).toEqual({ ok: true, organizationIds: ['o1'], subject: 'u1' });
    expect(await verifier.verify(await signToken({ expiresIn: -1 }))).toMatchObject({ ok: false, reason: 'the token has expired', unavailable: false });
    expect(await verifier.verify(await signToken({ expiresIn: null }))).toMatchObject({ ok: false, unavailable: false });
    expect(await verifier.verify('x.y.z')).toMatchObject({ ok: false, reason: 'the token is malformed' });
  });

  it('uses the injected clock', async () => {
    const future = createJwtVerifier({ secret: TEST_SECRET, clock: () => new Date(Date.now() + 2 * 3600_000) });
    expect(await future.verify(await signToken())).toMatchObject({ ok: false, reason: 'the token has expired' });
  });
});

describe('examples: JWKS verifier', () => {
  let server: Server;
  let url = '';
  let keys: Awaited<ReturnType<typeof generateKeyPair>>;
  beforeAll(async () => {
    keys = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    server = createServer((_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const rs256 = async (claims: Record<string, unknown> = {}) =>
    new SignJWT({ org_ids: ['org_a'], ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer('https://idp.test')
      .setExpirationTime('1h')
      .sign(keys.privateKey);

  it('accepts an RS256 token from the key set, with issuer checked', async () => {
    const verifier = createJwtVerifier({ jwksUrl: url, issuer: 'https://idp.test' });
    expect(await verifier.verify(await rs256())).toMatchObject({ ok: true, organizationIds: ['org_a'] });
    const wrongIssuer = createJwtVerifier({ jwksUrl: url, issuer: 'https://other.test' });
    expect(await wrongIssuer.verify(await rs256())).toMatchObject({ ok: false, unavailable: false });
  });

  it('refuses HS256 tokens when keys come from JWKS (no algorithm confusion)', async () => {
    const verifier = createJwtVerifier({ jwksUrl: url });
    expect(await verifier.verify(await signToken())).toMatchObject({ ok: false, unavailable: false });
  });

  it('an unreachable key set is "unavailable", not the caller’s fault', async () => {
    const verifier = createJwtVerifier({ jwksUrl: 'http://127.0.0.1:9/jwks.json' });
    expect(await verifier.verify(await rs256())).toMatchObject({ ok: false, unavailable: true });
  });
});
