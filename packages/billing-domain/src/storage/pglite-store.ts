import { PGlite, type Transaction } from '@electric-sql/pglite';
import { applyMigrations, loadMigrations } from './migrate.js';
import type { BillingStore } from './ports.js';
import type { SqlClient } from './sql-client.js';
import { sqlUnitOfWork } from './unit-of-work.js';

function clientOf(tx: Transaction): SqlClient {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []) {
      return (await tx.query<Row>(text, [...params])).rows;
    },
    async exec(script) {
      await tx.exec(script);
    },
  };
}

/**
 * A store on embedded PGlite: `memory://` keeps everything in memory, any other value is a folder.
 * PGlite has one connection, so its transactions run one after another.
 * @example const store = await openPgliteStore('memory://')
 */
export async function openPgliteStore(dataDir: string): Promise<BillingStore> {
  const db = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir);
  let closed = false;
  const inTransaction = <T>(fn: (sql: SqlClient) => Promise<T>): Promise<T> => {
    if (closed) return Promise.reject(new Error('the store is closed'));
    return db.transaction((tx) => fn(clientOf(tx)));
  };
  const migrations = await loadMigrations();
  const store: BillingStore = {
    kind: 'pglite',
    transaction: (work) => inTransaction((sql) => work(sqlUnitOfWork(sql))),
    async ping() {
      if (closed) return false;
      try {
        await db.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    migrate: () => inTransaction((sql) => applyMigrations(sql, migrations)),
    async close() {
      if (closed) return;
      closed = true;
      await db.close();
    },
  };
  try {
    await store.migrate();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
