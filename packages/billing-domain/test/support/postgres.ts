import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The admin connection used to create and drop throwaway databases. */
export const ADMIN_URL = process.env.BILLING_TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Why PostgreSQL tests cannot run ('' when they can). With CI set, unreachable PostgreSQL throws,
 * so the test file fails instead of skipping.
 */
export async function postgresUnavailableReason(): Promise<string> {
  const problem = await reachable();
  if (problem === null) return '';
  const reason = `PostgreSQL at ${ADMIN_URL.replace(/:[^:@/]*@/, ':***@')} is unreachable (${problem})`;
  if (process.env.CI) throw new Error(`${reason}; CI is set, so PostgreSQL tests must run`);
  console.warn(`skipping PostgreSQL tests: ${reason}`);
  return reason;
}

/** A throwaway database: its URL and the function that drops it. */
export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates a uniquely named database on the admin server.
 * @example const db = await createThrowawayDatabase(); ...; await db.drop()
 */
export async function createThrowawayDatabase(prefix = 'billing_test'): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: ADMIN_URL });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
