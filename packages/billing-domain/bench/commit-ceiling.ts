import pg from 'pg';
import { openDurablePglite } from '../src/storage/pglite-durable.js';

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
 * PGlite in a data folder, opened as the store opens it (each commit's WAL synced): one INSERT per
 * transaction through its one connection.
 * @example await pgliteCeiling('/tmp/ceiling', 2)
 */
export async function pgliteCeiling(dataDir: string, seconds: number): Promise<Ceiling> {
  const db = await openDurablePglite(dataDir);
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

/**
 * The WAL syncs PostgreSQL has made so far, in the whole cluster (pg_stat_wal.wal_sync up to
 * version 17, the WAL's fsyncs in pg_stat_io from 18). Backends report them when idle, at most
 * about a second late.
 * @example await walSyncs('postgres://postgres@127.0.0.1/db')
 */
export async function walSyncs(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const version = Number((await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v")).rows[0]?.v);
    const sql = version >= 180000
      ? "SELECT coalesce(sum(fsyncs), 0)::text AS n FROM pg_stat_io WHERE object = 'wal'"
      : 'SELECT wal_sync::text AS n FROM pg_stat_wal';
    return Number((await client.query<{ n: string }>(sql)).rows[0]?.n ?? NaN);
  } finally {
    await client.end();
  }
}
