import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

/** The admin URL tests create their databases with. */
export const ADMIN_URL = process.env['BILLING_TEST_DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/postgres';

function psql(sql: string): { ok: boolean; output: string } {
  const run = spawnSync('psql', [ADMIN_URL, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', sql], { encoding: 'utf8', timeout: 30_000 });
  if (run.error) return { ok: false, output: run.error.message };
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}`.trim() };
}

/**
 * Whether PostgreSQL is usable: `{ ok: true }`, or the reason it is not. Unreachable fails the
 * run when CI is set; elsewhere the PostgreSQL tests are skipped and the reason shown.
 */
export function postgresAvailability(): { ok: true } | { ok: false; reason: string } {
  const probe = psql('select 1');
  if (probe.ok) return { ok: true };
  const reason = `PostgreSQL unreachable at ${ADMIN_URL.replace(/:[^:@/]*@/, ':***@')} (${probe.output.split('\n')[0]})`;
  if (process.env['CI']) throw new Error(`${reason}; CI requires it`);
  return { ok: false, reason };
}

/** Creates a uniquely named database; `drop` removes it (and its connections). */
export function createTestDatabase(prefix = 'billing_http_test'): { url: string; drop: () => void } {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const created = psql(`CREATE DATABASE "${name}"`);
  if (!created.ok) throw new Error(`cannot create database ${name}: ${created.output}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => {
      psql(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
