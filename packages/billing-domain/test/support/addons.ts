import type { AddonState } from '../../src/domain/addon-state.js';
import type { SnapshotContext, SubscriptionSnapshot } from '../../src/domain/snapshot.js';
import type { NormalizedAddonItem } from '../../src/domain/billing-event.js';

export const T0 = new Date('2025-03-01T00:00:00.000Z');
export const at = (minutes: number): Date => new Date(T0.getTime() + minutes * 60_000);

/** An ACTIVE add-on in period [T0, T0 + 30 days). */
export function anAddon(overrides: Partial<AddonState> = {}): AddonState {
  return {
    name: 'addonSubscriptions/a1',
    id: 'a1',
    organizationId: 'org_1',
    subscriptionId: 's1',
    externalId: 'si_1',
    provider: 'stripe',
    addonCode: 'backup',
    addonId: 'prod_backup',
    addonPriceId: 'price_backup',
    addonName: 'Backup',
    subscriptionName: 'VM small',
    addonType: 'ADDON_TYPE_RECURRING',
    pricingModel: 'PRICING_MODEL_PER_UNIT',
    quantity: 1,
    unitAmount: '1.20',
    currency: 'EUR',
    addonStatus: 'ADDON_STATUS_ACTIVE',
    status: 'STATUS_ACTIVE',
    startDate: T0.toISOString(),
    endDate: at(30 * 24 * 60).toISOString(),
    cancelAtPeriodEnd: false,
    canceledAt: null,
    cancelOrigin: null,
    metadata: {},
    createTime: T0.toISOString(),
    updateTime: T0.toISOString(),
    ...overrides,
  };
}

export function anItem(overrides: Partial<NormalizedAddonItem> = {}): NormalizedAddonItem {
  return {
    externalId: 'si_1',
    addonCode: 'backup',
    addonId: 'prod_backup',
    addonPriceId: 'price_backup',
    addonName: 'Backup',
    addonType: 'ADDON_TYPE_RECURRING',
    pricingModel: 'PRICING_MODEL_PER_UNIT',
    quantity: 1,
    unitAmount: '1.20',
    currency: 'EUR',
    metadata: {},
    ...overrides,
  };
}

export function aSnapshot(overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot {
  return {
    name: 'VM small',
    providerStatus: 'active',
    addonStatus: 'ADDON_STATUS_ACTIVE',
    cancelAtPeriodEnd: false,
    currentPeriodStart: T0,
    currentPeriodEnd: at(30 * 24 * 60),
    canceledAt: null,
    addons: [anItem()],
    ...overrides,
  };
}

export function aContext(overrides: Partial<SnapshotContext> = {}): SnapshotContext {
  let n = 0;
  return {
    organizationId: 'org_1',
    provider: 'stripe',
    subscriptionId: 's1',
    occurredAt: at(1),
    now: at(2),
    newId: () => `new_${++n}`,
    ...overrides,
  };
}
