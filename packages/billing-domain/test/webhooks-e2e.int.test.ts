import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingService, WebhookDelivery, WebhookEndpointConfig } from '../src/contract.js';
import { createBillingService } from '../src/service/billing-service.js';
import { openTestStore } from './support/pglite.js';
import { signWebhook } from '../src/webhooks/providers/index.js';
import type { BillingStore } from '../src/domain/ports.js';
import { standardBody, standardSubscriptionData } from './fixtures/webhooks/standard.js';
import { stripeEventBody, stripeSubscription } from './fixtures/webhooks/stripe.js';
import { freshOrg } from './support/records.js';

const NOW = new Date('2025-05-05T12:00:00.000Z');
const unix = (d: Date) => Math.floor(d.getTime() / 1000);
const STRIPE_OLD = 'whsec_old_0f1e2d3c4b5a69788796a5b4c3d2e1f0';
const STRIPE_NEW = 'whsec_new_a1b2c3d4e5f60718293a4b5c6d7e8f90';
const STANDARD = `whsec_${Buffer.from('standard-secret-for-tests-32byte').toString('base64')}`;

const endpoint = (provider: WebhookEndpointConfig['provider'], organizationId: string, secrets: string[], requireBearer: boolean) =>
  ({ provider, organizationId, secrets, requireBearer, toleranceSeconds: 300 }) satisfies WebhookEndpointConfig;

const bytes = (text: string) => Buffer.from(text, 'utf8');

function stripeDelivery(body: string, secret: string, at = NOW): WebhookDelivery {
  return { provider: 'stripe', headers: signWebhook('stripe', body, secret, { now: at }), rawBody: bytes(body), principal: null, now: NOW };
}

function standardDelivery(body: string, id: string, extra: Partial<WebhookDelivery> = {}): WebhookDelivery {
  const headers = signWebhook('standard', body, STANDARD, { now: NOW, eventId: id });
  return { provider: 'standard', headers, rawBody: bytes(body), principal: null, now: NOW, ...extra };
}

describe('webhooks end to end (real signatures, PGlite)', () => {
  let store: BillingStore;
  beforeAll(async () => {
    store = await openTestStore({ databaseUrl: 'memory://' });
  });
  afterAll(() => store.close());

  const serviceFor = (endpoints: WebhookEndpointConfig[]): BillingService =>
    createBillingService({ store, config: { webhookEndpoints: endpoints }, clock: () => NOW });
  const stored = (org: string, provider: 'stripe' | 'standard', id: string) =>
    store.transaction((uow) => uow.webhookEvents.find(org, provider, id));

  it('a Stripe subscription event signed with a rotated secret lands in the organization whose secret verified', async () => {
    const a = freshOrg();
    const b = freshOrg();
    const service = serviceFor([endpoint('stripe', a, ['whsec_a_only'], false), endpoint('stripe', b, [STRIPE_OLD, STRIPE_NEW], false)]);
    const body = stripeEventBody('customer.subscription.created', stripeSubscription());
    const ack = await service.webhooks.handle(stripeDelivery(body, STRIPE_NEW));
    expect(ack).toMatchObject({ code: 'webhook.applied', success: true, eventId: 'evt_1PQy1bLkdIwHu7ixW3bq' });
    const inB = await service.addons.list(b, { pageSize: 10 });
    expect(inB.ok && inB.value.addonSubscriptions.map((x) => [x.addonCode, x.quantity, x.unitAmount, x.currency])).toEqual([
      ['extra_ipv4', 2, '1.20', 'USD'],
    ]);
    const inA = await service.addons.list(a, { pageSize: 10 });
    expect(inA.ok && inA.value.addonSubscriptions).toEqual([]);
    const again = await service.webhooks.handle(stripeDelivery(body, STRIPE_OLD));
    expect(again).toMatchObject({ code: 'webhook.duplicate', success: true });
  });

  it('a bad signature or a stale timestamp is rejected and nothing is stored', async () => {
    const org = freshOrg();
    const service = serviceFor([endpoint('stripe', org, [STRIPE_NEW], false)]);
    const body = stripeEventBody('customer.subscription.updated', stripeSubscription(), { id: 'evt_bad' });
    expect(await service.webhooks.handle(stripeDelivery(body, 'whsec_wrong'))).toMatchObject({ code: 'webhook.invalid_signature', success: false });
    const stale = stripeDelivery(body, STRIPE_NEW, new Date(NOW.getTime() - 301_000));
    expect(await service.webhooks.handle(stale)).toMatchObject({ code: 'webhook.invalid_signature', success: false });
    const tampered = { ...stripeDelivery(body, STRIPE_NEW), rawBody: bytes(body.replace('"quantity": 2', '"quantity": 9')) };
    expect((await service.webhooks.handle(tampered)).code).toBe('webhook.invalid_signature');
    expect(await stored(org, 'stripe', 'evt_bad')).toBeNull();
  });

  it('an unhandled Stripe type is stored as ignored', async () => {
    const org = freshOrg();
    const service = serviceFor([endpoint('stripe', org, [STRIPE_NEW], false)]);
    const body = stripeEventBody('charge.refunded', { id: 'ch_1', object: 'charge' }, { id: 'evt_ignored' });
    const ack = await service.webhooks.handle(stripeDelivery(body, STRIPE_NEW));
    expect(ack).toMatchObject({ code: 'webhook.ignored', success: true });
    expect(ack.message).toMatch(/ignored/);
    expect((await stored(org, 'stripe', 'evt_ignored'))?.status).toBe('ignored');
  });

  it('bearer endpoints take a delivery only with a token for their organization', async () => {
    const org = freshOrg();
    const service = serviceFor([endpoint('standard', org, [STANDARD], true)]);
    const body = standardBody('subscription.updated', standardSubscriptionData());
    expect(await service.webhooks.handle(standardDelivery(body, 'msg_1'))).toMatchObject({ code: 'webhook.unauthenticated', success: false });
    const foreign = standardDelivery(body, 'msg_1', { principal: { organizationIds: ['org_other'] } });
    expect((await service.webhooks.handle(foreign)).code).toBe('webhook.permission_denied');
    const invalid = standardDelivery(body, 'msg_1', { principal: null, unauthenticated: 'invalid_credentials' });
    expect((await service.webhooks.handle(invalid)).code).toBe('webhook.unauthenticated');
    const headerless = standardDelivery(body, 'msg_1', { principal: null, unauthenticated: 'no_organization' });
    expect((await service.webhooks.handle(headerless)).code).toBe('webhook.missing_organization');
    const mine = standardDelivery(body, 'msg_1', { principal: { organizationIds: [org] } });
    expect(await service.webhooks.handle(mine)).toMatchObject({ code: 'webhook.applied', eventId: 'msg_1' });
  });

  it('a signature from a bearer endpoint does not count without its token', async () => {
    const guarded = freshOrg();
    const open = freshOrg();
    const service = serviceFor([endpoint('standard', guarded, [STANDARD], true), endpoint('standard', open, ['whsec_b3RoZXItc2VjcmV0'], false)]);
    const body = standardBody('payment.failed', { subscriptionId: 'vm_sub_42', amount: '10.00', currency: 'EUR' });
    expect((await service.webhooks.handle(standardDelivery(body, 'msg_2'))).code).toBe('webhook.invalid_signature');
    expect(await stored(guarded, 'standard', 'msg_2')).toBeNull();
  });

  it('unknown provider first, then not configured, then malformed', async () => {
    const service = serviceFor([endpoint('standard', freshOrg(), [STANDARD], false)]);
    const unknown = await service.webhooks.handle({ ...standardDelivery('{}', 'm'), provider: 'braintree' });
    expect(unknown).toEqual({ code: 'webhook.unknown_provider', success: false, eventId: '', message: expect.stringMatching(/stripe, paddle, standard/) });
    expect((await service.webhooks.handle({ ...standardDelivery('{}', 'm'), provider: 'paddle' })).code).toBe('webhook.not_configured');
    const malformed = await service.webhooks.handle(standardDelivery(JSON.stringify({ type: 'payment.failed' }), 'msg_bad'));
    expect(malformed).toMatchObject({ code: 'webhook.malformed', success: false });
  });

  it('a correctly signed body that is not valid UTF-8 is malformed (decoded only after verification), nothing stored', async () => {
    const org = freshOrg();
    const service = serviceFor([endpoint('standard', org, [STANDARD], false)]);
    const text = standardBody('subscription.updated', standardSubscriptionData());
    const at = text.indexOf('"name"') + 1;
    const raw = Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0xff]), Buffer.from(text.slice(at))]);
    // The signature covers these exact bytes (a text signer could not make it).
    const headers = signWebhook('standard', raw, STANDARD, { now: NOW, eventId: 'msg_utf8' });
    const delivery: WebhookDelivery = { ...standardDelivery(text, 'msg_utf8'), headers, rawBody: raw };
    expect(await service.webhooks.handle(delivery)).toMatchObject({ code: 'webhook.malformed', success: false, message: expect.stringContaining('not valid UTF-8') });
    expect(await stored(org, 'standard', 'msg_utf8')).toBeNull();
  });

  it('readiness follows the store; once it is closed, deliveries answer storage.unavailable (runs last)', async () => {
    const org = freshOrg();
    const service = serviceFor([endpoint('standard', org, [STANDARD], false)]);
    expect(await service.isReady()).toBe(true);
    await store.close();
    expect(await service.isReady()).toBe(false);
    const body = standardBody('payment.failed', { subscriptionId: 'vm_sub_42', amount: '10.00', currency: 'EUR' });
    expect(await service.webhooks.handle(standardDelivery(body, 'msg_closed'))).toMatchObject({
      code: 'storage.unavailable',
      success: false,
      eventId: 'msg_closed',
    });
  });
});
