import type { AddonState } from '../domain/addon-state.js';
import type { AddonSubscriptionRepository } from '../domain/ports.js';
import { fromRow, selectList, selectRows } from './columns.js';
import type { SqlClient } from './sql-client.js';
import { ADDON_TABLE } from './tables.js';
import type { WriteBatch } from './write-batch.js';

/** The add-on columns as the repositories read them (`unit_amount` as its exact text). */
export const ADDON_COLUMNS = selectList(ADDON_TABLE);

/**
 * An add-on from a row (or a row's JSON) of ADDON_COLUMNS.
 * @example addonFromRow(rows[0]).unitAmount // '1.20'
 */
export function addonFromRow(row: Record<string, unknown>): AddonState {
  const stored = fromRow(ADDON_TABLE, row);
  return { name: `addonSubscriptions/${stored.id}`, ...stored, metadata: stored.metadata ?? {} };
}

/**
 * The add-on repository over any SqlClient (one SQL dialect for PGlite and PostgreSQL); writes go
 * to the transaction's write batch.
 * @example const addons = sqlAddonRepository(client, writeBatch(client)); await addons.findById('org_1', 'a1')
 */
export function sqlAddonRepository(sql: SqlClient, writes: WriteBatch): AddonSubscriptionRepository {
  return {
    async findById(organizationId, id, options) {
      const [row] = await selectRows(sql, ADDON_TABLE, 'id = $2', [organizationId, id], options);
      return row === undefined ? null : addonFromRow(row);
    },
    async listBySubscription(organizationId, subscriptionId, options) {
      const rows = await selectRows(sql, ADDON_TABLE, 'subscription_id = $2', [organizationId, subscriptionId], options, ' ORDER BY create_time, id');
      return rows.map(addonFromRow);
    },
    async listPage(organizationId, query) {
      const params: unknown[] = [organizationId];
      let where = 'organization_id = $1';
      if (query.subscriptionId !== undefined) {
        params.push(query.subscriptionId);
        where += ` AND subscription_id = $${params.length}`;
      }
      if (query.externalSubscriptionId !== undefined) {
        // NOTE: the provider's id names one subscription per provider; any provider's matches.
        params.push(query.externalSubscriptionId);
        where += ` AND subscription_id IN (SELECT s.id FROM subscriptions s
          WHERE s.organization_id = $1 AND s.external_id = $${params.length})`;
      }
      if (query.after !== undefined) {
        params.push(query.after.createTime, query.after.id);
        where += ` AND (create_time, id) < ($${params.length - 1}::timestamptz, $${params.length})`;
      }
      params.push(query.limit);
      const rows = await sql.query(
        `SELECT ${ADDON_COLUMNS} FROM addon_subscriptions WHERE ${where}
         ORDER BY create_time DESC, id DESC LIMIT $${params.length}`,
        params,
      );
      return rows.map(addonFromRow);
    },
    async insert(addon) {
      writes.insertAddon(addon);
    },
    async update(addon) {
      writes.updateAddon(addon);
    },
  };
}
