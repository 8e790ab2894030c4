import type { ClaimRequest, EventClaim, WebhookEventRecord, WebhookEventStatus, WebhookEventStore } from '../domain/ports.js';
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

type JsonRow = Record<string, unknown>;
type ClaimJson = { subscription: JsonRow | null; addons: JsonRow[]; pending: JsonRow[]; created: boolean } | null;

// NOTE: one round trip (migration 0004): the function reads after taking the key lock, in
// statements of its own, so it sees what the lock's previous holder committed.
const CLAIM = 'SELECT billing_claim_event($1::jsonb, $2, $3, $4::jsonb) AS claim';
// NOTE: a whole group's claims in one round trip (migration 0005): billing_claim_event for each,
// in the order given, one row each.
const CLAIM_ALL = 'SELECT ord, claim FROM billing_claim_events($1::jsonb)';

/** The arguments of billing_claim_event for one request, as JSON (the event row, its lock key, ...). */
function claimArguments({ event: e, withPending, creates }: ClaimRequest) {
  return {
    event: { organization_id: e.organizationId, ...toRowJson(WEBHOOK_EVENT_TABLE, e) },
    lock_key: subscriptionLockKey(e.organizationId, e.provider, e.subscriptionExternalId),
    with_pending: withPending,
    creates:
      creates === undefined
        ? null
        : {
            subscription: { organization_id: e.organizationId, ...toRowJson(SUBSCRIPTION_TABLE, creates.subscription) },
            addons: creates.addons.map((a) => ({ organization_id: a.organizationId, ...toRowJson(ADDON_TABLE, a) })),
          },
  };
}

/** What billing_claim_event answered, as an EventClaim (null: a duplicate). */
function claimFrom(value: unknown): EventClaim | null {
  const claim = toJson(value) as ClaimJson | undefined;
  if (claim === null || claim === undefined) return null;
  const found =
    claim.subscription === null
      ? null
      : { subscription: fromRow(SUBSCRIPTION_TABLE, claim.subscription), addons: claim.addons.map(addonFromRow) };
  return { found, pending: claim.pending.map(eventFromRow), created: claim.created };
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
    async claim(event, options) {
      const args = claimArguments({ event, ...options });
      const [row] = await sql.query(CLAIM, [JSON.stringify(args.event), args.lock_key, args.with_pending, args.creates && JSON.stringify(args.creates)]);
      return claimFrom(row?.claim);
    },
    async claimAll(requests) {
      if (requests.length === 0) return [];
      const rows = await sql.query(CLAIM_ALL, [JSON.stringify(requests.map(claimArguments))]);
      const claims = new Array<EventClaim | null | undefined>(requests.length);
      for (const row of rows) claims[toInteger(row.ord) - 1] = claimFrom(row.claim);
      if (rows.length !== requests.length || claims.some((c) => c === undefined)) {
        throw new Error(`billing_claim_events answered ${rows.length} rows for ${requests.length} claims`);
      }
      return claims as (EventClaim | null)[];
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
