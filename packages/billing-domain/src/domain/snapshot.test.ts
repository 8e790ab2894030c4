import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aContext, anAddon, anItem, aSnapshot, at, T0 } from '../../test/support/addons.js';
import type { AddonStatus } from '../contract.js';
import { addonInvariantViolations } from './invariants.js';
import { applySnapshot, createAddon, reconcileAddons } from './snapshot.js';

describe('examples', () => {
  it('creates add-ons with the first state from the provider status', () => {
    const created = createAddon(anItem({ unitAmount: '0.10', currency: 'usd' }), aSnapshot({ addonStatus: 'ADDON_STATUS_PENDING' }), aContext());
    expect(created).toMatchObject({ id: 'new_1', name: 'addonSubscriptions/new_1', addonStatus: 'ADDON_STATUS_PENDING', unitAmount: '0.10', currency: 'USD' });
  });

  it('updates quantity, price and period from the snapshot', () => {
    const next = applySnapshot(anAddon(), anItem({ quantity: 3, unitAmount: '2.50' }), aSnapshot({ currentPeriodEnd: at(99) }), aContext());
    expect(next).toMatchObject({ quantity: 3, unitAmount: '2.50', endDate: at(99).toISOString(), updateTime: at(2).toISOString() });
  });

  it("a line on its own billing cycle takes its own period; without one, the subscription's", () => {
    const own = anItem({ currentPeriodStart: at(10), currentPeriodEnd: at(50) });
    expect(createAddon(own, aSnapshot({ currentPeriodEnd: at(99) }), aContext())).toMatchObject({
      startDate: at(10).toISOString(), endDate: at(50).toISOString(),
    });
    const partial = anItem({ currentPeriodStart: null, currentPeriodEnd: at(50) });
    expect(applySnapshot(anAddon(), partial, aSnapshot({ currentPeriodEnd: at(99) }), aContext())).toMatchObject({
      startDate: T0.toISOString(), endDate: at(50).toISOString(),
    });
  });

  it('an unchanged snapshot returns the same object', () => {
    const addon = anAddon();
    expect(applySnapshot(addon, anItem(), aSnapshot(), aContext())).toBe(addon);
  });

  it('a provider schedule is lifted by the provider; a customer schedule survives', () => {
    const ctx = aContext();
    const providerScheduled = applySnapshot(anAddon(), anItem(), aSnapshot({ cancelAtPeriodEnd: true }), ctx);
    expect(providerScheduled).toMatchObject({ cancelAtPeriodEnd: true, cancelOrigin: 'provider', canceledAt: at(1).toISOString() });
    expect(applySnapshot(providerScheduled, anItem(), aSnapshot(), ctx)).toMatchObject({ cancelAtPeriodEnd: false, canceledAt: null });
    const customer = anAddon({ cancelAtPeriodEnd: true, canceledAt: at(0).toISOString(), cancelOrigin: 'customer' });
    expect(applySnapshot(customer, anItem(), aSnapshot(), ctx)).toBe(customer);
  });

  it("a customer's :cancel ends the add-on once a period starting after the request arrives", () => {
    const asked = anAddon({ cancelAtPeriodEnd: true, canceledAt: at(10).toISOString(), cancelOrigin: 'customer', endDate: at(100).toISOString() });
    const samePeriod = aSnapshot({ currentPeriodStart: at(5), currentPeriodEnd: at(100) });
    expect(applySnapshot(asked, anItem({ quantity: 2 }), samePeriod, aContext())).toMatchObject({ addonStatus: 'ADDON_STATUS_ACTIVE', quantity: 2, cancelAtPeriodEnd: true });
    const next = aSnapshot({ currentPeriodStart: at(100), currentPeriodEnd: at(200) });
    expect(applySnapshot(asked, anItem({ quantity: 2 }), next, aContext())).toMatchObject({
      addonStatus: 'ADDON_STATUS_CANCELED', quantity: 1, endDate: at(100).toISOString(), canceledAt: at(10).toISOString(),
    });
    const ownCycle = anItem({ currentPeriodStart: at(8), currentPeriodEnd: at(100) });
    expect(applySnapshot(asked, ownCycle, next, aContext()).addonStatus).toBe('ADDON_STATUS_ACTIVE');
  });

  it('add-ons removed from the subscription become CANCELED at the event time', () => {
    const { created, updated } = reconcileAddons([anAddon()], aSnapshot({ addons: [anItem({ externalId: 'si_2' })] }), aContext());
    expect(created.map((a) => a.externalId)).toEqual(['si_2']);
    expect(updated).toEqual([expect.objectContaining({ id: 'a1', addonStatus: 'ADDON_STATUS_CANCELED', canceledAt: at(1).toISOString() })]);
  });

  it('a canceled snapshot cancels live add-ons and does not resurrect canceled ones', () => {
    const canceled = anAddon({ id: 'a0', addonStatus: 'ADDON_STATUS_CANCELED', status: 'STATUS_INACTIVE', canceledAt: at(0).toISOString() });
    const result = reconcileAddons([canceled], aSnapshot({ addonStatus: 'ADDON_STATUS_CANCELED' }), aContext());
    expect(result).toEqual({ created: [], updated: [] });
  });
});

describe('properties', () => {
  const statuses = fc.constantFrom<AddonStatus>('ADDON_STATUS_PENDING', 'ADDON_STATUS_ACTIVE', 'ADDON_STATUS_PAST_DUE', 'ADDON_STATUS_CANCELED');
  const snapshots = fc.record({ addonStatus: statuses, cancelAtPeriodEnd: fc.boolean(), quantity: fc.nat({ max: 50 }) });
  const addons = fc.record({ addonStatus: statuses.filter((s) => s !== 'ADDON_STATUS_CANCELED'), customerCancelled: fc.boolean() });

  it('idempotence: apply(apply(a, s), s) = apply(a, s)', () => {
    fc.assert(
      fc.property(addons, snapshots, (a, s) => {
        const addon = anAddon({
          addonStatus: a.addonStatus,
          ...(a.customerCancelled ? { cancelAtPeriodEnd: true, canceledAt: at(0).toISOString(), cancelOrigin: 'customer' as const } : {}),
        });
        const item = anItem({ quantity: s.quantity });
        const snapshot = aSnapshot({ addonStatus: s.addonStatus, cancelAtPeriodEnd: s.cancelAtPeriodEnd });
        const once = applySnapshot(addon, item, snapshot, aContext());
        expect(applySnapshot(once, item, snapshot, aContext({ now: at(9) }))).toBe(once);
        expect(addonInvariantViolations(once)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
