import type { AddonStatus } from '../contract.js';

const STATUS_BY_PROVIDER_NAME: Readonly<Record<string, AddonStatus>> = {
  active: 'ADDON_STATUS_ACTIVE',
  trialing: 'ADDON_STATUS_ACTIVE',
  incomplete: 'ADDON_STATUS_PENDING',
  pending: 'ADDON_STATUS_PENDING',
  past_due: 'ADDON_STATUS_PAST_DUE',
  unpaid: 'ADDON_STATUS_PAST_DUE',
  canceled: 'ADDON_STATUS_CANCELED',
  cancelled: 'ADDON_STATUS_CANCELED',
  incomplete_expired: 'ADDON_STATUS_CANCELED',
};

/**
 * The first state of an add-on from its subscription's provider status (service.md section 4);
 * undefined for a status no provider documents.
 * @example firstAddonStatus('trialing') // 'ADDON_STATUS_ACTIVE'
 */
export function firstAddonStatus(providerStatus: string): AddonStatus | undefined {
  return STATUS_BY_PROVIDER_NAME[providerStatus.trim().toLowerCase()];
}
