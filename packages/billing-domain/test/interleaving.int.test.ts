import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AddonSubscription, BillingService } from '../src/contract.js';
import type { BillingEvent } from '../src/domain/billing-event.js';
import type { BillingStore } from '../src/domain/ports.js';
import type { AddonEventData } from '../src/contract.js';
import { createBillingService } from '../src/service/billing-service.js';
import { openTestStore } from './support/pglite.js';
import { anItem, at } from './support/addons.js';
import { canceledEvent, deliveryOf, paymentEvent, testCodecs, upsertEvent } from './support/events.js';
import { createThrowawayDatabase, postgresUnavailableReason } from './support/postgres.js';
import { freshOrg } from './support/records.js';
import { sharedStore } from './support/tenant.js';

/** `BILLING_FAULT_SCALE` multiplies the default run count; `BILLING_PROPERTY_RUNS` sets it outright. */
const SCALE = Math.max(1, Number(process.env.BILLING_FAULT_SCALE) || 1);
const RUNS = Number(process.env.BILLING_PROPERTY_RUNS) || 40 * SCALE;

/** The life of subscription `j`: which of its five events happen (minutes 1..5), and its quantities. */
interface Life {
  events: number[];
  quantities: [number, number];
  addsLine: boolean;
}

const lifeArb: fc.Arbitrary<Life> = fc.record({
  events: fc.subarray([0, 1, 2, 3, 4], { minLength: 1 }),
  quantities: fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 })),
  addsLine: fc.boolean(),
});

function lifeEvents(j: number, life: Life): BillingEvent[] {
  const sub = `sub_${j}`;
  const first = anItem({ externalId: `item_${j}_backup`, addonCode: 'backup', quantity: life.quantities[0] });
  const ipv4 = anItem({ externalId: `item_${j}_ipv4`, addonCode: 'extra_ipv4', unitAmount: '0.50' });
  const all = [
    upsertEvent('created', 1, { items: [first] }),
    upsertEvent('updated', 2, { items: [{ ...first, quantity: life.quantities[1] }, ...(life.addsLine ? [ipv4] : [])] }),
    paymentEvent('failed', 3, false),
    paymentEvent('succeeded', 4, true),
    canceledEvent('canceled', 5),
  ];
  return life.events.map((i) => ({ ...all[i]!, eventId: `${sub}_${all[i]!.eventId}`, subscriptionExternalId: sub }) as BillingEvent);
}

/** A few subscriptions' lives, their events arriving interleaved (some twice), cut into consecutive groups. */
const scenarioArb = fc
  .array(lifeArb, { minLength: 1, maxLength: 3 })
  .chain((lives) => {
    const events = lives.flatMap((life, j) => lifeEvents(j, life));
    return fc.record({
      lives: fc.constant(lives),
      arrival: fc
        .tuple(fc.shuffledSubarray(events, { minLength: events.length, maxLength: events.length }), fc.subarray(events, { maxLength: Math.min(3, events.length) }))
        .chain(([once, again]) => fc.shuffledSubarray([...once, ...again], { minLength: once.length + again.length, maxLength: once.length + again.length })),
      cuts: fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 20 }),
    });
  });

/** The observable state of an add-on, without our ids and processing times. */
const observable = (a: AddonSubscription) => {
  const { id: _id, name: _name, organizationId: _org, subscriptionId: _sub, timestamps: _t, ...rest } = a;
  return rest;
};

/** Delivers `groups` one after another, each group's deliveries all at once through group commit. */
async function finalState(store: BillingStore, groups: readonly (readonly BillingEvent[])[]) {
  const org = freshOrg('interleave');
  const secret = `whsec_${org}`;
  let tick = 10_000;
  const service = (maxSize: number): BillingService =>
    createBillingService({
      store,
      config: { webhookEndpoints: [{ provider: 'standard', organizationId: org, secrets: [secret], requireBearer: false, toleranceSeconds: 300 }] },
      clock: () => at(tick++),
      codecs: testCodecs,
      ...(maxSize > 1 ? { ingestGroup: { maxSize, windowMs: 1000 } } : {}),
    });
  for (const group of groups) {
    // NOTE: maxSize is the group's size, so the group commits as soon as the last of it arrives.
    const billing = service(group.length);
    const acks = await Promise.all(group.map((event) => billing.webhooks.handle(deliveryOf(event, secret))));
    const refused = acks.filter((ack) => !ack.success);
    if (refused.length > 0) throw new Error(`refused: ${refused.map((a) => `${a.eventId} ${a.code} ${a.message}`).join(', ')}`);
  }
  const page = await service(1).addons.list(org, { pageSize: 100 });
  if (!page.ok) throw new Error(page.error.code);
  const addons = page.value.addonSubscriptions.map(observable).sort((a, b) => a.externalId.localeCompare(b.externalId));
  // NOTE: each add-on's events in sequence order; the order between subscriptions of one group is
  // the group's, not the arrival's, and ids and times are our own.
  const outbox = (await store.transaction((uow) => uow.events.listEvents(org, { limit: 1000 }))).reverse();
  const events: Record<string, unknown[]> = {};
  for (const event of outbox) {
    const data = event.data as AddonEventData;
    const { id: _id, name: _name, organizationId: _org, subscriptionId: _sub, timestamps: _t, ...resource } = data.addonSubscription;
    (events[resource.externalId] ??= []).push([event.type, resource, data.previousAttributes ?? null]);
  }
  return { addons, events };
}

/** The arrival sequence cut into consecutive groups of the given sizes (the last takes the rest). */
function cut(arrival: readonly BillingEvent[], sizes: readonly number[]): BillingEvent[][] {
  const groups: BillingEvent[][] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= arrival.length) break;
    groups.push(arrival.slice(at, at + size));
    at += size;
  }
  if (at < arrival.length) groups.push(arrival.slice(at));
  return groups;
}

function describeInterleaving(getStore: () => BillingStore, runs: number) {
  it('grouping law: state and events(deliveries cut into any groups, each committed together) = those of one by one in arrival order', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ arrival, cuts }) => {
        const expected = await finalState(getStore(), arrival.map((event) => [event]));
        const groups = cut(arrival, cuts);
        const actual = await finalState(getStore(), groups);
        expect(actual, `groups ${groups.map((g) => g.map((e) => e.eventId).join(' ')).join(' | ')}`).toEqual(expected);
      }),
      { numRuns: runs },
    );
  });
}

describe('interleaved deliveries of a few subscriptions, grouped any way (PGlite memory://)', () => {
  const store = sharedStore(async () => ({ store: await openTestStore({ databaseUrl: 'memory://' }), cleanup: async () => undefined }));
  describeInterleaving(store, RUNS);
});

const skipReason = await postgresUnavailableReason();
describe.skipIf(skipReason !== '')(`interleaved deliveries, grouped any way (PostgreSQL${skipReason ? `, skipped: ${skipReason}` : ''})`, () => {
  const store = sharedStore(async () => {
    const db = await createThrowawayDatabase();
    return { store: await openTestStore({ databaseUrl: db.url }), cleanup: () => db.drop() };
  });
  describeInterleaving(store, Math.max(10, Math.round(RUNS / 4)));
});
