import type { AddonStatus, ProviderName } from '../contract.js';
import type { ReadOptions, SubscriptionRecord, SubscriptionRepository } from './ports.js';
import { toIso, toIsoOrNull, type SqlClient } from './sql-client.js';

const COLUMNS = `organization_id, id, provider, external_id, name, provider_status, status, cancel_at_period_end,
  current_period_start, current_period_end, canceled_at, last_event_at, create_time, update_time`;

function fromRow(row: Record<string, unknown>): SubscriptionRecord {
  return {
    organizationId: String(row.organization_id),
    id: String(row.id),
    provider: row.provider as ProviderName,
    externalId: String(row.external_id),
    name: String(row.name),
    providerStatus: String(row.provider_status),
    status: row.status as AddonStatus,
    cancelAtPeriodEnd: row.cancel_at_period_end === true,
    currentPeriodStart: toIsoOrNull(row.current_period_start),
    currentPeriodEnd: toIsoOrNull(row.current_period_end),
    canceledAt: toIsoOrNull(row.canceled_at),
    lastEventAt: toIso(row.last_event_at),
    createTime: toIso(row.create_time),
    updateTime: toIso(row.update_time),
  };
}

function values(s: SubscriptionRecord): unknown[] {
  return [
    s.organizationId, s.id, s.provider, s.externalId, s.name, s.providerStatus, s.status, s.cancelAtPeriodEnd,
    s.currentPeriodStart, s.currentPeriodEnd, s.canceledAt, s.lastEventAt, s.createTime, s.updateTime,
  ];
}

const lock = (options?: ReadOptions): string => (options?.forUpdate ? ' FOR UPDATE' : '');

/**
 * The subscription repository over any SqlClient.
 * @example await sqlSubscriptionRepository(client).findByExternalId('org_1', 'stripe', 'sub_1')
 */
export function sqlSubscriptionRepository(sql: SqlClient): SubscriptionRepository {
  return {
    async findById(organizationId, id, options) {
      const rows = await sql.query(
        `SELECT ${COLUMNS} FROM subscriptions WHERE organization_id = $1 AND id = $2${lock(options)}`,
        [organizationId, id],
      );
      return rows[0] === undefined ? null : fromRow(rows[0]);
    },
    async findByExternalId(organizationId, provider, externalId, options) {
      const rows = await sql.query(
        `SELECT ${COLUMNS} FROM subscriptions
         WHERE organization_id = $1 AND provider = $2 AND external_id = $3${lock(options)}`,
        [organizationId, provider, externalId],
      );
      return rows[0] === undefined ? null : fromRow(rows[0]);
    },
    async insert(subscription) {
      await sql.query(
        `INSERT INTO subscriptions (${COLUMNS})
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        values(subscription),
      );
    },
    async update(subscription) {
      await sql.query(
        `UPDATE subscriptions SET provider = $3, external_id = $4, name = $5, provider_status = $6, status = $7,
           cancel_at_period_end = $8, current_period_start = $9, current_period_end = $10, canceled_at = $11,
           last_event_at = $12, create_time = $13, update_time = $14
         WHERE organization_id = $1 AND id = $2`,
        values(subscription),
      );
    },
  };
}
