import type { AddonStatus, AddonSubscription, RecordStatus } from '../contract.js';

/** Who scheduled an add-on's end: the customer through `:cancel`, or the provider's subscription. */
export type CancelOrigin = 'customer' | 'provider';

/**
 * An add-on as stored: the public resource with its timestamps flat, plus who scheduled its
 * cancellation.
 */
export interface AddonState extends Omit<AddonSubscription, 'timestamps'> {
  /** Set once, when the record is made. */
  createTime: string;
  /** Changes with every change of the record. */
  updateTime: string;
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
 * The public resource, its fields in the interface's order, without storage-only fields.
 * @example Object.keys(toAddonSubscription(state))[0] // 'id'
 */
export function toAddonSubscription(state: AddonState): AddonSubscription {
  // NOTE: built field by field so the JSON answer lists the fields in the interface's order.
  return {
    id: state.id,
    quantity: state.quantity,
    startDate: state.startDate,
    endDate: state.endDate,
    addonStatus: state.addonStatus,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    canceledAt: state.canceledAt,
    externalId: state.externalId,
    subscriptionId: state.subscriptionId,
    addonId: state.addonId,
    addonPriceId: state.addonPriceId,
    subscriptionName: state.subscriptionName,
    addonName: state.addonName,
    addonCode: state.addonCode,
    unitAmount: state.unitAmount,
    currency: state.currency,
    pricingModel: state.pricingModel,
    addonType: state.addonType,
    metadata: { ...state.metadata },
    status: state.status,
    timestamps: { createTime: state.createTime, updateTime: state.updateTime },
    name: state.name,
    organizationId: state.organizationId,
    provider: state.provider,
  };
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
