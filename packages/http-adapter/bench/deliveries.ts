import type { RawRequest } from 'autocannon';
import { stripeDelivery, stripeSubscriptionEvent } from '../test/support/webhook-payloads.js';

/**
 * Pre-signed Stripe deliveries, each a new subscription with one add-on (the heavy path);
 * `next` hands them out in turn, `sent` counts what was handed out.
 * @example const set = stripeCreations('run1', 1000); autocannon({ requests: [{ setupRequest: set.next }] })
 */
export function stripeCreations(prefix: string, count: number) {
  const now = new Date();
  const periodStart = new Date('2030-01-01T00:00:00Z');
  const all: RawRequest[] = Array.from({ length: count }, (_, i) => {
    const id = `${prefix}_${i}`;
    const event = stripeSubscriptionEvent('customer.subscription.created', { eventId: `evt_${id}`, created: now, subscriptionId: `sub_${id}`, itemId: `si_${id}`, periodStart });
    const { body, headers } = stripeDelivery(event, now);
    return { method: 'POST', path: '/api/v1/webhooks/stripe', headers, body };
  });
  let i = 0;
  return { next: () => all[i++ % count]!, sent: () => i, count };
}

/**
 * The organization's add-ons as the list API counts them (one per applied delivery), all pages.
 * @example await storedAddons('http://127.0.0.1:8080', { authorization: 'Bearer ...', 'x-organization-id': 'org_a' })
 */
export async function storedAddons(url: string, auth: Record<string, string>): Promise<number> {
  let total = 0;
  let pageToken = '';
  do {
    const query = `pageSize=1000${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`;
    const res = await fetch(`${url}/v1/addon-subscriptions?${query}`, { headers: auth });
    if (res.status !== 200) throw new Error(`list answered ${res.status}`);
    const page = (await res.json()) as { addonSubscriptions: unknown[]; nextPageToken: string };
    total += page.addonSubscriptions.length;
    pageToken = page.nextPageToken;
  } while (pageToken);
  return total;
}
