import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calculatePlan } from '@billing/pricing-core';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPlainJson } from '../../src/http/plain-json.js';
import { REPO_ROOT } from '../support/server-process.js';
import { runCli, SAMPLE_PLAN } from './run-cli.js';

const SECRET = 'cli-test-secret-0123456789-abcdefghij';
let dir: string;
let planFile: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'billing-cli-'));
  planFile = join(dir, 'plan.json');
  await writeFile(planFile, JSON.stringify(SAMPLE_PLAN));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('billing price', () => {
  it('prints a table: a row per line item, then the totals with the currency', async () => {
    const run = await runCli(['price', planFile]);
    const result = calculatePlan(SAMPLE_PLAN);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    for (const item of result.lineItems) {
      const row = lines.find((l) => l.startsWith(item.instanceLabel));
      expect(row?.trim().split(/\s{2,}/).slice(-4)).toEqual([String(item.quantity), item.base, item.addons, item.subtotal]);
    }
    expect(lines.find((l) => l.startsWith('Total'))).toMatch(new RegExp(`\\s${result.total.replace('.', '\\.')} USD$`));
    expect(lines.find((l) => l.startsWith('Overage'))).toMatch(new RegExp(`\\s${result.overageCost.replace('.', '\\.')} USD$`));
    expect(lines.find((l) => l.startsWith('Discounts'))).toMatch(/\s-3\.95 USD$/);
    expect(run.stdout).toContain('egress_gb: 440 / 300');
  });

  it('--format json from stdin prints the plain-decimal JSON of the result', async () => {
    const run = await runCli(['price', '-', '--format', 'json', '--view', 'full'], { stdin: JSON.stringify(SAMPLE_PLAN) });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${toPlainJson(calculatePlan(SAMPLE_PLAN, { view: 'FULL' }))}\n`);
    expect((JSON.parse(run.stdout) as { debug: { instances?: unknown[] } }).debug.instances).toHaveLength(2);
  });

  it('an invalid plan exits 1 naming each field; nothing on stdout', async () => {
    const bad = { ...SAMPLE_PLAN, planConfig: { currency: 'USD', prices: [{ productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '1e5' }] } };
    const run = await runCli(['price', '-'], { stdin: JSON.stringify(bad) });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^ {2}planConfig\.prices\[0\]\.unitAmount: /m);
  });

  it('a limit violation names the server setting, read from the same environment', async () => {
    const run = await runCli(['price', planFile], { env: { BILLING_MAX_INSTANCES: '1' } });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/instances: .*limit maxInstances\); setting BILLING_MAX_INSTANCES/);
  });

  it('a relative FILE is read from where `pnpm billing` was typed (INIT_CWD), not the repository root', async () => {
    const run = await runCli(['price', 'plan.json', '--format', 'json'], { env: { INIT_CWD: dir } });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${toPlainJson(calculatePlan(SAMPLE_PLAN))}\n`);
  });

  it('a missing file or non-JSON input exits 1 with the reason', async () => {
    expect(await runCli(['price', join(dir, 'nope.json')])).toMatchObject({ code: 1, stderr: expect.stringContaining('no such file') });
    expect(await runCli(['price', '-'], { stdin: '{' })).toMatchObject({ code: 1, stderr: expect.stringContaining('not JSON') });
  });

  it('no progress line when stderr is piped, even for a large plan', async () => {
    const large = { ...SAMPLE_PLAN, instances: Array.from({ length: 1500 }, () => ({ quantity: 1 })) };
    const run = await runCli(['price', '-', '--format', 'json'], { stdin: JSON.stringify(large) });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
  });
});

describe('usage and help', () => {
  it('usage errors exit 2: a missing argument, an unknown command, a bad choice', async () => {
    expect((await runCli(['price'])).code).toBe(2);
    expect((await runCli(['frobnicate'])).code).toBe(2);
    expect((await runCli(['price', planFile, '--format', 'xml'])).code).toBe(2);
  });

  it.each([['price'], ['serve'], ['token'], ['webhook'], ['webhook', 'send'], ['config'], ['config', 'check'], ['migrate'], []])('billing %s --help exits 0 with an example', async (...command: string[]) => {
    const run = await runCli([...command, '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Examples:\n(?: {2}.*\n)*? {2}.*\bbilling [a-z]/);
  });
});

describe('billing token', () => {
  it('without BILLING_JWT_SECRET exits 1 naming it', async () => {
    const run = await runCli(['token', '--org', 'org_a']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('BILLING_JWT_SECRET');
  });

  it('prints a JWT the server key verifies, for every --org, expiring after --ttl', async () => {
    const run = await runCli(['token', '--org', 'org_a', '--org', 'org_b', '--ttl', '2h'], { env: { BILLING_JWT_SECRET: SECRET, BILLING_JWT_ISSUER: 'billing-test' } });
    expect(run.code).toBe(0);
    const { payload } = await jwtVerify(run.stdout.trim(), new TextEncoder().encode(SECRET), { issuer: 'billing-test' });
    expect(payload['org_ids']).toEqual(['org_a', 'org_b']);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(7200);
  });

  it('a bad --ttl exits 1', async () => {
    expect((await runCli(['token', '--org', 'a', '--ttl', 'soon'], { env: { BILLING_JWT_SECRET: SECRET } })).code).toBe(1);
  });
});

describe('billing config check', () => {
  it('lists every problem of the environment and of BILLING_CONFIG at once, exit 1', async () => {
    const config = JSON.stringify({ webhookEndpoints: [{ provider: 'stripee', organizationId: 'org_a', secrets: ['whsec_x'] }] });
    const run = await runCli(['config', 'check'], { env: { PORT: 'eighty', BILLING_JWT_SECRET: 'short', BILLING_CONFIG: config } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('PORT must be an integer');
    expect(run.stderr).toContain('BILLING_JWT_SECRET must be at least 32 bytes');
    expect(run.stderr).toContain('webhookEndpoints[0].provider');
  });

  it('summarizes store, auth and endpoints per provider with the secrets masked', async () => {
    const stripeSecret = 'whsec_cli_check_secret_value_123';
    const config = JSON.stringify({ webhookEndpoints: [{ provider: 'stripe', organizationId: 'org_a', secrets: [stripeSecret], requireBearer: false }] });
    const run = await runCli(['config', 'check'], { env: { DATABASE_URL: 'postgres://app:hunter2hunter2@db.internal:5432/billing', BILLING_JWT_SECRET: SECRET, BILLING_CONFIG: config } });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('PostgreSQL at postgres://app:****@db.internal:5432/billing');
    expect(run.stdout).toMatch(/auth: +HS256/);
    expect(run.stdout).toMatch(/stripe +org_a: whsec_\*\*\*\* \(32 chars\); no bearer/);
    for (const secret of [stripeSecret, SECRET, 'hunter2hunter2']) expect(run.stdout + run.stderr).not.toContain(secret);
  });
});

describe('billing migrate', () => {
  it('applies the migrations to a new PGlite store and names them; a second run finds the schema current', async () => {
    const env = { BILLING_DATA_DIR: join(dir, 'pglite') };
    const first = await runCli(['migrate'], { env });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^pglite: applied now:\n  0001_initial\.sql\n  0002_page_token_key\.sql\n  0003_addon_resource_fields\.sql\n  0004_ingest_claim_checkpoint\.sql\n  0005_ingest_claim_batch\.sql\n/);
    expect(first.stdout).toContain('5 of 5 known migration(s) recorded');
    const second = await runCli(['migrate'], { env });
    expect(second.code).toBe(0);
    expect(second.stdout).toBe('pglite: nothing to apply\n5 of 5 known migration(s) recorded; the schema is current.\n');
  });

  // NOTE: util-linux `script` gives the process a pseudo-terminal, so stderr is a TTY.
  it.skipIf(!existsSync('/usr/bin/script'))('on a terminal, a progress line shows while the store is migrated', () => {
    const entry = join(REPO_ROOT, 'packages/http-adapter/src/cli/main.ts');
    const command = `${process.execPath} --conditions=source --import tsx ${entry} migrate`;
    const run = spawnSync('/usr/bin/script', ['-qec', command, '/dev/null'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: 'memory://' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('\r\x1b[2Kapplying migrations (5 known)...');
    expect(run.stdout).toContain('pglite: applied now:');
  });

  it('an unreachable database exits 1 with the reason', async () => {
    const run = await runCli(['migrate'], { env: { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('storage could not be opened');
  });
});
