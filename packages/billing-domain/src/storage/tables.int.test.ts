import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgliteEngine, type PgliteEngine } from './pglite-engine.js';
import { testPgliteModules } from '../../test/support/pglite.js';
import type { TableDescription } from './columns.js';
import { applyMigrations, loadMigrations } from './migrate.js';
import { pgliteClient, PreparedStatements } from './pglite-client.js';
import type { SqlClient } from './sql-client.js';
import { ADDON_TABLE, SUBSCRIPTION_TABLE, WEBHOOK_EVENT_TABLE } from './tables.js';

/** The columns of `table` as the migrations left them: `name type NULL|NOT NULL`, sorted. */
async function migratedColumns(sql: SqlClient, table: string): Promise<string[]> {
  const rows = await sql.query<{ column_name: string; data_type: string; is_nullable: string }>(
    `SELECT column_name, data_type, is_nullable FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = $1`,
    [table],
  );
  return rows.map((r) => `${r.column_name} ${r.data_type} ${r.is_nullable === 'YES' ? 'NULL' : 'NOT NULL'}`).sort();
}

/** The same list as the table description says it. */
function describedColumns(t: TableDescription<unknown>): string[] {
  return Object.values(t.columns as Record<string, { name: string; type: string; nullable?: true }>)
    .map((col) => `${col.name} ${col.type} ${col.nullable === true ? 'NULL' : 'NOT NULL'}`)
    .sort();
}

describe('examples: the column descriptions match the migrations', () => {
  let db: PgliteEngine;
  let sql: SqlClient;
  beforeAll(async () => {
    db = await startPgliteEngine('memory://', await testPgliteModules());
    sql = pgliteClient(db, new PreparedStatements());
    await applyMigrations(sql, await loadMigrations());
  });
  afterAll(async () => {
    await db.close();
  });

  it.each([SUBSCRIPTION_TABLE, ADDON_TABLE, WEBHOOK_EVENT_TABLE] as TableDescription<unknown>[])(
    '$table: every column, its type and its nullability, and no column more or less',
    async (table) => {
      const migrated = await migratedColumns(sql, table.table);
      expect(migrated.length).toBeGreaterThan(0);
      expect(describedColumns(table)).toEqual(migrated);
    },
  );
});

describe('examples: the group claim is planned for each call', () => {
  it('billing_claim_group runs with plan_cache_mode = force_custom_plan, so no plan made while the tables were small reads them whole later', async () => {
    const db = await startPgliteEngine('memory://', await testPgliteModules());
    try {
      const sql = pgliteClient(db, new PreparedStatements());
      await applyMigrations(sql, await loadMigrations());
      const rows = await sql.query<{ proconfig: string[] | null }>(`SELECT proconfig FROM pg_proc WHERE proname = 'billing_claim_group'`);
      expect(rows.map((r) => r.proconfig)).toEqual([['plan_cache_mode=force_custom_plan']]);
    } finally {
      await db.close();
    }
  });
});
