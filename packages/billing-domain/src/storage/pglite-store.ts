import { pgliteClient, PreparedStatements, simpleCommand } from './pglite-client.js';
import { startPgliteEngine } from './pglite-engine.js';
import type { PgliteModules } from './pglite-modules.js';
import type { BillingStore, StoreDurability } from '../domain/ports.js';
import { DURABILITY_SETTINGS, durabilityOf, type DurabilitySettings } from './durability.js';
import type { SqlClient } from './sql-client.js';
import { openSqlStore, type Finished } from './sql-store.js';

const IN_MEMORY: StoreDurability = { durable: false, reason: 'memory://: the data is kept in memory and lost when the process ends' };

/**
 * A store on embedded PGlite, in a thread of its own (see startPgliteEngine): `memory://` keeps
 * everything in memory, any other value is a folder, where a commit returns once its WAL is on
 * disk (see openDurablePglite). PGlite has one connection, so its transactions run one after another.
 * `modules`: PGlite compiled by the caller (see compilePgliteModules), or compiled here.
 * @example const store = await openPgliteStore('memory://')
 */
export async function openPgliteStore(dataDir: string, modules?: PgliteModules): Promise<BillingStore> {
  const inMemory = dataDir === 'memory://';
  const engine = await startPgliteEngine(dataDir, modules);
  const prepared = new PreparedStatements();
  // NOTE: the whole transaction holds the engine's lock, so nothing else runs on its one connection meanwhile.
  const inTransaction = <T>(fn: (sql: SqlClient) => Promise<Finished<T>>): Promise<T> => {
    return engine.runExclusive(async () => {
      let result: T;
      try {
        // NOTE: BEGIN goes with the transaction's first statement (one call into the engine fewer).
        const { value, last } = await fn(pgliteClient(engine, prepared, 'BEGIN'));
        await last;
        result = value;
      } catch (error) {
        await simpleCommand(engine, 'ROLLBACK');
        throw error;
      }
      if ((await simpleCommand(engine, 'COMMIT')) === 'ROLLBACK') throw new Error('the transaction was rolled back');
      return result;
    });
  };
  const alone = <T>(fn: (sql: SqlClient) => Promise<T>): Promise<T> => engine.runExclusive(() => fn(pgliteClient(engine, prepared)));
  return openSqlStore({
    kind: 'pglite',
    inTransaction,
    selectOne: () => alone((sql) => sql.query('SELECT 1')),
    durability: async () => (inMemory ? IN_MEMORY : durabilityOf((await alone((sql) => sql.query<DurabilitySettings>(DURABILITY_SETTINGS)))[0])),
    close: () => engine.close(),
  });
}
