import { PGlite } from '@electric-sql/pglite';
import { applyMigrations, loadMigrations } from './migrate.js';
import { pgliteClient, simpleCommand } from './pglite-client.js';
import type { BillingStore } from './ports.js';
import type { SqlClient } from './sql-client.js';
import { sqlUnitOfWork } from './unit-of-work.js';

/**
 * A store on embedded PGlite: `memory://` keeps everything in memory, any other value is a folder.
 * PGlite has one connection, so its transactions run one after another.
 * @example const store = await openPgliteStore('memory://')
 */
export async function openPgliteStore(dataDir: string): Promise<BillingStore> {
  const db = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir);
  const prepared = new Map<string, string>();
  let closed = false;
  // NOTE: the whole transaction holds PGlite's lock, so nothing else runs on its one connection meanwhile.
  const inTransaction = <T>(fn: (sql: SqlClient) => Promise<T>): Promise<T> => {
    if (closed) return Promise.reject(new Error('the store is closed'));
    return db.runExclusive(async () => {
      await simpleCommand(db, 'BEGIN');
      let result: T;
      try {
        result = await fn(pgliteClient(db, prepared));
      } catch (error) {
        await simpleCommand(db, 'ROLLBACK');
        throw error;
      }
      if ((await simpleCommand(db, 'COMMIT')) === 'ROLLBACK') throw new Error('the transaction was rolled back');
      await db.syncToFs();
      return result;
    });
  };
  const migrations = await loadMigrations();
  const store: BillingStore = {
    kind: 'pglite',
    transaction: (work) =>
      inTransaction(async (sql) => {
        const { uow, flush } = sqlUnitOfWork(sql);
        const result = await work(uow);
        await flush();
        return result;
      }),
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
