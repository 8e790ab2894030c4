import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.js';
import { fakeBilling } from '../../test/support/fake-billing.js';
import { authHeaders } from '../../test/support/tokens.js';
import { JWKS_COOLDOWN_MS, JWKS_FAILURE_BACKOFF_MS } from './remote-key-set.js';
import { createJwtVerifier, KEYS_RETRY_AFTER_SECONDS, type JwtVerifierOptions } from './token-verifier.js';

/** A local JWKS endpoint that serves keys, answers 500, or hangs; it counts the fetches. */
const jwks = { mode: 'keys' as 'keys' | '500' | 'hang', fetches: 0, body: '' };
const hanging: ServerResponse[] = [];
let server: Server;
let url = '';
let keys: Awaited<ReturnType<typeof generateKeyPair>>;
let stranger: Awaited<ReturnType<typeof generateKeyPair>>;

beforeAll(async () => {
  keys = await generateKeyPair('ES256');
  stranger = await generateKeyPair('ES256');
  jwks.body = JSON.stringify({ keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' }] });
  server = createServer((_, res) => {
    jwks.fetches += 1;
    if (jwks.mode === 'hang') return void hanging.push(res);
    if (jwks.mode === '500') return void res.writeHead(500).end('upstream down');
    res.writeHead(200, { 'content-type': 'application/json' }).end(jwks.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  vi.useRealTimers();
  for (const res of hanging.splice(0)) res.destroy();
  jwks.mode = 'keys';
  jwks.fetches = 0;
});

const token = (kid = 'k1', key = keys.privateKey) =>
  new SignJWT({ org_ids: ['org_a'] }).setProtectedHeader({ alg: 'ES256', kid }).setExpirationTime('1h').sign(key);
const verifier = (options: Partial<JwtVerifierOptions> = {}) => createJwtVerifier({ jwksUrl: url, ...options });
const appWith = (options: Partial<JwtVerifierOptions> = {}) =>
  createApp({ billing: fakeBilling(), auth: verifier(options), logger: pino({ level: 'silent' }), bodyLimitBytes: 1024 });
const getAddon = (app: ReturnType<typeof appWith>, bearer: string) => app.request('/v1/addon-subscriptions/as_1', { headers: authHeaders(bearer) });

describe('examples: JWKS down is 503 UNAVAILABLE with Retry-After, never 401', () => {
  it('a key set answering 500: 503 AIP-193 with Retry-After', async () => {
    jwks.mode = '500';
    const res = await getAddon(appWith(), await token());
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(KEYS_RETRY_AFTER_SECONDS));
    expect(res.headers.get('www-authenticate')).toBeNull();
    expect(await res.json()).toMatchObject({ error: { code: 503, status: 'UNAVAILABLE' } });
  });

  it('a key set that hangs past the timeout: 503', async () => {
    jwks.mode = 'hang';
    const res = await getAddon(appWith({ jwks: { timeoutMs: 200 } }), await token());
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(KEYS_RETRY_AFTER_SECONDS));
  });

  it('an unreachable key set: 503', async () => {
    const app = createApp({ billing: fakeBilling(), auth: createJwtVerifier({ jwksUrl: 'http://127.0.0.1:9/jwks.json' }), logger: pino({ level: 'silent' }), bodyLimitBytes: 1024 });
    expect((await getAddon(app, await token())).status).toBe(503);
  });

  it('a token that fails against a fetched key set: 401 (unknown kid, or a key the set does not hold)', async () => {
    const app = appWith();
    expect((await getAddon(app, await token())).status).toBe(200);
    expect((await getAddon(app, await token('k9'))).status).toBe(401);
    expect((await getAddon(app, await token('k1', stranger.privateKey))).status).toBe(401);
  });

  it('the webhook route: the same outage answers 503 in the acknowledgement shape', async () => {
    jwks.mode = '500';
    const billing = fakeBilling();
    billing.nextAck = { code: 'webhook.unauthenticated', success: false, eventId: '', message: 'a bearer token is required' };
    const app = createApp({ billing, auth: verifier(), logger: pino({ level: 'silent' }), bodyLimitBytes: 1024 });
    const res = await app.request('/api/v1/webhooks/stripe', {
      method: 'POST',
      body: '{}',
      headers: { ...authHeaders(await token()), 'stripe-signature': 't=1,v1=ab' },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(KEYS_RETRY_AFTER_SECONDS));
    expect(await res.json()).toEqual({ success: false, eventId: '', message: expect.stringContaining('key set unavailable') });
  });
});

describe('examples: the key set is fetched rarely', () => {
  it('a flood of unknown key ids refetches at most once per cooldown (60 s)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const check = verifier();
    expect(await check.verify(await token())).toMatchObject({ ok: true });
    expect(jwks.fetches).toBe(1);
    const flood = async () => {
      for (let i = 0; i < 50; i++) expect(await check.verify(await token(`unknown_${i}`))).toMatchObject({ ok: false, unavailable: false });
    };
    await flood();
    expect(jwks.fetches).toBe(1);
    vi.setSystemTime(start + JWKS_COOLDOWN_MS / 2 + 1_000); // past jose's own default cooldown (30 s)
    await flood();
    expect(jwks.fetches).toBe(1);
    vi.setSystemTime(start + JWKS_COOLDOWN_MS + 1_000);
    await flood();
    expect(jwks.fetches).toBe(2);
  });

  it('while the key set is down, requests do not each fetch it; it is tried again after the back-off', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    jwks.mode = '500';
    const check = verifier();
    for (let i = 0; i < 20; i++) expect(await check.verify(await token())).toMatchObject({ ok: false, unavailable: true });
    expect(jwks.fetches).toBe(1);
    jwks.mode = 'keys';
    vi.setSystemTime(start + JWKS_FAILURE_BACKOFF_MS + 1);
    expect(await check.verify(await token())).toMatchObject({ ok: true });
    expect(jwks.fetches).toBe(2);
  });
});
