import { describe, expect, it } from 'vitest';
import { openTestStore } from './support/pglite.js';
import { deliveryWorld, describeDeliverer } from './deliverer-contract.js';
import { receiver } from './support/receiver.js';
import { createThrowawayDatabase, postgresUnavailableReason } from './support/postgres.js';
import { sharedStore } from './support/tenant.js';

describe('PGlite (memory://)', () => {
  describeDeliverer(sharedStore(async () => ({ store: await openTestStore({ databaseUrl: 'memory://' }), cleanup: async () => undefined })));
});

const skipReason = await postgresUnavailableReason();
describe.skipIf(skipReason !== '')(`PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  describeDeliverer(
    sharedStore(async () => {
      const db = await createThrowawayDatabase();
      return { store: await openTestStore({ databaseUrl: db.url }), cleanup: () => db.drop() };
    }),
  );

  it('two processes on one PostgreSQL with one destination deliver each event once', async () => {
    const db = await createThrowawayDatabase();
    const [one, two] = await Promise.all([openTestStore({ databaseUrl: db.url }), openTestStore({ databaseUrl: db.url })]);
    const r = await receiver();
    const a = deliveryWorld(one!);
    const b = deliveryWorld(two!);
    try {
      // Both worlds use the same organization, so both deliverers see the same deliveries.
      const w = { ...a, org: a.org };
      await w.destination(r.url('/once'));
      const events = await w.changes(60);
      a.start();
      b.start();
      const end = Date.now() + 30_000;
      while (r.received.length < 60 && Date.now() < end) await new Promise((res) => setTimeout(res, 20));
      await new Promise((res) => setTimeout(res, 300));
      const ids = r.received.map((q) => q.headers['webhook-id']);
      expect(ids).toHaveLength(60);
      expect(new Set(ids)).toEqual(new Set(events.map((e) => e.id)));
    } finally {
      await a.stop();
      await b.stop();
      await r.close();
      await one!.close();
      await two!.close();
      await db.drop();
    }
  });
});
