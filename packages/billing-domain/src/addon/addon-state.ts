import type { AddonStatus, AddonSubscription, RecordStatus } from '../contract.js';

/** Who scheduled an add-on's end: the customer through `:cancel`, or the provider's subscription. */
export type CancelOrigin = 'customer' | 'provider';

/** An add-on as stored: the public resource plus who scheduled its cancellation. */
export interface AddonState extends AddonSubscription {
  /** Who first asked for the end; null exactly when `canceledAt` is null. */
  cancelOrigin: CancelOrigin | null;
}

/** What undo-cancel needs to know about the parent VM subscription. */
export interface ParentState {
  /** The parent's status, on the add-on scale. */
  status: AddonStatus;
  /** True when the parent is set to end at its period end. */
  cancelAtPeriodEnd: boolean;
}

/**
 * The record status that goes with an add-on status: INACTIVE once CANCELED.
 * @example recordStatusFor('ADDON_STATUS_CANCELED') // 'STATUS_INACTIVE'
 */
export function recordStatusFor(addonStatus: AddonStatus): RecordStatus {
  return addonStatus === 'ADDON_STATUS_CANCELED' ? 'STATUS_INACTIVE' : 'STATUS_ACTIVE';
}

/**
 * True when the add-on has ended: CANCELED, or its period end is at or before `now`.
 * @example isEnded({ ...addon, addonStatus: 'ADDON_STATUS_CANCELED' }, new Date()) // true
 */
export function isEnded(addon: Pick<AddonSubscription, 'addonStatus' | 'endDate'>, now: Date): boolean {
  if (addon.addonStatus === 'ADDON_STATUS_CANCELED') return true;
  return addon.endDate !== null && Date.parse(addon.endDate) <= now.getTime();
}

/**
 * The public resource, without storage-only fields.
 * @example toAddonSubscription(state).cancelAtPeriodEnd
 */
export function toAddonSubscription(state: AddonState): AddonSubscription {
  const { cancelOrigin: _origin, ...resource } = state;
  return { ...resource, metadata: { ...resource.metadata } };
}

/**
 * True when a customer's `:cancel` has taken effect by the start of a provider period: the add-on
 * is set to end, and the period starts after the request, so the period the request fell in is
 * over. A period that started before the request is the one the request ends with.
 * @example customerEndReached({ ...addon, cancelOrigin: 'customer', cancelAtPeriodEnd: true, canceledAt: '2025-03-10T00:00:00.000Z' }, new Date('2025-04-01T00:00:00Z')) // true
 */
export function customerEndReached(
  addon: Pick<AddonState, 'cancelOrigin' | 'cancelAtPeriodEnd' | 'canceledAt'>,
  periodStart: Date | null,
): boolean {
  if (addon.cancelOrigin !== 'customer' || !addon.cancelAtPeriodEnd || addon.canceledAt === null || periodStart === null) {
    return false;
  }
  return periodStart.getTime() > Date.parse(addon.canceledAt);
}
