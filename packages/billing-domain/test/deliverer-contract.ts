import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import type { BillingStore } from '../src/domain/ports.js';
import { createDeliverer, type Deliverer, type DelivererOptions } from '../src/events/deliverer.js';
import { createEventService } from '../src/events/event-service.js';
import type { OutboundEvent } from '../src/contract.js';
import { httpEventSender, senderAgents } from '../src/events/http-sender.js';
import type { UrlPolicy } from '../src/events/url-guard.js';
import { anAddon } from './support/addons.js';
import { receiver, type Answer } from './support/receiver.js';
import { aSubscription, freshOrg } from './support/records.js';

const LOCAL: UrlPolicy = { allowHttp: true, allowPrivateNetworks: true, maxLength: 2048 };
const until = async (check: () => boolean | Promise<boolean>, what: string, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** The deliverer, sender and events API over one store, with short waits for tests. */
export function deliveryWorld(store: BillingStore) {
  const org = freshOrg('dlv');
  const agents = senderAgents(10);
  const running: Deliverer[] = [];
  const service = createEventService(store, { maxDestinations: 20, urlPolicy: LOCAL, maxDescriptionLength: 1024, secretOverlapMs: 60_000 });
  const start = (overrides: Partial<DelivererOptions> = {}) => {
    const deliverer = createDeliverer({
      store,
      send: httpEventSender(LOCAL, agents),
      policy: { scheduleMs: [300, 600], jitter: 0.1, maxRetryAfterMs: 3_600_000, disableAfterMs: 86_400_000 },
      timeoutMs: 1000,
      slotsPerDestination: 4,
      maxInFlight: 100,
      pollMs: 20,
      retentionMs: 86_400_000,
      // NOTE: 0.5 makes the jitter zero, so the waits are exactly the schedule's.
      random: () => 0.5,
      ...overrides,
    });
    running.push(deliverer);
    deliverer.start();
    return deliverer;
  };
  const destination = async (url: string) => {
    const made = await service.createDestination(org, { url }, new Date());
    if (!made.ok) throw new Error(made.error.message);
    return made.value;
  };
  /** Writes `n` add-ons (n created events) in one transaction; answers their events. */
  const changes = async (n: number, prefix = 'a') => {
    await store.transaction(async (uow) => {
      if ((await uow.subscriptions.findById(org, 's1')) === null) await uow.subscriptions.insert(aSubscription({ organizationId: org }));
      for (let i = 0; i < n; i++) await uow.addons.insert(anAddon({ organizationId: org, id: `${prefix}${i}` }));
    });
    return store.transaction((uow) => uow.events.listEvents(org, { limit: 1000 }));
  };
  const deliveries = (eventId: string) => store.transaction((uow) => uow.events.listDeliveries(org, eventId));
  const stop = async () => {
    await Promise.all(running.map((d) => d.stop()));
    agents.destroy();
  };
  return { org, service, start, destination, changes, deliveries, stop };
}

export function describeDeliverer(getStore: () => BillingStore) {
  describe('deliverer', () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0)) await cleanup();
    });
    const world = () => {
      const w = deliveryWorld(getStore());
      cleanups.push(w.stop);
      return w;
    };
    const listen = async (answer?: Answer) => {
      const r = await receiver(answer);
      cleanups.push(r.close);
      return r;
    };

    it('delivers each event signed as Standard Webhooks says: the standardwebhooks package verifies every request', async () => {
      const w = world();
      const r = await listen((_p, _n, res) => void res.end('x'.repeat(3000)));
      const { eventDestination, secret } = await w.destination(r.url('/hook'));
      const events = await w.changes(3);
      w.start();
      await until(() => r.received.length >= 3, 'three deliveries');
      const verifier = new Webhook(secret);
      const got = r.received.map((req) => verifier.verify(req.body, req.headers) as OutboundEvent);
      expect(got.map((e) => e.id).sort()).toEqual(events.map((e) => e.id).sort());
      for (const req of r.received) {
        expect(req.headers['webhook-id']).toBe((JSON.parse(req.body) as OutboundEvent).id);
        expect(req.headers['content-type']).toBe('application/json');
      }
      expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(r.received[0]!.body, r.received[0]!.headers)).toThrow();
      await until(async () => (await w.deliveries(events[0]!.id))[0]?.status === 'succeeded', 'recorded');
      const [delivery] = await w.deliveries(events[0]!.id);
      expect(delivery).toMatchObject({ eventDestinationId: eventDestination.id, status: 'succeeded', nextAttemptTime: null });
      expect(delivery!.attempts).toHaveLength(1);
      expect(delivery!.attempts[0]).toMatchObject({ httpStatus: 200, error: null, response: 'x'.repeat(1024) });
    });

    it('after :rotate-secret both secrets sign (two signatures), and each verifies', async () => {
      const w = world();
      const r = await listen();
      const { eventDestination, secret: old } = await w.destination(r.url('/rotated'));
      const rotated = await w.service.rotateSecret(w.org, eventDestination.id, new Date());
      if (!rotated.ok) throw new Error('rotate failed');
      await w.changes(1);
      w.start();
      await until(() => r.received.length >= 1, 'a delivery');
      const [req] = r.received;
      expect(req!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
      for (const secret of [old, rotated.value.secret]) expect(new Webhook(secret).verify(req!.body, req!.headers)).toMatchObject({ type: 'addon_subscription.created' });
    });

    it('500 twice: the third attempt comes on the schedule, with the same webhook-id, and succeeds', async () => {
      const w = world();
      const r = await listen((_p, n, res) => {
        res.statusCode = n < 2 ? 500 : 200;
        res.end(n < 2 ? 'down' : 'ok');
      });
      await w.destination(r.url('/flaky'));
      const [event] = await w.changes(1);
      w.start();
      await until(async () => (await w.deliveries(event!.id))[0]?.status === 'succeeded', 'success after two failures');
      expect(r.received.map((q) => q.headers['webhook-id'])).toEqual([event!.id, event!.id, event!.id]);
      const [delivery] = await w.deliveries(event!.id);
      expect(delivery!.attempts.map((a) => a.httpStatus)).toEqual([500, 500, 200]);
      const starts = delivery!.attempts.map((a) => Date.parse(a.time));
      // The waits are the schedule's (300 ms, then 600 ms; no jitter here), counted from each failure.
      expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(300);
      expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(600);
    });

    it('410 Gone disables the destination at once and cancels its pending deliveries', async () => {
      const w = world();
      const r = await listen((_p, _n, res) => {
        res.statusCode = 410;
        res.end('gone');
      });
      const { eventDestination } = await w.destination(r.url('/gone'));
      const events = await w.changes(5);
      w.start({ slotsPerDestination: 1 });
      await until(async () => {
        const d = await w.service.getDestination(w.org, eventDestination.id);
        return d.ok && d.value.disabled;
      }, 'disabled');
      const d = await w.service.getDestination(w.org, eventDestination.id);
      expect(d.ok && d.value.disabledReason).toContain('410');
      await new Promise((res) => setTimeout(res, 200));
      const statuses = (await Promise.all(events.map((e) => w.deliveries(e.id)))).map((ds) => ds[0]!.status);
      expect(statuses.filter((s) => s === 'failed')).toHaveLength(1);
      expect(statuses.filter((s) => s === 'canceled')).toHaveLength(4);
      expect(r.received).toHaveLength(1);
    });

    it('a destination that sleeps past the timeout holds up no other destination', async () => {
      const w = world();
      const slow = await listen(() => undefined); // never answers
      const fast = await listen();
      await w.destination(slow.url('/slow'));
      await w.destination(fast.url('/fast'));
      const events = await w.changes(20);
      w.start({ timeoutMs: 5000, slotsPerDestination: 2 });
      await until(() => fast.received.length >= 20, 'every event at the fast destination');
      // The slow destination has had its two slots in flight all along; none of its attempts is over.
      const slowDone = (await Promise.all(events.map((e) => w.deliveries(e.id)))).flat().filter((d) => d.attempts.length > 0 && d.eventDestinationId !== undefined && d.status !== 'succeeded');
      expect(slowDone).toHaveLength(0);
      expect(slow.received.length).toBeLessThanOrEqual(2);
    });

    it('a redirect is not followed: a 3xx is a failed attempt, even towards a private address', async () => {
      const w = world();
      const r = await listen((_p, _n, res) => {
        res.statusCode = 302;
        res.setHeader('location', 'http://169.254.169.254/latest/meta-data/');
        res.end();
      });
      await w.destination(r.url('/redirect'));
      const [event] = await w.changes(1);
      w.start();
      await until(async () => ((await w.deliveries(event!.id))[0]?.attempts.length ?? 0) >= 1, 'one attempt');
      const [delivery] = await w.deliveries(event!.id);
      expect(delivery).toMatchObject({ status: 'pending', attempts: [{ httpStatus: 302 }] });
      expect(r.received).toHaveLength(1);
    });

    it('a storage outage keeps the events pending; they are delivered once storage is back', async () => {
      const w = world();
      const r = await listen();
      await w.destination(r.url('/outage'));
      const store = getStore();
      let down = true;
      const flaky: BillingStore = { ...store, transaction: (work) => (down ? Promise.reject(new Error('connection refused')) : store.transaction(work)) };
      const events = await w.changes(4);
      const errors: unknown[] = [];
      const deliverer = createDeliverer({
        store: flaky,
        send: httpEventSender(LOCAL, senderAgents(2)),
        policy: { scheduleMs: [300], jitter: 0, maxRetryAfterMs: 1000, disableAfterMs: 86_400_000 },
        timeoutMs: 1000,
        slotsPerDestination: 4,
        maxInFlight: 10,
        pollMs: 20,
        retentionMs: 86_400_000,
        onError: (e) => errors.push(e),
      });
      cleanups.push(() => deliverer.stop());
      deliverer.start();
      await until(() => errors.length >= 2, 'the deliverer met the outage');
      expect(r.received).toHaveLength(0);
      expect((await Promise.all(events.map((e) => w.deliveries(e.id)))).flat().map((d) => d.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
      down = false;
      await until(() => r.received.length >= 4, 'delivered after the outage');
      expect(new Set(r.received.map((q) => q.headers['webhook-id']))).toEqual(new Set(events.map((e) => e.id)));
    });

    it('a resend delivers the event again with the same webhook-id', async () => {
      const w = world();
      const r = await listen();
      const { eventDestination } = await w.destination(r.url('/resend'));
      const [event] = await w.changes(1);
      const deliverer = w.start();
      await until(async () => (await w.deliveries(event!.id))[0]?.status === 'succeeded', 'first delivery');
      expect((await w.service.resend(w.org, event!.id, { eventDestinationId: eventDestination.id }, new Date())).ok).toBe(true);
      deliverer.wake();
      await until(() => r.received.length >= 2, 'the resend');
      expect(r.received.map((q) => q.headers['webhook-id'])).toEqual([event!.id, event!.id]);
    });

    it('ping: answers once the attempt is over, with its delivery record', async () => {
      const w = world();
      const r = await listen();
      const { eventDestination } = await w.destination(r.url('/ping'));
      const deliverer = w.start();
      const service = createEventService(getStore(), {
        maxDestinations: 20, urlPolicy: LOCAL, maxDescriptionLength: 1024, secretOverlapMs: 0, deliverNow: deliverer.deliverNow,
      });
      const pinged = await service.ping(w.org, eventDestination.id, new Date());
      expect(pinged).toMatchObject({ ok: true, value: { event: { type: 'ping', data: { eventDestinationId: eventDestination.id } }, delivery: { status: 'succeeded' } } });
      expect(r.received).toHaveLength(1);
    });
  });
}
