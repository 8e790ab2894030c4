import { ADDON_COLUMNS, addonFromRow } from './addon-sql.js';
import type { FoldCheckpoint, SubscriptionRecord, SubscriptionRepository } from '../domain/ports.js';
import { fromRow, selectList, selectRows } from './columns.js';
import { toIso, toJson, type SqlClient } from './sql-client.js';
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
      const [row] = await selectRows(sql, SUBSCRIPTION_TABLE, 'id = $2', [organizationId, id], options);
      return row === undefined ? null : subscriptionFromRow(row);
    },
    async findByExternalId(organizationId, provider, externalId, options) {
      const where = 'provider = $2 AND external_id = $3';
      const [row] = await selectRows(sql, SUBSCRIPTION_TABLE, where, [organizationId, provider, externalId], options);
      return row === undefined ? null : subscriptionFromRow(row);
    },
    async findByExternalIdWithAddons(organizationId, provider, externalId) {
      const [row] = await sql.query(WITH_ADDONS, [organizationId, provider, externalId]);
      const subscription = toJson(row?.subscription) as Record<string, unknown> | null | undefined;
      if (subscription === null || subscription === undefined) return null;
      const addons = (toJson(row?.addons) ?? []) as Record<string, unknown>[];
      return { subscription: subscriptionFromRow(subscription), addons: addons.map(addonFromRow) };
    },
    async findCheckpoint(organizationId, subscriptionId) {
      const [row] = await sql.query(
        'SELECT folded_through, state FROM subscription_checkpoints WHERE organization_id = $1 AND subscription_id = $2',
        [organizationId, subscriptionId],
      );
      if (row === undefined) return null;
      return { foldedThrough: toIso(row.folded_through), state: toJson(row.state) as FoldCheckpoint['state'] };
    },
    async saveCheckpoint(organizationId, subscriptionId, checkpoint) {
      // NOTE: the late path alone writes it (under the subscription's lock), so it is sent at once
      // rather than through the write batch, which serves the path every delivery takes.
      await sql.query(
        `INSERT INTO subscription_checkpoints (organization_id, subscription_id, folded_through, state)
         VALUES ($1, $2, $3, $4::jsonb)
         ON CONFLICT (organization_id, subscription_id)
         DO UPDATE SET folded_through = EXCLUDED.folded_through, state = EXCLUDED.state`,
        [organizationId, subscriptionId, checkpoint.foldedThrough, JSON.stringify(checkpoint.state)],
      );
    },
    async insert(subscription) {
      writes.insertSubscription(subscription);
    },
    async update(subscription) {
      writes.updateSubscription(subscription);
    },
  };
}
