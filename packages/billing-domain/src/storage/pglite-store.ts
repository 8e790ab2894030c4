import { PGlite } from '@electric-sql/pglite';
import { pgliteClient, PreparedStatements, simpleCommand } from './pglite-client.js';
import type { BillingStore } from '../domain/ports.js';
import type { SqlClient } from './sql-client.js';
import { openSqlStore } from './sql-store.js';

/**
 * A store on embedded PGlite: `memory://` keeps everything in memory, any other value is a folder.
 * PGlite has one connection, so its transactions run one after another.
 * @example const store = await openPgliteStore('memory://')
 */
export async function openPgliteStore(dataDir: string): Promise<BillingStore> {
  const db = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir);
  const prepared = new PreparedStatements();
  // NOTE: the whole transaction holds PGlite's lock, so nothing else runs on its one connection meanwhile.
  const inTransaction = <T>(fn: (sql: SqlClient) => Promise<T>): Promise<T> => {
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
  return openSqlStore({ kind: 'pglite', inTransaction, selectOne: () => db.query('SELECT 1'), close: () => db.close() });
}
