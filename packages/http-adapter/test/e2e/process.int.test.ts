import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { devCredentials, keepDevCredentials } from '../../src/process/dev-mode.js';
import { runCli } from '../cli/run-cli.js';
import { SCRATCH_STORE, spawnServer, startServer } from '../support/server-process.js';
import { authHeaders, signToken, TEST_SECRET } from '../support/tokens.js';
import { STRIPE_SECRET, stripeDelivery } from '../support/webhook-payloads.js';

/** Inline BILLING_CONFIG: one Stripe endpoint (signature alone) whose secret is read from the variable `name`. */
const envConfig = (name: string) =>
  JSON.stringify({ webhookEndpoints: [{ provider: 'stripe', organizationId: 'org_a', secrets: [`env:${name}`], requireBearer: false }] });

describe('the process', () => {
  it('development mode: one warning banner with a working org_demo token on stdout, never in the log', async () => {
    const server = await startServer({ DATABASE_URL: SCRATCH_STORE });
    try {
      const out = server.stdout();
      expect(out.match(/DEVELOPMENT MODE/g)).toHaveLength(1);
      const token = /^(eyJ[\w-]+\.[\w-]+\.[\w-]+)$/m.exec(out)?.[1] ?? '';
      expect(out).toContain(`curl -sS -X POST '${server.url}/v1/plans:calculate'`);
      const res = await fetch(`${server.url}/v1/plans:calculate`, {
        method: 'POST',
        headers: { ...authHeaders(token, 'org_demo'), 'content-type': 'application/json' },
        body: '{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_FLAT","unitAmount":"10.00"}]},"instances":[{}]}',
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { total: string }).total).toBe('10.00');
      const logLines = server.stdout().split('\n').filter((l) => l.startsWith('{'));
      expect(logLines.length).toBeGreaterThan(0);
      for (const line of logLines) expect(line).not.toContain(token);
    } finally {
      await server.stop('SIGKILL');
    }
  });

  it.each([
    ['production without auth', { NODE_ENV: 'production', DATABASE_URL: 'memory://' }, /BILLING_JWT_SECRET or BILLING_JWKS_URL/],
    ['an invalid PORT', { PORT: 'eighty', BILLING_JWT_SECRET: TEST_SECRET }, /PORT must be an integer/],
    ['a missing BILLING_CONFIG file', { BILLING_CONFIG: '/nonexistent/billing.json', BILLING_JWT_SECRET: TEST_SECRET, DATABASE_URL: 'memory://' }, /does not exist/],
    ['a BILLING_CONFIG secret from an unset variable', { BILLING_CONFIG: envConfig('BILLING_TEST_UNSET_WHSEC'), BILLING_JWT_SECRET: TEST_SECRET, DATABASE_URL: 'memory://' }, /environment variable BILLING_TEST_UNSET_WHSEC is not set/],
  ])('refuses to start with %s: exit 1 and a clear message', async (_, env, message) => {
    const proc = spawnServer(env);
    const { code } = await proc.exited;
    expect(code).toBe(1);
    expect(proc.stderr()).toMatch(message);
    expect(proc.stderr()).not.toMatch(/\n\s+at /);
  });

  it('an API key where the signing secret belongs: exit 1 asking for the signing secret, the key never printed', async () => {
    const proc = spawnServer({ BILLING_CONFIG: envConfig('BILLING_TEST_KEY'), BILLING_TEST_KEY: 'sk_live_51HnotAsecret', BILLING_JWT_SECRET: TEST_SECRET, DATABASE_URL: 'memory://' });
    expect((await proc.exited).code).toBe(1);
    expect(proc.stderr()).toMatch(/webhookEndpoints\[0\]\.secrets\[0\]: is a Stripe secret API key.*signing secret is wanted/);
    expect(proc.stderr() + proc.stdout()).not.toContain('sk_live_51HnotAsecret');
  });

  it('BILLING_CONFIG as inline JSON with an "env:NAME" secret: the delivery signed with that secret is applied', async () => {
    const server = await startServer({ BILLING_CONFIG: envConfig('BILLING_TEST_WHSEC'), BILLING_TEST_WHSEC: STRIPE_SECRET, BILLING_JWT_SECRET: TEST_SECRET, DATABASE_URL: SCRATCH_STORE });
    try {
      const delivery = stripeDelivery({ id: 'evt_env_1', type: 'charge.refunded', created: Math.floor(Date.now() / 1000), data: { object: {} } }, new Date());
      const res = await fetch(`${server.url}/api/v1/webhooks/stripe`, { method: 'POST', body: delivery.body, headers: delivery.headers });
      expect(await res.json()).toMatchObject({ success: true, eventId: 'evt_env_1' });
      expect(server.stdout()).not.toContain(STRIPE_SECRET);
    } finally {
      await server.stop('SIGKILL');
    }
  });

  it('SIGTERM: stops accepting, finishes the request in flight, exits 0', async () => {
    const server = await startServer({ DATABASE_URL: SCRATCH_STORE, BILLING_JWT_SECRET: TEST_SECRET });
    const { port } = new URL(server.url);
    const body = '{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_FLAT","unitAmount":"3.00"}]},"instances":[{}]}';
    const headers = { ...authHeaders(await signToken()), 'content-type': 'application/json', 'content-length': String(body.length) };
    const inFlight = request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/plans:calculate', headers });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      inFlight.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      inFlight.on('error', reject);
    });
    inFlight.write(body.slice(0, 10));
    // NOTE: connections are accepted in order, so once a later one is answered the first is in.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const exited = server.stop('SIGTERM');
    while (!server.stdout().includes('shutting down')) await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(fetch(`${server.url}/healthz`, { headers: { connection: 'close' } })).rejects.toThrow();
    inFlight.end(body.slice(10));
    const done = await answer;
    expect(done.status).toBe(200);
    expect(JSON.parse(done.text)).toMatchObject({ total: '3.00' });
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(server.stdout()).toContain('"msg":"stopped"');
  });

  it('development mode on disk: the token and the webhook secrets survive a restart; the CLI finds them with no flag', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'billing-dev-restart-'));
    const env = { BILLING_DATA_DIR: join(dir, 'data') };
    const tokenOf = (out: string) => /^(eyJ[\w-]+\.[\w-]+\.[\w-]+)$/m.exec(out)?.[1] ?? '';
    try {
      const first = await startServer(env);
      const token = tokenOf(first.stdout());
      await first.stop();
      const second = await startServer(env);
      try {
        expect(tokenOf(second.stdout())).toBe(token);
        const list = await fetch(`${second.url}/v1/addon-subscriptions`, { headers: authHeaders(token, 'org_demo') });
        expect(list.status).toBe(200);
        const sent = await runCli(['webhook', 'send', 'paddle', 'subscription.created'], { env });
        expect(sent).toMatchObject({ code: 0, stderr: '' });
        expect(sent.stdout).toMatch(/^200 \{"success":true/);
        const listed = await runCli(['addons', 'list', '--format', 'JSON'], { env });
        expect(listed.code).toBe(0);
        expect((JSON.parse(listed.stdout) as { addonSubscriptions: { provider: string }[] }).addonSubscriptions.map((a) => a.provider)).toEqual(['paddle']);
        const refused = await runCli(['addons', 'cancel', 'no-such-addon'], { env });
        expect(refused).toMatchObject({ code: 1, stdout: '' });
        expect(refused.stderr).toMatch(/^the server answered 404 NOT_FOUND: /);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('production mode is unchanged: no development token, secret or demonstration endpoint, even beside a kept development file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'billing-prod-'));
    const dataDir = join(dir, 'data');
    const kept = await devCredentials({ dataDir: null, now: new Date() });
    keepDevCredentials(join(dir, 'dev'), kept, 'http://127.0.0.1:1');
    try {
      const modes: Record<string, string>[] = [{ BILLING_JWT_SECRET: TEST_SECRET }, { BILLING_JWT_SECRET: TEST_SECRET, NODE_ENV: 'production' }];
      for (const env of modes) {
        const server = await startServer({ ...env, BILLING_DATA_DIR: dataDir, DATABASE_URL: SCRATCH_STORE });
        try {
          expect(server.stdout()).not.toMatch(/DEVELOPMENT MODE|eyJ/);
          expect(existsSync(join(dataDir, 'development.json'))).toBe(false);
          // A delivery signed with a development secret finds no endpoint; the development token is refused.
          const sent = await runCli(['webhook', 'send', 'stripe', 'customer.subscription.created', '--to', server.url], { env: { BILLING_DATA_DIR: join(dir, 'dev') } });
          expect(sent.code).toBe(1);
          expect(sent.stdout).toContain('no webhook endpoint is configured for stripe');
          const refused = await fetch(`${server.url}/v1/addon-subscriptions`, { headers: authHeaders(kept.token, 'org_demo') });
          expect(refused.status).toBe(401);
        } finally {
          await server.stop();
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
