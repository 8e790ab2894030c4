import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillingClient, isBillingApiError, type AddonSubscription, type BillingApiError, type PlanRequest } from '../src/index.js';
import { ORG, signToken, startBillingServer, type BillingServer } from './support/billing-server.js';
import { startFaultStub, type FaultStub } from './support/fault-stub.js';

// NOTE: 2 instances of 10.00 each, 20% tax: 20.00 + 4.00 = 24.00 (worked by hand).
const REQUEST: PlanRequest = {
  planConfig: { currency: 'USD', prices: [{ pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '10.00' }] },
  instances: [{ quantity: 2 }],
  calcConfig: { taxRate: 0.2 },
};

let server: BillingServer;
let stub: FaultStub;
const token = () => signToken({ orgs: [ORG, 'org_other'] });

beforeAll(async () => {
  server = await startBillingServer();
  stub = await startFaultStub(server.url);
});
afterAll(async () => {
  await stub?.close();
  await server?.stop();
});

/** The rejection of a call, which must be a BillingApiError. */
async function failure(call: Promise<unknown>): Promise<BillingApiError> {
  const error = await call.then(() => undefined, (e: unknown) => e);
  if (!isBillingApiError(error)) throw new Error(`expected a BillingApiError, got ${String(error)}`);
  return error;
}

describe('plans.calculate', () => {
  const billing = () => createBillingClient({ baseUrl: server.url, token, organizationId: ORG });

  it('prices a plan: 2 x 10.00 with 20% tax is 24.00; view FULL adds the per-instance debug', async () => {
    const result = await billing().plans.calculate(REQUEST);
    expect([result.subtotal, result.tax, result.total, result.lineItems.length, result.debug?.instances]).toEqual(['20.00', '4.00', '24.00', 1, undefined]);
    const full = await billing().plans.calculate(REQUEST, { view: 'FULL' });
    expect([full.total, full.debug?.instances?.length]).toEqual(['24.00', 1]);
  });

  it('a 400 carries status, reason and every field violation by its path', async () => {
    const bad = { planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: 'ten' }] }, instances: [{ quantity: -1 }] };
    const error = await failure(billing().plans.calculate(bad as PlanRequest));
    expect([error.code, error.status, error.operation]).toEqual([400, 'INVALID_ARGUMENT', 'calculatePlan']);
    expect(error.reason).toMatch(/^[A-Z_]+$/);
    expect(error.fieldViolations.map((v) => v.field)).toEqual(expect.arrayContaining(['planConfig.prices[0].unitAmount', 'instances[0].quantity']));
    expect(error.message).toMatch(/invalid field/);
  });

  it('a bad token is 401 UNAUTHENTICATED; an organization the token does not list is 403', async () => {
    const stranger = createBillingClient({ baseUrl: server.url, token: 'x.y.z', organizationId: ORG });
    expect((await failure(stranger.plans.calculate(REQUEST))).status).toBe('UNAUTHENTICATED');
    expect((await failure(billing().plans.calculate(REQUEST, { organizationId: 'org_elsewhere' }))).status).toBe('PERMISSION_DENIED');
  });
});

describe('add-on subscriptions', () => {
  const billing = () => createBillingClient({ baseUrl: server.url, token, organizationId: ORG });
  const subscriptions = ['sub_1', 'sub_2', 'sub_3'];

  beforeAll(async () => {
    const base = Date.now() - 600_000;
    for (const [i, id] of subscriptions.entries()) await server.deliverSubscription(id, `item_${id}`, new Date(base + i * 1000));
  });

  it('list pages by nextPageToken; listAll walks them all, newest first, the same add-ons', async () => {
    const first = await billing().addonSubscriptions.list({ pageSize: 2 });
    expect(first.addonSubscriptions).toHaveLength(2);
    expect(first.nextPageToken).not.toBe('');
    const second = await billing().addonSubscriptions.list({ pageSize: 2, pageToken: first.nextPageToken });
    expect([second.addonSubscriptions.length, second.nextPageToken]).toEqual([1, '']);
    const all: AddonSubscription[] = [];
    for await (const addon of billing().addonSubscriptions.listAll({ pageSize: 1 })) all.push(addon);
    expect(all.map((a) => a.id)).toEqual([...first.addonSubscriptions, ...second.addonSubscriptions].map((a) => a.id));
    expect(all.map((a) => a.externalId)).toEqual(['item_sub_3', 'item_sub_2', 'item_sub_1']);
  });

  it('listAll stops fetching when the loop breaks', async () => {
    const client = createBillingClient({ baseUrl: stub.url, token, organizationId: ORG });
    stub.arm({ matches: () => false, status: 503, times: 0 });
    for await (const addon of client.addonSubscriptions.listAll({ pageSize: 1 })) {
      expect(addon.externalId).toBe('item_sub_3');
      break;
    }
    expect(stub.seen.map((r) => r.url)).toEqual(['/v1/addon-subscriptions?pageSize=1']);
  });

  it('list filters by the parent subscription', async () => {
    const page = await billing().addonSubscriptions.list({ externalSubscriptionId: 'sub_2' });
    expect(page.addonSubscriptions.map((a) => a.externalId)).toEqual(['item_sub_2']);
  });

  it('get returns the add-on as listed; cancel schedules the end; undoCancel clears it', async () => {
    const [listed] = (await billing().addonSubscriptions.list({ externalSubscriptionId: 'sub_1' })).addonSubscriptions;
    const id = listed?.id ?? '';
    expect(await billing().addonSubscriptions.get(id)).toEqual(listed);
    const canceled = await billing().addonSubscriptions.cancel(id);
    expect([canceled.id, canceled.cancelAtPeriodEnd, typeof canceled.canceledAt]).toEqual([id, true, 'string']);
    const restored = await billing().addonSubscriptions.undoCancel(id);
    expect([restored.cancelAtPeriodEnd, restored.canceledAt]).toEqual([false, null]);
    expect((await billing().addonSubscriptions.get(id)).cancelAtPeriodEnd).toBe(false);
  });

  it('a missing add-on is 404 NOT_FOUND with its reason, and so is another organization\'s', async () => {
    const missing = await failure(billing().addonSubscriptions.get('as_missing'));
    expect([missing.code, missing.status, missing.operation]).toEqual([404, 'NOT_FOUND', 'getAddonSubscription']);
    expect(missing.reason).toMatch(/NOT_FOUND/);
    const [listed] = (await billing().addonSubscriptions.list({ pageSize: 1 })).addonSubscriptions;
    const foreign = await failure(billing().addonSubscriptions.cancel(listed?.id ?? '', { organizationId: 'org_other' }));
    expect([foreign.code, foreign.status]).toEqual([404, 'NOT_FOUND']);
  });

  it('an altered page token is 400 naming pageToken', async () => {
    const error = await failure(billing().addonSubscriptions.list({ pageToken: 'not-a-token' }));
    expect([error.code, error.status]).toEqual([400, 'INVALID_ARGUMENT']);
    expect(JSON.stringify(error.details)).toMatch(/pageToken/);
  });

  it('an empty id is refused before any request, naming the field', () => {
    expect(() => billing().addonSubscriptions.get('')).toThrow(/addonSubscriptionId must be a non-empty string/);
  });
});

describe('retries through a stub in front of the server', () => {
  const through = (retry?: { maxRetries?: number; maxDelayMs?: number } | false) =>
    createBillingClient({ baseUrl: stub.url, token, organizationId: ORG, ...(retry === undefined ? {} : { retry }) });
  const calculate = (method: string, url: string) => method === 'POST' && url.startsWith('/v1/plans:calculate');

  it('a 503 with Retry-After: 1 is retried after at least a second, with the same body, and the call succeeds', async () => {
    stub.arm({ matches: calculate, status: 503, retryAfter: '1', times: 1 });
    const result = await through().plans.calculate(REQUEST);
    expect(result.total).toBe('24.00');
    expect(stub.seen.map((r) => r.answer)).toEqual([503, 'forwarded']);
    expect(stub.seen[1]?.body).toBe(stub.seen[0]?.body);
    expect(JSON.parse(stub.seen[1]?.body ?? '')).toEqual(REQUEST);
    expect((stub.seen[1]?.atMs ?? 0) - (stub.seen[0]?.atMs ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('a 429 on a read is retried; cancel and undoCancel are retried too', async () => {
    stub.arm({ matches: (m) => m === 'GET', status: 429, retryAfter: '0', times: 1 });
    const page = await through().addonSubscriptions.list({ pageSize: 1 });
    expect(stub.seen.map((r) => r.answer)).toEqual([429, 'forwarded']);
    const id = page.addonSubscriptions[0]?.id ?? '';
    stub.arm({ matches: (_, url) => url.endsWith(':cancel'), status: 503, retryAfter: '0', times: 1 });
    expect((await through().addonSubscriptions.cancel(id)).cancelAtPeriodEnd).toBe(true);
    stub.arm({ matches: (_, url) => url.endsWith(':undo-cancel'), status: 503, times: 1 });
    expect((await through().addonSubscriptions.undoCancel(id)).cancelAtPeriodEnd).toBe(false);
    expect(stub.seen.map((r) => r.answer)).toEqual([503, 'forwarded']);
  });

  it('the count is bounded: a 503 that does not end is thrown after maxRetries + 1 attempts', async () => {
    stub.arm({ matches: calculate, status: 503, retryAfter: '0', times: 10 });
    const error = await failure(through({ maxRetries: 2 }).plans.calculate(REQUEST));
    expect([error.code, error.status, error.retryAfterMs]).toEqual([503, 'UNAVAILABLE', 0]);
    expect(stub.seen.map((r) => r.answer)).toEqual([503, 503, 503]);
  });

  it('with retry: false, or a Retry-After beyond maxDelayMs, the 503 is thrown after one attempt', async () => {
    stub.arm({ matches: calculate, status: 503, retryAfter: '1', times: 1 });
    expect((await failure(through(false).plans.calculate(REQUEST))).retryAfterMs).toBe(1000);
    expect(stub.seen).toHaveLength(1);
    stub.arm({ matches: calculate, status: 503, retryAfter: '120', times: 1 });
    expect((await failure(through({ maxDelayMs: 5000 }).plans.calculate(REQUEST))).retryAfterMs).toBe(120_000);
    expect(stub.seen).toHaveLength(1);
  });
});
