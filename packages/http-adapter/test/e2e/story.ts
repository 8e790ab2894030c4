import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddonSubscription } from '@billing/billing-domain';
import { expect, it } from 'vitest';
import type { ServerProcess } from '../support/server-process.js';
import { authHeaders, signToken, TEST_SECRET } from '../support/tokens.js';
import {
  STANDARD_SECRET,
  STRIPE_SECRET,
  standardDelivery,
  standardEvent,
  standardSubscriptionUpdated,
  stripeDelivery,
  stripeInvoiceEvent,
  stripeSubscriptionEvent,
} from '../support/webhook-payloads.js';

/** A BILLING_CONFIG file: Stripe for org_a by signature alone, standard for org_s with a bearer token. */
export function writeBillingConfig(): string {
  const dir = mkdtempSync(join(tmpdir(), 'billing-e2e-config-'));
  const path = join(dir, 'billing.json');
  writeFileSync(
    path,
    JSON.stringify({
      webhookEndpoints: [
        { provider: 'stripe', organizationId: 'org_a', secrets: ['whsec_retired_one', STRIPE_SECRET], requireBearer: false },
        { provider: 'standard', organizationId: 'org_s', secrets: [STANDARD_SECRET], requireBearer: true, toleranceSeconds: 300 },
      ],
    }),
  );
  return path;
}

export const serverEnv = (configPath: string) => ({ BILLING_JWT_SECRET: TEST_SECRET, BILLING_CONFIG: configPath });

type Json = Record<string, unknown> & { error?: { status: string; code: number } };

type Answer = { status: number; headers: { get(name: string): string | null }; json: Json };

/** A small client for one organization. */
export function client(server: () => ServerProcess, token: Promise<string>, org: string) {
  const call = async (method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}): Promise<Answer> => {
    const res = await fetch(`${server().url}${path}`, { method, body: init.body, headers: { ...authHeaders(await token, org), ...init.headers } });
    return { status: res.status, headers: res.headers, json: (await res.json()) as Json };
  };
  return {
    call,
    list: async () => (await call('GET', '/v1/addon-subscriptions')).json['addonSubscriptions'] as AddonSubscription[],
    get: (id: string) => call('GET', `/v1/addon-subscriptions/${id}`),
    act: (id: string, action: ':cancel' | ':undo-cancel') => call('POST', `/v1/addon-subscriptions/${id}${action}`),
  };
}

const addonOf = (r: { json: Json }) => r.json['addonSubscription'] as AddonSubscription;

/** The add-on story, told through Stripe (signature only) or the standard provider (bearer + signature). */
export function addonStory(server: () => ServerProcess, provider: 'stripe' | 'standard') {
  const org = provider === 'stripe' ? 'org_a' : 'org_s';
  const owner = client(server, signToken({ orgs: [org] }), org);
  const stranger = client(server, signToken({ orgs: ['org_x'] }), 'org_x');
  const bearer = signToken({ orgs: [org] });
  const base = Date.now() - 600_000;
  let step = 0;
  const at = () => new Date(base + ++step * 1000);
  const periodStart = new Date(Date.now() - 24 * 3600_000);
  const sub = `sub_${provider}_${Date.now()}`;
  const item = `si_${provider}_${Date.now()}`;
  let addonId = '';

  const deliver = async (kind: 'created' | 'paid' | 'failed' | 'deleted', eventId: string, opts: { withBearer?: boolean } = {}) => {
    const now = new Date();
    let delivery: { body: string; headers: Record<string, string> };
    if (provider === 'stripe') {
      const created = at();
      const event =
        kind === 'created'
          ? stripeSubscriptionEvent('customer.subscription.created', { eventId, created, subscriptionId: sub, itemId: item, periodStart })
          : kind === 'deleted'
            ? stripeSubscriptionEvent('customer.subscription.deleted', { eventId, created, subscriptionId: sub, itemId: item, periodStart })
            : stripeInvoiceEvent(kind === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', { eventId, created, subscriptionId: sub });
      delivery = stripeDelivery(event, now);
    } else {
      const timestamp = at();
      const payload =
        kind === 'created'
          ? standardSubscriptionUpdated({ timestamp, subscriptionId: sub, itemId: item, periodStart })
          : standardEvent(kind === 'paid' ? 'payment.succeeded' : kind === 'failed' ? 'payment.failed' : 'subscription.canceled', timestamp, sub);
      delivery = standardDelivery(eventId, payload, now);
    }
    const headers = { ...delivery.headers, ...(opts.withBearer ?? provider === 'standard' ? { authorization: `Bearer ${await bearer}`, 'x-organization-id': org } : {}) };
    const res = await fetch(`${server().url}/api/v1/webhooks/${provider}`, { method: 'POST', body: delivery.body, headers });
    return { status: res.status, json: (await res.json()) as { success: boolean; eventId: string; message: string } };
  };

  if (provider === 'standard') {
    it('standard: a delivery without the bearer token the endpoint requires is 401, nothing stored', async () => {
      const res = await deliver('created', 'msg_no_bearer', { withBearer: false });
      expect(res.status).toBe(401);
      expect(res.json.success).toBe(false);
      expect(await owner.list()).toEqual([]);
    });
  }

  it(`${provider}: a signed subscription with an add-on arrives; a redelivery is a duplicate`, async () => {
    const first = await deliver('created', `evt_created_${provider}`);
    expect(first).toMatchObject({ status: 200, json: { success: true, eventId: `evt_created_${provider}` } });
    const again = await deliver('created', `evt_created_${provider}`);
    expect(again.status).toBe(200);
    expect(again.json.success).toBe(true);
    expect(again.json.message).toMatch(/duplicate/i);
  });

  it(`${provider}: the add-on is listed for its organization, active, in major units`, async () => {
    const addons = await owner.list();
    expect(addons).toHaveLength(1);
    const [addon] = addons;
    expect(addon).toMatchObject({ externalId: item, provider, addonStatus: 'ADDON_STATUS_ACTIVE', status: 'STATUS_ACTIVE', cancelAtPeriodEnd: false });
    expect(addon?.unitAmount).toBe('1.20');
    addonId = addon?.id ?? '';
    const got = await owner.get(addonId);
    expect(got.json).toEqual(addon);
  });

  it(`${provider}: :cancel, :undo-cancel, and :undo-cancel again (idempotent)`, async () => {
    const canceled = await owner.act(addonId, ':cancel');
    expect(canceled.status).toBe(200);
    expect(addonOf(canceled)).toMatchObject({ cancelAtPeriodEnd: true, addonStatus: 'ADDON_STATUS_ACTIVE' });
    expect(addonOf(canceled).canceledAt).not.toBeNull();
    const undone = await owner.act(addonId, ':undo-cancel');
    expect(addonOf(undone)).toMatchObject({ cancelAtPeriodEnd: false, canceledAt: null });
    const again = await owner.act(addonId, ':undo-cancel');
    expect(again.status).toBe(200);
    expect(addonOf(again)).toEqual(addonOf(undone));
  });

  it(`${provider}: another organization gets 404 and sees nothing`, async () => {
    expect((await stranger.get(addonId)).status).toBe(404);
    expect((await stranger.act(addonId, ':cancel')).status).toBe(404);
    expect(await stranger.list()).toEqual([]);
  });

  it(`${provider}: payment failed -> PAST_DUE, paid -> ACTIVE`, async () => {
    expect((await deliver('failed', `evt_failed_${provider}`)).status).toBe(200);
    expect((await owner.get(addonId)).json['addonStatus']).toBe('ADDON_STATUS_PAST_DUE');
    expect((await deliver('paid', `evt_paid_${provider}`)).status).toBe(200);
    expect((await owner.get(addonId)).json['addonStatus']).toBe('ADDON_STATUS_ACTIVE');
  });

  it(`${provider}: deletion ends the add-on; :undo-cancel is then FAILED_PRECONDITION`, async () => {
    expect((await deliver('deleted', `evt_deleted_${provider}`)).status).toBe(200);
    const ended = (await owner.get(addonId)).json;
    expect(ended).toMatchObject({ addonStatus: 'ADDON_STATUS_CANCELED', status: 'STATUS_INACTIVE' });
    const refused = await owner.act(addonId, ':undo-cancel');
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ code: 400, status: 'FAILED_PRECONDITION' });
  });

  it(`${provider}: a bad signature is 400, success false, nothing applied`, async () => {
    const body = JSON.stringify({ id: 'evt_forged', type: 'customer.subscription.deleted' });
    const headers: Record<string, string> =
      provider === 'stripe'
        ? { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }
        : { 'webhook-id': 'msg_forged', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,AAAA', authorization: `Bearer ${await bearer}`, 'x-organization-id': org };
    const res = await fetch(`${server().url}/api/v1/webhooks/${provider}`, { method: 'POST', body, headers });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: expect.stringContaining('signature') });
  });
}
