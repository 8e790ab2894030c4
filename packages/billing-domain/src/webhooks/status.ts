import type { AddonStatus } from '../contract.js';

// NOTE: docs/state-machine.md names Stripe's and Paddle's statuses. `paused` (Paddle, and Stripe
// when a trial ends without a payment method) is not in force but has not ended either and can
// resume, so it maps to PENDING, the state that a successful payment turns into ACTIVE.
const STATUS_TABLE: Readonly<Record<string, AddonStatus>> = {
  active: 'ADDON_STATUS_ACTIVE',
  trialing: 'ADDON_STATUS_ACTIVE',
  incomplete: 'ADDON_STATUS_PENDING',
  pending: 'ADDON_STATUS_PENDING',
  paused: 'ADDON_STATUS_PENDING',
  past_due: 'ADDON_STATUS_PAST_DUE',
  unpaid: 'ADDON_STATUS_PAST_DUE',
  canceled: 'ADDON_STATUS_CANCELED',
  incomplete_expired: 'ADDON_STATUS_CANCELED',
};

/**
 * Maps a provider's subscription status (Stripe, Paddle or standard; case-insensitive) to the
 * add-on status; `undefined` for a status we do not know.
 * @example mapProviderStatus('trialing') // 'ADDON_STATUS_ACTIVE'
 * @example mapProviderStatus('unpaid') // 'ADDON_STATUS_PAST_DUE'
 */
export function mapProviderStatus(status: string): AddonStatus | undefined {
  const key = status.trim().toLowerCase();
  return Object.hasOwn(STATUS_TABLE, key) ? STATUS_TABLE[key] : undefined;
}
