import type { AddonState } from '../domain/addon-state.js';
import type { SubscriptionRecord, WebhookEventRecord } from '../domain/ports.js';
import { c, type TableDescription } from './columns.js';

// NOTE: the one place that says which column holds which field. A new stored field is one line
// here (after the domain type and before the migration); the SQL and the mapping follow.

const TS = 'timestamp with time zone';

/** `subscriptions`: the parent VM subscriptions. */
export const SUBSCRIPTION_TABLE: TableDescription<SubscriptionRecord> = {
  table: 'subscriptions',
  columns: {
    organizationId: c('organization_id'),
    id: c('id'),
    provider: c('provider'),
    externalId: c('external_id'),
    name: c('name'),
    providerStatus: c('provider_status'),
    status: c('status'),
    cancelAtPeriodEnd: c('cancel_at_period_end', 'boolean'),
    currentPeriodStart: c('current_period_start', TS, true),
    currentPeriodEnd: c('current_period_end', TS, true),
    canceledAt: c('canceled_at', TS, true),
    lastEventAt: c('last_event_at', TS),
    createTime: c('create_time', TS),
    updateTime: c('update_time', TS),
  },
};

/** The stored fields of an add-on: all but `name`, which is derived from the id. */
export type StoredAddon = Omit<AddonState, 'name'>;

/** `addon_subscriptions`: the add-ons. */
export const ADDON_TABLE: TableDescription<StoredAddon> = {
  table: 'addon_subscriptions',
  columns: {
    organizationId: c('organization_id'),
    id: c('id'),
    subscriptionId: c('subscription_id'),
    provider: c('provider'),
    externalId: c('external_id'),
    addonCode: c('addon_code'),
    addonId: c('addon_id'),
    addonPriceId: c('addon_price_id'),
    addonName: c('addon_name'),
    subscriptionName: c('subscription_name'),
    addonType: c('addon_type'),
    pricingModel: c('pricing_model'),
    quantity: c('quantity', 'integer'),
    unitAmount: c('unit_amount', 'numeric'),
    currency: c('currency'),
    addonStatus: c('addon_status'),
    status: c('status'),
    startDate: c('start_date', TS, true),
    endDate: c('end_date', TS, true),
    cancelAtPeriodEnd: c('cancel_at_period_end', 'boolean'),
    canceledAt: c('canceled_at', TS, true),
    cancelOrigin: c('cancel_origin', 'text', true),
    metadata: c('metadata', 'jsonb'),
    createTime: c('create_time', TS),
    updateTime: c('update_time', TS),
  },
};

/** `webhook_events`: every received event, once per (organization, provider, event id). */
export const WEBHOOK_EVENT_TABLE: TableDescription<WebhookEventRecord> = {
  table: 'webhook_events',
  columns: {
    organizationId: c('organization_id'),
    provider: c('provider'),
    eventId: c('event_id'),
    eventType: c('event_type'),
    occurredAt: c('occurred_at', TS),
    subscriptionExternalId: c('subscription_external_id'),
    payload: c('payload', 'jsonb'),
    status: c('status'),
    receivedAt: c('received_at', TS),
  },
};
