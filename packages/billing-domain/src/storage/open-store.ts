import type { BillingStore } from '../domain/ports.js';
import type { PgliteModules } from './pglite-modules.js';

/** Where the store lives. */
export interface OpenStoreOptions {
  /** Unset or '': PGlite in `dataDir`; `memory://`: PGlite in memory; `postgres://...`: PostgreSQL. */
  databaseUrl?: string;
  /** PGlite data folder when `databaseUrl` is unset (default `./.billing-data`). */
  dataDir?: string;
  /** PostgreSQL only: the most connections the pool opens (BILLING_DB_POOL_SIZE, default 10). */
  poolSize?: number;
  /** PGlite only: its modules compiled once by the caller (compilePgliteModules), for a process that opens many stores. */
  pgliteModules?: PgliteModules;
}

/** The default PGlite data folder. */
export const DEFAULT_DATA_DIR = './.billing-data';

/**
 * Opens the store the options name and applies pending migrations. Rejects when the database
 * cannot be reached or migrated.
 * @example const store = await openStore({ databaseUrl: 'memory://' })
 */
export async function openStore(options: OpenStoreOptions = {}): Promise<BillingStore> {
  const url = options.databaseUrl?.trim() ?? '';
  // NOTE: each store's module (and its driver: PGlite, or pg) is loaded when that store is opened:
  // a process loads one of them, and one that opens none (most CLI commands) loads neither.
  const pglite = () => import('./pglite-store.js');
  if (url === '') return (await pglite()).openPgliteStore(options.dataDir?.trim() || DEFAULT_DATA_DIR, options.pgliteModules);
  if (url === 'memory://') return (await pglite()).openPgliteStore('memory://', options.pgliteModules);
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const { openPostgresStore } = await import('./postgres-store.js');
    return openPostgresStore(url, options.poolSize === undefined ? {} : { maxConnections: options.poolSize });
  }
  throw new Error(`unsupported databaseUrl scheme: use memory://, postgres:// or postgresql:// (got "${url.split(':')[0]}:")`);
}
