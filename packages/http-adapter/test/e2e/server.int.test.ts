import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresAvailability } from '../support/postgres.js';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { signToken } from '../support/tokens.js';
import { addonStory, client, serverEnv, writeBillingConfig } from './story.js';

const pg = postgresAvailability();
const configPath = writeBillingConfig();

function onStore(name: string, storageEnv: () => { env: Record<string, string>; cleanup: () => void }) {
  let server: ServerProcess;
  let cleanup = () => {};
  beforeAll(async () => {
    const storage = storageEnv();
    cleanup = storage.cleanup;
    server = await startServer({ ...serverEnv(configPath), BILLING_BODY_LIMIT_BYTES: '65536', ...storage.env });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    cleanup();
  });
  const current = () => server;

  describe(`${name}: the Stripe story`, () => addonStory(current, 'stripe'));
  describe(`${name}: the standard story`, () => addonStory(current, 'standard'));

  describe(`${name}: auth and bodies`, () => {
    const caller = client(current, signToken({ orgs: ['org_a'] }), 'org_a');
    it('no token 401 (WWW-Authenticate: Bearer); bad token 401; no X-Organization-ID 400; other org 403', async () => {
      const url = `${current().url}/v1/addon-subscriptions`;
      const none = await fetch(url, { headers: { 'x-organization-id': 'org_a' } });
      expect([none.status, none.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
      const bad = await fetch(url, { headers: { authorization: 'Bearer x.y.z', 'x-organization-id': 'org_a' } });
      expect(bad.status).toBe(401);
      const token = await signToken({ orgs: ['org_a'] });
      expect((await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status).toBe(400);
      expect((await fetch(url, { headers: { authorization: `Bearer ${token}`, 'x-organization-id': 'org_b' } })).status).toBe(403);
    });

    it('invalid JSON 400, over the limit 413, a body on :cancel 400, %3A routes', async () => {
      const json = { 'content-type': 'application/json' };
      expect((await caller.call('POST', '/v1/plans:calculate', { body: '{"planConfig":', headers: json })).json.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
      const big = await caller.call('POST', '/v1/plans:calculate', { body: JSON.stringify({ pad: 'x'.repeat(70_000) }), headers: json });
      expect(big.json.error).toMatchObject({ code: 413, status: 'INVALID_ARGUMENT' });
      expect((await caller.call('POST', '/v1/addon-subscriptions/x:cancel', { body: '{"now":true}', headers: json })).status).toBe(400);
      const encoded = await caller.call('POST', '/v1/plans%3Acalculate', { body: '{}', headers: json });
      expect([encoded.status, encoded.json['total']]).toEqual([200, '0.00']);
    });

    it('an unknown provider is 404 naming the supported ones', async () => {
      const res = await fetch(`${current().url}/api/v1/webhooks/paypal`, { method: 'POST', body: '{}' });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, eventId: '', message: expect.stringMatching(/stripe, paddle, standard/) });
    });
  });
}

describe('on PGlite (data folder)', () => {
  onStore('PGlite', () => {
    const dir = mkdtempSync(join(tmpdir(), 'billing-e2e-pglite-'));
    return { env: { DATABASE_URL: '', BILLING_DATA_DIR: dir }, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  });
});

describe.skipIf(!pg.ok)(`on PostgreSQL${pg.ok ? '' : ` (skipped: ${pg.reason})`}`, () => {
  onStore('PostgreSQL', () => {
    const db = createTestDatabase();
    return { env: { DATABASE_URL: db.url }, cleanup: db.drop };
  });
});
