import type { AddonSubscription } from '@billing/billing-domain';
import { signToken } from '../../support/tokens.js';
import { standardDelivery } from '../../support/webhook-payloads.js';
import { FAULT_ORGS, type FaultEvent } from './fault-events.js';

/** What one delivery got: an HTTP status and the acknowledgement, or a transport error (status 0). */
export interface DeliveryResult {
  event: FaultEvent;
  status: number;
  success: boolean;
  message: string;
}

const tokens = new Map<string, Promise<string>>();
const tokenFor = (org: string) => {
  let token = tokens.get(org);
  if (token === undefined) {
    token = signToken({ orgs: [org] });
    tokens.set(org, token);
  }
  return token;
};

/** Delivers one event as the provider does: signed now, bearer token of its organization. */
export async function deliver(baseUrl: string, event: FaultEvent): Promise<DeliveryResult> {
  const { body, headers } = standardDelivery(event.id, event.payload, new Date());
  try {
    const res = await fetch(`${baseUrl}/api/v1/webhooks/standard`, {
      method: 'POST',
      body,
      headers: { ...headers, authorization: `Bearer ${await tokenFor(event.org)}`, 'x-organization-id': event.org },
      signal: AbortSignal.timeout(30_000),
    });
    const ack = (await res.json()) as { success: boolean; message: string };
    return { event, status: res.status, success: ack.success, message: ack.message };
  } catch (error) {
    return { event, status: 0, success: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Runs `work` over `items` with at most `limit` at once; `onResult` sees each result as it comes. */
export async function withConcurrency<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>, onResult?: (r: R) => void): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      const result = await work(item);
      results.push(result);
      onResult?.(result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The reference run: each subscription's events one after another in event-time order
 * (subscriptions are independent, so up to 16 of them at once).
 */
export async function deliverInOrder(baseUrl: string, events: readonly FaultEvent[]): Promise<void> {
  const lanes = new Map<string, FaultEvent[]>();
  for (const event of [...events].sort((a, b) => a.at - b.at)) lanes.set(`${event.org}/${event.sub}`, [...(lanes.get(`${event.org}/${event.sub}`) ?? []), event]);
  await withConcurrency([...lanes.values()], 16, async (lane) => {
    for (const event of lane) {
      const r = await deliver(baseUrl, event);
      if (r.status !== 200) throw new Error(`reference delivery of ${event.id} answered ${r.status}: ${r.message}`);
    }
  });
}

/**
 * Redelivers, as a provider does, every event whose last delivery got no 2xx, until all have one;
 * gives up after `rounds` rounds (then the caller's assertions fail).
 */
export async function redeliverUntilAcknowledged(baseUrl: string, failed: readonly FaultEvent[], rounds = 20): Promise<DeliveryResult[]> {
  let pending = [...failed];
  const all: DeliveryResult[] = [];
  for (let round = 0; round < rounds && pending.length > 0; round++) {
    const results = await withConcurrency(pending, 8, (e) => deliver(baseUrl, e));
    all.push(...results);
    pending = results.filter((r) => r.status < 200 || r.status > 299).map((r) => r.event);
    if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return all;
}

/** An add-on without our ids and processing times: what must not depend on delivery order. */
export type ObservableAddon = Omit<AddonSubscription, 'id' | 'name' | 'subscriptionId' | 'timestamps'>;

/** Every add-on of every fault organization, through the API, all pages, sorted by externalId. */
export async function finalState(baseUrl: string): Promise<Record<string, ObservableAddon[]>> {
  const state: Record<string, ObservableAddon[]> = {};
  for (const org of FAULT_ORGS) {
    const headers = { authorization: `Bearer ${await tokenFor(org)}`, 'x-organization-id': org };
    const addons: AddonSubscription[] = [];
    let pageToken = '';
    for (let page = 0; page < 1000; page++) {
      const res = await fetch(`${baseUrl}/v1/addon-subscriptions?pageSize=200&pageToken=${encodeURIComponent(pageToken)}`, { headers });
      if (res.status !== 200) throw new Error(`listing ${org} answered ${res.status}: ${await res.text()}`);
      const body = (await res.json()) as { addonSubscriptions: AddonSubscription[]; nextPageToken: string };
      addons.push(...body.addonSubscriptions);
      pageToken = body.nextPageToken;
      if (pageToken === '') break;
    }
    state[org] = addons
      .map(({ id: _id, name: _name, subscriptionId: _sub, timestamps: _t, ...rest }) => rest)
      .sort((a, b) => a.externalId.localeCompare(b.externalId));
  }
  return state;
}

/** Polls `check` every 100 ms until it is true or `timeoutMs` passes; returns the last answer. */
export async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
