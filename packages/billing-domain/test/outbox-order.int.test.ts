import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddonSubscription, BillingService } from '../src/contract.js';
import type { BillingEvent } from '../src/domain/billing-event.js';
import type { BillingStore } from '../src/domain/ports.js';
import type { AddonEventData, OutboundEvent } from '../src/contract.js';
import { createBillingService } from '../src/service/billing-service.js';
import { openStore } from '../src/storage/open-store.js';
import { anItem, at } from './support/addons.js';
import { canceledEvent, deliveryOf, paymentEvent, testCodecs, upsertEvent } from './support/events.js';
import { createThrowawayDatabase, postgresUnavailableReason } from './support/postgres.js';
import { freshOrg } from './support/records.js';
import { STRIPE_CREATED, stripeEventBody, stripeItem, stripeSubscription, stripeVmItem } from './fixtures/webhooks/stripe.js';
import { normalizeWebhookEvent } from '../src/webhooks/normalize.js';

/** The fields of `after` that differ from `before`, with `before`'s values (timestamps aside); written here, not taken from the code under test. */
function changedAttributes(before: AddonSubscription, after: AddonSubscription): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (key !== 'timestamps' && JSON.stringify(value) !== JSON.stringify((before as unknown as Record<string, unknown>)[key])) {
      changed[key] = (before as unknown as Record<string, unknown>)[key];
    }
  }
  return changed;
}

/** `BILLING_PROPERTY_RUNS` sets the run count (default 40). */
const RUNS = Number(process.env.BILLING_PROPERTY_RUNS) || 40;

/** One subscription's life (minutes 1..5): created, updated, payment failed, payment succeeded, canceled. */
function life(sub: string, quantities: [number, number], addsLine: boolean, cancelsAtEnd: boolean): BillingEvent[] {
  const first = anItem({ externalId: `${sub}_backup`, addonCode: 'backup', quantity: quantities[0] });
  const ipv4 = anItem({ externalId: `${sub}_ipv4`, addonCode: 'extra_ipv4', unitAmount: '0.50' });
  const events = [
    upsertEvent('created', 1, { items: [first] }),
    upsertEvent('updated', 2, { cancelAtPeriodEnd: cancelsAtEnd, items: [{ ...first, quantity: quantities[1] }, ...(addsLine ? [ipv4] : [])] }),
    paymentEvent('failed', 3, false),
    paymentEvent('succeeded', 4, true),
    canceledEvent('canceled', 5),
  ];
  return events.map((e) => ({ ...e, eventId: `${sub}_${e.eventId}`, subscriptionExternalId: sub }));
}

/**
 * A Stripe subscription's life from Stripe's own payloads (created, updated a minute later, deleted
 * two minutes later), normalized as the Stripe endpoint does and handed to the test endpoint.
 */
function stripeLife(sub: string, quantities: [number, number], _addsLine: boolean, cancelsAtEnd: boolean): BillingEvent[] {
  const addon = (quantity: number) => stripeItem({ id: `${sub}_si_addon`, quantity });
  const bodies = [
    stripeEventBody('customer.subscription.created', stripeSubscription({ id: sub }, [stripeVmItem(), addon(quantities[0])]), { id: `evt_${sub}_created`, created: STRIPE_CREATED }),
    stripeEventBody('customer.subscription.updated', stripeSubscription({ id: sub, cancel_at_period_end: cancelsAtEnd }, [stripeVmItem(), addon(quantities[1])]), { id: `evt_${sub}_updated`, created: STRIPE_CREATED + 60 }),
    stripeEventBody(
      'customer.subscription.deleted',
      stripeSubscription({ id: sub, status: 'canceled', canceled_at: STRIPE_CREATED + 120, ended_at: STRIPE_CREATED + 120 }, [stripeVmItem(), addon(quantities[1])]),
      { id: `evt_${sub}_deleted`, created: STRIPE_CREATED + 120 },
    ),
  ];
  return bodies.map((rawBody) => {
    const result = normalizeWebhookEvent('stripe', { headers: {}, rawBody });
    if (!result.ok) throw new Error(result.message);
    return { ...result.event, provider: 'standard' };
  });
}

const lifeArb = fc.record({
  stripe: fc.boolean(),
  quantities: fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 })),
  addsLine: fc.boolean(),
  cancelsAtEnd: fc.boolean(),
});

/**
 * Deliveries of one or two subscriptions' lives in any order, with duplicates (a provider's
 * replays): indexes into the events, each event at least once.
 */
const scenarioArb = fc
  .record({ lives: fc.array(lifeArb, { minLength: 1, maxLength: 2 }), extra: fc.array(fc.nat(), { maxLength: 4 }), seed: fc.nat() })
  .chain(({ lives, extra, seed }) => {
    const events = lives.flatMap((l, i) => (l.stripe ? stripeLife : life)(`ext_sub_${i + 1}`, l.quantities, l.addsLine, l.cancelsAtEnd));
    const indexes = [...events.keys(), ...extra.map((n) => n % events.length)];
    return fc.shuffledSubarray(indexes, { minLength: indexes.length, maxLength: indexes.length }).map((order) => ({ events, order, seed, addonCount: lives.reduce((n, l) => n + (!l.stripe && l.addsLine ? 2 : 1), 0) }));
  });

describe('outbox against the states, standard and Stripe lives (PGlite memory://)', () => {
  describeOrders(async () => ({ store: await openStore({ databaseUrl: 'memory://' }), cleanup: async () => undefined }), RUNS);
});

const skipReason = await postgresUnavailableReason();
describe.skipIf(skipReason !== '')(`outbox against the states (PostgreSQL${skipReason ? `, skipped: ${skipReason}` : ''})`, () => {
  describeOrders(async () => {
    const db = await createThrowawayDatabase();
    return { store: await openStore({ databaseUrl: db.url }), cleanup: () => db.drop() };
  }, Math.max(1, Math.floor(RUNS / 2)));
});

function describeOrders(open: () => Promise<{ store: BillingStore; cleanup: () => Promise<void> }>, runs: number) {
  let store: BillingStore;
  let cleanup = async () => undefined as void;
  beforeAll(async () => {
    ({ store, cleanup } = await open());
  });
  afterAll(async () => {
    await store.close();
    await cleanup();
  });

  it('for any delivery order with duplicates: each add-on’s events run through its states — created first, each resource the state after its change, previousAttributes the changed fields of the state before, one event per real change, the last equal to GET', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ events, order, addonCount }) => {
        const org = freshOrg('outbox_order');
        const secret = `whsec_${org}`;
        let tick = 10_000;
        const service: BillingService = createBillingService({
          store,
          config: { webhookEndpoints: [{ provider: 'standard', organizationId: org, secrets: [secret], requireBearer: false, toleranceSeconds: 300 }] },
          clock: () => at(tick++),
          codecs: testCodecs,
        });
        const snapshot = async () => {
          const page = await service.addons.list(org, { pageSize: 100 });
          if (!page.ok) throw new Error(page.error.code);
          return new Map(page.value.addonSubscriptions.map((a) => [a.id, a]));
        };
        const outbox = async () => (await store.transaction((uow) => uow.events.listEvents(org, { limit: 1000 }))).reverse();
        // The state after each delivery, and the events written by it.
        let before = new Map<string, AddonSubscription>();
        let seen = 0;
        for (const i of order) {
          const ack = await service.webhooks.handle(deliveryOf(events[i]!, secret));
          expect(ack.success).toBe(true);
          const after = await snapshot();
          const all = await outbox();
          const written = all.slice(seen);
          seen = all.length;
          for (const [id, now] of after) {
            const mine = written.filter((e) => (e.data as AddonEventData).addonSubscription.id === id);
            const was = before.get(id);
            const changed = was === undefined || Object.keys(changedAttributes(was, now)).length > 0;
            // a change of the state is told by at least one event, the last of which carries the state now
            if (changed) expect(mine.length, `delivery ${events[i]!.eventId} changed ${id}`).toBeGreaterThan(0);
            // a delivery that leaves the add-on as it was (a duplicate, an older event) tells nothing
            else expect(mine, `delivery ${events[i]!.eventId} left ${id} unchanged`).toEqual([]);
            if (mine.length > 0) expect((mine.at(-1)!.data as AddonEventData).addonSubscription).toEqual(now);
            if (was === undefined) expect(mine[0]?.type).toBe('addon_subscription.created');
          }
          // no event for an add-on GET does not show
          for (const e of written) expect(after.has((e.data as AddonEventData).addonSubscription.id)).toBe(true);
          before = after;
        }
        // every life made its add-ons (a Stripe life one; a standard life one or two), each told
        expect(before.size).toBe(addonCount);
        expect([...before.values()].every((a) => a.addonStatus === 'ADDON_STATUS_CANCELED')).toBe(true);
        // Each add-on's events form a chain of real changes.
        const all = await outbox();
        expect(all.map((e) => e.sequence)).toEqual(all.map((_, k) => k + 1));
        const byAddon = new Map<string, OutboundEvent[]>();
        for (const e of all) {
          const id = (e.data as AddonEventData).addonSubscription.id;
          byAddon.set(id, [...(byAddon.get(id) ?? []), e]);
        }
        for (const [id, chain] of byAddon) {
          expect(chain.filter((e) => e.type === 'addon_subscription.created').length).toBe(1);
          expect(chain[0]!.type).toBe('addon_subscription.created');
          expect((chain[0]!.data as AddonEventData).previousAttributes).toBeUndefined();
          for (let k = 1; k < chain.length; k++) {
            const prev = (chain[k - 1]!.data as AddonEventData).addonSubscription;
            const data = chain[k]!.data as AddonEventData;
            const expected = changedAttributes(prev, data.addonSubscription);
            expect(Object.keys(expected).length, `event ${k} of ${id} changes something`).toBeGreaterThan(0);
            expect(data.previousAttributes).toEqual(expected);
            expect(chain[k]!.type).toBe(data.addonSubscription.addonStatus === 'ADDON_STATUS_CANCELED' && prev.addonStatus !== 'ADDON_STATUS_CANCELED' ? 'addon_subscription.canceled' : 'addon_subscription.updated');
          }
          expect((chain.at(-1)!.data as AddonEventData).addonSubscription).toEqual(before.get(id));
        }
      }),
      { numRuns: runs },
    );
  }, 300_000);
}
