/**
 * Signed webhook deliveries processed per second through `webhooks.handle`, on PGlite (memory)
 * and on PostgreSQL (a throwaway database on BILLING_TEST_DATABASE_URL's server).
 * Usage: pnpm --filter @billing/billing-domain bench [-- --deliveries 2000 --concurrency 16]
 */
import { parseArgs } from 'node:util';
import { Webhook } from 'standardwebhooks';
import type { BillingStore, WebhookDelivery } from '../src/index.js';
import { createBillingService, openStore } from '../src/index.js';
import { createThrowawayDatabase, postgresUnavailableReason } from '../test/support/postgres.js';

const { values } = parseArgs({
  // NOTE: `pnpm bench -- --x` forwards the `--` itself.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { deliveries: { type: 'string', default: '2000' }, concurrency: { type: 'string', default: '16' } },
});
const TOTAL = Number(values.deliveries);
const CONCURRENCY = Number(values.concurrency);
const SUBSCRIPTIONS = 100;
const SECRET = `whsec_${Buffer.from('bench-secret-bench-secret-bench!').toString('base64')}`;
const ORG = 'org_bench';

/** A realistic mix: each subscription is created, then paid, failed, updated in time order. */
function bodies(): Array<{ id: string; body: string }> {
  const out: Array<{ id: string; body: string }> = [];
  const start = Date.parse('2025-01-01T00:00:00Z');
  for (let i = 0; out.length < TOTAL; i++) {
    const sub = `vm_${i % SUBSCRIPTIONS}`;
    const round = Math.floor(i / SUBSCRIPTIONS);
    const timestamp = new Date(start + i * 1000).toISOString();
    const kind = round === 0 ? 'create' : ['payment.succeeded', 'payment.failed', 'subscription.updated'][round % 3];
    const body =
      kind === 'create' || kind === 'subscription.updated'
        ? {
            type: 'subscription.updated',
            timestamp,
            data: {
              subscriptionId: sub,
              name: `VM ${sub}`,
              status: 'active',
              cancelAtPeriodEnd: false,
              currentPeriodStart: '2025-01-01T00:00:00Z',
              currentPeriodEnd: '2025-02-01T00:00:00Z',
              items: [
                { id: `${sub}_ip`, addonCode: 'extra_ipv4', quantity: 1 + (round % 4), unitAmount: '1.20', currency: 'EUR' },
                { id: `${sub}_backup`, addonCode: 'backup', quantity: 1, unitAmount: '0.0045', currency: 'EUR' },
              ],
            },
          }
        : { type: kind, timestamp, data: { subscriptionId: sub, amount: '10.00', currency: 'EUR' } };
    out.push({ id: `msg_${i}`, body: JSON.stringify(body) });
  }
  return out;
}

function signAll(now: Date): WebhookDelivery[] {
  const webhook = new Webhook(SECRET);
  return bodies().map(({ id, body }) => ({
    provider: 'standard',
    headers: { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': webhook.sign(id, now, body) },
    rawBody: body,
    bearerOrganizationIds: null,
    bearerPresented: false,
    now,
  }));
}

async function run(label: string, store: BillingStore): Promise<void> {
  const service = createBillingService({
    store,
    config: { webhookEndpoints: [{ provider: 'standard', organizationId: ORG, secrets: [SECRET], requireBearer: false, toleranceSeconds: 300 }] },
  });
  const deliveries = signAll(new Date());
  const codes = new Map<string, number>();
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      // NOTE: per subscription, deliveries mostly arrive in order; a few overtake each other, as in life.
      while (next < deliveries.length) {
        const delivery = deliveries[next++];
        if (delivery === undefined) break;
        const ack = await service.webhooks.handle(delivery);
        codes.set(ack.code, (codes.get(ack.code) ?? 0) + 1);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const perSecond = (deliveries.length / seconds).toFixed(0);
  console.log(`${label.padEnd(22)} ${String(deliveries.length).padStart(6)} deliveries  ${seconds.toFixed(2).padStart(6)} s  ${perSecond.padStart(6)} deliveries/s  ${JSON.stringify(Object.fromEntries(codes))}`);
  await service.close();
}

console.log(`webhooks.handle, signed standard deliveries, concurrency ${CONCURRENCY}, ${SUBSCRIPTIONS} subscriptions`);
await run('PGlite (memory://)', await openStore({ databaseUrl: 'memory://' }));
const unavailable = await postgresUnavailableReason();
if (unavailable) {
  console.log(`PostgreSQL             skipped: ${unavailable}`);
} else {
  const db = await createThrowawayDatabase('billing_bench');
  try {
    await run('PostgreSQL (pg Pool)', await openStore({ databaseUrl: db.url }));
  } finally {
    await db.drop();
  }
}
