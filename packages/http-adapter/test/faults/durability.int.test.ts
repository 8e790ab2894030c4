import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverEnv } from '../e2e/story.js';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { deliver, eventually, type DeliveryResult } from './support/deliver.js';
import { eventMix, writeFaultConfig } from './support/fault-events.js';
import { isWal, parseSyncTrace, stopTraced, straceAvailability, syncTracer, wallClock, type SyncCall } from './support/sync-trace.js';
import { createThrowawayCluster, findPostgresBin, type ThrowawayCluster } from './support/throwaway-postgres.js';

// Acknowledged means durable: a delivery's 2xx comes only after its commit's WAL is on disk. The
// page cache survives a killed process, so the kill -9 tests cannot see a commit that never left
// it; here the store runs under strace, and each acknowledged delivery must have a sync of a WAL
// file between its sending and its answer.

const strace = straceAvailability();
const bin = findPostgresBin();
const config = writeFaultConfig();
const DELIVERIES = 5;
const NOT_DURABLE = 'acknowledged webhooks are not durable';

/** One delivery and the wall-clock interval from its sending to its answer. */
interface Timed {
  result: DeliveryResult;
  sent: number;
  answered: number;
}

/** Delivers the events one at a time, timing each. */
async function deliverTimed(url: string, tag: string): Promise<Timed[]> {
  const timed: Timed[] = [];
  for (const event of eventMix(DELIVERIES, tag).slice(0, DELIVERIES)) {
    const sent = wallClock();
    const result = await deliver(url, event);
    timed.push({ result, sent, answered: wallClock() });
  }
  return timed;
}

/** The deliveries acknowledged with no WAL sync between their sending and their answer, by event id. */
function acknowledgedUnsynced(timed: readonly Timed[], syncs: readonly SyncCall[]): string[] {
  const wal = syncs.filter(isWal);
  return timed
    .filter(({ result }) => result.status >= 200 && result.status <= 299)
    .filter(({ sent, answered }) => !wal.some((s) => s.at >= sent && s.at <= answered))
    .map(({ result }) => result.event.id);
}

/** The two checks every store passes: each delivery acknowledged, each after a sync of a WAL file. */
function itAcknowledgesAfterTheWalSync(run: () => { timed: readonly Timed[]; syncs: readonly SyncCall[] }) {
  it(`every one of ${DELIVERIES} deliveries is acknowledged`, () => {
    expect(run().timed.map(({ result }) => result.status)).toEqual(Array(DELIVERIES).fill(200));
  });

  it('each was answered after a sync of the WAL file it was committed to', () => {
    const { timed, syncs } = run();
    expect(syncs.filter(isWal).length).toBeGreaterThan(0);
    expect(acknowledgedUnsynced(timed, syncs)).toEqual([]);
  });
}

/** Reads the trace once strace has ended (it writes the last lines as it exits). */
async function traceOf(tracer: ChildProcess, file: string): Promise<SyncCall[]> {
  if (tracer.exitCode === null && tracer.signalCode === null) await new Promise((resolve) => tracer.once('exit', resolve));
  return parseSyncTrace(readFileSync(file, 'utf8'));
}

describe.skipIf(!strace.ok)(`acknowledged means on disk: PGlite in a data folder${strace.ok ? '' : ` (skipped: ${strace.reason})`}`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'billing-durable-pglite-'));
  const traceFile = join(dir, 'trace');
  let server: ServerProcess | undefined;
  let timed: Timed[] = [];
  let syncs: SyncCall[] = [];
  let metrics = '';

  beforeAll(async () => {
    server = await startServer({ ...serverEnv(config), BILLING_DATA_DIR: join(dir, 'data') }, syncTracer(traceFile));
    timed = await deliverTimed(server.url, 'durable_pglite');
    metrics = await (await fetch(`${server.url}/metrics`)).text();
    await stopTraced(server.child);
    syncs = await traceOf(server.child, traceFile);
  });

  afterAll(async () => {
    if (server) await stopTraced(server.child, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  itAcknowledgesAfterTheWalSync(() => ({ timed, syncs }));

  it('one delivery at a time: each its own group, counted by billing_ingest_group_size', () => {
    expect(metrics).toContain(`billing_ingest_group_size_count ${DELIVERIES}`);
  });

  it('the server does not warn that its store is not durable', () => {
    expect(server?.stdout()).not.toContain(NOT_DURABLE);
  });
});

describe.skipIf(!strace.ok || bin === null)(
  `acknowledged means on disk: PostgreSQL with fsync on${strace.ok && bin !== null ? '' : ' (skipped: strace or PostgreSQL binaries missing)'}`,
  () => {
    let cluster: ThrowawayCluster | undefined;
    let postgres: ChildProcess | undefined;
    let traceFile = '';
    let server: ServerProcess | undefined;
    let timed: Timed[] = [];
    let syncs: SyncCall[] = [];
    let laxLog = '';

    const psql = (sql: string) => {
      const run = spawnSync('psql', [cluster?.url ?? '', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', sql], { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`psql failed: ${run.stderr}`);
    };

    beforeAll(async () => {
      // NOTE: a cluster of its own: the one the tests share runs with fsync off, and the syncs
      // happen in PostgreSQL's processes, which must be strace's children to be traced.
      cluster = await createThrowawayCluster(bin ?? '', { fsync: true, started: false });
      traceFile = join(cluster.data, '..', 'trace');
      const [command, ...args] = [...syncTracer(traceFile), ...cluster.foreground()] as [string, ...string[]];
      postgres = spawn(command, args, { stdio: 'ignore' });
      const port = new URL(cluster.url).port;
      await eventually(async () => spawnSync(join(bin ?? '', 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', port]).status === 0, 60_000);
      server = await startServer({ ...serverEnv(config), DATABASE_URL: cluster.url });
      timed = await deliverTimed(server.url, 'durable_pg');
      await server.stop('SIGTERM');
      // synchronous_commit off for one database: a server on it says its 2xx are not durable
      psql('CREATE DATABASE lax');
      psql('ALTER DATABASE lax SET synchronous_commit = off');
      const lax = await startServer({ ...serverEnv(config), DATABASE_URL: cluster.url.replace(/\/postgres$/, '/lax') });
      laxLog = lax.stdout();
      await lax.stop('SIGTERM');
      cluster.stop();
      syncs = await traceOf(postgres, traceFile);
    });

    afterAll(async () => {
      await server?.stop('SIGKILL');
      cluster?.destroy();
      if (postgres) await stopTraced(postgres, 'SIGKILL');
    });

    itAcknowledgesAfterTheWalSync(() => ({ timed, syncs }));

    it('the server warns at start when synchronous_commit is off, and not when it is on', () => {
      expect(server?.stdout()).not.toContain(NOT_DURABLE);
      expect(laxLog).toContain(NOT_DURABLE);
      expect(laxLog).toContain('synchronous_commit = off');
    });
  },
);
