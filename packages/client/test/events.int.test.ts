import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillingClient, isBillingApiError, verifyEvent, type BillingApiError, type BillingEvent } from '../src/index.js';
import { ORG, signToken, startBillingServer, type BillingServer } from './support/billing-server.js';
import { startFaultStub, type FaultStub } from './support/fault-stub.js';
import { startReceiver, type Receiver } from './support/receiver.js';

let server: BillingServer;
let stub: FaultStub;
let receiver: Receiver;
const token = () => signToken({ orgs: [ORG] });
const billing = () => createBillingClient({ baseUrl: server.url, token, organizationId: ORG });

beforeAll(async () => {
  // NOTE: the receiver listens on 127.0.0.1 over http, which the server refuses unless told.
  server = await startBillingServer({ BILLING_EVENT_ALLOW_HTTP: '1', BILLING_EVENT_ALLOW_PRIVATE_NETWORKS: '1' });
  stub = await startFaultStub(server.url);
  receiver = await startReceiver();
  await server.deliverSubscription('sub_events', 'item_events', new Date(Date.now() - 60_000));
});
afterAll(async () => {
  await receiver?.close();
  await stub?.close();
  await server?.stop();
});

async function failure(call: Promise<unknown>): Promise<BillingApiError> {
  const error = await call.then(() => undefined, (e: unknown) => e);
  if (!isBillingApiError(error)) throw new Error(`expected a BillingApiError, got ${String(error)}`);
  return error;
}

describe('event destinations and events, against the real server', () => {
  let destinationId = '';
  let secret = '';
  let addonEvent: BillingEvent | undefined;

  it('create answers the destination and its secret; get, list and listAll show it without the secret', async () => {
    const created = await billing().eventDestinations.create({ url: receiver.url, description: 'client test' });
    destinationId = created.eventDestination.id;
    secret = created.secret;
    expect(secret).toMatch(/^whsec_/);
    expect(created.eventDestination).toMatchObject({ url: receiver.url, description: 'client test', disabled: false });
    expect(await billing().eventDestinations.get(destinationId)).toEqual(created.eventDestination);
    expect((await billing().eventDestinations.list()).eventDestinations.map((d) => d.id)).toEqual([destinationId]);
    const all = [];
    for await (const destination of billing().eventDestinations.listAll({ pageSize: 1 })) all.push(destination);
    expect(all).toEqual([created.eventDestination]);
    expect(JSON.stringify(all)).not.toContain(secret);
  });

  it('update changes the description', async () => {
    expect((await billing().eventDestinations.update(destinationId, { description: 'renamed' })).description).toBe('renamed');
  });

  it('ping delivers a ping that verifyEvent accepts with the secret', async () => {
    const from = receiver.received.length;
    const { event, delivery } = await billing().eventDestinations.ping(destinationId);
    expect([event.type, delivery.eventDestinationId, delivery.status]).toEqual(['ping', destinationId, 'succeeded']);
    const arrived = await receiver.next(from);
    const verified = verifyEvent(arrived.body, arrived.headers, secret);
    expect(verified).toEqual(event);
    expect(verified.type === 'ping' ? verified.data.eventDestinationId : '').toBe(destinationId);
  });

  it('a cancel makes an addon_subscription.updated event, delivered signed: verifyEvent returns it as GET /v1/events/{id} does', async () => {
    const [addon] = (await billing().addonSubscriptions.list({ externalSubscriptionId: 'sub_events' })).addonSubscriptions;
    const from = receiver.received.length;
    await billing().addonSubscriptions.cancel(addon?.id ?? '');
    const arrived = await receiver.next(from, (r) => r.body.toString().includes('addon_subscription.updated'));
    addonEvent = verifyEvent(arrived.body, arrived.headers, secret);
    if (addonEvent.type !== 'addon_subscription.updated') throw new Error(`got ${addonEvent.type}`);
    expect([addonEvent.data.addonSubscription.id, addonEvent.data.addonSubscription.cancelAtPeriodEnd]).toEqual([addon?.id, true]);
    expect(addonEvent.data.previousAttributes?.cancelAtPeriodEnd).toBe(false);
    expect(await billing().events.get(addonEvent.id)).toEqual(addonEvent);
    expect(() => verifyEvent(Buffer.concat([arrived.body, Buffer.from(' ')]), arrived.headers, secret)).toThrow(/does not verify/);
  });

  it('events list and listAll filter by type, newest first; deliveries shows the attempt', async () => {
    const id = addonEvent?.id ?? '';
    const page = await billing().events.list({ type: 'addon_subscription.updated' });
    expect(page.events.map((e) => e.id)).toEqual([id]);
    const types: string[] = [];
    for await (const event of billing().events.listAll({ pageSize: 1 })) types.push(event.type);
    expect(types).toEqual(['addon_subscription.updated', 'ping', 'addon_subscription.created']);
    const [delivery] = await billing().events.deliveries(id);
    expect([delivery?.eventDestinationId, delivery?.status, delivery?.attempts[0]?.httpStatus]).toEqual([destinationId, 'succeeded', 204]);
  });

  it('resend delivers the same event again with the same webhook-id', async () => {
    const id = addonEvent?.id ?? '';
    const from = receiver.received.length;
    await billing().events.resend(id, { eventDestinationId: destinationId });
    const again = await receiver.next(from);
    expect(again.headers['webhook-id']).toBe(id);
    expect(verifyEvent(again.body, again.headers, secret)).toEqual(addonEvent);
  });

  it('rotateSecret gives a new secret that signs the next delivery', async () => {
    const rotated = await billing().eventDestinations.rotateSecret(destinationId);
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    const from = receiver.received.length;
    await billing().eventDestinations.ping(destinationId);
    const arrived = await receiver.next(from);
    expect(verifyEvent(arrived.body, arrived.headers, rotated).type).toBe('ping');
  });

  it('an unsafe operation is not retried: a 503 on create is thrown after one attempt, and nothing is made', async () => {
    const through = createBillingClient({ baseUrl: stub.url, token, organizationId: ORG });
    stub.arm({ matches: (method, url) => method === 'POST' && url === '/v1/event-destinations', status: 503, retryAfter: '0', times: 1 });
    const error = await failure(through.eventDestinations.create({ url: receiver.url }));
    expect([error.status, error.operation]).toEqual(['UNAVAILABLE', 'createEventDestination']);
    expect(stub.seen.map((r) => r.answer)).toEqual([503]);
    expect((await billing().eventDestinations.list()).eventDestinations).toHaveLength(1);
  });

  it('reads of events are retried through the stub', async () => {
    const through = createBillingClient({ baseUrl: stub.url, token, organizationId: ORG });
    stub.arm({ matches: (method, url) => method === 'GET' && url.startsWith('/v1/events/'), status: 503, retryAfter: '0', times: 1 });
    expect((await through.events.get(addonEvent?.id ?? '')).id).toBe(addonEvent?.id);
    expect(stub.seen.map((r) => r.answer)).toEqual([503, 'forwarded']);
  });

  it('a 400 names the field; delete removes the destination, which then answers 404', async () => {
    const bad = await failure(billing().eventDestinations.create({ url: 'ftp://example.com' }));
    expect([bad.code, bad.status]).toEqual([400, 'INVALID_ARGUMENT']);
    expect(bad.fieldViolations.map((v) => v.field)).toContain('url');
    await billing().eventDestinations.delete(destinationId);
    const gone = await failure(billing().eventDestinations.get(destinationId));
    expect([gone.code, gone.status, gone.operation]).toEqual([404, 'NOT_FOUND', 'getEventDestination']);
    expect((await failure(billing().events.get('evt_missing'))).status).toBe('NOT_FOUND');
  });
});
