import { readdir, readFile } from 'node:fs/promises';
import { migrationsDirectory } from '../migrations-dir.js';
import type { MigrationReport } from '../domain/ports.js';
import type { SqlClient } from './sql-client.js';

/** One migration file. */
export interface Migration {
  /** File name, e.g. `0001_initial.sql`; applied in name order. */
  name: string;
  sql: string;
}

// NOTE: any constant works; it only has to be the same for every process sharing the database.
const MIGRATION_LOCK_KEY = 7_316_220_481;

/**
 * Reads the `.sql` files of a folder, sorted by name.
 * @example const migrations = await loadMigrations()
 */
export async function loadMigrations(directory: URL = migrationsDirectory()): Promise<Migration[]> {
  const names = (await readdir(directory)).filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(names.map(async (name) => ({ name, sql: await readFile(new URL(name, directory), 'utf8') })));
}

/**
 * Applies the migrations not yet recorded in `schema_migrations`, in order, inside the caller's
 * transaction. A transaction-scoped advisory lock makes concurrent starts wait for each other.
 * @example await store.migrate() // uses applyMigrations inside one transaction
 */
export async function applyMigrations(sql: SqlClient, migrations: readonly Migration[]): Promise<MigrationReport> {
  await sql.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
  await sql.exec(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       name TEXT PRIMARY KEY,
       applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
     )`,
  );
  const rows = await sql.query<{ name: string }>('SELECT name FROM schema_migrations');
  const done = new Set(rows.map((row) => row.name));
  const applied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.name)) continue;
    await sql.exec(migration.sql);
    await sql.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
    applied.push(migration.name);
  }
  return { applied, total: done.size + applied.length };
}
