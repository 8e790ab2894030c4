import type { AddonState, CancelOrigin } from '../domain/addon-state.js';
import type { AddonPricingModel, AddonStatus, AddonType, ProviderName, RecordStatus } from '../contract.js';
import type { AddonSubscriptionRepository } from '../domain/ports.js';
import { lock, toDecimalString, toInteger, toIso, toIsoOrNull, toJson, type SqlClient } from './sql-client.js';
import type { WriteBatch } from './write-batch.js';

/** The add-on columns as the repositories read them (`unit_amount` as its exact text). */
export const ADDON_COLUMNS = `organization_id, id, subscription_id, provider, external_id, addon_code, addon_id,
  addon_price_id, addon_name, subscription_name, addon_type, pricing_model, quantity, unit_amount::text AS unit_amount,
  currency, addon_status, status,
  start_date, end_date, cancel_at_period_end, canceled_at, cancel_origin, metadata, create_time, update_time`;

type Row = Record<string, unknown>;

/**
 * An add-on from a row (or a row's JSON) of ADDON_COLUMNS.
 * @example addonFromRow(rows[0]).unitAmount // '1.20'
 */
export function addonFromRow(row: Row): AddonState {
  const id = String(row.id);
  const metadata = (toJson(row.metadata) ?? {}) as Record<string, string>;
  return {
    name: `addonSubscriptions/${id}`,
    id,
    organizationId: String(row.organization_id),
    subscriptionId: String(row.subscription_id),
    externalId: String(row.external_id),
    provider: row.provider as ProviderName,
    addonCode: String(row.addon_code),
    addonId: String(row.addon_id),
    addonPriceId: String(row.addon_price_id),
    addonName: String(row.addon_name),
    subscriptionName: String(row.subscription_name),
    addonType: row.addon_type as AddonType,
    pricingModel: row.pricing_model as AddonPricingModel,
    quantity: toInteger(row.quantity),
    unitAmount: toDecimalString(row.unit_amount),
    currency: String(row.currency),
    addonStatus: row.addon_status as AddonStatus,
    status: row.status as RecordStatus,
    startDate: toIsoOrNull(row.start_date),
    endDate: toIsoOrNull(row.end_date),
    cancelAtPeriodEnd: row.cancel_at_period_end === true,
    canceledAt: toIsoOrNull(row.canceled_at),
    cancelOrigin: (row.cancel_origin ?? null) as CancelOrigin | null,
    metadata,
    createTime: toIso(row.create_time),
    updateTime: toIso(row.update_time),
  };
}

/**
 * The add-on repository over any SqlClient (one SQL dialect for PGlite and PostgreSQL); writes go
 * to the transaction's write batch.
 * @example const addons = sqlAddonRepository(client, writeBatch(client)); await addons.findById('org_1', 'a1')
 */
export function sqlAddonRepository(sql: SqlClient, writes: WriteBatch): AddonSubscriptionRepository {
  return {
    async findById(organizationId, id, options) {
      const rows = await sql.query(
        `SELECT ${ADDON_COLUMNS} FROM addon_subscriptions WHERE organization_id = $1 AND id = $2${lock(options)}`,
        [organizationId, id],
      );
      return rows[0] === undefined ? null : addonFromRow(rows[0]);
    },
    async listBySubscription(organizationId, subscriptionId, options) {
      const rows = await sql.query(
        `SELECT ${ADDON_COLUMNS} FROM addon_subscriptions WHERE organization_id = $1 AND subscription_id = $2
         ORDER BY create_time, id${lock(options)}`,
        [organizationId, subscriptionId],
      );
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
