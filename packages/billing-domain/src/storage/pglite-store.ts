import { PGlite } from '@electric-sql/pglite';
import { pgliteClient, PreparedStatements, simpleCommand } from './pglite-client.js';
import { openDurablePglite } from './pglite-durable.js';
import type { BillingStore, StoreDurability } from '../domain/ports.js';
import { DURABILITY_SETTINGS, durabilityOf, type DurabilitySettings } from './durability.js';
import type { SqlClient } from './sql-client.js';
import { openSqlStore, type Finished } from './sql-store.js';

const IN_MEMORY: StoreDurability = { durable: false, reason: 'memory://: the data is kept in memory and lost when the process ends' };

/**
 * A store on embedded PGlite: `memory://` keeps everything in memory, any other value is a folder,
 * where a commit returns once its WAL is on disk (see openDurablePglite).
 * PGlite has one connection, so its transactions run one after another.
 * @example const store = await openPgliteStore('memory://')
 */
export async function openPgliteStore(dataDir: string): Promise<BillingStore> {
  const inMemory = dataDir === 'memory://';
  const db = inMemory ? await PGlite.create() : await openDurablePglite(dataDir);
  const prepared = new PreparedStatements();
  // NOTE: the whole transaction holds PGlite's lock, so nothing else runs on its one connection meanwhile.
  const inTransaction = <T>(fn: (sql: SqlClient) => Promise<Finished<T>>): Promise<T> => {
    return db.runExclusive(async () => {
      let result: T;
      try {
        // NOTE: BEGIN goes with the transaction's first statement (one call into the engine fewer).
        const { value, last } = await fn(pgliteClient(db, prepared, 'BEGIN'));
        await last;
        result = value;
      } catch (error) {
        await simpleCommand(db, 'ROLLBACK');
        throw error;
      }
      if ((await simpleCommand(db, 'COMMIT')) === 'ROLLBACK') throw new Error('the transaction was rolled back');
      return result;
    });
  };
  return openSqlStore({
    kind: 'pglite',
    inTransaction,
    selectOne: () => db.query('SELECT 1'),
    durability: async () => (inMemory ? IN_MEMORY : durabilityOf((await db.query<DurabilitySettings>(DURABILITY_SETTINGS)).rows[0])),
    close: () => db.close(),
  });
}
