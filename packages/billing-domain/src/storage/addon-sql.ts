import type { AddonState, CancelOrigin } from '../addon/addon-state.js';
import type { AddonPricingModel, AddonStatus, AddonType, ProviderName, RecordStatus } from '../contract.js';
import type { AddonSubscriptionRepository, ReadOptions } from './ports.js';
import { toDecimalString, toInteger, toIso, toIsoOrNull, toJson, type SqlClient } from './sql-client.js';

const COLUMNS = `organization_id, id, subscription_id, provider, external_id, addon_code, display_name,
  addon_type, pricing_model, quantity, unit_amount::text AS unit_amount, currency, addon_status, status,
  start_date, end_date, cancel_at_period_end, canceled_at, cancel_origin, metadata, create_time, update_time`;

type Row = Record<string, unknown>;

function fromRow(row: Row): AddonState {
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
    displayName: String(row.display_name),
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

function values(a: AddonState): unknown[] {
  return [
    a.organizationId, a.id, a.subscriptionId, a.provider, a.externalId, a.addonCode, a.displayName,
    a.addonType, a.pricingModel, a.quantity, a.unitAmount, a.currency, a.addonStatus, a.status,
    a.startDate, a.endDate, a.cancelAtPeriodEnd, a.canceledAt, a.cancelOrigin, JSON.stringify(a.metadata),
    a.createTime, a.updateTime,
  ];
}

const lock = (options?: ReadOptions): string => (options?.forUpdate ? ' FOR UPDATE' : '');

/**
 * The add-on repository over any SqlClient (one SQL dialect for PGlite and PostgreSQL).
 * @example const addons = sqlAddonRepository(client); await addons.findById('org_1', 'a1')
 */
export function sqlAddonRepository(sql: SqlClient): AddonSubscriptionRepository {
  return {
    async findById(organizationId, id, options) {
      const rows = await sql.query(
        `SELECT ${COLUMNS} FROM addon_subscriptions WHERE organization_id = $1 AND id = $2${lock(options)}`,
        [organizationId, id],
      );
      return rows[0] === undefined ? null : fromRow(rows[0]);
    },
    async listBySubscription(organizationId, subscriptionId, options) {
      const rows = await sql.query(
        `SELECT ${COLUMNS} FROM addon_subscriptions WHERE organization_id = $1 AND subscription_id = $2
         ORDER BY create_time, id${lock(options)}`,
        [organizationId, subscriptionId],
      );
      return rows.map(fromRow);
    },
    async listPage(organizationId, query) {
      const params: unknown[] = [organizationId];
      let where = 'organization_id = $1';
      if (query.subscriptionId !== undefined) {
        params.push(query.subscriptionId);
        where += ` AND subscription_id = $${params.length}`;
      }
      if (query.after !== undefined) {
        params.push(query.after.createTime, query.after.id);
        where += ` AND (create_time, id) < ($${params.length - 1}::timestamptz, $${params.length})`;
      }
      params.push(query.limit);
      const rows = await sql.query(
        `SELECT ${COLUMNS} FROM addon_subscriptions WHERE ${where}
         ORDER BY create_time DESC, id DESC LIMIT $${params.length}`,
        params,
      );
      return rows.map(fromRow);
    },
    async insert(addon) {
      await sql.query(
        `INSERT INTO addon_subscriptions (organization_id, id, subscription_id, provider, external_id, addon_code,
           display_name, addon_type, pricing_model, quantity, unit_amount, currency, addon_status, status,
           start_date, end_date, cancel_at_period_end, canceled_at, cancel_origin, metadata, create_time, update_time)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::numeric, $12, $13, $14, $15, $16, $17, $18, $19,
           $20::jsonb, $21, $22)`,
        values(addon),
      );
    },
    async update(addon) {
      await sql.query(
        `UPDATE addon_subscriptions SET subscription_id = $3, provider = $4, external_id = $5, addon_code = $6,
           display_name = $7, addon_type = $8, pricing_model = $9, quantity = $10, unit_amount = $11::numeric,
           currency = $12, addon_status = $13, status = $14, start_date = $15, end_date = $16,
           cancel_at_period_end = $17, canceled_at = $18, cancel_origin = $19, metadata = $20::jsonb,
           create_time = $21, update_time = $22
         WHERE organization_id = $1 AND id = $2`,
        values(addon),
      );
    },
  };
}
