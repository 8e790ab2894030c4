import type { WebhookEventRecord } from '@billing/billing-domain';
import { openTestStore } from '../../../../billing-domain/test/support/pglite.js';
import type { FaultEvent } from './fault-events.js';

/**
 * The stored webhook_events rows of the given events, read through the billing-domain store (the
 * same SQL on PGlite and PostgreSQL). For a PGlite folder the server must be stopped first.
 */
export async function storedEvents(
  location: { databaseUrl: string } | { dataDir: string },
  events: readonly FaultEvent[],
): Promise<Map<string, WebhookEventRecord | null>> {
  const store = await openTestStore('dataDir' in location ? { databaseUrl: '', dataDir: location.dataDir } : location);
  try {
    const rows = new Map<string, WebhookEventRecord | null>();
    await store.transaction(async (uow) => {
      for (const e of events) rows.set(e.id, await uow.webhookEvents.find(e.org, 'standard', e.id));
    });
    return rows;
  } finally {
    await store.close();
  }
}

/** Counts rows by status; `missing` for events with no row. */
export function statusCounts(rows: Map<string, WebhookEventRecord | null>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of rows.values()) {
    const key = row?.status ?? 'missing';
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
