import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingStore } from '../src/domain/ports.js';
import { openTestStore } from './support/pglite.js';
import { at } from './support/addons.js';
import { paymentEvent, upsertEvent } from './support/events.js';
import { tenant } from './support/tenant.js';

describe('BillingStore.onEventsCommitted (PGlite memory://)', () => {
  let store: BillingStore;
  beforeAll(async () => {
    store = await openTestStore({ databaseUrl: 'memory://' });
  });
  afterAll(async () => {
    await store.close();
  });

  it('tells its listeners after a commit that wrote add-ons (a webhook, a :cancel), never after reads, a rolled-back write or once removed', async () => {
    let told = 0;
    const remove = store.onEventsCommitted(() => (told += 1));
    const t = tenant(store);
    await t.send(upsertEvent('e1', 1));
    expect(told).toBe(1); // the webhook's claim created the add-on
    const [addon] = await t.addons();
    expect(told).toBe(1); // a read
    await t.service.addons.cancel(t.org, addon!.id, at(2));
    expect(told).toBe(2);
    await t.send(paymentEvent('e0', 0, false)); // an older event: stored, no add-on written
    expect(told).toBe(2);
    await expect(
      store.transaction(async (uow) => {
        const current = await uow.addons.findById(t.org, addon!.id);
        await uow.addons.update({ ...current!, quantity: 7 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(told).toBe(2);
    remove();
    await t.service.addons.undoCancel(t.org, addon!.id, at(3));
    expect(told).toBe(2);
  });
});
