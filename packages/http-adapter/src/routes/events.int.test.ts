import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsWorld } from '../../test/support/events-world.js';
import { eventDestinationSchema, eventSchema } from '../schemas/events.js';

let world: Awaited<ReturnType<typeof eventsWorld>>;
beforeAll(async () => {
  world = await eventsWorld();
});
afterAll(async () => world.close());

const fieldsOf = (body: Record<string, any>): string[] =>
  (body.error?.details ?? []).flatMap((d: { fieldViolations?: { field: string }[] }) => (d.fieldViolations ?? []).map((v) => v.field));

describe('examples: event destinations', () => {
  it('POST makes a destination and shows its secret once; GET, list and PATCH never show it', async () => {
    const made = await world.call('POST', '/v1/event-destinations', { url: 'https://hooks.example.com/billing', description: 'VM platform' });
    expect(made.status).toBe(201);
    expect(made.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(made.body.secret.slice(6), 'base64')).toHaveLength(32);
    const destination = made.body.eventDestination;
    expect(() => eventDestinationSchema.strict().parse(destination)).not.toThrow();
    expect(destination).toMatchObject({
      url: 'https://hooks.example.com/billing',
      eventTypes: ['addon_subscription.created', 'addon_subscription.updated', 'addon_subscription.canceled'],
      disabled: false,
      disabledReason: null,
    });
    const got = await world.call('GET', `/v1/event-destinations/${destination.id}`);
    expect(got.body).toEqual(destination);
    expect(JSON.stringify(got.body)).not.toContain('whsec_');
    const patched = await world.call('PATCH', `/v1/event-destinations/${destination.id}`, { disabled: true, eventTypes: ['ping'] });
    expect(patched.body).toMatchObject({ disabled: true, disabledReason: 'disabled by a request', eventTypes: ['ping'] });
    const enabled = await world.call('PATCH', `/v1/event-destinations/${destination.id}`, { disabled: false });
    expect(enabled.body).toMatchObject({ disabled: false, disabledReason: null });
    const list = await world.call('GET', '/v1/event-destinations');
    expect(list.body.eventDestinations.map((d: { id: string }) => d.id)).toContain(destination.id);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
    const rotated = await world.call('POST', `/v1/event-destinations/${destination.id}:rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(made.body.secret);
    expect((await world.call('DELETE', `/v1/event-destinations/${destination.id}`)).status).toBe(204);
    expect((await world.call('GET', `/v1/event-destinations/${destination.id}`)).status).toBe(404);
  });

  it("another organization's destination answers 404 to every method, exactly as a missing one", async () => {
    const made = await world.call('POST', '/v1/event-destinations', { url: 'https://hooks.example.com/a' });
    const id = made.body.eventDestination.id;
    for (const [method, path, body] of [
      ['GET', `/v1/event-destinations/${id}`],
      ['PATCH', `/v1/event-destinations/${id}`, { description: 'mine now' }],
      ['DELETE', `/v1/event-destinations/${id}`],
      ['POST', `/v1/event-destinations/${id}:rotate-secret`],
      ['POST', `/v1/event-destinations/${id}:ping`],
    ] as const) {
      const foreign = await world.call(method, path, body, world.asB);
      const missing = await world.call(method, path.replace(id, 'evd_missing'), body, world.asB);
      expect(foreign.status, `${method} ${path}`).toBe(404);
      expect(foreign.body.error.status).toBe('NOT_FOUND');
      expect(missing.status).toBe(404);
    }
    expect((await world.call('GET', '/v1/event-destinations', undefined, world.asB)).body.eventDestinations).toEqual([]);
    expect((await world.call('GET', `/v1/event-destinations/${id}`)).body.description).toBe('');
  });

  it('page tokens are signed and bound to the organization', async () => {
    for (let i = 0; i < 3; i++) await world.call('POST', '/v1/event-destinations', { url: `https://hooks.example.com/p${i}` });
    const first = await world.call('GET', '/v1/event-destinations?pageSize=1');
    expect(first.body.nextPageToken).not.toBe('');
    const second = await world.call('GET', `/v1/event-destinations?pageSize=1&pageToken=${encodeURIComponent(first.body.nextPageToken)}`);
    expect(second.status).toBe(200);
    expect(second.body.eventDestinations[0].id).not.toBe(first.body.eventDestinations[0].id);
    const foreign = await world.call('GET', `/v1/event-destinations?pageToken=${encodeURIComponent(first.body.nextPageToken)}`, undefined, world.asB);
    expect(foreign.status).toBe(400);
    expect(fieldsOf(foreign.body)).toEqual(['pageToken']);
    const altered = `${first.body.nextPageToken.slice(0, -2)}AA`;
    expect((await world.call('GET', `/v1/event-destinations?pageToken=${encodeURIComponent(altered)}`)).status).toBe(400);
  });
});

describe('hostile input: 400 naming the field, nothing stored', () => {
  const refused = async (body: unknown, field: string) => {
    const before = (await world.call('GET', '/v1/event-destinations?pageSize=1000')).body.eventDestinations.length;
    const res = await world.call('POST', '/v1/event-destinations', body);
    expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
    expect(fieldsOf(res.body), JSON.stringify(res.body).slice(0, 300)).toContain(field);
    expect((await world.call('GET', '/v1/event-destinations?pageSize=1000')).body.eventDestinations.length).toBe(before);
  };

  it('a URL of 10,000 characters', () => refused({ url: `https://hooks.example.com/${'a'.repeat(10_000)}` }, 'url'));
  it('10,000 event types', () => refused({ url: 'https://hooks.example.com/x', eventTypes: Array.from({ length: 10_000 }, () => 'ping') }, 'eventTypes'));
  it('unknown and repeated event types', async () => {
    await refused({ url: 'https://hooks.example.com/x', eventTypes: ['addon_subscription.deleted'] }, 'eventTypes');
    await refused({ url: 'https://hooks.example.com/x', eventTypes: ['ping', 'ping'] }, 'eventTypes');
    await refused({ url: 'https://hooks.example.com/x', eventTypes: [42] }, 'eventTypes[0]');
  });
  it('unknown fields (each at its own path) and wrong types', async () => {
    await refused({ url: 'https://hooks.example.com/x', secret: 'whsec_mine' }, 'secret');
    await refused({ url: 42 }, 'url');
  });
  it.each([
    'https://localhost/hook',
    'https://127.0.0.1/hook',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://0.0.0.0/hook',
    'https://2130706433/hook',
    'https://017700000001/hook',
    'https://0x7f000001/hook',
    'https://0x7f.0.0.1/hook',
    'https://127.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://10.0.0.1/hook',
    'https://172.16.5.4/hook',
    'https://192.168.1.1/hook',
    'https://100.64.0.1/hook',
    'https://[fc00::1]/hook',
    'https://[fe80::1]/hook',
    'https://metadata.example.com/hook',
    'https://rebind.example.com/hook',
    'https://v6-local.example.com/hook',
    'http://hooks.example.com/hook',
    'https://user:pass@hooks.example.com/hook',
    'https://unknown-host.example.com/hook',
    'not a url',
  ])('%s', (url) => refused({ url }, 'url'));

  it('the 21st destination is refused naming BILLING_MAX_EVENT_DESTINATIONS', async () => {
    const small = await eventsWorld({ maxDestinations: 3 });
    try {
      for (let i = 0; i < 3; i++) expect((await small.call('POST', '/v1/event-destinations', { url: `https://hooks.example.com/${i}` })).status).toBe(201);
      const over = await small.call('POST', '/v1/event-destinations', { url: 'https://hooks.example.com/over' });
      expect(over.status).toBe(400);
      expect(over.body.error.status).toBe('FAILED_PRECONDITION');
      expect(over.body.error.message).toContain('BILLING_MAX_EVENT_DESTINATIONS');
      expect((await small.call('GET', '/v1/event-destinations')).body.eventDestinations).toHaveLength(3);
      // another organization has its own allowance
      expect((await small.call('POST', '/v1/event-destinations', { url: 'https://hooks.example.com/b' }, small.asB)).status).toBe(201);
    } finally {
      await small.close();
    }
  });

  it('PATCH checks a new url the same way', async () => {
    const made = await world.call('POST', '/v1/event-destinations', { url: 'https://hooks.example.com/patch' });
    const res = await world.call('PATCH', `/v1/event-destinations/${made.body.eventDestination.id}`, { url: 'https://169.254.169.254/' });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['url']);
    expect((await world.call('GET', `/v1/event-destinations/${made.body.eventDestination.id}`)).body.url).toBe('https://hooks.example.com/patch');
  });
});

describe('examples: events', () => {
  it('lists the changes newest first, filters by type and add-on, each as GET /v1/events/{id} returns it', async () => {
    const t = new Date();
    await world.upsert('vm_ev_1', new Date(t.getTime() - 5000));
    await world.upsert('vm_ev_2', new Date(t.getTime() - 4000));
    await world.providerEvent('payment.failed', 'vm_ev_1', new Date(t.getTime() - 3000));
    const all = await world.call('GET', '/v1/events?type=addon_subscription.updated');
    expect(all.status).toBe(200);
    const [updated] = all.body.events;
    expect(() => eventSchema.strict().parse(updated)).not.toThrow();
    expect(updated.data.previousAttributes).toEqual({ addonStatus: 'ADDON_STATUS_ACTIVE' });
    const addonId = updated.data.addonSubscription.id;
    const addon = await world.call('GET', `/v1/addon-subscriptions/${addonId}`);
    expect(updated.data.addonSubscription).toEqual(addon.body);
    expect((await world.call('GET', `/v1/events/${updated.id}`)).body).toEqual(updated);
    const ofAddon = await world.call('GET', `/v1/events?addonSubscriptionId=${addonId}`);
    expect(ofAddon.body.events.map((e: { type: string }) => e.type)).toEqual(['addon_subscription.updated', 'addon_subscription.created']);
    const sequences = (await world.call('GET', '/v1/events?pageSize=1000')).body.events.map((e: { sequence: number }) => e.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => b - a));
    expect((await world.call('GET', `/v1/events/${updated.id}`, undefined, world.asB)).status).toBe(404);
    expect((await world.call('GET', `/v1/events/${updated.id}/deliveries`, undefined, world.asB)).status).toBe(404);
    expect((await world.call('POST', `/v1/events/${updated.id}:resend`, undefined, world.asB)).status).toBe(404);
  });

  it('page tokens of /v1/events are bound to their filter', async () => {
    await world.upsert('vm_pg_1');
    await world.upsert('vm_pg_2');
    const first = await world.call('GET', '/v1/events?pageSize=1&type=addon_subscription.created');
    expect(first.body.nextPageToken).not.toBe('');
    const token = encodeURIComponent(first.body.nextPageToken);
    const next = await world.call('GET', `/v1/events?pageSize=1&type=addon_subscription.created&pageToken=${token}`);
    expect(next.status).toBe(200);
    expect(next.body.events[0].sequence).toBeLessThan(first.body.events[0].sequence);
    for (const query of [`?pageToken=${token}`, `?type=addon_subscription.updated&pageToken=${token}`]) {
      const res = await world.call('GET', `/v1/events${query}`);
      expect(res.status, query).toBe(400);
      expect(fieldsOf(res.body)).toEqual(['pageToken']);
    }
    expect(fieldsOf((await world.call('GET', '/v1/events?type=nope')).body)).toEqual(['type']);
  });

  it('a destination gets a pending delivery for each later change of its types; resend to a named destination is 202', async () => {
    const made = await world.call('POST', '/v1/event-destinations', { url: 'https://hooks.example.com/deliveries', eventTypes: ['addon_subscription.created'] });
    const id = made.body.eventDestination.id;
    await world.upsert('vm_dl_1');
    const [event] = (await world.call('GET', '/v1/events?type=addon_subscription.created&pageSize=1')).body.events;
    const deliveries = await world.call('GET', `/v1/events/${event.id}/deliveries`);
    const mine = deliveries.body.deliveries.find((d: { eventDestinationId: string }) => d.eventDestinationId === id);
    expect(mine).toMatchObject({ status: 'pending', attempts: [] });
    expect(Date.parse(mine.nextAttemptTime)).toBeLessThanOrEqual(Date.now());
    expect((await world.call('POST', `/v1/events/${event.id}:resend`, { eventDestinationId: id })).status).toBe(202);
    expect((await world.call('POST', `/v1/events/${event.id}:resend`, { eventDestinationId: 'evd_missing' })).status).toBe(404);
    expect((await world.call('POST', `/v1/events/${event.id}:resend`, { other: 1 })).status).toBe(400);
  });
});

describe('examples: the OpenAPI document', () => {
  it('lists the events API and shows each event payload under webhooks', async () => {
    const doc = (await (await world.app.request('/openapi.json')).json()) as { paths: Record<string, unknown>; webhooks: Record<string, unknown> };
    expect(Object.keys(doc.webhooks).sort()).toEqual(['addon_subscription.canceled', 'addon_subscription.created', 'addon_subscription.updated', 'ping']);
    for (const path of ['/v1/event-destinations', '/v1/event-destinations/{eventDestinationId}', '/v1/events', '/v1/events/{eventId}/deliveries', '/v1/events/{eventId}:resend']) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });
});
