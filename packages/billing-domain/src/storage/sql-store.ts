import { applyMigrations, loadMigrations } from './migrate.js';
import type { BillingStore, StoreKind } from '../domain/ports.js';
import type { SqlClient } from './sql-client.js';
import { sqlUnitOfWork } from './unit-of-work.js';

/** What a database driver gives the shared store. */
export interface SqlDriver {
  kind: StoreKind;
  /** Runs `fn` in one transaction: commits when it resolves, rolls back when it throws. */
  inTransaction<T>(fn: (sql: SqlClient) => Promise<T>): Promise<T>;
  /** A trivial query; rejects when the database cannot be reached. */
  selectOne(): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * The store both adapters share: unit of work per transaction, readiness, migrations at open,
 * and a close after which every transaction is refused.
 * @example const store = await openSqlStore({ kind: 'pglite', inTransaction, selectOne, close })
 */
export async function openSqlStore(driver: SqlDriver): Promise<BillingStore> {
  let closed = false;
  const inTransaction = <T>(fn: (sql: SqlClient) => Promise<T>): Promise<T> =>
    closed ? Promise.reject(new Error('the store is closed')) : driver.inTransaction(fn);
  const migrations = await loadMigrations();
  const store: Omit<BillingStore, 'openingMigrations'> = {
    kind: driver.kind,
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
        await driver.selectOne();
        return true;
      } catch {
        return false;
      }
    },
    migrate: () => inTransaction((sql) => applyMigrations(sql, migrations)),
    async close() {
      if (closed) return;
      closed = true;
      await driver.close();
    },
  };
  try {
    const openingMigrations = await store.migrate();
    return { ...store, openingMigrations };
  } catch (error) {
    await store.close();
    throw error;
  }
}
