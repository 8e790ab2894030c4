import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createBillingService } from '../src/service/billing-service.js';
import { openTestStore } from './support/pglite.js';
import { loadMigrations } from '../src/storage/migrate.js';
import { describeStoreContract } from './store-contract.js';
import { anAddon } from './support/addons.js';
import { aSubscription } from './support/records.js';
import { createThrowawayDatabase, postgresUnavailableReason } from './support/postgres.js';

describeStoreContract('PGlite (memory://)', async () => ({
  store: await openTestStore({ databaseUrl: 'memory://' }),
  cleanup: async () => undefined,
}));

const skipReason = await postgresUnavailableReason();
describe.skipIf(skipReason !== '')(`PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  describeStoreContract('PostgreSQL', async () => {
    const db = await createThrowawayDatabase();
    return { store: await openTestStore({ databaseUrl: db.url }), cleanup: () => db.drop() };
  });

  it('concurrent starts apply each migration exactly once (advisory lock)', async () => {
    const db = await createThrowawayDatabase();
    try {
      const stores = await Promise.all(Array.from({ length: 4 }, () => openTestStore({ databaseUrl: db.url })));
      await Promise.all(stores.map((s) => s.close()));
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      await client.end();
      expect(rows.map((r) => r.name)).toEqual((await loadMigrations()).map((m) => m.name));
    } finally {
      await db.drop();
    }
  });

  it('processes sharing one database share the page-token key: each accepts the others\' tokens', async () => {
    const db = await createThrowawayDatabase();
    try {
      const stores = await Promise.all(Array.from({ length: 3 }, () => openTestStore({ databaseUrl: db.url })));
      const keys = await Promise.all(stores.map((s, i) => s.transaction((uow) => uow.pageTokenKey.getOrCreate(Buffer.alloc(32, i + 1)))));
      expect(new Set(keys.map((k) => Buffer.from(k).toString('hex'))).size).toBe(1);
      const [one, two] = stores.map((store) => createBillingService({ store, config: { webhookEndpoints: [] } }));
      await stores[0]?.transaction(async (uow) => {
        await uow.subscriptions.insert(aSubscription({ organizationId: 'org_k' }));
        for (const id of ['a1', 'a2']) await uow.addons.insert(anAddon({ organizationId: 'org_k', id }));
      });
      const first = await one?.addons.list('org_k', { pageSize: 1 });
      const pageToken = first?.ok ? first.value.nextPageToken : '';
      expect(await two?.addons.list('org_k', { pageSize: 1, pageToken })).toMatchObject({ ok: true, value: { nextPageToken: '' } });
      await Promise.all(stores.map((s) => s.close()));
    } finally {
      await db.drop();
    }
  });

  it('a closed or lost database answers storage.unavailable, never throws', async () => {
    const db = await createThrowawayDatabase();
    try {
      const store = await openTestStore({ databaseUrl: db.url });
      const service = createBillingService({ store, config: { webhookEndpoints: [] } });
      expect(await service.isReady()).toBe(true);
      await store.close();
      expect(await service.isReady()).toBe(false);
      expect(await service.addons.get('org_1', 'a1')).toMatchObject({ ok: false, error: { code: 'storage.unavailable' } });
      expect(await service.addons.cancel('org_1', 'a1', new Date())).toMatchObject({ ok: false, error: { code: 'storage.unavailable' } });
    } finally {
      await db.drop();
    }
  });
});

it('PGlite in a data folder keeps its rows and its migrations across restarts', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'billing-pglite-'));
  try {
    const first = await openTestStore({ dataDir });
    await first.transaction((uow) => uow.subscriptions.insert(aSubscription({ organizationId: 'org_disk' })));
    await first.close();
    const second = await openTestStore({ databaseUrl: '', dataDir });
    expect(await second.migrate()).toMatchObject({ applied: [] });
    expect((await second.transaction((uow) => uow.subscriptions.findById('org_disk', 's1')))?.externalId).toBe('sub_1');
    await second.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

it('an unreachable PostgreSQL makes openStore reject', async () => {
  await expect(openTestStore({ databaseUrl: 'postgres://postgres@127.0.0.1:1/nothing' })).rejects.toThrow();
});

it('an unknown URL scheme is refused', async () => {
  await expect(openTestStore({ databaseUrl: 'mysql://x' })).rejects.toThrow(/unsupported databaseUrl/);
});
