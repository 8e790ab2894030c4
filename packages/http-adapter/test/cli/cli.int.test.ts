import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMigrations } from '@billing/billing-domain';
import { calculatePlanJson, validatePlanRequestJson } from '@billing/pricing-core';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPlainJson } from '../../src/http/plain-json.js';
import { createTestDatabase, postgresAvailability } from '../support/postgres.js';
import { REPO_ROOT } from '../support/server-process.js';
import { CLI_COMMAND, runCli, SAMPLE_PLAN } from './run-cli.js';

const SECRET = 'cli-test-secret-0123456789-abcdefghij';
// NOTE: a test that runs the CLI several times gets more than the default minute, for a busy machine.
const MULTI_SPAWN_TIMEOUT_MS = 150_000;
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
    const result = calculatePlanJson(SAMPLE_PLAN);
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
    expect(run.stdout).not.toContain('Commitment true-up');
  });

  it('prints a "Commitment true-up" row when the plan sets a minimum commitment', async () => {
    const committed = { ...SAMPLE_PLAN, planConfig: { ...SAMPLE_PLAN.planConfig, minimumCommitment: '1000' } };
    const run = await runCli(['price', '-'], { stdin: JSON.stringify(committed) });
    const result = calculatePlanJson(committed);
    expect(run.code).toBe(0);
    expect(Number(result.commitmentTrueUp)).toBeGreaterThan(0);
    expect(run.stdout.split('\n').find((l) => l.startsWith('Commitment true-up'))).toMatch(new RegExp(`\\s${result.commitmentTrueUp.replace('.', '\\.')} USD$`));
  });

  it('--format json from stdin prints the plain-decimal JSON of the result', async () => {
    const run = await runCli(['price', '-', '--format', 'json', '--view', 'full'], { stdin: JSON.stringify(SAMPLE_PLAN) });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${toPlainJson(calculatePlanJson(SAMPLE_PLAN, { view: 'FULL' }))}\n`);
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
    expect(run.stdout).toBe(`${toPlainJson(calculatePlanJson(SAMPLE_PLAN))}\n`);
  });

  it('a missing file or non-JSON input exits 1 with the reason', async () => {
    expect(await runCli(['price', join(dir, 'nope.json')])).toMatchObject({ code: 1, stderr: expect.stringContaining('no such file') });
    expect(await runCli(['price', '-'], { stdin: '{' })).toMatchObject({ code: 1, stderr: expect.stringContaining('not JSON') });
  });

  it('a reader that stops early (| head -3) ends the CLI quietly: no EPIPE stack trace, exit 0', () => {
    const large = { ...SAMPLE_PLAN, instances: Array.from({ length: 5000 }, (_, i) => ({ quantity: 1, region: `r${i}` })) };
    const file = join(dir, 'large.json');
    writeFileSync(file, JSON.stringify(large));
    // NOTE: the table of 5,000 rows is far over a pipe's 64 KiB, so the CLI is still writing when head exits.
    const run = spawnSync('bash', ['-c', `${CLI_COMMAND} price ${file} 2>${join(dir, 'stderr.txt')} | head -3; echo "cli=\${PIPESTATUS[0]}"`], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 3)[2]).toMatch(/^instance-1 \(r0\) +1 +10\.00/);
    expect(lines[3]).toBe('cli=0');
    expect(readFileSync(join(dir, 'stderr.txt'), 'utf8')).toBe('');
  });

  it('--format json: an invalid plan prints the API\'s AIP-193 error body on stdout, exit 1', async () => {
    const bad = { planConfig: { currency: 'USD', prices: [{ productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '1e5' }] }, instances: [{}] };
    const run = await runCli(['price', '-', '--format', 'json'], { stdin: JSON.stringify(bad) });
    const outcome = validatePlanRequestJson(bad);
    if (outcome.success) throw new Error('the sample must be invalid');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: 'request has 1 invalid field',
        details: [
          { '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: outcome.violations.map(({ field, description }) => ({ field, description })) },
          { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'PLAN_INVALID', domain: 'billing', metadata: {} },
        ],
      },
    });
  });

  it('--format json: input that is not JSON is the API\'s INVALID_JSON body', async () => {
    const notJson = await runCli(['price', '-', '--format', 'json'], { stdin: '{' });
    expect(notJson.code).toBe(1);
    expect(JSON.parse(notJson.stdout)).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT', message: 'the request body is not valid JSON', details: [{ fieldViolations: [{ field: 'body' }] }, { reason: 'INVALID_JSON' }] } });
  });

  it('--format json: a missing file is an AIP-193 body naming `file`', async () => {
    const missing = await runCli(['price', join(dir, 'nope.json'), '--format', 'json']);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toMatchObject({ error: { status: 'INVALID_ARGUMENT', details: [{ fieldViolations: [{ field: 'file', description: 'no such file' }] }, { reason: 'FILE_UNREADABLE' }] } });
  });

  it('--format json: a bad pricing limit setting is an AIP-193 body naming the variable', async () => {
    const setting = await runCli(['price', planFile, '--format', 'json'], { env: { BILLING_MAX_INSTANCES: 'many' } });
    expect(setting.code).toBe(1);
    expect(JSON.parse(setting.stdout)).toMatchObject({ error: { details: [{ fieldViolations: [{ field: 'BILLING_MAX_INSTANCES' }] }, { reason: 'INVALID_SETTING' }] } });
  });

  it('--view and --format take either case: FULL and full, JSON and json print the same', async () => {
    const upper = await runCli(['price', planFile, '--format', 'JSON', '--view', 'FULL']);
    const lower = await runCli(['price', planFile, '--format', 'json', '--view', 'full']);
    expect(upper.code).toBe(0);
    expect(upper.stdout).toBe(lower.stdout);
    expect(upper.stdout).toBe(`${toPlainJson(calculatePlanJson(SAMPLE_PLAN, { view: 'FULL' }))}\n`);
  }, MULTI_SPAWN_TIMEOUT_MS);

  it('needs no server setting: PORT=abc or a bad HOST timeout do not stop offline pricing; a bad pricing limit does', async () => {
    const unrelated = { PORT: 'abc', BILLING_HEADERS_TIMEOUT_MS: 'soon', DATABASE_URL: 'mysql://x' };
    const run = await runCli(['price', planFile, '--format', 'json'], { env: unrelated });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe(`${toPlainJson(calculatePlanJson(SAMPLE_PLAN))}\n`);
    const limit = await runCli(['price', planFile], { env: { ...unrelated, BILLING_MAX_PRICES: '0' } });
    expect(limit.code).toBe(1);
    expect(limit.stderr).toContain('BILLING_MAX_PRICES must be an integer');
    expect(limit.stderr).not.toContain('PORT');
  }, MULTI_SPAWN_TIMEOUT_MS);

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

  it.each([
    ['price --view', ['price', 'plan.json', '--view', 'huge'], /option '--view <view>' argument 'huge' is invalid/],
    ['token --ttl', ['token', '--org', 'a', '--ttl', 'soon'], /option '--ttl <duration>' argument 'soon' is invalid/],
    ['serve --port', ['serve', '--port', 'abc'], /option '--port <port>' argument 'abc' is invalid/],
    ['serve --port out of range', ['serve', '--port', '70000'], /argument '70000' is invalid/],
    ['webhook send --to', ['webhook', 'send', 'stripe', 'invoice.paid', '--to', 'not a url'], /option '--to <url>' argument 'not a url' is invalid/],
    ['webhook send provider', ['webhook', 'send', 'stripey', 'invoice.paid', '--to', 'http://127.0.0.1:1'], /value 'stripey' is invalid for argument 'provider'/],
  ])('a bad option value exits 2 with the reason: %s', async (_name, args, reason) => {
    const run = await runCli(args, { env: { BILLING_JWT_SECRET: SECRET } });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(reason);
  });

  it.each([['price'], ['serve'], ['token'], ['webhook'], ['webhook', 'send'], ['config'], ['config', 'check'], ['migrate'], ['listen'], ['addons'], []])('billing %s --help exits 0 with an example', async (...command: string[]) => {
    const run = await runCli([...command, '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Examples:\n(?: {2}.*\n)*? {2}.*\bbilling [a-z]/);
  });
});

describe('billing token', () => {
  it('without BILLING_JWT_SECRET or a development server exits 1 saying in one line how to give a secret or a token', async () => {
    const run = await runCli(['token', '--org', 'org_a']);
    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/set BILLING_JWT_SECRET.*--token.*pnpm start.*development\.json/);
  });

  it.each([
    [['webhook', 'send', 'stripe', 'invoice.paid'], /--to not given: pass the server's address \(--to http:.*\), or start the development server/],
    [['webhook', 'send', 'stripe', 'invoice.paid', '--to', 'http://127.0.0.1:1'], /--secret not given, and BILLING_CONFIG is not set: pass .* with --secret, or start the development server/],
    [['listen'], /--server not given: pass .*--server http.*, or start the development server/],
    [['addons', 'list', '--server', 'http://127.0.0.1:1'], /--token not given: pass .*--token JWT.*, or start the development server/],
  ])('billing %j with no development server: exit 1 and one line saying what to pass', async (args, message) => {
    const run = await runCli(args);
    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });

  it('prints a JWT the server key verifies, for every --org, expiring after --ttl', async () => {
    const run = await runCli(['token', '--org', 'org_a', '--org', 'org_b', '--ttl', '2h'], { env: { BILLING_JWT_SECRET: SECRET, BILLING_JWT_ISSUER: 'billing-test' } });
    expect(run.code).toBe(0);
    const { payload } = await jwtVerify(run.stdout.trim(), new TextEncoder().encode(SECRET), { issuer: 'billing-test' });
    expect(payload['org_ids']).toEqual(['org_a', 'org_b']);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(7200);
  });

  it('reads only the JWT settings: PORT=abc does not stop it', async () => {
    const run = await runCli(['token', '--org', 'org_a'], { env: { BILLING_JWT_SECRET: SECRET, PORT: 'abc' } });
    expect(run.code).toBe(0);
    expect((await jwtVerify(run.stdout.trim(), new TextEncoder().encode(SECRET))).payload['org_ids']).toEqual(['org_a']);
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

  it('counts one problem per setting and per configuration field', async () => {
    const config = JSON.stringify({ webhookEndpoints: [{ provider: 'stripee', organizationId: '', secrets: ['whsec_x'] }, { provider: 'paddle', organizationId: 'org_b' }] });
    const run = await runCli(['config', 'check'], { env: { PORT: 'eighty', BILLING_CONFIG: config } });
    const listed = run.stderr.split('\n').filter((line) => line.startsWith('  - '));
    expect(run.code).toBe(1);
    expect(listed).toHaveLength(4);
    expect(run.stderr).toContain('the server would not start: 4 problems\n');
    expect(listed.slice(1).every((line) => line.startsWith('  - BILLING_CONFIG webhookEndpoints['))).toBe(true);
  });

  it('warns about BILLING_ variables it does not read, with the setting they are closest to; warnings alone exit 0', async () => {
    const env = { BILLNG_JWT_SECRET: SECRET, BILLING_JWT_SECRETS: SECRET, billing_metrics: 'off', BILLINGMAX_INSTANCES: '5', BILLING_NOT_A_THING: '1', BILLING_TEST_DATABASE_URL: 'postgres://x', HOME_DIR: '/x' };
    const run = await runCli(['config', 'check'], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^configuration OK\n/);
    const warnings = run.stderr.split('\n').filter((line) => line.startsWith('warning: '));
    expect(warnings).toEqual([
      'warning: BILLINGMAX_INSTANCES is not a setting; did you mean BILLING_MAX_INSTANCES?',
      'warning: BILLING_JWT_SECRETS is not a setting; did you mean BILLING_JWT_SECRET?',
      'warning: BILLING_NOT_A_THING is not a setting (the server does not read it)',
      'warning: BILLNG_JWT_SECRET is not a setting; did you mean BILLING_JWT_SECRET?',
      'warning: billing_metrics is not a setting; did you mean BILLING_METRICS?',
    ]);
  });

  it('a variable BILLING_CONFIG reads a secret from ("env:NAME") is no typo', async () => {
    const config = JSON.stringify({ webhookEndpoints: [{ provider: 'stripe', organizationId: 'org_a', secrets: ['env:BILLING_STRIPE_WHSEC'] }] });
    const run = await runCli(['config', 'check'], { env: { BILLING_CONFIG: config, BILLING_STRIPE_WHSEC: 'whsec_0123456789abcdef' } });
    expect(run).toMatchObject({ code: 0, stderr: '' });
  });

  it('--connect: an unreachable database is a problem (exit 1); PGlite in memory needs no connection', async () => {
    const down = await runCli(['config', 'check', '--connect'], { env: { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' } });
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/1 problem\n {2}- the database cannot be reached: connect ECONNREFUSED/);
    const memory = await runCli(['config', 'check', '--connect'], { env: { DATABASE_URL: 'memory://' } });
    expect(memory.code).toBe(0);
    expect(memory.stdout).toContain('connect:  PGlite in memory');
  }, MULTI_SPAWN_TIMEOUT_MS);

  const postgres = postgresAvailability();
  it.skipIf(!postgres.ok)('--connect on PostgreSQL: reached, migrations pending; after billing migrate, current; nothing changed by the check', async () => {
    const db = createTestDatabase('billing_cli_connect');
    try {
      const before = await runCli(['config', 'check', '--connect'], { env: { DATABASE_URL: db.url } });
      expect(before.code).toBe(0);
      const known = (await loadMigrations()).length;
      expect(before.stdout).toMatch(new RegExp(`connect: {2}PostgreSQL \\d+\\.\\d+.* reached without TLS; ${known} migration\\(s\\) pending`));
      expect(before.stderr).toBe('');
      const again = await runCli(['config', 'check', '--connect'], { env: { DATABASE_URL: db.url } });
      expect(again.stdout).toContain(`${known} migration(s) pending`);
      expect((await runCli(['migrate'], { env: { DATABASE_URL: db.url } })).code).toBe(0);
      const after = await runCli(['config', 'check', '--connect'], { env: { DATABASE_URL: db.url } });
      expect(after.stdout).toMatch(/reached without TLS; schema current\n$/);
    } finally {
      db.drop();
    }
  }, 2 * MULTI_SPAWN_TIMEOUT_MS);

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
    const names = (await loadMigrations()).map((m) => m.name);
    expect(names.slice(0, 2)).toEqual(['0001_initial.sql', '0002_page_token_key.sql']);
    expect(first.stdout).toMatch(new RegExp(`^pglite: applied now:\n${names.map((n) => `  ${n.replace('.', '\\.')}\n`).join('')}`));
    expect(first.stdout).toContain(`${names.length} of ${names.length} known migration(s) recorded`);
    const second = await runCli(['migrate'], { env });
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(`pglite: nothing to apply\n${names.length} of ${names.length} known migration(s) recorded; the schema is current.\n`);
  });

  // NOTE: util-linux `script` gives the process a pseudo-terminal, so stderr is a TTY.
  it.skipIf(!existsSync('/usr/bin/script'))('on a terminal, a progress line shows while the store is migrated', async () => {
    const command = `${CLI_COMMAND} migrate`;
    const run = spawnSync('/usr/bin/script', ['-qec', command, '/dev/null'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: 'memory://' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`\r\x1b[2Kapplying migrations (${(await loadMigrations()).length} known)...`);
    expect(run.stdout).toContain('pglite: applied now:');
  });

  it('an unreachable database exits 1 with the reason', async () => {
    const run = await runCli(['migrate'], { env: { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('storage could not be opened');
  });
});
