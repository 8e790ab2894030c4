import type { ProviderName } from '../contract.js';
import type { WebhookEventRecord, WebhookEventStatus, WebhookEventStore } from '../domain/ports.js';
import { toIso, toJson, type SqlClient } from './sql-client.js';
import type { WriteBatch } from './write-batch.js';
import { lockSubscriptionSql, subscriptionLockKey } from './subscription-lock.js';

const COLUMNS = `organization_id, provider, event_id, event_type, occurred_at, subscription_external_id,
  payload, status, received_at`;

function fromRow(row: Record<string, unknown>): WebhookEventRecord {
  return {
    organizationId: String(row.organization_id),
    provider: row.provider as ProviderName,
    eventId: String(row.event_id),
    eventType: String(row.event_type),
    occurredAt: toIso(row.occurred_at),
    subscriptionExternalId: String(row.subscription_external_id),
    payload: toJson(row.payload),
    status: row.status as WebhookEventStatus,
    receivedAt: toIso(row.received_at),
  };
}

async function listWithStatus(sql: SqlClient, key: unknown[], statuses: WebhookEventStatus[]): Promise<WebhookEventRecord[]> {
  const rows = await sql.query(
    `SELECT ${COLUMNS} FROM webhook_events
     WHERE organization_id = $1 AND provider = $2 AND subscription_external_id = $3 AND status = ANY($4::text[])
     ORDER BY occurred_at, received_at, event_id`,
    [...key, statuses],
  );
  return rows.map(fromRow);
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
      const rows = await sql.query(
        `WITH inserted AS (
           INSERT INTO webhook_events (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)
           ON CONFLICT (organization_id, provider, event_id) DO NOTHING RETURNING status
         )
         SELECT CASE WHEN status <> 'ignored' THEN ${lockSubscriptionSql(10)}::text END AS locked FROM inserted`,
        [
          e.organizationId, e.provider, e.eventId, e.eventType, e.occurredAt, e.subscriptionExternalId,
          JSON.stringify(e.payload), e.status, e.receivedAt,
          subscriptionLockKey(e.organizationId, e.provider, e.subscriptionExternalId),
        ],
      );
      return rows.length === 1;
    },
    async setStatus(organizationId, provider, eventId, status) {
      writes.setEventStatus(organizationId, provider, eventId, status);
    },
    async find(organizationId, provider, eventId) {
      const rows = await sql.query(
        `SELECT ${COLUMNS} FROM webhook_events WHERE organization_id = $1 AND provider = $2 AND event_id = $3`,
        [organizationId, provider, eventId],
      );
      return rows[0] === undefined ? null : fromRow(rows[0]);
    },
    listPending: (organizationId, provider, subscriptionExternalId) =>
      listWithStatus(sql, [organizationId, provider, subscriptionExternalId], ['pending']),
    listHistory: (organizationId, provider, subscriptionExternalId) =>
      listWithStatus(sql, [organizationId, provider, subscriptionExternalId], ['applied', 'stored']),
  };
}
