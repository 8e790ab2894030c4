import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { signHs256Token } from '../auth/hs256-token.js';
import { createJwtVerifier } from '../auth/token-verifier.js';
import { devCredentials, devCredentialsPath, devSecretSource, devWebhookEndpoints, keepDevCredentials, readDevCredentials } from './dev-mode.js';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'billing-dev-mode-'));
  dirs.push(dir);
  return join(dir, 'data');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('development credentials', () => {
  it('kept in the data folder (owner only) survive a restart: the same secrets and the same token', async () => {
    const dir = dataDir();
    const now = new Date();
    const first = await devCredentials({ dataDir: dir, now });
    expect(readDevCredentials(dir)).toBeNull();
    keepDevCredentials(dir, first, 'http://127.0.0.1:8080');
    expect(statSync(devCredentialsPath(dir)).mode & 0o777).toBe(0o600);
    const second = await devCredentials({ dataDir: dir, now: new Date(now.getTime() + 3_600_000) });
    expect(second).toEqual(first);
    expect(readDevCredentials(dir)?.url).toBe('http://127.0.0.1:8080');
    expect(await createJwtVerifier({ secret: second.jwtSecret }).verify(second.token)).toMatchObject({ ok: true, organizationIds: ['org_demo'] });
  });

  it('without a data folder, new ones each start; a kept token about to expire is signed again with the same secret', async () => {
    const now = new Date();
    const a = await devCredentials({ dataDir: null, now });
    const b = await devCredentials({ dataDir: null, now });
    expect(a.jwtSecret).not.toBe(b.jwtSecret);
    expect(a.webhookSecrets.standard).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(a.webhookSecrets.paddle).toMatch(/^pdl_ntfset_/);
    const dir = dataDir();
    keepDevCredentials(dir, a, 'http://127.0.0.1:1');
    const later = await devCredentials({ dataDir: dir, now: new Date(now.getTime() + 29.5 * 86_400_000) });
    expect(later.jwtSecret).toBe(a.jwtSecret);
    expect(later.token).not.toBe(a.token);
  });

  it('a token of an earlier development secret is refused saying the secret changed, and where the current one is', async () => {
    const dir = dataDir();
    const now = new Date();
    const old = await devCredentials({ dataDir: null, now });
    const current = await devCredentials({ dataDir: dir, now });
    const verifier = createJwtVerifier({ secret: current.jwtSecret, secretSource: devSecretSource(current, dir) });
    const refused = await verifier.verify(old.token);
    expect(refused).toMatchObject({ ok: false, unavailable: false });
    expect(refused.ok === false && refused.reason).toMatch(/signed with key [0-9a-f]{12}, and this server verifies with key [0-9a-f]{12} \(the development secret made .* kept in .*development\.json\); the signing secret changed/);
    // A token without a key id (not made here) gets the plain refusal.
    const foreign = await signHs256Token({ secret: old.jwtSecret, organizations: ['org_demo'], subject: 'x', now, ttlSeconds: 60 });
    const [, payload, signature] = foreign.split('.');
    const noKid = `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${payload}.${signature}`;
    expect(await verifier.verify(noKid)).toMatchObject({ ok: false, reason: 'the token signature is invalid' });
  });

  it('one demonstration endpoint per provider for org_demo, signature only; a provider BILLING_CONFIG has for org_demo keeps its own', async () => {
    const dev = await devCredentials({ dataDir: null, now: new Date() });
    expect(devWebhookEndpoints(dev, []).map((e) => [e.provider, e.organizationId, e.requireBearer, e.secrets])).toEqual([
      ['stripe', 'org_demo', false, [dev.webhookSecrets.stripe]],
      ['paddle', 'org_demo', false, [dev.webhookSecrets.paddle]],
      ['standard', 'org_demo', false, [dev.webhookSecrets.standard]],
    ]);
    const configured = [{ provider: 'stripe' as const, organizationId: 'org_demo', secrets: ['whsec_x'], requireBearer: true, toleranceSeconds: 300 }];
    expect(devWebhookEndpoints(dev, configured).map((e) => e.provider)).toEqual(['paddle', 'standard']);
  });
});
