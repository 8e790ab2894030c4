import { createBillingService, type BillingConfig, type BillingService, type EventServiceOptions, type ResolveAll } from '@billing/billing-domain';
import { openTestStore } from '../../../billing-domain/test/support/pglite.js';
import { testApp } from './app.js';
import { authHeaders, signToken } from './tokens.js';
import { STANDARD_SECRET, standardDelivery, standardEvent, standardSubscriptionUpdated } from './webhook-payloads.js';

/** A resolver for tests: names in the table resolve to their addresses, others fail as unknown. */
export function fakeResolver(table: Record<string, string[]>): ResolveAll {
  return async (hostname) => {
    const addresses = table[hostname];
    if (addresses === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

export const PUBLIC_HOSTS = fakeResolver({
  'hooks.example.com': ['93.184.215.14'],
  'other.example.com': ['93.184.215.15'],
  'rebind.example.com': ['93.184.215.16', '10.0.0.5'],
  'metadata.example.com': ['169.254.169.254'],
  'v6-local.example.com': ['::1'],
  localhost: ['127.0.0.1', '::1'],
});

/** Options of the events API as the server's defaults give them, public networks only. */
export function eventOptions(overrides: Partial<EventServiceOptions> = {}): EventServiceOptions {
  return {
    maxDestinations: 20,
    urlPolicy: { allowHttp: false, allowPrivateNetworks: false, maxLength: 2048 },
    maxDescriptionLength: 1024,
    secretOverlapMs: 86_400_000,
    resolveAll: PUBLIC_HOSTS,
    ...overrides,
  };
}

/** A memory store, the service with events, the app, and two organizations' headers. */
export async function eventsWorld(overrides: Partial<EventServiceOptions> = {}) {
  const config: BillingConfig = {
    webhookEndpoints: [{ provider: 'standard', organizationId: 'org_a', secrets: [STANDARD_SECRET], requireBearer: true, toleranceSeconds: 300 }],
  };
  const store = await openTestStore({ databaseUrl: 'memory://' });
  const billing: BillingService = createBillingService({ store, config, events: eventOptions(overrides) });
  const app = testApp(billing);
  const asA = authHeaders(await signToken({ orgs: ['org_a'] }), 'org_a');
  const asB = authHeaders(await signToken({ orgs: ['org_b'] }), 'org_b');
  const call = async (method: string, path: string, body?: unknown, headers = asA) => {
    const res = await app.request(path, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: (text === '' ? null : JSON.parse(text)) as Record<string, any> };
  };
  /** A provider webhook creating (or updating) subscription `sub` with one add-on, at `at`. */
  const upsert = async (sub: string, at = new Date(), status = 'active') => {
    const payload = standardSubscriptionUpdated({ timestamp: at, subscriptionId: sub, itemId: `item_${sub}`, status, periodStart: new Date(at.getTime() - 1000) });
    const delivery = standardDelivery(`msg_${sub}_${at.getTime()}_${status}`, payload, new Date());
    const res = await app.request('/api/v1/webhooks/standard', { method: 'POST', body: delivery.body, headers: { ...delivery.headers, ...asA } });
    return res.json();
  };
  const providerEvent = async (type: 'payment.failed' | 'payment.succeeded' | 'subscription.canceled', sub: string, at: Date) => {
    const delivery = standardDelivery(`msg_${type}_${sub}_${at.getTime()}`, standardEvent(type, at, sub), new Date());
    const res = await app.request('/api/v1/webhooks/standard', { method: 'POST', body: delivery.body, headers: { ...delivery.headers, ...asA } });
    return res.json();
  };
  return { store, billing, app, asA, asB, call, upsert, providerEvent, close: () => billing.close() };
}
