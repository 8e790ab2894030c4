import { access, constants, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { loadMigrations } from './migrate.js';
import { DEFAULT_DATA_DIR, type OpenStoreOptions } from './open-store.js';

/** What a look at the store found, without changing it. */
export type StoreProbe =
  | {
      kind: 'postgres';
      /** `server_version` of the server reached. */
      serverVersion: string;
      /** Whether this connection is encrypted (TLS), as the server sees it. */
      tls: boolean;
      /** Migrations recorded in `schema_migrations` (empty for a new database). */
      applied: string[];
      /** Migrations this version knows and has not applied yet (`billing migrate` or a start applies them). */
      pending: string[];
    }
  | { kind: 'pglite'; dataDir: string; exists: boolean; writable: boolean }
  | { kind: 'memory' };

/**
 * Looks at the store the options name without changing anything: connects to PostgreSQL (one
 * connection, closed again) and reads its version, TLS and recorded migrations; for PGlite, checks
 * that its folder exists or can be made. Rejects with the driver's reason when PostgreSQL cannot be
 * reached or refuses the login.
 * @example await probeStore({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/billing' })
 */
export async function probeStore(options: OpenStoreOptions & { timeoutMs?: number } = {}): Promise<StoreProbe> {
  const url = options.databaseUrl?.trim() ?? '';
  if (url === 'memory://') return { kind: 'memory' };
  if (url === '') return probeFolder(resolve(options.dataDir?.trim() || DEFAULT_DATA_DIR));
  // NOTE: the driver is loaded only here: a process that never probes PostgreSQL does not pay for it.
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: options.timeoutMs ?? 5000 });
  // NOTE: a connection dropped by the server while idle emits 'error'; the pending query reports it.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string; tls: boolean | null; recorded: boolean }>(
      `SELECT current_setting('server_version') AS version,
              (SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()) AS tls,
              to_regclass('schema_migrations') IS NOT NULL AS recorded`,
    );
    const row = rows[0];
    const applied = row?.recorded ? (await client.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map((r) => r.name) : [];
    const done = new Set(applied);
    const pending = (await loadMigrations()).map((m) => m.name).filter((name) => !done.has(name));
    return { kind: 'postgres', serverVersion: row?.version ?? '', tls: row?.tls === true, applied, pending };
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function probeFolder(dataDir: string): Promise<StoreProbe> {
  const isFolder = (path: string) => stat(path).then((s) => s.isDirectory(), () => false);
  const exists = await isFolder(dataDir);
  // NOTE: a missing folder is made at start (with its parents): the nearest existing one must be writable.
  let nearest = dataDir;
  while (!(await isFolder(nearest)) && dirname(nearest) !== nearest) nearest = dirname(nearest);
  const writable = await access(nearest, constants.W_OK).then(() => true, () => false);
  return { kind: 'pglite', dataDir, exists, writable };
}
