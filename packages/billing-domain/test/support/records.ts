import type { SubscriptionRecord, WebhookEventRecord } from '../../src/domain/ports.js';
import { T0 } from './addons.js';

let counter = 0;
/** A fresh organization id, so tests sharing one database never see each other's rows. */
export const freshOrg = (label = 'org'): string => `${label}_${process.pid}_${++counter}_${Math.random().toString(36).slice(2, 8)}`;

export function aSubscription(overrides: Partial<SubscriptionRecord> = {}): SubscriptionRecord {
  return {
    organizationId: 'org_1',
    id: 's1',
    provider: 'stripe',
    externalId: 'sub_1',
    name: 'VM small',
    providerStatus: 'active',
    status: 'ADDON_STATUS_ACTIVE',
    cancelAtPeriodEnd: false,
    currentPeriodStart: T0.toISOString(),
    currentPeriodEnd: null,
    canceledAt: null,
    lastEventAt: T0.toISOString(),
    createTime: T0.toISOString(),
    updateTime: T0.toISOString(),
    ...overrides,
  };
}

export function anEventRecord(overrides: Partial<WebhookEventRecord> = {}): WebhookEventRecord {
  return {
    organizationId: 'org_1',
    provider: 'stripe',
    eventId: 'evt_1',
    eventType: 'invoice.paid',
    occurredAt: T0.toISOString(),
    subscriptionExternalId: 'sub_1',
    payload: { kind: 'payment.succeeded' },
    status: 'pending',
    receivedAt: T0.toISOString(),
    ...overrides,
  };
}
