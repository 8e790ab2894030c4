/**
 * Signed webhook deliveries stored per second through `webhooks.handle`, on PGlite (memory) and on
 * PostgreSQL (a throwaway database on BILLING_TEST_DATABASE_URL's server), at concurrency 1 and 16.
 * Every run starts from an empty database and replays the same workload (see workload.ts); after
 * it, every event is read back to check that each delivery was stored exactly once.
 * Usage: pnpm --filter @billing/billing-domain bench [-- --deliveries 2000 --subscriptions 400
 *   --concurrency 1,16 --store pglite,postgres --save-baseline]
 * With --save-baseline the figures are written to bench/webhooks.baseline.json; later runs print
 * them beside their own.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import type { BillingStore, WebhookDelivery } from '../src/index.js';
import { createBillingService, openStore } from '../src/index.js';
import { createThrowawayDatabase, postgresUnavailableReason } from '../test/support/postgres.js';
import { BENCH_ORG, BENCH_SECRET, signedDeliveries } from './workload.js';

const { values } = parseArgs({
  // NOTE: `pnpm bench -- --x` forwards the `--` itself.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    deliveries: { type: 'string', default: '2000' },
    subscriptions: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '1,16' },
    store: { type: 'string', default: 'pglite,postgres' },
    'save-baseline': { type: 'boolean', default: false },
  },
});
const TOTAL = Number(values.deliveries);
const SUBSCRIPTIONS = Number(values.subscriptions);
const LEVELS = values.concurrency.split(',').map(Number);
const STORES = values.store.split(',');
const BASELINE = new URL('./webhooks.baseline.json', import.meta.url);

/** One measured run. */
interface Figure {
  store: string;
  concurrency: number;
  deliveries: number;
  seconds: number;
  perSecond: number;
}

/** Reads every event back: each must be stored once, and nothing may be left unknown. */
async function verifyStored(store: BillingStore, deliveries: readonly WebhookDelivery[]): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  await store.transaction(async (uow) => {
    for (const delivery of deliveries) {
      const id = String(delivery.headers['webhook-id']);
      const record = await uow.webhookEvents.find(BENCH_ORG, 'standard', id);
      if (record === null) throw new Error(`event ${id} was not stored`);
      statuses[record.status] = (statuses[record.status] ?? 0) + 1;
    }
  });
  return statuses;
}

async function run(storeName: string, store: BillingStore, concurrency: number, quiet = false): Promise<Figure> {
  const service = createBillingService({
    store,
    config: {
      webhookEndpoints: [
        { provider: 'standard', organizationId: BENCH_ORG, secrets: [BENCH_SECRET], requireBearer: false, toleranceSeconds: 300 },
      ],
    },
  });
  const deliveries = signedDeliveries(TOTAL, SUBSCRIPTIONS, new Date());
  const codes: Record<string, number> = {};
  let next = 0;
  const started = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      // NOTE: per subscription, deliveries mostly arrive in order; a few overtake each other, as in life.
      while (next < deliveries.length) {
        const delivery = deliveries[next++];
        if (delivery === undefined) break;
        const ack = await service.webhooks.handle(delivery);
        codes[ack.code] = (codes[ack.code] ?? 0) + 1;
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  // NOTE: CPU time of this Node process per delivery (PGlite's engine runs inside it; PostgreSQL's does not).
  const nodeCpuMs = (cpu.user + cpu.system) / 1000 / deliveries.length;
  const stored = await verifyStored(store, deliveries);
  await service.close();
  const figure = { store: storeName, concurrency, deliveries: deliveries.length, seconds, perSecond: deliveries.length / seconds };
  if (quiet) return figure;
  const label = `${storeName} c=${concurrency}`;
  console.log(
    `${label.padEnd(16)} ${String(figure.deliveries).padStart(6)} deliveries ${seconds.toFixed(2).padStart(7)} s ` +
      `${figure.perSecond.toFixed(0).padStart(6)}/s${compare(figure)}  node cpu ${nodeCpuMs.toFixed(2)} ms/delivery  acks ${JSON.stringify(codes)}  stored ${JSON.stringify(stored)}`,
  );
  return figure;
}

let baseline: Figure[] = [];
try {
  baseline = (JSON.parse(await readFile(BASELINE, 'utf8')) as { figures: Figure[] }).figures;
} catch {
  baseline = [];
}

function compare(figure: Figure): string {
  const before = baseline.find((b) => b.store === figure.store && b.concurrency === figure.concurrency && b.deliveries === figure.deliveries);
  if (before === undefined) return '';
  return `  (baseline ${before.perSecond.toFixed(0)}/s, x${(figure.perSecond / before.perSecond).toFixed(1)})`;
}

async function openPostgresRun(concurrency: number): Promise<Figure> {
  const db = await createThrowawayDatabase('billing_bench');
  try {
    return await run('postgres', await openStore({ databaseUrl: db.url }), concurrency);
  } finally {
    await db.drop();
  }
}

console.log(
  `webhooks.handle: signed standard deliveries, ${SUBSCRIPTIONS} subscriptions, distinct event ids; ` +
    `node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}`,
);
// NOTE: a first untimed run lets V8 optimize the JavaScript and tier up PGlite's WebAssembly, which
// would otherwise weigh on whichever run comes first.
await run('warm-up', await openStore({ databaseUrl: 'memory://' }), 16, true);
const figures: Figure[] = [];
if (STORES.includes('pglite')) {
  for (const c of LEVELS) figures.push(await run('pglite', await openStore({ databaseUrl: 'memory://' }), c));
}
if (STORES.includes('postgres')) {
  const unavailable = await postgresUnavailableReason();
  if (unavailable) console.log(`postgres skipped: ${unavailable}`);
  else for (const c of LEVELS) figures.push(await openPostgresRun(c));
}
if (values['save-baseline']) {
  await writeFile(BASELINE, `${JSON.stringify({ recorded: new Date().toISOString(), figures }, null, 2)}\n`);
  console.log(`baseline written to ${BASELINE.pathname}`);
}
