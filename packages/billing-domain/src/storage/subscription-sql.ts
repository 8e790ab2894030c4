import { ADDON_COLUMNS, addonFromRow } from './addon-sql.js';
import type { SubscriptionRecord, SubscriptionRepository } from '../domain/ports.js';
import { fromRow, selectList } from './columns.js';
import { lock, toJson, type SqlClient } from './sql-client.js';
import { SUBSCRIPTION_TABLE } from './tables.js';
import type { WriteBatch } from './write-batch.js';

const COLUMNS = selectList(SUBSCRIPTION_TABLE);
const subscriptionFromRow = (row: Record<string, unknown>): SubscriptionRecord => fromRow(SUBSCRIPTION_TABLE, row);

// NOTE: one round trip for what processing an event reads. The parent is locked first, then its
// add-ons (the order `:cancel` uses too); the add-ons come back as JSON in listing order.
const WITH_ADDONS = `WITH parent AS (
    SELECT ${COLUMNS} FROM subscriptions
    WHERE organization_id = $1 AND provider = $2 AND external_id = $3 FOR UPDATE
  ), children AS (
    SELECT ${ADDON_COLUMNS} FROM addon_subscriptions
    WHERE organization_id = $1 AND subscription_id = (SELECT id FROM parent) FOR UPDATE
  )
  SELECT (SELECT row_to_json(parent) FROM parent) AS subscription,
    (SELECT json_agg(children ORDER BY children.create_time, children.id) FROM children) AS addons`;

/**
 * The subscription repository over any SqlClient; writes go to the transaction's write batch.
 * @example await sqlSubscriptionRepository(client, writeBatch(client)).findByExternalId('org_1', 'stripe', 'sub_1')
 */
export function sqlSubscriptionRepository(sql: SqlClient, writes: WriteBatch): SubscriptionRepository {
  return {
    async findById(organizationId, id, options) {
      const rows = await sql.query(
        `SELECT ${COLUMNS} FROM subscriptions WHERE organization_id = $1 AND id = $2${lock(options)}`,
        [organizationId, id],
      );
      return rows[0] === undefined ? null : subscriptionFromRow(rows[0]);
    },
    async findByExternalId(organizationId, provider, externalId, options) {
      const rows = await sql.query(
        `SELECT ${COLUMNS} FROM subscriptions
         WHERE organization_id = $1 AND provider = $2 AND external_id = $3${lock(options)}`,
        [organizationId, provider, externalId],
      );
      return rows[0] === undefined ? null : subscriptionFromRow(rows[0]);
    },
    async findByExternalIdWithAddons(organizationId, provider, externalId) {
      const [row] = await sql.query(WITH_ADDONS, [organizationId, provider, externalId]);
      const subscription = toJson(row?.subscription) as Record<string, unknown> | null | undefined;
      if (subscription === null || subscription === undefined) return null;
      const addons = (toJson(row?.addons) ?? []) as Record<string, unknown>[];
      return { subscription: subscriptionFromRow(subscription), addons: addons.map(addonFromRow) };
    },
    async insert(subscription) {
      writes.insertSubscription(subscription);
    },
    async update(subscription) {
      writes.updateSubscription(subscription);
    },
  };
}
