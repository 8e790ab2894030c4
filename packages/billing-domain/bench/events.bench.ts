// pnpm bench:events: one process delivering events from the outbox to a fast local receiver.
// 1. Throughput: N events already pending, delivered by one deliverer; the baseline is the same
//    number of signed requests sent by the same sender straight to the receiver (no store).
// 2. Latency: a steady rate of changes (one transaction each); commit -> arrival at the receiver.
// DATABASE_URL=postgres://... runs it on PostgreSQL; default PGlite in memory.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { createDeliverer } from '../src/events/deliverer.js';
import { createEventService } from '../src/events/event-service.js';
import { httpEventSender, senderAgents } from '../src/events/http-sender.js';
import { webhookHeaders } from '../src/events/signing.js';
import type { UrlPolicy } from '../src/events/url-guard.js';
import { openStore } from '../src/storage/open-store.js';

const N = Number(process.env.BENCH_EVENTS ?? 3000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LOCAL: UrlPolicy = { allowHttp: true, allowPrivateNetworks: true, maxLength: 2048 };

const arrivals: { at: number; body: string }[] = [];
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    arrivals.push({ at: Date.now(), body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
const store = await openStore({ databaseUrl: process.env.DATABASE_URL || 'memory://' });
const org = `bench_${process.pid}`;
const service = createEventService(store, { maxDestinations: 20, urlPolicy: LOCAL, maxDescriptionLength: 1024, secretOverlapMs: 0 });
const made = await service.createDestination(org, { url }, new Date());
if (!made.ok) throw new Error(made.error.message);
const agents = senderAgents(50);
const send = httpEventSender(LOCAL, agents);

const now = () => new Date().toISOString();
const addon = (id: string) => ({
  name: `addonSubscriptions/${id}`, id, organizationId: org, subscriptionId: 's1', externalId: id, provider: 'standard' as const,
  addonCode: 'backup', addonId: 'backup', addonPriceId: '', addonName: 'Backup', subscriptionName: 'VM', addonType: 'ADDON_TYPE_RECURRING' as const,
  pricingModel: 'PRICING_MODEL_PER_UNIT' as const, quantity: 1, unitAmount: '1.20', currency: 'EUR', addonStatus: 'ADDON_STATUS_ACTIVE' as const,
  status: 'STATUS_ACTIVE' as const, startDate: null, endDate: null, cancelAtPeriodEnd: false, canceledAt: null, cancelOrigin: null,
  metadata: {}, createTime: now(), updateTime: now(),
});
await store.transaction((uow) =>
  uow.subscriptions.insert({
    organizationId: org, id: 's1', provider: 'standard', externalId: 'sub', name: 'VM', providerStatus: 'active', status: 'ADDON_STATUS_ACTIVE',
    cancelAtPeriodEnd: false, currentPeriodStart: null, currentPeriodEnd: null, canceledAt: null, lastEventAt: now(), createTime: now(), updateTime: now(),
  }),
);

// Baseline: the same number of signed requests from the same sender, 50 at a time, no store.
const body = JSON.stringify({ id: 'evt_baseline', type: 'addon_subscription.created', data: { addonSubscription: addon('x') } });
let started = performance.now();
for (let i = 0; i < N; i += 50) {
  await Promise.all(Array.from({ length: Math.min(50, N - i) }, () => send({ url, headers: webhookHeaders([made.value.secret], 'evt_baseline', new Date(), body), body }, 15_000)));
}
const baselineRate = N / ((performance.now() - started) / 1000);
arrivals.length = 0;

// 1. Throughput: N pending events, one deliverer.
for (let i = 0; i < N; i += 500) {
  await store.transaction(async (uow) => {
    for (let j = i; j < Math.min(N, i + 500); j++) await uow.addons.insert(addon(`t${j}`));
  });
}
const deliverer = createDeliverer({
  store, send, policy: { scheduleMs: [1000], jitter: 0.1, maxRetryAfterMs: 3_600_000, disableAfterMs: 86_400_000 },
  timeoutMs: 15_000, slotsPerDestination: 50, maxInFlight: 500, pollMs: 20, retentionMs: 30 * 86_400_000,
});
started = performance.now();
deliverer.start();
while (arrivals.length < N) await new Promise((r) => setTimeout(r, 5));
const deliveredRate = N / ((performance.now() - started) / 1000);

// 2. Latency at a steady rate of changes, one transaction each.
arrivals.length = 0;
const total = RATE * SECONDS;
const begin = performance.now();
for (let i = 0; i < total; i++) {
  const due = begin + (i * 1000) / RATE;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  void store.transaction((uow) => uow.addons.insert(addon(`l${i}`)));
}
const end = Date.now() + 30_000;
while (arrivals.length < total && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
const lags = arrivals.map((a) => a.at - Date.parse((JSON.parse(a.body) as { timestamp: string }).timestamp)).sort((a, b) => a - b);
const pct = (p: number) => lags[Math.min(lags.length - 1, Math.floor((p / 100) * lags.length))] ?? Number.NaN;

await deliverer.stop();
agents.destroy();
server.close();
await store.close();
console.log(`store: ${store.kind}; load average at end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log(`throughput: ${N} events delivered at ${deliveredRate.toFixed(0)} events/s; baseline (same sender, no store) ${baselineRate.toFixed(0)} requests/s; ratio ${(deliveredRate / baselineRate).toFixed(2)}x (goal >= 1,000 events/s)`);
console.log(`latency at ${RATE} changes/s for ${SECONDS} s: ${arrivals.length}/${total} delivered; commit -> delivery p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${lags.at(-1)} ms (goal p99 < 1,000 ms)`);
