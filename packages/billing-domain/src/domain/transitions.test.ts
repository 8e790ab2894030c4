import { describe, expect, it } from 'vitest';
import { anAddon, at, T0 } from '../../test/support/addons.js';
import { cancel, paymentFailed, paymentSucceeded, providerCanceled, scheduledEndPassed, undoCancel } from './transitions.js';

const parentActive = { status: 'ADDON_STATUS_ACTIVE', cancelAtPeriodEnd: false } as const;

describe('examples', () => {
  it('PENDING -> ACTIVE and PAST_DUE -> ACTIVE on payment succeeded', () => {
    expect(paymentSucceeded(anAddon({ addonStatus: 'ADDON_STATUS_PENDING' }), at(1)).addonStatus).toBe('ADDON_STATUS_ACTIVE');
    const recovered = paymentSucceeded(anAddon({ addonStatus: 'ADDON_STATUS_PAST_DUE' }), at(1));
    expect(recovered).toMatchObject({ addonStatus: 'ADDON_STATUS_ACTIVE', updateTime: at(1).toISOString() });
  });

  it('ACTIVE -> PAST_DUE on payment failed; PENDING stays PENDING', () => {
    expect(paymentFailed(anAddon(), at(1)).addonStatus).toBe('ADDON_STATUS_PAST_DUE');
    expect(paymentFailed(anAddon({ addonStatus: 'ADDON_STATUS_PENDING' }), at(1)).addonStatus).toBe('ADDON_STATUS_PENDING');
  });

  it('cancel schedules the end and a repeat keeps the first canceledAt', () => {
    const first = cancel(anAddon(), at(1));
    if (!first.ok) throw new Error('expected ok');
    expect(first.value).toMatchObject({ cancelAtPeriodEnd: true, canceledAt: at(1).toISOString(), cancelOrigin: 'customer' });
    const again = cancel(first.value, at(5));
    expect(again).toEqual({ ok: true, value: first.value });
  });

  it("a cancel of an add-on the provider set to end keeps the resource and remembers the customer's request", () => {
    const providerScheduled = anAddon({ cancelAtPeriodEnd: true, canceledAt: at(1).toISOString(), cancelOrigin: 'provider' });
    const repeat = cancel(providerScheduled, at(5));
    expect(repeat).toEqual({ ok: true, value: { ...providerScheduled, cancelOrigin: 'customer' } });
  });

  it('a scheduled end that has passed ends at the recorded end date, or the new period start when earlier', () => {
    const asked = anAddon({ cancelAtPeriodEnd: true, canceledAt: at(1).toISOString(), cancelOrigin: 'customer', endDate: at(100).toISOString() });
    expect(scheduledEndPassed(asked, at(200), at(150))).toMatchObject({
      addonStatus: 'ADDON_STATUS_CANCELED', status: 'STATUS_INACTIVE', cancelAtPeriodEnd: false,
      canceledAt: at(1).toISOString(), endDate: at(100).toISOString(), updateTime: at(200).toISOString(),
    });
    expect(scheduledEndPassed(asked, at(200), at(90)).endDate).toBe(at(90).toISOString());
  });

  it('cancel of a CANCELED add-on is addon.already_canceled', () => {
    const canceled = providerCanceled(anAddon(), at(1), at(1));
    expect(cancel(canceled, at(2))).toMatchObject({ ok: false, error: { code: 'addon.already_canceled' } });
  });

  it('undoCancel clears the schedule and sets updateTime', () => {
    const scheduled = anAddon({ cancelAtPeriodEnd: true, canceledAt: at(1).toISOString(), cancelOrigin: 'customer' });
    expect(undoCancel(scheduled, at(3), parentActive)).toEqual({
      ok: true,
      value: { ...scheduled, cancelAtPeriodEnd: false, canceledAt: null, cancelOrigin: null, updateTime: at(3).toISOString() },
    });
  });

  it('undoCancel of an add-on not cancelling is unchanged', () => {
    const addon = anAddon();
    const outcome = undoCancel(addon, at(3), parentActive);
    expect(outcome.ok && outcome.value).toBe(addon);
  });

  it('undoCancel checks ended before the parent', () => {
    const ended = anAddon({ endDate: at(10).toISOString(), cancelAtPeriodEnd: true, canceledAt: T0.toISOString(), cancelOrigin: 'customer' });
    const parentCancelling = { status: 'ADDON_STATUS_ACTIVE', cancelAtPeriodEnd: true } as const;
    expect(undoCancel(ended, at(10), parentCancelling)).toMatchObject({ ok: false, error: { code: 'addon.ended' } });
    expect(undoCancel(ended, at(9), parentCancelling)).toMatchObject({ ok: false, error: { code: 'addon.parent_cancelling' } });
    const canceled = providerCanceled(anAddon(), at(1), at(1));
    expect(undoCancel(canceled, at(2), parentActive)).toMatchObject({ ok: false, error: { code: 'addon.ended' } });
  });

  it('undoCancel refuses while the parent is canceled or cancelling, even when the add-on is not cancelling', () => {
    const parentCanceled = { status: 'ADDON_STATUS_CANCELED', cancelAtPeriodEnd: false } as const;
    expect(undoCancel(anAddon(), at(1), parentCanceled)).toMatchObject({ ok: false, error: { code: 'addon.parent_cancelling' } });
  });

  it('providerCanceled: CANCELED, INACTIVE, canceledAt set; the first canceledAt is kept', () => {
    expect(providerCanceled(anAddon(), at(2), at(1))).toMatchObject({
      addonStatus: 'ADDON_STATUS_CANCELED',
      status: 'STATUS_INACTIVE',
      cancelAtPeriodEnd: false,
      canceledAt: at(1).toISOString(),
    });
    const scheduled = anAddon({ cancelAtPeriodEnd: true, canceledAt: T0.toISOString(), cancelOrigin: 'customer' });
    expect(providerCanceled(scheduled, at(2), at(1)).canceledAt).toBe(T0.toISOString());
  });
});
