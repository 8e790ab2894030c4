import type { AddonState } from './addon-state.js';

/**
 * The rules every reachable add-on state obeys; returns the broken ones (empty when valid).
 * @example addonInvariantViolations(addon) // []
 */
export function addonInvariantViolations(state: AddonState): string[] {
  const broken: string[] = [];
  const canceled = state.addonStatus === 'ADDON_STATUS_CANCELED';
  if ((state.status === 'STATUS_INACTIVE') !== canceled) broken.push('status INACTIVE iff addonStatus CANCELED');
  if ((state.canceledAt === null) !== (!state.cancelAtPeriodEnd && !canceled)) {
    broken.push('canceledAt null iff neither cancelling nor canceled');
  }
  if (canceled && state.cancelAtPeriodEnd) broken.push('a CANCELED add-on is no longer scheduled to cancel');
  if ((state.cancelOrigin === null) !== (state.canceledAt === null)) broken.push('cancelOrigin set iff canceledAt set');
  if (!Number.isInteger(state.quantity) || state.quantity < 0) broken.push('quantity is an integer >= 0');
  if (Date.parse(state.updateTime) < Date.parse(state.createTime)) broken.push('updateTime >= createTime');
  return broken;
}
