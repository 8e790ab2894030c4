import type { ClaimAnswer, ClaimRequest, EventClaim, WebhookEventRecord, WebhookEventStatus, WebhookEventStore } from '../domain/ports.js';
import { addonFromRow } from './addon-sql.js';
import { columnNames, fromRow, insertValues, selectList, toRowJson } from './columns.js';
import { toInteger, toJson, type SqlClient } from './sql-client.js';
import { ADDON_TABLE, SUBSCRIPTION_TABLE, WEBHOOK_EVENT_TABLE } from './tables.js';
import type { WriteBatch } from './write-batch.js';
import { lockSubscriptionSql, subscriptionLockKey } from './subscription-lock.js';

const COLUMNS = selectList(WEBHOOK_EVENT_TABLE);
const eventFromRow = (row: Record<string, unknown>): WebhookEventRecord => fromRow(WEBHOOK_EVENT_TABLE, row);

async function listWithStatus(
  sql: SqlClient,
  key: unknown[],
  statuses: WebhookEventStatus[],
  after: string | null = null,
): Promise<WebhookEventRecord[]> {
  const rows = await sql.query(
    `SELECT ${COLUMNS} FROM webhook_events
     WHERE organization_id = $1 AND provider = $2 AND subscription_external_id = $3 AND status = ANY($4::text[])
       AND ($5::timestamptz IS NULL OR occurred_at > $5::timestamptz)
     ORDER BY occurred_at, received_at, event_id`,
    [...key, statuses, after],
  );
  return rows.map(eventFromRow);
}

// NOTE: one round trip for a whole group (migration 0007): the function reads after taking the
// key locks, in statements of its own, so it sees what the locks' previous holders committed.
const CLAIM_GROUP = 'SELECT ord, kind, body, amount FROM billing_claim_group($1::jsonb, $2::text[], $3::jsonb)';

type ClaimRow = { ord: unknown; kind: string; body: unknown; amount: string | null };

/**
 * The answers of billing_claim_group, one per request: a fresh event gets its reads (at the first
 * fresh event of its subscription) or, once an earlier one of the call found or created the
 * subscription, 'follows' (the rule the function applies too: it reads nothing for those).
 */
function answersFrom(requests: readonly ClaimRequest[], keys: readonly string[], rows: readonly ClaimRow[]): ClaimAnswer[] {
  const claims = requests.map((): EventClaim => ({ found: null, pending: [], created: false }));
  const fresh = new Set<number>();
  for (const row of rows) {
    const i = toInteger(row.ord) - 1;
    const claim = claims[i];
    if (claim === undefined) throw new Error(`billing_claim_group answered for request ${i + 1} of ${requests.length}`);
    const body = toJson(row.body) as Record<string, unknown>;
    if (row.kind === 'fresh') fresh.add(i);
    else if (row.kind === 'subscription') claim.found = { subscription: fromRow(SUBSCRIPTION_TABLE, body), addons: [] };
    else if (row.kind === 'addon') claim.found?.addons.push(addonFromRow({ ...body, unit_amount: row.amount }));
    else if (row.kind === 'created') claim.created = true;
    else if (row.kind === 'pending') claim.pending.push(eventFromRow(body));
  }
  const known = new Set<string>();
  return claims.map((claim, i) => {
    if (!fresh.has(i)) return null;
    if (requests[i]!.event.status === 'ignored') return claim;
    const key = keys[i]!;
    if (known.has(key)) return 'follows';
    if (claim.found !== null || claim.created) known.add(key);
    return claim;
  });
}

/**
 * The webhook event store over any SqlClient; status changes go to the transaction's write batch.
 * @example const fresh = await sqlWebhookEventStore(client, writeBatch(client)).insertIfAbsent(record)
 */
export function sqlWebhookEventStore(sql: SqlClient, writes: WriteBatch): WebhookEventStore {
  return {
    async insertIfAbsent(e) {
      // NOTE: the lock is taken only for a row this statement inserted, after inserting it: a
      // duplicate waits for the first delivery's transaction on the event's key, never on the lock.
      const { placeholders, params } = insertValues(WEBHOOK_EVENT_TABLE, e);
      const rows = await sql.query(
        `WITH inserted AS (
           INSERT INTO webhook_events (${columnNames(WEBHOOK_EVENT_TABLE)}) VALUES (${placeholders})
           ON CONFLICT (organization_id, provider, event_id) DO NOTHING RETURNING status
         )
         SELECT CASE WHEN status <> 'ignored' THEN ${lockSubscriptionSql(params.length + 1)}::text END AS locked FROM inserted`,
        [...params, subscriptionLockKey(e.organizationId, e.provider, e.subscriptionExternalId)],
      );
      return rows.length === 1;
    },
    async claimAll(requests) {
      if (requests.length === 0) return [];
      const keys = requests.map(({ event: e }) => subscriptionLockKey(e.organizationId, e.provider, e.subscriptionExternalId));
      const events = requests.map(({ event: e }) => ({ organization_id: e.organizationId, ...toRowJson(WEBHOOK_EVENT_TABLE, e) }));
      const creates = requests.map(({ event: e, creates: c }) =>
        c === undefined
          ? null
          : {
              subscription: { organization_id: e.organizationId, ...toRowJson(SUBSCRIPTION_TABLE, c.subscription) },
              addons: c.addons.map((a) => ({ organization_id: a.organizationId, ...toRowJson(ADDON_TABLE, a) })),
            },
      );
      const rows = await sql.query<ClaimRow>(CLAIM_GROUP, [JSON.stringify(events), keys, JSON.stringify(creates)]);
      return answersFrom(requests, keys, rows);
    },
    async setStatus(organizationId, provider, eventId, status) {
      writes.setEventStatus(organizationId, provider, eventId, status);
    },
    async find(organizationId, provider, eventId) {
      const rows = await sql.query(
        `SELECT ${COLUMNS} FROM webhook_events WHERE organization_id = $1 AND provider = $2 AND event_id = $3`,
        [organizationId, provider, eventId],
      );
      return rows[0] === undefined ? null : eventFromRow(rows[0]);
    },
    listPending: (organizationId, provider, subscriptionExternalId) =>
      listWithStatus(sql, [organizationId, provider, subscriptionExternalId], ['pending']),
    listHistory: (organizationId, provider, subscriptionExternalId, after) =>
      listWithStatus(sql, [organizationId, provider, subscriptionExternalId], ['applied', 'stored'], after ?? null),
  };
}
