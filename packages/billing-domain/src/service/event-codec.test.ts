import { describe, expect, it } from 'vitest';
import { anItem, at } from '../../test/support/addons.js';
import { canceledEvent, paymentEvent, upsertEvent } from '../../test/support/events.js';
import { decodeEvent, encodeEvent } from './event-codec.js';

describe('examples', () => {
  it.each([
    ['upsert', upsertEvent('e1', 1, { canceledAt: new Date('2025-03-02T00:00:00Z'), currentPeriodStart: null })],
    ['canceled', canceledEvent('e2', 2)],
    ['payment', paymentEvent('e3', 3, false)],
    ['upsert with per-item periods', upsertEvent('e4', 4, {
      items: [
        anItem({ externalId: 'item_1', currentPeriodStart: at(10), currentPeriodEnd: at(20) }),
        anItem({ externalId: 'item_2', currentPeriodStart: null, currentPeriodEnd: at(30) }),
        anItem({ externalId: 'item_3' }),
      ],
    })],
  ])('round-trips a stored %s event with its dates revived', (_kind, event) => {
    const stored = JSON.parse(JSON.stringify(encodeEvent(event))) as unknown;
    expect(decodeEvent(stored)).toEqual(event);
  });

  it.each([
    ['upsert', upsertEvent('e1', 1, { canceledAt: new Date('2025-03-02T00:00:00.123Z'), currentPeriodStart: null })],
    ['canceled', canceledEvent('e2', 2)],
  ])('a %s payload not yet written (its dates still Date objects) decodes to the same event, to the millisecond', (_kind, event) => {
    expect(decodeEvent(encodeEvent(event))).toEqual(event);
  });

  it('reads an item stored before addonId/addonPriceId/addonName: displayName becomes addonName, the ids empty', () => {
    const stored = JSON.parse(JSON.stringify(encodeEvent(upsertEvent('e1', 1)))) as { subscription: { addons: Record<string, unknown>[] } };
    const [item] = stored.subscription.addons;
    if (item === undefined) throw new Error('no item');
    delete item.addonId;
    delete item.addonPriceId;
    delete item.addonName;
    item.displayName = 'Old name';
    const decoded = decodeEvent(stored);
    if (decoded.kind !== 'subscription.upserted') throw new Error(decoded.kind);
    expect(decoded.subscription.addons[0]).toMatchObject({ addonId: '', addonPriceId: '', addonName: 'Old name' });
    expect(decoded.subscription.addons[0]).not.toHaveProperty('displayName');
  });
});
