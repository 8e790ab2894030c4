import type { Writable } from 'node:stream';
import pg from 'pg';
import type { BillingStore } from '../domain/ports.js';
import { DURABILITY_SETTINGS, durabilityOf, type DurabilitySettings } from './durability.js';
import type { SqlClient } from './sql-client.js';
import { openSqlStore, type Finished } from './sql-store.js';

/**
 * Sends what the connection writes in this tick as one write.
 * NOTE: `pg` writes each protocol message of a statement (Parse, Bind, Describe, Execute, Sync)
 * with a write of its own, and a socket with nothing queued sends each one at once: a system call
 * per message, several per statement. Corked until the next tick, the statements sent together
 * (BEGIN with the claim, the last writes with COMMIT) leave in one write. `connection.stream` is
 * `pg`'s socket (plain or TLS); a client without one is left as it is.
 */
function sendTogether(client: pg.PoolClient): void {
  const stream = (client as unknown as { connection?: { stream?: Writable } }).connection?.stream;
  if (stream === undefined || stream.writableCorked > 0) return;
  stream.cork();
  process.nextTick(() => stream.uncork());
}

/**
 * The SqlClient of one checked-out connection. Each statement text runs as a named prepared
 * statement: `pg` sends its Parse once per connection, and PostgreSQL keeps the plan.
 */
function clientOf(client: pg.PoolClient, names: Map<string, string>): SqlClient {
  const nameOf = (text: string): string => {
    let name = names.get(text);
    if (name === undefined) {
      name = `billing_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    async query<Row>(text: string, params: readonly unknown[] = []) {
      sendTogether(client);
      return (await client.query({ name: nameOf(text), text, values: [...params] })).rows as Row[];
    },
    async exec(script) {
      sendTogether(client);
      await client.query(script);
    },
  };
}

/** Options for the PostgreSQL store. */
export interface PostgresStoreOptions {
  /** Largest number of pooled connections (default 10); a whole number from 1. */
  maxConnections?: number;
  /** Milliseconds to wait for a connection before failing (default 5000). */
  connectionTimeoutMillis?: number;
}

/**
 * A store on PostgreSQL through a `pg` Pool; any number of processes may share the database.
 * @example const store = await openPostgresStore('postgres://postgres@127.0.0.1:5432/billing')
 */
export async function openPostgresStore(databaseUrl: string, options: PostgresStoreOptions = {}): Promise<BillingStore> {
  const max = options.maxConnections ?? 10;
  if (!Number.isSafeInteger(max) || max < 1) throw new RangeError(`maxConnections must be a whole number >= 1, got ${String(max)}`);
  // NOTE: pipeline mode: a statement is sent without waiting for the answers of those before it
  // on the connection (each keeps its own Sync, so an error ends only its own). A transaction so
  // sends BEGIN with its first statement and COMMIT with its last writes: two round trips for a
  // webhook group (claim; writes and commit) instead of four.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    pipeline: true,
    max,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5000,
  });
  // NOTE: an idle connection dropped by the server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const statementNames = new Map<string, string>();
  const inTransaction = async <T>(fn: (sql: SqlClient) => Promise<Finished<T>>): Promise<T> => {
    const client = await pool.connect();
    let broken: Error | undefined;
    // NOTE: a connection lost while checked out (PostgreSQL stopped or restarted) emits 'error' on the
    // client, which the pool only listens to while the client is idle; unhandled, it would crash the
    // process. The pending or next query fails instead, and the client is discarded on release.
    const onError = (error: Error) => {
      broken = error;
    };
    client.on('error', onError);
    sendTogether(client);
    const begun = client.query('BEGIN');
    try {
      const { value, last } = await fn(clientOf(client, statementNames));
      sendTogether(client);
      const committed = client.query('COMMIT');
      const [begin, writes, commit] = await Promise.allSettled([begun, last, committed]);
      for (const outcome of [begin, writes, commit]) if (outcome.status === 'rejected') throw outcome.reason;
      // NOTE: COMMIT of a transaction that failed answers ROLLBACK without an error; it must fail.
      if (commit.status === 'fulfilled' && commit.value.command === 'ROLLBACK') throw new Error('the transaction was rolled back');
      return value;
    } catch (error) {
      // NOTE: BEGIN may still be on its way when the work failed early; its answer is no longer anyone's.
      await begun.catch(() => undefined);
      await client.query('ROLLBACK').catch((rollbackError: unknown) => {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
      throw error;
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  };
  return openSqlStore({
    kind: 'postgres',
    inTransaction,
    selectOne: () => pool.query('SELECT 1'),
    durability: async () => durabilityOf((await pool.query<DurabilitySettings>(DURABILITY_SETTINGS)).rows[0]),
    close: () => pool.end(),
  });
}
