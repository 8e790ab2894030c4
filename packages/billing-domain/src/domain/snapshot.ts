import type { ProviderName } from '../contract.js';
import type { BillingEvent, NormalizedAddonItem } from './billing-event.js';
import { customerEndReached, recordStatusFor, type AddonState } from './addon-state.js';
import { sameFields } from './same-fields.js';
import { providerCanceled, scheduledEndPassed } from './transitions.js';

/** A provider's view of a subscription, as carried by a `subscription.upserted` event. */
export type SubscriptionSnapshot = Extract<BillingEvent, { kind: 'subscription.upserted' }>['subscription'];

/** Where a snapshot applies: the parent, the event time and the processing time. */
export interface SnapshotContext {
  organizationId: string;
  provider: ProviderName;
  /** Our id of the parent subscription. */
  subscriptionId: string;
  occurredAt: Date;
  now: Date;
  newId: () => string;
}

/** What reconciling a snapshot with the stored add-ons produced. */
export interface AddonReconciliation {
  /** Add-ons seen for the first time. */
  created: AddonState[];
  /** Stored add-ons whose state changed. */
  updated: AddonState[];
}

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

function itemFields(item: NormalizedAddonItem, snapshot: SubscriptionSnapshot) {
  return {
    addonCode: item.addonCode,
    // NOTE: the standard provider may send neither id; the code then stands for the product.
    addonId: item.addonId || item.addonCode,
    addonPriceId: item.addonPriceId,
    addonName: item.addonName || item.addonCode,
    // NOTE: kept on the add-on so it is read with it; a snapshot renaming the parent updates it.
    subscriptionName: snapshot.name,
    addonType: item.addonType,
    pricingModel: item.pricingModel,
    quantity: item.quantity,
    unitAmount: item.unitAmount,
    currency: item.currency.toUpperCase(),
    metadata: { ...item.metadata },
    // NOTE: a line billed on its own cycle carries its own period; else the subscription's applies.
    startDate: iso(item.currentPeriodStart ?? snapshot.currentPeriodStart),
    endDate: iso(item.currentPeriodEnd ?? snapshot.currentPeriodEnd),
  };
}

/**
 * A new add-on whose first state follows the subscription's provider status.
 * @example createAddon(item, snapshot, ctx).addonStatus // 'ADDON_STATUS_ACTIVE' for an active subscription
 */
export function createAddon(item: NormalizedAddonItem, snapshot: SubscriptionSnapshot, ctx: SnapshotContext): AddonState {
  const id = ctx.newId();
  const at = ctx.now.toISOString();
  const fresh: AddonState = {
    name: `addonSubscriptions/${id}`,
    id,
    organizationId: ctx.organizationId,
    subscriptionId: ctx.subscriptionId,
    externalId: item.externalId,
    provider: ctx.provider,
    ...itemFields(item, snapshot),
    addonStatus: 'ADDON_STATUS_PENDING',
    status: 'STATUS_ACTIVE',
    cancelAtPeriodEnd: false,
    canceledAt: null,
    cancelOrigin: null,
    createTime: at,
    updateTime: at,
  };
  return applySnapshot(fresh, item, snapshot, ctx);
}

/**
 * Applies the provider's line and subscription flags to a stored add-on. CANCELED is absorbing;
 * a customer's own scheduled cancellation survives a snapshot that does not cancel.
 * @example applySnapshot(addon, { ...item, quantity: 3 }, snapshot, ctx).quantity // 3
 */
export function applySnapshot(
  addon: AddonState,
  item: NormalizedAddonItem,
  snapshot: SubscriptionSnapshot,
  ctx: SnapshotContext,
): AddonState {
  if (addon.addonStatus === 'ADDON_STATUS_CANCELED') return addon;
  // NOTE: a customer's `:cancel` is not sent to the provider, which keeps renewing the line; a
  // period that starts after the request means the period the request ended with is over.
  const periodStart = item.currentPeriodStart ?? snapshot.currentPeriodStart;
  if (periodStart !== null && customerEndReached(addon, periodStart)) return scheduledEndPassed(addon, ctx.now, periodStart);
  if (snapshot.addonStatus === 'ADDON_STATUS_CANCELED') {
    return providerCanceled({ ...addon, ...itemFields(item, snapshot) }, ctx.now, snapshot.canceledAt ?? ctx.occurredAt);
  }
  const next: AddonState = {
    ...addon,
    ...itemFields(item, snapshot),
    addonStatus: snapshot.addonStatus,
    status: recordStatusFor(snapshot.addonStatus),
  };
  if (snapshot.cancelAtPeriodEnd) {
    next.cancelAtPeriodEnd = true;
    next.canceledAt = addon.canceledAt ?? iso(snapshot.canceledAt) ?? ctx.occurredAt.toISOString();
    next.cancelOrigin = addon.cancelOrigin ?? 'provider';
  } else if (addon.cancelOrigin === 'provider') {
    // NOTE: only the provider's own schedule is lifted; a customer's `:cancel` stays.
    next.cancelAtPeriodEnd = false;
    next.canceledAt = null;
    next.cancelOrigin = null;
  }
  return sameFields(addon, next, ['updateTime']) ? addon : { ...next, updateTime: ctx.now.toISOString() };
}

/**
 * Matches the snapshot's add-on lines with the stored add-ons of one subscription by externalId.
 * Lines not stored yet are created; stored live add-ons missing from the snapshot were removed
 * from the subscription at the provider and become CANCELED at the event time.
 * @example reconcileAddons([], snapshot, ctx).created.length // snapshot.addons.length
 */
export function reconcileAddons(
  stored: readonly AddonState[],
  snapshot: SubscriptionSnapshot,
  ctx: SnapshotContext,
): AddonReconciliation {
  const created: AddonState[] = [];
  const updated: AddonState[] = [];
  const live = new Map<string, AddonState>();
  const known = new Set<string>();
  for (const addon of stored) {
    known.add(addon.externalId);
    if (addon.addonStatus !== 'ADDON_STATUS_CANCELED') live.set(addon.externalId, addon);
  }
  const listed = new Set<string>();
  for (const item of snapshot.addons) {
    if (listed.has(item.externalId)) continue;
    listed.add(item.externalId);
    const current = live.get(item.externalId);
    if (current !== undefined) {
      const next = applySnapshot(current, item, snapshot, ctx);
      if (next !== current) updated.push(next);
    } else if (!(known.has(item.externalId) && snapshot.addonStatus === 'ADDON_STATUS_CANCELED')) {
      created.push(createAddon(item, snapshot, ctx));
    }
  }
  for (const [externalId, addon] of live) {
    if (!listed.has(externalId)) updated.push(providerCanceled(addon, ctx.now, ctx.occurredAt));
  }
  return { created, updated };
}
