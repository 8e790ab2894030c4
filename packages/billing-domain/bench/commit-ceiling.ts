import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

// The store's own commit ceiling, pgbench-style: one INSERT per transaction (synchronous commit,
// the server's defaults), as fast as the loop goes, for a fixed time. The ingest benchmark prints
// it beside the service's rate, measured in the same run on the same machine.

/** Commits per second one loop reached. */
export interface Ceiling {
  connections: number;
  commitsPerSecond: number;
}

const TABLE = 'CREATE TABLE IF NOT EXISTS commit_ceiling (id bigserial PRIMARY KEY, v text NOT NULL)';

/**
 * `connections` clients on PostgreSQL, each committing one INSERT at a time for `seconds`.
 * @example await postgresCeiling('postgres://postgres@127.0.0.1/db', 8, 2)
 */
export async function postgresCeiling(url: string, connections: number, seconds: number): Promise<Ceiling> {
  const clients = await Promise.all(Array.from({ length: connections }, async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  }));
  await clients[0]!.query(TABLE);
  const until = Date.now() + seconds * 1000;
  let commits = 0;
  const started = Date.now();
  await Promise.all(clients.map(async (client) => {
    while (Date.now() < until) {
      await client.query({ name: 'ceiling', text: 'INSERT INTO commit_ceiling (v) VALUES ($1)', values: ['x'] });
      commits += 1;
    }
  }));
  const elapsed = (Date.now() - started) / 1000;
  await clients[0]!.query('DROP TABLE commit_ceiling');
  await Promise.all(clients.map((c) => c.end()));
  return { connections, commitsPerSecond: commits / elapsed };
}

/**
 * PGlite in a data folder: one INSERT per transaction through its one connection, each commit
 * synced to the folder as the store syncs it.
 * @example await pgliteCeiling('/tmp/ceiling', 2)
 */
export async function pgliteCeiling(dataDir: string, seconds: number): Promise<Ceiling> {
  const db = await PGlite.create(dataDir);
  await db.exec(TABLE);
  const until = Date.now() + seconds * 1000;
  let commits = 0;
  const started = Date.now();
  while (Date.now() < until) {
    await db.query('INSERT INTO commit_ceiling (v) VALUES ($1)', ['x']);
    commits += 1;
  }
  const elapsed = (Date.now() - started) / 1000;
  await db.close();
  return { connections: 1, commitsPerSecond: commits / elapsed };
}
