import { applyMigrations, loadMigrations } from './migrate.js';
import type { BillingStore, StoreDurability, StoreKind } from '../domain/ports.js';
import type { SqlClient } from './sql-client.js';
import { sqlUnitOfWork } from './unit-of-work.js';

/**
 * What a transaction's work leaves: its value and, as `last`, the statements it sent last without
 * awaiting them (its final writes). COMMIT is sent right behind them, without waiting for their
 * answers, and the transaction fails when they fail.
 */
export interface Finished<T> {
  value: T;
  last?: Promise<unknown>;
}

/** What a database driver gives the shared store. */
export interface SqlDriver {
  kind: StoreKind;
  /** Runs `fn` in one transaction: commits when it (and its `last` statements) succeeded, rolls back when it throws. */
  inTransaction<T>(fn: (sql: SqlClient) => Promise<Finished<T>>): Promise<T>;
  /** A trivial query; rejects when the database cannot be reached. */
  selectOne(): Promise<unknown>;
  /** Whether a commit is on disk when it returns (asked once, after the migrations). */
  durability(): Promise<StoreDurability>;
  close(): Promise<void>;
}

/**
 * The store both adapters share: unit of work per transaction, readiness, migrations at open,
 * and a close after which every transaction is refused.
 * @example const store = await openSqlStore({ kind: 'pglite', inTransaction, selectOne, close })
 */
export async function openSqlStore(driver: SqlDriver): Promise<BillingStore> {
  let closed = false;
  let statements = 0;
  const eventListeners = new Set<() => void>();
  const counted = (sql: SqlClient): SqlClient => ({
    query: (text, params) => ((statements += 1), sql.query(text, params)),
    exec: (script) => ((statements += 1), sql.exec(script)),
  });
  const inTransaction = <T>(fn: (sql: SqlClient) => Promise<Finished<T>>): Promise<T> => {
    if (closed) return Promise.reject(new Error('the store is closed'));
    // NOTE: BEGIN and its end (COMMIT or ROLLBACK) are the driver's; counted here as two.
    statements += 2;
    return driver.inTransaction((sql) => fn(counted(sql)));
  };
  const migrations = await loadMigrations();
  const store: Omit<BillingStore, 'openingMigrations' | 'durability'> = {
    kind: driver.kind,
    async transaction(work) {
      let wroteAddons = false;
      const result = await inTransaction(async (sql) => {
        const { uow, flush } = sqlUnitOfWork(sql, () => (wroteAddons = true));
        const result = await work(uow);
        return { value: result, last: flush() };
      });
      // After COMMIT only: a rolled-back transaction wrote no event. A listener's error is not the caller's.
      if (wroteAddons) {
        for (const listener of eventListeners) {
          try {
            listener();
          } catch {
            // the listener's own concern (the deliverer polls anyway)
          }
        }
      }
      return result;
    },
    onEventsCommitted(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    async ping() {
      if (closed) return false;
      try {
        await driver.selectOne();
        return true;
      } catch {
        return false;
      }
    },
    statementCount: () => statements,
    migrate: () => inTransaction(async (sql) => ({ value: await applyMigrations(sql, migrations) })),
    async close() {
      if (closed) return;
      closed = true;
      await driver.close();
    },
  };
  try {
    const openingMigrations = await store.migrate();
    return { ...store, openingMigrations, durability: await driver.durability() };
  } catch (error) {
    await store.close();
    throw error;
  }
}
