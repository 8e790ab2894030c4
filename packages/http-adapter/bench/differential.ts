import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { planRequestArbitrary } from '../test/support/plan-arbitraries.js';
import { OTHER_SECRET, signToken, TEST_SECRET, unsignedToken } from '../test/support/tokens.js';
import { standardEvent, standardSubscriptionUpdated, stripeInvoiceEvent, stripeSubscriptionEvent } from '../test/support/webhook-payloads.js';
import { bodyArbitrary, headersArbitrary, methodArbitrary, pathArbitrary } from '../test/security/support/request-arbitraries.js';
import { paddleSubscriptionEvent, signedSubscription } from '../test/security/support/signing.js';
import { AUDIENCE, ISSUER, SECURITY_CONFIG } from '../test/security/support/world.js';
import { serverEntry, startBenchServer, type BenchServer } from './server.js';

// The HTTP differential: the same generated requests to this build's server and to a previous build's,
// answers compared byte for byte (status, body, headers but `Date`). `node --conditions=source --import tsx
// bench/differential.ts <previous build's dist/main.js>` (e.g. a worktree of the previous commit, built).
// DIFF_RUNS (default 1500) random requests over every route, DIFF_PLANS (default 500) random valid and
// invalid plans, DIFF_SEED (default 20) for fast-check, DIFF_SHOW (default 40) differences printed.

const previousMain = process.argv[2];
if (previousMain === undefined) throw new Error('usage: differential.ts <previous dist/main.js>');
const RUNS = Number(process.env['DIFF_RUNS'] ?? 1500);
const PLANS = Number(process.env['DIFF_PLANS'] ?? 500);
const SEED = Number(process.env['DIFF_SEED'] ?? 20);

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}
interface Answer {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** Sends one request on its own connection; the raw header list as received, `Date` left out. */
function send(base: string, r: Sent): Promise<Answer | 'unsendable'> {
  const url = new URL(base);
  return new Promise((resolve) => {
    let req;
    try {
      req = httpRequest({ host: url.hostname, port: url.port, method: r.method, path: r.path, headers: r.headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headers: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = (res.rawHeaders[i] as string).toLowerCase();
            if (name !== 'date') headers.push([name, res.rawHeaders[i + 1] as string]);
          }
          resolve({ status: res.statusCode ?? 0, headers: headers.sort(([a], [b]) => a.localeCompare(b)), body: Buffer.concat(chunks) });
        });
      });
    } catch {
      resolve('unsendable');
      return;
    }
    req.on('error', () => resolve('unsendable'));
    if (r.body !== undefined) req.write(r.body);
    req.end();
  });
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/**
 * The answer as compared: a request id the server made itself (the caller's was not safe) stands as
 * `<generated>`, and the ids storage made (UUIDs, different in each server's store) as `<uuid>`.
 */
function comparable(answer: Answer, sent: Sent): string {
  const headers = answer.headers.map(([k, v]) => (k === 'x-request-id' && v !== sent.headers['x-request-id'] ? [k, '<generated>'] : [k, v]));
  let body = answer.body.toString('latin1').replace(UUID, '<uuid>');
  // Add-ons made in one delivery share their times; the list orders those by id, and the ids are random.
  if (body.startsWith('{"addonSubscriptions":[')) {
    const page = JSON.parse(body) as { addonSubscriptions: unknown[] };
    page.addonSubscriptions = page.addonSubscriptions.map((a) => JSON.stringify(a)).sort() as unknown[];
    body = `${JSON.stringify(page)} (ids sorted)`;
  }
  return JSON.stringify({ status: answer.status, headers, body });
}

const scratch = mkdtempSync(join(tmpdir(), 'billing-diff-'));
const configPath = join(scratch, 'billing.json');
writeFileSync(configPath, JSON.stringify(SECURITY_CONFIG));
const env = { BILLING_JWT_SECRET: TEST_SECRET, BILLING_JWT_ISSUER: ISSUER, BILLING_JWT_AUDIENCE: AUDIENCE, BILLING_CONFIG: configPath, DATABASE_URL: 'memory://', BILLING_METRICS: 'off' };
const current = await startBenchServer(env);
let previous: BenchServer | undefined;
try {
  previous = await startBenchServer(env, { entry: [previousMain] });
  const servers = [previous, current];
  console.log(`# HTTP differential\nprevious: ${previousMain}\ncurrent: ${serverEntry().label}\n`);
  const token = (orgs: string[], options = {}) => signToken({ orgs, issuer: ISSUER, audience: AUDIENCE, expiresIn: 3600, ...options });
  const validAuth = { authorization: `Bearer ${await token(['org_a'])}`, 'x-organization-id': 'org_a' };
  const otherAuth: Record<string, string>[] = [
    { authorization: `Bearer ${await token(['org_a'], { expiresIn: -5 })}`, 'x-organization-id': 'org_a' },
    { authorization: `Bearer ${await token(['org_a'], { secret: OTHER_SECRET })}`, 'x-organization-id': 'org_a' },
    { authorization: `Bearer ${unsignedToken()}`, 'x-organization-id': 'org_a' },
    { authorization: `Bearer ${await token(['org_b'])}`, 'x-organization-id': 'org_b' },
    { authorization: `Bearer ${await token(['org_b'])}`, 'x-organization-id': 'org_a' },
    { authorization: `Bearer ${await token(['org_a'])}` },
    { authorization: 'Bearer', 'x-organization-id': 'org_a' },
  ];

  let compared = 0;
  let unsendable = 0;
  const differences: string[] = [];
  let n = 0;
  let idsInPrevious = (path: string) => path;
  const both = async (r: Sent) => {
    const sent = { ...r, headers: { 'x-request-id': `diff-${n++}`, ...r.headers } };
    // Each server gets its own ids of the same add-ons in the path.
    const previousSent = { ...sent, path: idsInPrevious(sent.path) };
    const [a, b] = await Promise.all([send(previous!.url, previousSent), send(current.url, sent)]);
    if (a === 'unsendable' || b === 'unsendable') {
      if (a !== b) differences.push(`${r.method} ${r.path.slice(0, 120)}: sendable to one server only`);
      unsendable++;
      return;
    }
    compared++;
    const [x, y] = [comparable(a!, sent), comparable(b!, sent)];
    if (x !== y) {
      let at = 0;
      while (at < x.length && x[at] === y[at]) at++;
      const around = (t: string) => t.slice(Math.max(0, at - 150), at + 250);
      differences.push(`${r.method} ${r.path.slice(0, 120)} (first difference at character ${at})\n  previous: ${around(x)}\n  current:  ${around(y)}`);
    }
  };

  // Seed: one add-on subscription per provider, delivered to both (the same signed bytes).
  const at = new Date();
  for (const provider of ['stripe', 'paddle', 'standard'] as const) {
    const delivery = signedSubscription(provider, `diff_${provider}`, at);
    const auth = provider === 'standard' ? validAuth : {};
    await both({ method: 'POST', path: `/api/v1/webhooks/${provider}`, headers: { ...delivery.headers, ...auth }, body: delivery.body });
  }
  // Fixed requests: every route, the documents and the pages.
  for (const path of ['/healthz', '/readyz', '/openapi.json', '/docs', '/calculator', '/calculator/', '/metrics', '/', '/v1', '/api/v1/webhooks', '/api/v1/webhooks/', '/api/v1/other']) {
    await both({ method: 'GET', path, headers: {}, body: undefined });
  }
  const idsOf = async (server: BenchServer) => {
    const ids: string[] = [];
    for (const auth of [validAuth, { authorization: `Bearer ${await token(['org_b'])}`, 'x-organization-id': 'org_b' }]) {
      const list = await send(server.url, { method: 'GET', path: '/v1/addon-subscriptions?pageSize=100', headers: auth, body: undefined });
      if (list !== 'unsendable') ids.push(...[...list.body.toString().matchAll(/"id":"([^"]+)"/g)].map((m) => m[1] as string));
    }
    return ids;
  };
  const knownIds = await idsOf(current);
  const previousIds = await idsOf(previous);
  if (knownIds.length !== previousIds.length || knownIds.length === 0) throw new Error('the seeded add-ons differ');
  idsInPrevious = (path) => knownIds.reduce((p, id, i) => p.replaceAll(id, previousIds[i] as string), path);

  const now = new Date();
  const periodStart = new Date('2030-01-01T00:00:00Z');
  const webhookPayloads = fc.constantFrom<unknown>(
    stripeSubscriptionEvent('customer.subscription.updated', { eventId: 'evt_f', created: now, subscriptionId: 'sub_f', itemId: 'si_f', periodStart }),
    stripeInvoiceEvent('invoice.payment_failed', { eventId: 'evt_i', created: now, subscriptionId: 'sub_f' }),
    paddleSubscriptionEvent({ eventId: 'evt_p', occurredAt: now, subscriptionId: 'sub_p', priceId: 'pri_p' }),
    standardSubscriptionUpdated({ timestamp: now, subscriptionId: 'vm_f', itemId: 'item_f', periodStart }),
    standardEvent('subscription.canceled', now, 'vm_f'),
  );
  const random = fc
    .record({ method: methodArbitrary, path: pathArbitrary(knownIds), headers: headersArbitrary(validAuth, fc.constantFrom(...otherAuth)), body: bodyArbitrary(webhookPayloads) })
    .map((r): Sent => (['GET', 'HEAD', 'get'].includes(r.method) ? { ...r, body: undefined } : r));
  for (const r of fc.sample(random, { numRuns: RUNS, seed: SEED })) await both(r);
  const plan = fc.record({
    body: planRequestArbitrary,
    path: fc.constantFrom('/v1/plans:calculate', '/v1/plans%3Acalculate', '/v1/plans:calculate?view=FULL', '/v1/plans:calculate?view=BASIC'),
  });
  for (const p of fc.sample(plan, { numRuns: PLANS, seed: SEED })) {
    await both({ method: 'POST', path: p.path, headers: { ...validAuth, 'content-type': 'application/json' }, body: JSON.stringify(p.body) });
  }
  console.log(`compared ${compared} request pairs (${unsendable} not sendable by node's client, skipped); ${differences.length} differences`);
  for (const d of differences.slice(0, Number(process.env['DIFF_SHOW'] ?? 40))) console.log(`- ${d}`);
} finally {
  await previous?.stop();
  await current.stop();
  rmSync(scratch, { recursive: true, force: true });
}
