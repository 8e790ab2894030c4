import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aContext, anAddon, anItem, aSnapshot, T0 } from '../../test/support/addons.js';
import type { AddonStatus } from '../contract.js';
import { toAddonSubscription, type AddonState } from './addon-state.js';
import { addonInvariantViolations } from './invariants.js';
import { reconcileAddons } from './snapshot.js';
import { cancel, paymentFailed, paymentSucceeded, providerCanceled, undoCancel } from './transitions.js';

/**
 * The tiny model: what the table in docs/state-machine.md says, plus the choices of
 * docs/state-machine.md it depends on (who scheduled the end), nothing more.
 */
interface Model {
  status: AddonStatus;
  cancelling: boolean;
  /** The customer asked for the end with `:cancel` (even when the provider had already set it). */
  byCustomer: boolean;
  ended: boolean;
}
interface Real {
  addon: AddonState;
  minute: number;
}

const PERIOD_MINUTES = 60;
const PERIOD_END = new Date(T0.getTime() + PERIOD_MINUTES * 60_000);
const tick = (real: Real) => new Date(T0.getTime() + ++real.minute * 60_000);

function expectAgrees(model: Model, real: Real) {
  expect(addonInvariantViolations(real.addon)).toEqual([]);
  expect(real.addon.addonStatus).toBe(model.status);
  expect(real.addon.cancelAtPeriodEnd).toBe(model.cancelling);
  expect(real.addon.cancelOrigin === 'customer').toBe(model.byCustomer);
}

type Cmd = fc.Command<Model, Real>;
const command = (name: string, run: (m: Model, r: Real) => void): Cmd => ({
  check: () => true,
  run: (m, r) => {
    const wasCanceled = m.status === 'ADDON_STATUS_CANCELED';
    run(m, r);
    if (wasCanceled) expect(r.addon.addonStatus).toBe('ADDON_STATUS_CANCELED');
    expectAgrees(m, r);
  },
  toString: () => name,
});

const paid = (succeeded: boolean) =>
  command(succeeded ? 'paymentSucceeded' : 'paymentFailed', (m, r) => {
    r.addon = (succeeded ? paymentSucceeded : paymentFailed)(r.addon, tick(r));
    if (m.status === 'ADDON_STATUS_CANCELED') return;
    if (succeeded) m.status = 'ADDON_STATUS_ACTIVE';
    else if (m.status === 'ADDON_STATUS_ACTIVE') m.status = 'ADDON_STATUS_PAST_DUE';
  });

const cancelCmd = command('cancel', (m, r) => {
  const firstCanceledAt = r.addon.canceledAt;
  const outcome = cancel(r.addon, tick(r));
  if (m.status === 'ADDON_STATUS_CANCELED') {
    expect(outcome).toMatchObject({ ok: false, error: { code: 'addon.already_canceled' } });
    return;
  }
  if (!outcome.ok) throw new Error(outcome.error.code);
  // A repeat (or a :cancel of an add-on the provider already set to end) changes nothing visible.
  if (m.cancelling) {
    expect(outcome.value.canceledAt).toBe(firstCanceledAt);
    expect(toAddonSubscription(outcome.value)).toEqual(toAddonSubscription(r.addon));
  }
  r.addon = outcome.value;
  // docs/state-machine.md: the request is recorded as the customer's either way, so it outlives
  // the provider lifting its own schedule.
  m.byCustomer = true;
  m.cancelling = true;
});

const undoCmd = (parentCancelling: boolean) =>
  command(`undoCancel(parentCancelling=${parentCancelling})`, (m, r) => {
    const outcome = undoCancel(r.addon, tick(r), { status: 'ADDON_STATUS_ACTIVE', cancelAtPeriodEnd: parentCancelling });
    const expected = m.status === 'ADDON_STATUS_CANCELED' || m.ended ? 'addon.ended' : parentCancelling ? 'addon.parent_cancelling' : null;
    if (expected !== null) {
      expect(outcome).toMatchObject({ ok: false, error: { code: expected } });
      return;
    }
    if (!outcome.ok) throw new Error(outcome.error.code);
    r.addon = outcome.value;
    m.cancelling = false;
    m.byCustomer = false;
  });

const providerCanceledCmd = command('providerCanceled', (m, r) => {
  const now = tick(r);
  r.addon = providerCanceled(r.addon, now, now);
  m.status = 'ADDON_STATUS_CANCELED';
  m.cancelling = false;
});

const snapshotCmd = (status: AddonStatus, cancelAtPeriodEnd: boolean, listed: boolean) =>
  command(`snapshot(${status}, cancelAtPeriodEnd=${cancelAtPeriodEnd}, listed=${listed})`, (m, r) => {
    const now = tick(r);
    const snapshot = aSnapshot({
      addonStatus: status,
      cancelAtPeriodEnd,
      currentPeriodEnd: PERIOD_END,
      addons: listed ? [anItem()] : [],
    });
    const { updated } = reconcileAddons([r.addon], snapshot, aContext({ occurredAt: now, now }));
    r.addon = updated.find((a) => a.id === r.addon.id) ?? r.addon;
    if (m.status === 'ADDON_STATUS_CANCELED') return;
    if (!listed || status === 'ADDON_STATUS_CANCELED') {
      m.status = 'ADDON_STATUS_CANCELED';
      m.cancelling = false;
      return;
    }
    m.status = status;
    if (cancelAtPeriodEnd) m.cancelling = true;
    else if (!m.byCustomer) m.cancelling = false;
  });

const periodEndsCmd = command('periodEnds', (m, r) => {
  r.minute = Math.max(r.minute, PERIOD_MINUTES);
  m.ended = true;
});

const statuses = fc.constantFrom<AddonStatus>('ADDON_STATUS_PENDING', 'ADDON_STATUS_ACTIVE', 'ADDON_STATUS_PAST_DUE', 'ADDON_STATUS_CANCELED');
const commands = fc.commands(
  [
    fc.boolean().map(paid),
    fc.constant(cancelCmd),
    fc.boolean().map(undoCmd),
    fc.constant(providerCanceledCmd),
    fc.tuple(statuses, fc.boolean(), fc.boolean()).map(([s, c, l]) => snapshotCmd(s, c, l)),
    fc.constant(periodEndsCmd),
  ],
  { maxCommands: 40 },
);

describe('properties', () => {
  it('the machine agrees with the table and keeps its invariants: model(cmds) ~ machine(cmds)', () => {
    fc.assert(
      fc.property(statuses.filter((s) => s !== 'ADDON_STATUS_CANCELED'), commands, (status, cmds) => {
        const addon = anAddon({ addonStatus: status, endDate: PERIOD_END.toISOString() });
        const setup = () => ({
          model: { status, cancelling: false, byCustomer: false, ended: false },
          real: { addon, minute: 0 },
        });
        fc.modelRun(setup, cmds);
      }),
      { numRuns: 300 },
    );
  });
});
