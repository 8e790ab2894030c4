import { calculatePlan } from '@billing/pricing-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSample } from '../../src/cli/webhook-send.js';
import { PROVIDERS, WEBHOOK_PROVIDERS } from '@billing/billing-domain';
import { toPlainJson } from '../../src/http/plain-json.js';
import { SCRATCH_STORE, startServer, type ServerProcess } from '../support/server-process.js';
import { CLI_ENTRY, runCli, SAMPLE_PLAN } from './run-cli.js';

const JWT_SECRET = 'cli-webhook-secret-0123456789-abcdef';
const STRIPE_SECRET = 'whsec_cli_stripe_0123456789abcdef';
const PADDLE_SECRET = 'pdl_ntfset_01cli_paddle_secret_0123';
const STANDARD_SECRET = `whsec_${Buffer.from('cli-standard-webhook-secret-32b!').toString('base64')}`;
const CONFIG = {
  webhookEndpoints: [
    { provider: 'stripe', organizationId: 'org_cli', secrets: [STRIPE_SECRET], requireBearer: false },
    { provider: 'paddle', organizationId: 'org_cli', secrets: [PADDLE_SECRET], requireBearer: false },
    { provider: 'standard', organizationId: 'org_cli', secrets: [STANDARD_SECRET], requireBearer: true },
  ],
};
const SECRETS = { stripe: STRIPE_SECRET, paddle: PADDLE_SECRET, standard: STANDARD_SECRET };
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ DATABASE_URL: SCRATCH_STORE, BILLING_JWT_SECRET: JWT_SECRET, BILLING_CONFIG: JSON.stringify(CONFIG) });
});
afterAll(async () => {
  await server?.stop();
});

describe('billing webhook send against the real server', () => {
  it('stripe: a signed delivery is applied; prints the acknowledgement, exit 0', async () => {
    const run = await runCli(['webhook', 'send', 'stripe', 'customer.subscription.created', '--to', server.url, '--secret', STRIPE_SECRET]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^200 \{"success":true,"eventId":"evt_cli_[0-9a-f]{16}"/);
  });

  it('paddle: the secret comes from BILLING_CONFIG when --secret is not given', async () => {
    const run = await runCli(['webhook', 'send', 'paddle', 'subscription.created', '--to', `${server.url}/api/v1/webhooks/paddle`], { env: { BILLING_CONFIG: JSON.stringify(CONFIG) } });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^200 \{"success":true/);
  });

  it('standard with a bearer endpoint: --org mints the token with BILLING_JWT_SECRET', async () => {
    const run = await runCli(['webhook', 'send', 'standard', 'subscription.updated', '--to', server.url, '--secret', STANDARD_SECRET, '--org', 'org_cli'], { env: { BILLING_JWT_SECRET: JWT_SECRET } });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^200 \{"success":true/);
  });

  it('a wrong secret: the server refuses (400), the CLI prints it and exits 1', async () => {
    const run = await runCli(['webhook', 'send', 'stripe', 'invoice.paid', '--to', server.url, '--secret', 'whsec_not_the_right_one']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^400 \{"success":false/);
  });

  it('an unknown event is a usage error: exit 2 listing the provider\'s events', async () => {
    const run = await runCli(['webhook', 'send', 'stripe', 'charge.refunded', '--to', server.url, '--secret', STRIPE_SECRET]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('customer.subscription.created');
  });

  it('every sample event of every provider verifies and is acknowledged with success', async () => {
    for (const provider of PROVIDERS) {
      for (const event of WEBHOOK_PROVIDERS[provider].sampleEvents) {
        const org = provider === 'standard' ? { org: 'org_cli' } : {};
        process.env['BILLING_JWT_SECRET'] = JWT_SECRET;
        const answer = await sendSample(provider, event, { to: server.url, secret: SECRETS[provider as keyof typeof SECRETS], subscription: `sub_${provider}_all`, ...org });
        delete process.env['BILLING_JWT_SECRET'];
        expect({ provider, event, status: answer.status, success: (JSON.parse(answer.text) as { success: boolean }).success }).toEqual({ provider, event, status: 200, success: true });
      }
    }
  });
});

describe('billing price --format json is what the server answers', () => {
  it('byte for byte, BASIC and FULL', async () => {
    const token = (await runCli(['token', '--org', 'org_cli'], { env: { BILLING_JWT_SECRET: JWT_SECRET } })).stdout.trim();
    for (const view of ['BASIC', 'FULL'] as const) {
      const response = await fetch(`${server.url}/v1/plans:calculate?view=${view}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'x-organization-id': 'org_cli', 'content-type': 'application/json' },
        body: JSON.stringify(SAMPLE_PLAN),
      });
      expect(response.status).toBe(200);
      const cli = await runCli(['price', '-', '--format', 'json', '--view', view.toLowerCase()], { stdin: JSON.stringify(SAMPLE_PLAN) });
      expect(cli.stdout).toBe(`${await response.text()}\n`);
      expect(cli.stdout).toBe(`${toPlainJson(calculatePlan(SAMPLE_PLAN, { view }))}\n`);
    }
  });
});

describe('billing serve', () => {
  it('--port/--host start the server; SIGTERM drains and exits 0', async () => {
    const { spawn } = await import('node:child_process');
    const { REPO_ROOT } = await import('../support/server-process.js');
    const child = spawn(process.execPath, [CLI_ENTRY, 'serve', '--port', '0', '--host', '127.0.0.1'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: 'memory://', BILLING_JWT_SECRET: JWT_SECRET, PORT: '1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    let port: string | undefined;
    while (port === undefined && child.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      port = /"msg":"listening"/.test(out) ? /"port":(\d+)/.exec(out)?.[1] : undefined;
    }
    expect(port).not.toBe('1');
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited, `stdout:\n${out}\nstderr:\n${err}`).toEqual({ code: 0, signal: null });
  });
});
