import type { AddonStatus, Outcome } from '../contract.js';
import { isEnded, recordStatusFor, type AddonState, type ParentState } from './addon-state.js';

// The one home of every named add-on transition: the service's `:cancel` and `:undo-cancel`, the
// event effects (payments, the provider's cancellation), the snapshot and the replay all call these
// functions; a provider snapshot's own fields are mirrored in snapshot.ts.

const ok = (value: AddonState): Outcome<AddonState> => ({ ok: true, value });

function withStatus(state: AddonState, addonStatus: AddonStatus, now: Date): AddonState {
  if (state.addonStatus === addonStatus) return state;
  return { ...state, addonStatus, status: recordStatusFor(addonStatus), updateTime: now.toISOString() };
}

/**
 * The status a successful payment leads to: PENDING and PAST_DUE become ACTIVE.
 * @example statusAfterPayment('ADDON_STATUS_PAST_DUE', true) // 'ADDON_STATUS_ACTIVE'
 */
export function statusAfterPayment(status: AddonStatus, succeeded: boolean): AddonStatus {
  switch (status) {
    case 'ADDON_STATUS_PENDING':
      return succeeded ? 'ADDON_STATUS_ACTIVE' : status;
    case 'ADDON_STATUS_ACTIVE':
      return succeeded ? status : 'ADDON_STATUS_PAST_DUE';
    case 'ADDON_STATUS_PAST_DUE':
      return succeeded ? 'ADDON_STATUS_ACTIVE' : status;
    case 'ADDON_STATUS_CANCELED':
      return status;
    default: {
      const unreachable: never = status;
      return unreachable;
    }
  }
}

/**
 * PENDING or PAST_DUE -> ACTIVE; otherwise unchanged.
 * @example paymentSucceeded(pending, now).addonStatus // 'ADDON_STATUS_ACTIVE'
 */
export function paymentSucceeded(state: AddonState, now: Date): AddonState {
  return withStatus(state, statusAfterPayment(state.addonStatus, true), now);
}

/**
 * ACTIVE -> PAST_DUE; otherwise unchanged.
 * @example paymentFailed(active, now).addonStatus // 'ADDON_STATUS_PAST_DUE'
 */
export function paymentFailed(state: AddonState, now: Date): AddonState {
  return withStatus(state, statusAfterPayment(state.addonStatus, false), now);
}

/**
 * Schedules the end at period end. A repeat keeps the first canceledAt; CANCELED fails.
 * @example cancel(active, now) // { ok: true, value: { ...active, cancelAtPeriodEnd: true, canceledAt: now } }
 */
export function cancel(state: AddonState, now: Date): Outcome<AddonState> {
  if (state.addonStatus === 'ADDON_STATUS_CANCELED') {
    return {
      ok: false,
      error: { code: 'addon.already_canceled', message: `add-on ${state.id} is already canceled` },
    };
  }
  // NOTE: when the provider's schedule already ends it, the resource is unchanged, but the
  // customer's own request is remembered: it must outlive the provider lifting its schedule.
  if (state.cancelAtPeriodEnd) return ok(state.cancelOrigin === 'customer' ? state : { ...state, cancelOrigin: 'customer' });
  const at = now.toISOString();
  return ok({ ...state, cancelAtPeriodEnd: true, canceledAt: at, cancelOrigin: 'customer', updateTime: at });
}

/**
 * Clears a scheduled cancellation. Checks, in order: ended, parent cancelling, not cancelling.
 * @example undoCancel(cancelling, now, { status: 'ADDON_STATUS_ACTIVE', cancelAtPeriodEnd: false })
 */
export function undoCancel(state: AddonState, now: Date, parent: ParentState): Outcome<AddonState> {
  if (isEnded(state, now)) {
    return { ok: false, error: { code: 'addon.ended', message: `add-on ${state.id} has ended` } };
  }
  if (parent.status === 'ADDON_STATUS_CANCELED' || parent.cancelAtPeriodEnd) {
    return {
      ok: false,
      error: {
        code: 'addon.parent_cancelling',
        message:
          `add-on ${state.id} renews with its subscription, which is canceled or set to cancel; ` +
          'undo the subscription cancellation first',
      },
    };
  }
  if (!state.cancelAtPeriodEnd) return ok(state);
  return ok({ ...state, cancelAtPeriodEnd: false, canceledAt: null, cancelOrigin: null, updateTime: now.toISOString() });
}

/**
 * A customer's scheduled end has passed (a later period started): CANCELED, INACTIVE, ending at
 * its recorded end date or the new period's start, whichever is earlier; canceledAt kept.
 * @example scheduledEndPassed(cancelling, now, nextPeriodStart).addonStatus // 'ADDON_STATUS_CANCELED'
 */
export function scheduledEndPassed(state: AddonState, now: Date, periodStart: Date): AddonState {
  const ended = providerCanceled(state, now, periodStart);
  const recorded = state.endDate === null ? Number.POSITIVE_INFINITY : Date.parse(state.endDate);
  return { ...ended, endDate: recorded <= periodStart.getTime() ? state.endDate : periodStart.toISOString() };
}

/**
 * The provider canceled the subscription: CANCELED, INACTIVE, canceledAt kept or set. Absorbing.
 * @example providerCanceled(active, now, at).status // 'STATUS_INACTIVE'
 */
export function providerCanceled(state: AddonState, now: Date, canceledAt: Date): AddonState {
  if (state.addonStatus === 'ADDON_STATUS_CANCELED') return state;
  return {
    ...state,
    addonStatus: 'ADDON_STATUS_CANCELED',
    status: 'STATUS_INACTIVE',
    cancelAtPeriodEnd: false,
    // NOTE: kept so a later replay of provider events still knows the customer asked first.
    cancelOrigin: state.cancelOrigin ?? 'provider',
    canceledAt: state.canceledAt ?? canceledAt.toISOString(),
    updateTime: now.toISOString(),
  };
}
