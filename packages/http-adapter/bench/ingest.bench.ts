import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openStore } from '@billing/billing-domain';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteCeiling, postgresCeiling, walSyncs, type Ceiling } from '../../billing-domain/bench/commit-ceiling.js';
import { isWal, parseSyncTrace, straceAvailability, syncTracer } from '../test/faults/support/sync-trace.js';
import { createTestDatabase, postgresAvailability } from '../test/support/postgres.js';
import { signToken, TEST_SECRET } from '../test/support/tokens.js';
import { STRIPE_SECRET } from '../test/support/webhook-payloads.js';
import { storedAddons, stripeCreations } from './deliveries.js';
import { combined, HEADER, load, row, RULE, type Figures } from './load.js';
import { serverEntry, startBenchServer, type BenchServer } from './server.js';

// Webhook ingest under load: `pnpm bench:ingest` at the repository root. Real server processes on
// 127.0.0.1, 32 connections, each delivery a signed Stripe `customer.subscription.created` with a
// new subscription and one add-on; every acknowledged delivery is looked for through the list API
// afterwards. Beside each store: its own commit ceiling (one INSERT per transaction) measured in the
// same run, and the share of it the service reached; the server's CPU and the statements it sent
// per delivery (from /proc and /metrics); on PostgreSQL its own CPU per delivery (its processes in
// /proc); the share of the time the server's main thread (its event loop) ran, waited for a core
// and sat idle (waiting on the store or the network), from its schedstat; the load generator's own
// CPU; the WAL syncs per committed group (billing_ingest_group_size on /metrics): on PGlite from
// the server run under strace (when installed), on PostgreSQL from its statistics (pg_stat_wal or
// pg_stat_io: the whole cluster, so nothing else should use it meanwhile). Each store runs without and with an event destination: a fast receiver in this process
// answering 204, to which the server delivers every add-on event while the load runs (the row
// counts the events that arrived meanwhile).
// BENCH_SECONDS (default 5), BENCH_CONNECTIONS (32), BENCH_CEILING_SECONDS (2), BENCH_SYNC_TRACE (0: no strace), BENCH_STORES
// (default "pglite,postgres"), BENCH_DESTINATION ("both" by default, "no" or "one"); the server's
// BILLING_INGEST_* and BILLING_EVENT_* settings pass through from the environment.

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 32);
const CEILING_SECONDS = Number(process.env['BENCH_CEILING_SECONDS'] ?? 2);
const GOAL_ONE = 2000;
/** Two processes on one PostgreSQL against one: the share of one process's rate they must reach together. */
const GOAL_TWO_SHARE = 0.9;
const GOAL_P99_MS = 50;
const ORG = 'org_a';

const scratch = mkdtempSync(join(tmpdir(), 'billing-ingest-bench-'));
const configPath = join(scratch, 'billing.json');
writeFileSync(configPath, JSON.stringify({ webhookEndpoints: [{ provider: 'stripe', organizationId: ORG, secrets: [STRIPE_SECRET], requireBearer: false }] }));
const passThrough = Object.fromEntries(
  Object.entries(process.env).filter((e): e is [string, string] => /^BILLING_(INGEST|EVENT)_/.test(e[0]) && e[1] !== undefined),
);
// The event destination: the receiver runs here, on loopback over http, which the server is allowed to reach.
let arrivals = 0;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    arrivals += 1;
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`;
const baseEnv = { BILLING_JWT_SECRET: TEST_SECRET, BILLING_CONFIG: configPath, BILLING_EVENT_ALLOW_PRIVATE_NETWORKS: '1', BILLING_EVENT_ALLOW_HTTP: '1', ...passThrough };
const auth = { authorization: `Bearer ${await signToken({ orgs: [ORG], expiresIn: 3600 })}`, 'x-organization-id': ORG };


interface Run {
  figures: Figures;
  applied: number;
  lost: number;
  /** CPU milliseconds the server processes spent per applied delivery (user + system, from /proc). */
  cpuMs: number;
  /** Statements the servers sent to the store per applied delivery (billing_store_statements_total). */
  statements: number;
  /** Share of the machine's cores this process (the load generator) used meanwhile. */
  generatorShare: number;
  /** Shares of the wall time the servers' main threads (their event loops) spent on a core, waiting for one (runnable; the machine busy), and idle (waiting on the store or the network). */
  mainThread: { running: number; runnable: number; idle: number };
  /** PostgreSQL's CPU milliseconds per applied delivery: the backends of the bench's database, and the cluster's background processes (undefined: PGlite). */
  store?: { backendsMs: number; backgroundMs: number };
  /** Webhook groups the servers committed meanwhile (billing_ingest_group_size_count). */
  groups: number;
  /** The wall-clock interval of the load (milliseconds since the epoch), to find its syncs in a trace. */
  window: { from: number; to: number };
  /** WAL syncs meanwhile, when counted (set after the run). */
  walSyncs?: number;
}

/** The statements a server has sent so far, and the webhook groups it has committed (its /metrics). */
async function counters(url: string): Promise<{ statements: number; groups: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const read = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { statements: read('billing_store_statements_total'), groups: read('billing_ingest_group_size_count') };
}

/** The sum of the servers' counters. */
async function allCounters(servers: BenchServer[]): Promise<{ statements: number; groups: number }> {
  const each = await Promise.all(servers.map((s) => counters(s.url)));
  return { statements: each.reduce((a, c) => a + c.statements, 0), groups: each.reduce((a, c) => a + c.groups, 0) };
}

/** CPU time of a process so far in milliseconds (Linux /proc; 0 elsewhere). */
function cpuMillis(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // NOTE: utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU milliseconds so far of the local PostgreSQL's processes (Linux /proc, the server on this
 * machine): `backends`, the connections to `database`; `background`, the processes of no connection
 * (postmaster, checkpointer, WAL writer, background writer, autovacuum). Other databases' backends
 * (other work on the machine) are left out. Backends that exited are not counted: the servers'
 * pools keep theirs open through a run.
 */
function postgresCpu(database: string): { backends: number; background: number } {
  let backends = 0;
  let background = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/stat`, 'utf8').includes('(postgres)')) continue;
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      const ms = cpuMillis(Number(pid));
      // NOTE: a backend's title is "postgres: [cluster: ]user database host(port) state".
      if (args.split(' ').includes(database)) backends += ms;
      else if (!/\(\d+\)|\[local\]/.test(args)) background += ms;
    } catch {
      // gone meanwhile
    }
  }
  return { backends, background };
}

/** Nanoseconds a thread has run and waited runnable for a core so far (Linux schedstat; zeros elsewhere). */
function schedstat(pid: number | undefined): { run: number; wait: number } {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return { run: run ?? 0, wait: wait ?? 0 };
  } catch {
    return { run: 0, wait: 0 };
  }
}

/** Disjoint deliveries against the servers at once; the applied count read back afterwards. */
async function ingestRun(name: string, servers: BenchServer[], prefix: string, database?: string): Promise<Run> {
  const before = await storedAddons(servers[0]!.url, auth);
  const countersBefore = await allCounters(servers);
  const cpuBefore = servers.reduce((sum, s) => sum + cpuMillis(s.pid), 0);
  const mainBefore = servers.map((s) => schedstat(s.pid));
  const from = Date.now();
  const storeBefore = database === undefined ? undefined : postgresCpu(database);
  const generatorBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const sets = servers.map((_, k) => stripeCreations(`${prefix}${k}`, Math.ceil((6000 * SECONDS) / servers.length)));
  const connections = Math.ceil(CONNECTIONS / servers.length);
  const parts = await Promise.all(servers.map((s, k) => load(name, { url: s.url, seconds: SECONDS, connections, next: sets[k]!.next })));
  const figures = combined(name, parts);
  const to = Date.now();
  const cpu = servers.reduce((sum, s) => sum + cpuMillis(s.pid), 0) - cpuBefore;
  const mainAfter = servers.map((s) => schedstat(s.pid));
  const storeAfter = database === undefined ? undefined : postgresCpu(database);
  const generator = process.cpuUsage(generatorBefore);
  const wall = performance.now() - wallBefore;
  const generatorShare = (generator.user + generator.system) / 1000 / wall / availableParallelism();
  const share = (k: 'run' | 'wait') => mainAfter.reduce((sum, a, i) => sum + a[k] - mainBefore[i]![k], 0) / 1e6 / wall / servers.length;
  const mainThread = { running: share('run'), runnable: share('wait'), idle: Math.max(0, 1 - share('run') - share('wait')) };
  const countersAfter = await allCounters(servers);
  const statements = countersAfter.statements - countersBefore.statements;
  const applied = (await storedAddons(servers[0]!.url, auth)) - before;
  if (sets.some((s) => s.sent() > s.count)) throw new Error(`${name}: more requests than pre-signed deliveries; raise the count`);
  // NOTE: every delivery is new, so each 2xx must show as one add-on; more applied than 2xx is a
  // delivery committed whose answer the client did not wait for (a timeout), never a loss.
  const per = (x: number) => (applied > 0 ? x / applied : 0);
  const store =
    storeBefore === undefined || storeAfter === undefined
      ? undefined
      : { backendsMs: per(storeAfter.backends - storeBefore.backends), backgroundMs: per(storeAfter.background - storeBefore.background) };
  return {
    figures, applied, lost: Math.max(0, figures.ok - applied), cpuMs: per(cpu), statements: per(statements), generatorShare, mainThread,
    ...(store ? { store } : {}), groups: countersAfter.groups - countersBefore.groups, window: { from, to },
  };
}

const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
const n0 = (x: number) => Math.round(x).toLocaleString('en');
const ceilingText = (cs: Ceiling[]) => cs.map((c) => `${n0(c.commitsPerSecond)} commits/s from ${c.connections}`).join(', ');
const rows: string[] = [];
const goals: string[] = [];
const perStore: string[] = [];
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
const judge = (label: string, run: Run, goal: number) => {
  const rate = run.applied / run.figures.seconds;
  goals.push(`${label}: ${n0(rate)} applied/s (goal >= ${n0(goal)}): ${verdict(rate >= goal)}; p99 ${run.figures.p99} ms (goal < ${GOAL_P99_MS}): ${verdict(run.figures.p99 < GOAL_P99_MS)}; 2xx not applied: ${run.lost}`);
};
const note = (run: Run, ceiling: Ceiling[]) => {
  const rate = run.applied / run.figures.seconds;
  const best = Math.max(...ceiling.map((c) => c.commitsPerSecond));
  return `applied ${n0(run.applied)} = ${n0(rate)}/s = ${((100 * rate) / best).toFixed(0)}% of the ceiling (${ceilingText(ceiling)}); ` +
    `server CPU ${run.cpuMs.toFixed(2)} ms and ${run.statements.toFixed(2)} statements per delivery; ` +
    (run.store === undefined ? '' : `PostgreSQL CPU ${(run.store.backendsMs + run.store.backgroundMs).toFixed(2)} ms per delivery (backends ${run.store.backendsMs.toFixed(2)}, background ${run.store.backgroundMs.toFixed(2)}); `) +
    `server main thread ${pct(run.mainThread.running)} running, ${pct(run.mainThread.runnable)} waiting for a core, ${pct(run.mainThread.idle)} idle; load generator ${(100 * run.generatorShare).toFixed(0)}% of the cores`;
};
/** Groups and WAL syncs; a server without billing_ingest_group_size (an older build through BENCH_SERVER) counts no groups. */
const groupsText = (run: Run) => {
  const syncs = run.walSyncs === undefined ? 'WAL syncs not counted' : `${n0(run.walSyncs)} WAL syncs`;
  if (!(run.groups > 0)) return `groups not counted, ${syncs}`;
  const perGroup = run.walSyncs === undefined ? '' : ` = ${(run.walSyncs / run.groups).toFixed(2)} per group`;
  return `${n0(run.groups)} groups (${(run.applied / run.groups).toFixed(1)} deliveries each), ${syncs}${perGroup}`;
};
/** The figures the store is judged by, on one line. */
const summary = (label: string, run: Run, ceiling: Ceiling[]) => {
  perStore.push(
    `${label}: ${n0(run.applied / run.figures.seconds)} deliveries/s, p50 ${run.figures.p50} ms, p99 ${run.figures.p99} ms; ` +
      `server CPU ${run.cpuMs.toFixed(2)} ms/delivery` +
      (run.store === undefined ? '' : `, PostgreSQL CPU ${(run.store.backendsMs + run.store.backgroundMs).toFixed(2)} ms/delivery`) +
      `; ${groupsText(run)}; ` +
      `the store's own commit rate ${ceilingText(ceiling)}`,
  );
};

console.log('# Webhook ingest benchmark');
console.log(`cpus: ${availableParallelism()} (${cpus()[0]?.model ?? '?'}), node ${process.version}; server: ${serverEntry().label}`);
console.log(`${SECONDS} s per run, ${CONNECTIONS} connections; settings: ${Object.entries(passThrough).map(([k, v]) => `${k}=${v}`).join(' ') || 'default settings'}; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}\n`);

// NOTE: without and with an event destination, in the same run: with one, every add-on event the
// outbox writes also gets a delivery row, and the server's deliverer sends it to the receiver.
const DESTINATION = process.env['BENCH_DESTINATION'] ?? 'both';
const STORES = (process.env['BENCH_STORES'] ?? 'pglite,postgres').split(',');
const MODES: { label: string; destination: boolean }[] = [
  { label: 'no event destination', destination: false },
  { label: 'one event destination', destination: true },
].filter((m) => DESTINATION === 'both' || (DESTINATION === 'one') === m.destination);

/** Stores an enabled destination for every add-on event type of the organization. */
async function addDestination(databaseUrl: string, dataDir: string) {
  const store = await openStore({ databaseUrl, dataDir });
  const at = new Date().toISOString();
  try {
    await store.transaction((uow) =>
      uow.events.insertDestination({
        organizationId: ORG, id: 'bench', url: receiverUrl, eventTypes: ['addon_subscription.created', 'addon_subscription.updated', 'addon_subscription.canceled'],
        description: 'ingest bench', disabled: false, disabledReason: null, createTime: at, updateTime: at,
        secret: 'whsec_' + Buffer.alloc(32, 1).toString('base64'), previousSecret: null, previousSecretUntil: null, failingSince: null,
      }),
    );
  } finally {
    await store.close();
  }
}

/** The events that reached the receiver while the run's load lasted, against the add-ons it applied. */
const delivered = (events: number, run: Run) => (events === 0 ? '' : `; events delivered meanwhile ${n0(events)} (${((100 * events) / Math.max(1, run.applied)).toFixed(0)}% of the applied)`);

const pgliteCeilings = STORES.includes('pglite') ? [await pgliteCeiling(join(scratch, 'pglite-ceiling'), CEILING_SECONDS)] : [];
// NOTE: BENCH_SYNC_TRACE=0 runs PGlite's server without strace (to see what tracing costs).
const strace = process.env['BENCH_SYNC_TRACE'] === '0' ? { ok: false as const, reason: 'BENCH_SYNC_TRACE=0' } : straceAvailability();
const traced = strace.ok;
if (!strace.ok && STORES.includes('pglite')) console.log(`PGlite's WAL syncs not counted: ${strace.reason}`);
for (const [k, mode] of STORES.includes('pglite') ? MODES.entries() : []) {
  const dataDir = join(scratch, `pglite-${k}`);
  if (mode.destination) await addDestination('', dataDir);
  // NOTE: strace stops the server only at its sync calls (seccomp filter), about one per group.
  const traceFile = join(scratch, `pglite-${k}.trace`);
  const pglite = await startBenchServer({ ...baseEnv, DATABASE_URL: '', BILLING_DATA_DIR: dataDir }, traced ? { wrapper: syncTracer(traceFile) } : {});
  let run: Run | undefined;
  try {
    const arrived = arrivals;
    run = await ingestRun(`PGlite (data folder), 1 process, ${mode.label}`, [pglite], `pgl${k}_`);
    rows.push(row(run.figures, note(run, pgliteCeilings) + delivered(arrivals - arrived, run)));
    judge(`PGlite, 1 process, ${mode.label}`, run, GOAL_ONE);
  } finally {
    await pglite.stop();
  }
  if (traced) {
    const { from, to } = run.window;
    run.walSyncs = parseSyncTrace(readFileSync(traceFile, 'utf8')).filter((c) => isWal(c) && c.at >= from && c.at <= to).length;
  }
  summary(`PGlite, 1 process, ${mode.label}`, run, pgliteCeilings);
}

const pg = STORES.includes('postgres') ? postgresAvailability() : { ok: false as const, reason: 'not asked for (BENCH_STORES)' };
if (!pg.ok) {
  console.log(`PostgreSQL runs skipped: ${pg.reason}`);
} else {
  for (const [k, mode] of MODES.entries()) {
    const db = createTestDatabase(`billing_ingest_bench_${k}`);
    try {
      const ceiling = [await postgresCeiling(db.url, 1, CEILING_SECONDS), await postgresCeiling(db.url, 8, CEILING_SECONDS)];
      if (mode.destination) await addDestination(db.url, '');
      const env = { ...baseEnv, DATABASE_URL: db.url };
      const one = await startBenchServer(env);
      let two: BenchServer | undefined;
      try {
        const database = new URL(db.url).pathname.slice(1);
        // NOTE: PostgreSQL's backends report their WAL syncs when idle, up to a second late.
        const syncsOf = async (work: () => Promise<Run>) => {
          const before = await walSyncs(db.url);
          const run = await work();
          await new Promise((resolve) => setTimeout(resolve, 1500));
          run.walSyncs = (await walSyncs(db.url)) - before;
          return run;
        };
        const arrived1 = arrivals;
        const run1 = await syncsOf(() => ingestRun(`PostgreSQL, 1 process, ${mode.label}`, [one], `pg1_${k}_`, database));
        const arrived2 = arrivals;
        const second = await startBenchServer(env);
        two = second;
        const run2 = await syncsOf(() => ingestRun(`PostgreSQL, 2 processes, ${mode.label}`, [one, second], `pg2_${k}_`, database));
        summary(`PostgreSQL, 1 process, ${mode.label}`, run1, ceiling);
        summary(`PostgreSQL, 2 processes, ${mode.label}`, run2, ceiling);
        rows.push(row(run1.figures, note(run1, ceiling) + delivered(arrived2 - arrived1, run1)), row(run2.figures, note(run2, ceiling) + delivered(arrivals - arrived2, run2)));
        judge(`PostgreSQL, 1 process, ${mode.label}`, run1, GOAL_ONE);
        judge(`PostgreSQL, 2 processes, ${mode.label}`, run2, GOAL_TWO_SHARE * (run1.applied / run1.figures.seconds));
        goals.push(`PostgreSQL, 2 processes against 1, ${mode.label}: ${(run2.applied / run2.figures.seconds / Math.max(1, run1.applied / run1.figures.seconds)).toFixed(2)}x (goal >= ${GOAL_TWO_SHARE}x)`);
      } finally {
        await one.stop();
        await two?.stop();
      }
    } finally {
      db.drop();
    }
  }
}

console.log([HEADER, RULE, ...rows].join('\n'));
console.log(`\nPer store:\n${perStore.map((line) => `- ${line}`).join('\n')}`);
console.log(`\nGoals:\n${goals.map((g) => `- ${g}`).join('\n')}`);
receiver.close();
rmSync(scratch, { recursive: true, force: true });
