import { createBillingService, type AddonSubscription, type BillingConfig, type BillingService } from '@billing/billing-domain';
import { openTestStore } from '../../../billing-domain/test/support/pglite.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/support/app.js';
import { fakeBilling } from '../../test/support/fake-billing.js';
import { authHeaders, signToken } from '../../test/support/tokens.js';
import { STANDARD_SECRET, standardDelivery, standardSubscriptionUpdated } from '../../test/support/webhook-payloads.js';

/** The AddonSubscription fields in the interface's order, then ours. */
const FIELD_ORDER = [
  'id', 'quantity', 'startDate', 'endDate', 'addonStatus', 'cancelAtPeriodEnd', 'canceledAt', 'externalId', 'subscriptionId',
  'addonId', 'addonPriceId', 'subscriptionName', 'addonName', 'addonCode', 'unitAmount', 'currency', 'pricingModel',
  'addonType', 'metadata', 'status', 'timestamps', 'name', 'organizationId', 'provider',
];

const config: BillingConfig = {
  webhookEndpoints: [
    { provider: 'standard', organizationId: 'org_a', secrets: [STANDARD_SECRET], requireBearer: true, toleranceSeconds: 300 },
  ],
};

let billing: BillingService;
let app: ReturnType<typeof testApp>;
const asA = authHeaders(await signToken({ orgs: ['org_a'] }), 'org_a');
const asB = authHeaders(await signToken({ orgs: ['org_b'] }), 'org_b');

type Page = { addonSubscriptions: AddonSubscription[]; nextPageToken: string };
type Failure = { error: { code: number; status: string; details: { fieldViolations?: { field: string }[] }[] } };
const get = async (path: string, headers = asA) => {
  const res = await app.request(path, { headers });
  return { status: res.status, body: (await res.json()) as Page & AddonSubscription & Failure };
};
const post = async (path: string) => {
  const res = await app.request(path, { method: 'POST', headers: asA });
  return { status: res.status, body: (await res.json()) as { addonSubscription: AddonSubscription } };
};
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

beforeAll(async () => {
  billing = createBillingService({ store: await openTestStore({ databaseUrl: 'memory://' }), config });
  app = testApp(billing);
  const now = new Date();
  for (const [i, sub] of ['sub_x', 'sub_y', 'sub_z'].entries()) {
    const payload = standardSubscriptionUpdated({ timestamp: new Date(now.getTime() - 60_000 + i), subscriptionId: sub, itemId: `item_${sub}`, periodStart: now });
    const delivery = standardDelivery(`msg_${sub}`, payload, now);
    const res = await app.request('/api/v1/webhooks/standard', { method: 'POST', body: delivery.body, headers: { ...delivery.headers, ...asA } });
    expect(await res.json()).toMatchObject({ success: true });
  }
});

afterAll(async () => billing.close());

describe('examples: the AddonSubscription resource', () => {
  it('every response (get, list, :cancel, :undo-cancel) carries every field in the interface order', async () => {
    const listed = (await get('/v1/addon-subscriptions')).body.addonSubscriptions;
    expect(listed).toHaveLength(3);
    const id = listed[0]?.id ?? '';
    const answers = [
      ...listed,
      (await get(`/v1/addon-subscriptions/${id}`)).body,
      (await post(`/v1/addon-subscriptions/${id}:cancel`)).body.addonSubscription,
      (await post(`/v1/addon-subscriptions/${id}:undo-cancel`)).body.addonSubscription,
    ];
    for (const addon of answers) {
      expect(Object.keys(addon)).toEqual(FIELD_ORDER);
      expect(Object.keys(addon.timestamps)).toEqual(['createTime', 'updateTime']);
    }
    expect(answers[answers.length - 1]).toMatchObject({
      addonId: 'prod_backup', addonPriceId: 'price_backup', addonName: 'Backup', subscriptionName: 'VM small', addonCode: 'backup',
      canceledAt: null, cancelAtPeriodEnd: false, metadata: {},
    });
  });

  it(':cancel and :undo-cancel move updateTime, never createTime', async () => {
    const [addon] = (await get('/v1/addon-subscriptions?externalSubscriptionId=sub_y')).body.addonSubscriptions;
    if (addon === undefined) throw new Error('no add-on');
    const canceled = (await post(`/v1/addon-subscriptions/${addon.id}:cancel`)).body.addonSubscription;
    const undone = (await post(`/v1/addon-subscriptions/${addon.id}:undo-cancel`)).body.addonSubscription;
    expect([canceled.timestamps.createTime, undone.timestamps.createTime]).toEqual([addon.timestamps.createTime, addon.timestamps.createTime]);
    expect(canceled.timestamps.updateTime).not.toBe(addon.timestamps.updateTime);
    expect(Date.parse(undone.timestamps.updateTime)).toBeGreaterThanOrEqual(Date.parse(canceled.timestamps.updateTime));
  });
});

describe('examples: GET /v1/addon-subscriptions?externalSubscriptionId=', () => {
  it("filters by the provider's subscription id, alone or with subscriptionId, in pages", async () => {
    const one = await get('/v1/addon-subscriptions?externalSubscriptionId=sub_z');
    expect(one.body.addonSubscriptions.map((a) => a.externalId)).toEqual(['item_sub_z']);
    const ours = one.body.addonSubscriptions[0]?.subscriptionId ?? '';
    const both = await get(`/v1/addon-subscriptions?externalSubscriptionId=sub_z&subscriptionId=${ours}`);
    expect(both.body.addonSubscriptions.map((a) => a.externalId)).toEqual(['item_sub_z']);
    const mismatch = await get(`/v1/addon-subscriptions?externalSubscriptionId=sub_x&subscriptionId=${ours}`);
    expect(mismatch.body.addonSubscriptions).toEqual([]);
    expect((await get('/v1/addon-subscriptions?externalSubscriptionId=sub_z', asB)).body.addonSubscriptions).toEqual([]);
  });

  it('reaches the domain as externalSubscriptionId', async () => {
    const fake = fakeBilling();
    await testApp(fake).request('/v1/addon-subscriptions?externalSubscriptionId=sub_1&pageSize=5', { headers: asA });
    expect(fake.calls.map((c) => c.args)).toEqual([['org_a', { pageSize: 5, externalSubscriptionId: 'sub_1' }]]);
  });
});

describe('examples: pageToken is signed', () => {
  const refused = (res: { status: number; body: Failure }) => {
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
    expect(JSON.stringify(res.body)).toContain('"field":"pageToken"');
  };

  it('forged or garbage tokens (NUL id, year out of range, bad base64) are 400, never 5xx', async () => {
    const forged = [
      b64(JSON.stringify(['2025-03-01T00:00:00.000Z', 'a\u0000', ''])),
      b64(JSON.stringify(['-271821-04-20T00:00:00.000Z', 'a1', ''])),
      '%00',
      '!!!',
    ];
    for (const token of forged) refused(await get(`/v1/addon-subscriptions?pageToken=${encodeURIComponent(token)}`));
  });

  it('an altered token, or one of another organization or filter, is 400', async () => {
    const first = await get('/v1/addon-subscriptions?pageSize=1');
    const token = first.body.nextPageToken;
    expect(token).not.toBe('');
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    refused(await get(`/v1/addon-subscriptions?pageSize=1&pageToken=${encodeURIComponent(altered)}`));
    refused(await get(`/v1/addon-subscriptions?pageSize=1&pageToken=${encodeURIComponent(token)}`, asB));
    refused(await get(`/v1/addon-subscriptions?pageSize=1&externalSubscriptionId=sub_x&pageToken=${encodeURIComponent(token)}`));
    const next = await get(`/v1/addon-subscriptions?pageSize=10&pageToken=${encodeURIComponent(token)}`);
    expect(next.status).toBe(200);
    expect(next.body.addonSubscriptions).toHaveLength(2);
  });
});
