import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { AddonSubscription } from '../src/contract.js';
import { createBillingService } from '../src/service/billing-service.js';
import { applyMigrations, loadMigrations } from '../src/storage/migrate.js';
import { openTestStore } from './support/pglite.js';
import type { SqlClient } from '../src/storage/sql-client.js';
import { createThrowawayDatabase, postgresUnavailableReason } from './support/postgres.js';

const FIRST_NEW = '0002_page_token_key.sql';

// NOTE: rows as the schema before 0002/0003 held them (display_name, no ids, no parent name).
const OLD_ROWS = `
INSERT INTO subscriptions VALUES
  ('org_up', 's_stripe', 'stripe', 'sub_1', 'VM small', 'active', 'ADDON_STATUS_ACTIVE', false,
   '2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z', NULL, '2025-03-01T00:00:00Z', '2025-03-01T00:00:00Z', '2025-03-01T00:00:00Z'),
  ('org_up', 's_paddle', 'paddle', 'sub_01h', 'sub_01h', 'past_due', 'ADDON_STATUS_PAST_DUE', true,
   NULL, NULL, '2025-03-02T00:00:00Z', '2025-03-02T00:00:00Z', '2025-03-02T00:00:00Z', '2025-03-02T00:00:00Z');
INSERT INTO addon_subscriptions VALUES
  ('org_up', 'a1', 's_stripe', 'stripe', 'si_1', 'extra_ipv4', 'Extra IPv4', 'ADDON_TYPE_RECURRING', 'PRICING_MODEL_PER_UNIT',
   2, 1.20, 'USD', 'ADDON_STATUS_ACTIVE', 'STATUS_ACTIVE', '2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z', false, NULL, NULL,
   '{"tier":"gold"}', '2025-03-01T00:00:00Z', '2025-03-05T00:00:00Z'),
  ('org_up', 'a2', 's_paddle', 'paddle', 'pri_01h', 'backup', 'backup', 'ADDON_TYPE_ONE_TIME', 'PRICING_MODEL_PER_UNIT',
   1, 0.005, 'EUR', 'ADDON_STATUS_CANCELED', 'STATUS_INACTIVE', NULL, NULL, true, '2025-03-02T00:00:00Z', 'provider',
   '{}', '2025-03-02T00:00:00Z', '2025-03-02T00:00:00Z');`;

const EXPECTED: Record<string, Partial<AddonSubscription>> = {
  a1: {
    id: 'a1', quantity: 2, startDate: '2025-03-01T00:00:00.000Z', endDate: '2025-04-01T00:00:00.000Z',
    addonStatus: 'ADDON_STATUS_ACTIVE', cancelAtPeriodEnd: false, canceledAt: null, externalId: 'si_1', subscriptionId: 's_stripe',
    addonId: 'extra_ipv4', addonPriceId: '', subscriptionName: 'VM small', addonName: 'Extra IPv4', addonCode: 'extra_ipv4',
    unitAmount: '1.20', currency: 'USD', metadata: { tier: 'gold' }, status: 'STATUS_ACTIVE',
    timestamps: { createTime: '2025-03-01T00:00:00.000Z', updateTime: '2025-03-05T00:00:00.000Z' }, provider: 'stripe',
  },
  a2: {
    id: 'a2', quantity: 1, startDate: null, endDate: null, addonStatus: 'ADDON_STATUS_CANCELED', cancelAtPeriodEnd: true,
    canceledAt: '2025-03-02T00:00:00.000Z', externalId: 'pri_01h', subscriptionId: 's_paddle', addonId: 'backup',
    addonPriceId: 'pri_01h', subscriptionName: 'sub_01h', addonName: 'backup', addonCode: 'backup', unitAmount: '0.005',
    currency: 'EUR', addonType: 'ADDON_TYPE_ONE_TIME', metadata: {}, status: 'STATUS_INACTIVE',
    timestamps: { createTime: '2025-03-02T00:00:00.000Z', updateTime: '2025-03-02T00:00:00.000Z' }, provider: 'paddle',
  },
};

/** Brings a database to the schema before this change, with rows in it, through `sql`. */
async function previousSchemaWithRows(sql: SqlClient): Promise<void> {
  const before = (await loadMigrations()).filter((m) => m.name < FIRST_NEW);
  expect(before.map((m) => m.name)).toEqual(['0001_initial.sql']);
  await applyMigrations(sql, before);
  await sql.exec(OLD_ROWS);
}

/** Opens the store on the old database (which migrates it) and reads every row through the service. */
async function upgradeAndRead(databaseUrl: string, dataDir?: string) {
  const store = await openTestStore({ databaseUrl, ...(dataDir ? { dataDir } : {}) });
  const service = createBillingService({ store, config: { webhookEndpoints: [] } });
  try {
    const page = await service.addons.list('org_up', { pageSize: 1 });
    if (!page.ok) throw new Error(page.error.code);
    const next = await service.addons.list('org_up', { pageSize: 10, pageToken: page.value.nextPageToken });
    if (!next.ok) throw new Error(next.error.code);
    const listed = [...page.value.addonSubscriptions, ...next.value.addonSubscriptions];
    expect(listed.map((a) => a.id)).toEqual(['a2', 'a1']);
    for (const addon of listed) {
      expect(addon).toMatchObject(EXPECTED[addon.id] ?? {});
      expect(await service.addons.get('org_up', addon.id)).toEqual({ ok: true, value: addon });
    }
    const byProvider = await service.addons.list('org_up', { pageSize: 10, externalSubscriptionId: 'sub_01h' });
    expect(byProvider.ok && byProvider.value.addonSubscriptions.map((a) => a.id)).toEqual(['a2']);
    const undone = await service.addons.cancel('org_up', 'a1', new Date('2025-03-10T00:00:00Z'));
    expect(undone).toMatchObject({ ok: true, value: { cancelAtPeriodEnd: true, addonName: 'Extra IPv4' } });
    expect((await store.migrate()).applied).toEqual([]);
  } finally {
    await store.close();
  }
}

const skipReason = await postgresUnavailableReason();

describe('upgrade from the schema before 0002/0003', () => {
  it('PGlite: rows written before read back with every field', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'billing-upgrade-'));
    try {
      const db = await PGlite.create(dataDir);
      await previousSchemaWithRows({
        query: async <Row>(text: string, params: readonly unknown[] = []) => (await db.query<Row>(text, [...params])).rows,
        exec: async (script) => {
          await db.exec(script);
        },
      });
      await db.close();
      await upgradeAndRead('', dataDir);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it.skipIf(skipReason !== '')(`PostgreSQL: rows written before read back with every field${skipReason ? ` (skipped: ${skipReason})` : ''}`, async () => {
    const database = await createThrowawayDatabase();
    try {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await previousSchemaWithRows({
          query: async <Row>(text: string, params: readonly unknown[] = []) => (await client.query(text, [...params])).rows as Row[],
          exec: async (script) => {
            await client.query(script);
          },
        });
      } finally {
        await client.end();
      }
      await upgradeAndRead(database.url);
    } finally {
      await database.drop();
    }
  });
});
