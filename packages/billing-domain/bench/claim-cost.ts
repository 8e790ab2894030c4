import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../src/storage/open-store.js';
import { groupCommit } from '../src/storage/group-commit.js';
import { prepareEvent, processEvent } from '../src/service/process-event.js';
import { upsertEvent } from '../test/support/events.js';

// The store's side of ingest without HTTP: groups of new subscriptions (one add-on each) claimed
// and committed through group commit on PostgreSQL, and the CPU PostgreSQL's backends of the
// database and this process spent per delivery, with the outbox triggers on and off:
// `node --conditions=source --import tsx bench/claim-cost.ts` (BENCH_GROUP 16, BENCH_GROUPS 300,
// BENCH_CONCURRENT 4 groups at once). BENCH_STORE=pglite: the same on PGlite (a data folder), whose
// engine runs in this process: its CPU is in the node column, and the triggers stay on.

const ADMIN = process.env['BILLING_TEST_DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/postgres';
const GROUP = Number(process.env['BENCH_GROUP'] ?? 16);
const GROUPS = Number(process.env['BENCH_GROUPS'] ?? 300);
const CONCURRENT = Number(process.env['BENCH_CONCURRENT'] ?? 4);
const psql = (url: string, sql: string) => {
  const run = spawnSync('psql', [url, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', sql], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
};
const ticks = (pid: string) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
};
const backendsCpu = (db: string) => {
  let ms = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/stat`, 'utf8').includes('(postgres)')) continue;
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').split(' ').includes(db)) ms += ticks(pid);
    } catch {
      // gone
    }
  }
  return ms;
};

const PGLITE = process.env['BENCH_STORE'] === 'pglite';
const db = `billing_claim_cost_${Date.now()}`;
const url = new URL(ADMIN);
url.pathname = `/${db}`;
const dataDir = mkdtempSync(join(tmpdir(), 'billing-claim-cost-'));
if (!PGLITE) psql(ADMIN, `CREATE DATABASE "${db}"`);
const store = PGLITE ? await openStore({ databaseUrl: '', dataDir }) : await openStore({ databaseUrl: url.toString(), poolSize: CONCURRENT + 2 });
let n = 0;
const ctx = () => ({ now: new Date(), newId: () => `id_${n++}_${Math.random().toString(36).slice(2)}` });

async function round(label: string) {
  const ingest = groupCommit(store, { maxSize: GROUP, windowMs: 1, maxConcurrent: CONCURRENT });
  const pgBefore = PGLITE ? 0 : backendsCpu(db);
  const meBefore = process.cpuUsage();
  const started = performance.now();
  let k = 0;
  const lanes = Array.from({ length: CONCURRENT * GROUP }, async () => {
    while (k < GROUPS * GROUP) {
      const i = k++;
      const event = { ...upsertEvent(`e_${label}_${i}`, 1), subscriptionExternalId: `s_${label}_${i}` };
      const c = ctx();
      const prepared = prepareEvent('org_a', event, c);
      await ingest.run(prepared.claim, (uow, claim) => processEvent(uow, claim, prepared, event, c));
    }
  });
  await Promise.all(lanes);
  const wall = performance.now() - started;
  const me = process.cpuUsage(meBefore);
  const total = GROUPS * GROUP;
  console.log(`| ${label} | ${Math.round(total / (wall / 1000))}/s | PostgreSQL ${PGLITE ? '-' : ((backendsCpu(db) - pgBefore) / total).toFixed(3)} ms | node ${((me.user + me.system) / 1000 / total).toFixed(3)} ms | per delivery, groups of ${GROUP}, ${CONCURRENT} at once |`);
}

try {
  await round('warm-up');
  await round('as migrated');
  if (!PGLITE) psql(url.toString(), 'ALTER TABLE addon_subscriptions DISABLE TRIGGER USER');
  await round(PGLITE ? 'as migrated (3)' : 'outbox triggers off');
  if (!PGLITE) psql(url.toString(), 'ALTER TABLE addon_subscriptions ENABLE TRIGGER USER');
  await round(PGLITE ? 'as migrated (4)' : 'as migrated again');
} finally {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (PGLITE) {
    // nothing else to drop
  } else if (process.env['BENCH_KEEP'] === '1') console.log(`kept ${url.toString()}`);
  else psql(ADMIN, `DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
}
