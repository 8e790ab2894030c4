import { createBillingService, type AddonSubscription, type BillingConfig, type BillingService } from '@billing/billing-domain';
import { openTestStore } from '../../../billing-domain/test/support/pglite.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/support/app.js';
import { fakeBilling } from '../../test/support/fake-billing.js';
import { authHeaders, signToken } from '../../test/support/tokens.js';
import { STANDARD_SECRET, standardDelivery, standardSubscriptionUpdated } from '../../test/support/webhook-payloads.js';
import { addonSubscriptionSchema } from '../schemas/addon-subscription.js';

const config: BillingConfig = {
  webhookEndpoints: [
    { provider: 'standard', organizationId: 'org_a', secrets: [STANDARD_SECRET], requireBearer: true, toleranceSeconds: 300 },
  ],
};

let billing: BillingService;
let app: ReturnType<typeof testApp>;
const tokenA = await signToken({ orgs: ['org_a'] });
const tokenB = await signToken({ orgs: ['org_b'] });
const asA = authHeaders(tokenA, 'org_a');
const asB = authHeaders(tokenB, 'org_b');
const ids: string[] = [];

type Page = { addonSubscriptions: AddonSubscription[]; nextPageToken: string };
const list = async (query: string, headers = asA) => {
  const res = await app.request(`/v1/addon-subscriptions${query}`, { headers });
  return { status: res.status, body: (await res.json()) as Page & { error: { status: string; details: unknown[] } } };
};
const act = async (id: string, action: string, init: RequestInit = {}) => {
  const res = await app.request(`/v1/addon-subscriptions/${id}${action}`, { method: 'POST', ...init, headers: { ...asA, ...(init.headers as Record<string, string>) } });
  return { status: res.status, body: (await res.json()) as { addonSubscription: AddonSubscription; error: { status: string } } };
};

beforeAll(async () => {
  billing = createBillingService({ store: await openTestStore({ databaseUrl: 'memory://' }), config });
  app = testApp(billing);
  const now = new Date();
  for (const [i, sub] of ['vm_1', 'vm_2', 'vm_3'].entries()) {
    const payload = standardSubscriptionUpdated({ timestamp: new Date(now.getTime() - 60_000 + i), subscriptionId: sub, itemId: `item_${sub}`, periodStart: now });
    const delivery = standardDelivery(`msg_${sub}`, payload, now);
    const res = await app.request('/api/v1/webhooks/standard', { method: 'POST', body: delivery.body, headers: { ...delivery.headers, ...asA } });
    expect(await res.json()).toMatchObject({ success: true });
  }
  const all = await list('');
  ids.push(...all.body.addonSubscriptions.map((a) => a.id));
});

afterAll(async () => billing.close());

describe('examples: GET /v1/addon-subscriptions and /{id}', () => {
  it('lists the organization’s add-ons newest first, every field present, in pages', async () => {
    const all = await list('');
    expect(all.status).toBe(200);
    expect(all.body.addonSubscriptions.map((a) => a.externalId)).toEqual(['item_vm_3', 'item_vm_2', 'item_vm_1']);
    for (const addon of all.body.addonSubscriptions) expect(() => addonSubscriptionSchema.strict().parse(addon)).not.toThrow();
    const first = await list('?pageSize=2');
    expect(first.body.addonSubscriptions).toHaveLength(2);
    expect(first.body.nextPageToken).not.toBe('');
    const second = await list(`?pageSize=2&pageToken=${encodeURIComponent(first.body.nextPageToken)}`);
    expect(second.body.addonSubscriptions.map((a) => a.externalId)).toEqual(['item_vm_1']);
    expect(second.body.nextPageToken).toBe('');
  });

  it('filters by subscriptionId (our id of the parent)', async () => {
    const [one] = (await list('')).body.addonSubscriptions;
    const filtered = await list(`?subscriptionId=${one?.subscriptionId}`);
    expect(filtered.body.addonSubscriptions.map((a) => a.id)).toEqual([one?.id]);
  });

  it('pageSize: negative or not a number is 400 naming pageSize; above 1000 is served', async () => {
    for (const bad of ['-1', 'abc', '2.5']) {
      const res = await list(`?pageSize=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(JSON.stringify(res.body)).toContain('"field":"pageSize"');
    }
    expect((await list('?pageSize=5000')).status).toBe(200);
    expect((await list('?pageSize=0')).body.addonSubscriptions).toHaveLength(3);
  });

  it('pageSize reaches the domain as 50 by default and 1000 at most', async () => {
    const fake = fakeBilling();
    const fakeApp = testApp(fake);
    await fakeApp.request('/v1/addon-subscriptions', { headers: asA });
    await fakeApp.request('/v1/addon-subscriptions?pageSize=100000&subscriptionId=s1&pageToken=t', { headers: asA });
    expect(fake.calls.map((c) => c.args)).toEqual([
      ['org_a', { pageSize: 50, subscriptionId: undefined, pageToken: undefined }],
      ['org_a', { pageSize: 1000, subscriptionId: 's1', pageToken: 't' }],
    ]);
  });

  it('an unknown pageToken is 400 INVALID_ARGUMENT', async () => {
    const res = await list('?pageToken=not-a-token');
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
  });

  it('get answers the resource itself; another organization gets 404 exactly like a missing id', async () => {
    const id = ids[0] ?? '';
    const own = await app.request(`/v1/addon-subscriptions/${id}`, { headers: asA });
    expect(own.status).toBe(200);
    expect(((await own.json()) as AddonSubscription).name).toBe(`addonSubscriptions/${id}`);
    const foreign = await app.request(`/v1/addon-subscriptions/${id}`, { headers: asB });
    const missing = await app.request('/v1/addon-subscriptions/does-not-exist', { headers: asB });
    expect([foreign.status, missing.status]).toEqual([404, 404]);
    const strip = (b: unknown) => JSON.stringify(b).replaceAll(id, 'ID').replaceAll('does-not-exist', 'ID');
    expect(strip(await foreign.json())).toBe(strip(await missing.json()));
    expect((await list('', asB)).body.addonSubscriptions).toEqual([]);
  });
});

describe('examples: :cancel and :undo-cancel', () => {
  it('cancel schedules the end, keeps the first canceledAt; undo clears it, twice is a no-op', async () => {
    const id = ids[1] ?? '';
    const first = await act(id, ':cancel');
    expect(first.status).toBe(200);
    expect(first.body.addonSubscription).toMatchObject({ id, cancelAtPeriodEnd: true, addonStatus: 'ADDON_STATUS_ACTIVE' });
    const again = await act(id, '%3Acancel', { body: '{}', headers: { 'content-type': 'text/plain' } });
    expect(again.status).toBe(200);
    expect(again.body.addonSubscription.canceledAt).toBe(first.body.addonSubscription.canceledAt);
    const undone = await act(id, ':undo-cancel', { body: ' {} ', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(undone.body.addonSubscription).toMatchObject({ cancelAtPeriodEnd: false, canceledAt: null });
    const twice = await act(id, '%3aundo-cancel');
    expect(twice.status).toBe(200);
    expect(twice.body.addonSubscription).toEqual(undone.body.addonSubscription);
  });

  it.each([['{"reason":"x"}'], ['[]'], ['{'], ['null']])('a body other than empty or {} (%s) is 400', async (body) => {
    const res = await act(ids[2] ?? '', ':cancel', { body, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
  });

  it('another organization’s add-on: 404 for both actions, and nothing changes', async () => {
    const id = ids[2] ?? '';
    for (const action of [':cancel', ':undo-cancel']) {
      const res = await app.request(`/v1/addon-subscriptions/${id}${action}`, { method: 'POST', headers: asB });
      expect(res.status).toBe(404);
    }
    const own = (await (await app.request(`/v1/addon-subscriptions/${id}`, { headers: asA })).json()) as AddonSubscription;
    expect(own.cancelAtPeriodEnd).toBe(false);
  });

  it('an unknown action is 404', async () => {
    expect((await act(ids[0] ?? '', ':archive')).status).toBe(404);
  });
});
