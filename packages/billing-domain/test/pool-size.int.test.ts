import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestStore } from './support/pglite.js';
import { createThrowawayDatabase, postgresUnavailableReason } from './support/postgres.js';

/** Connections open to `database`, seen from PostgreSQL itself (the probing client excluded). */
async function connectionsTo(url: string, database: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return Number(rows[0]?.n);
  } finally {
    await client.end();
  }
}

const skipReason = await postgresUnavailableReason();
describe.skipIf(skipReason !== '')(`pool size on PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  it.each([3, 12])('poolSize %d: 40 queries at once open exactly that many connections', async (poolSize) => {
    const db = await createThrowawayDatabase();
    const store = await openTestStore({ databaseUrl: db.url, poolSize });
    try {
      await Promise.all(Array.from({ length: 40 }, () => store.ping()));
      expect(await connectionsTo(db.url, new URL(db.url).pathname.slice(1))).toBe(poolSize);
    } finally {
      await store.close();
      await db.drop();
    }
  });

  it('a pool size below 1 is refused before any connection is made', async () => {
    await expect(openTestStore({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', poolSize: 0 })).rejects.toThrow(/maxConnections must be a whole number >= 1/);
  });
});
