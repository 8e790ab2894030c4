import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, freemem, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, postgresAvailability } from '../test/support/postgres.js';
import { signToken, TEST_SECRET } from '../test/support/tokens.js';
import { STANDARD_SECRET, STRIPE_SECRET } from '../test/support/webhook-payloads.js';
import { storedAddons, stripeCreations } from './deliveries.js';
import { combined, HEADER, load, measured, row, RULE, type Figures } from './load.js';
import { startBareFloor } from './bare-floor.js';
import { largePlan, PLAN_3X6_DECIMAL, SMALL_PLAN } from './plans.js';
import { serverEntry, startBenchServer, type BenchServer } from './server.js';

// The HTTP server under load: `pnpm bench:http` at the repository root. Starts real server
// processes on 127.0.0.1 and measures them with autocannon; prints Markdown tables.
// BENCH_SECONDS (default 5) per run, BENCH_CONNECTIONS (default 32), BENCH_ROUNDS (default 3) rounds of
// the goals against the bare server, BENCH_CPU_PROF=<dir> profiles the PGlite server (node --cpu-prof),
// BENCH_SCOPE=goals runs only the goals against the bare node:http server.

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 32);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const GOAL_HEALTHZ_SHARE = 0.6;
const GOAL_CALCULATE_SHARE = 0.7;
const GOAL_WEBHOOKS_PER_SECOND = 2000;
const ORG = 'org_a';
const ONLY_GOALS = process.env['BENCH_SCOPE'] === 'goals';

const scratch = mkdtempSync(join(tmpdir(), 'billing-bench-'));
const configPath = join(scratch, 'billing.json');
writeFileSync(
  configPath,
  JSON.stringify({
    webhookEndpoints: [
      { provider: 'stripe', organizationId: ORG, secrets: [STRIPE_SECRET], requireBearer: false },
      { provider: 'standard', organizationId: ORG, secrets: [STANDARD_SECRET], requireBearer: true },
    ],
  }),
);
const baseEnv = { BILLING_JWT_SECRET: TEST_SECRET, BILLING_CONFIG: configPath };
const token = await signToken({ orgs: [ORG], expiresIn: 3600 });
const auth = { authorization: `Bearer ${token}`, 'x-organization-id': ORG, 'content-type': 'application/json' };


/** Webhook deliveries against the servers at once (disjoint events); stored count verified afterwards. */
async function webhookRun(name: string, servers: BenchServer[], prefix: string): Promise<{ figures: Figures; stored: number }> {
  const before = await storedAddons(servers[0]!.url, auth);
  const sets = servers.map((_, k) => stripeCreations(`${prefix}${k}`, Math.ceil((8000 * SECONDS) / servers.length)));
  const parts = await Promise.all(
    servers.map((s, k) => load(name, { url: s.url, seconds: SECONDS, connections: Math.ceil(CONNECTIONS / servers.length), next: sets[k]!.next })),
  );
  const figures = combined(name, parts);
  const stored = (await storedAddons(servers[0]!.url, auth)) - before;
  if (sets.some((s) => s.sent() > s.count)) console.log(`  note: ${name} sent more requests than pre-signed deliveries; repeats are duplicates`);
  return { figures, stored };
}

async function calculateRun(name: string, servers: BenchServer[], body: string, seconds = SECONDS): Promise<Figures> {
  const parts = await Promise.all(
    servers.map((s) => load(name, { url: `${s.url}/v1/plans:calculate`, seconds, connections: Math.ceil(CONNECTIONS / servers.length), method: 'POST', headers: auth, body })),
  );
  return combined(name, parts);
}

/** Ends the PGlite runs early (BENCH_SCOPE=calculate). */
class Finished extends Error {}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
const rows: string[] = [];
const goals: string[] = [];
const noErrors: Figures[] = [];

console.log(`# HTTP server benchmark`);
console.log(`cpus: ${availableParallelism()} (${cpus()[0]?.model ?? '?'}), memory: ${(totalmem() / 2 ** 30).toFixed(1)} GiB total, ${(freemem() / 2 ** 30).toFixed(1)} GiB free, node ${process.version}`);
console.log(`server: ${serverEntry().label}; ${SECONDS} s per run, ${CONNECTIONS} connections, LOG_LEVEL=info (one JSON line per request, as in production)\n`);

// PGlite in a data folder: the embedded default.
const dataDir = join(scratch, 'pglite');
const cpuProfDir = process.env['BENCH_CPU_PROF'];
const pglite = await startBenchServer({ ...baseEnv, DATABASE_URL: '', BILLING_DATA_DIR: dataDir }, cpuProfDir ? { cpuProfDir } : {});
try {
  // The goals: the app against a bare node:http server on the same machine in the same run, round after
  // round (the machine's load drifts), each route warmed up first (the first seconds are JIT compilation).
  // NOTE: the bare server prices with pricing-core as the app does: its sources when the app runs from
  // its sources, else the built dist (also for BENCH_SERVER, another build: the bare server is then the
  // same yardstick for both builds, where tsx's slower sources would flatter the one measured).
  const bare = await startBareFloor(process.env['BENCH_SOURCES'] === '1');
  const body = JSON.stringify(PLAN_3X6_DECIMAL);
  try {
    const appPid = pglite.child.pid ?? 0;
    const bareHealth = (n: string) => measured(bare.pid, () => load(`bare GET /healthz${n}`, { url: `${bare.url}/healthz`, seconds: SECONDS, connections: CONNECTIONS }));
    const appHealth = (n: string) => measured(appPid, () => load(`GET /healthz${n}`, { url: `${pglite.url}/healthz`, seconds: SECONDS, connections: CONNECTIONS }));
    const bareCalc = (n: string, seconds = SECONDS) =>
      measured(bare.pid, () =>
        load(`bare POST /calculate, 3 x 6 decimal plan${n}`, { url: `${bare.url}/calculate`, seconds, connections: CONNECTIONS, method: 'POST', headers: { 'content-type': 'application/json' }, body }),
      );
    const appCalc = (n: string, seconds = SECONDS) => measured(appPid, () => calculateRun(`POST /v1/plans:calculate, 3 x 6 decimal plan${n}`, [pglite], body, seconds));
    await load('warm-up', { url: `${pglite.url}/healthz`, seconds: 2, connections: CONNECTIONS });
    await load('warm-up', { url: `${bare.url}/healthz`, seconds: 2, connections: CONNECTIONS });
    await appCalc('', 2);
    await bareCalc('', 2);
    const ratios = { health: [] as number[], calc: [] as number[], healthCpu: [] as number[], calcCpu: [] as number[] };
    const cpuNote = (f: { cpuUsPerRequest: number }) => `server CPU ${f.cpuUsPerRequest.toFixed(1)} us/request`;
    for (let round = 1; round <= ROUNDS; round++) {
      const n = ` (round ${round})`;
      const bh = await bareHealth(n);
      const ah = await appHealth(n);
      const bc = await bareCalc(n);
      const ac = await appCalc(n);
      ratios.health.push(ah.reqPerSec / bh.reqPerSec);
      ratios.calc.push(ac.reqPerSec / bc.reqPerSec);
      // The same ratio from the servers' CPU time per request: what the rate ratio is on an idle machine.
      ratios.healthCpu.push(bh.cpuUsPerRequest / ah.cpuUsPerRequest);
      ratios.calcCpu.push(bc.cpuUsPerRequest / ac.cpuUsPerRequest);
      rows.push(
        row(bh, cpuNote(bh)),
        row(ah, `${(ah.reqPerSec / bh.reqPerSec).toFixed(2)}x bare; ${cpuNote(ah)}`),
        row(bc, cpuNote(bc)),
        row(ac, `${(ac.reqPerSec / bc.reqPerSec).toFixed(2)}x bare; ${cpuNote(ac)}`),
      );
      noErrors.push(bh, ah, bc, ac);
      console.log(
        `round ${round}: /healthz ${(ah.reqPerSec / bh.reqPerSec).toFixed(2)}x bare (by CPU per request ${(bh.cpuUsPerRequest / ah.cpuUsPerRequest).toFixed(2)}x), ` +
          `calculate (3 x 6 decimal) ${(ac.reqPerSec / bc.reqPerSec).toFixed(2)}x bare (by CPU per request ${(bc.cpuUsPerRequest / ac.cpuUsPerRequest).toFixed(2)}x)`,
      );
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
    const listed = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
    const goal = (name: string, rates: number[], cpu: number[], target: number) =>
      `${name} = ${median(rates).toFixed(2)}x (req/s, median of ${listed(rates)}); ${median(cpu).toFixed(2)}x (server CPU per request, median of ${listed(cpu)}) (goal >= ${target}x): ${verdict(median(rates) >= target)} by req/s, ${verdict(median(cpu) >= target)} by CPU`;
    goals.push(goal('app GET /healthz / bare GET /healthz', ratios.health, ratios.healthCpu, GOAL_HEALTHZ_SHARE));
    goals.push(goal('app POST /v1/plans:calculate / bare parse+calculatePlan+write, 3 x 6 decimal plan', ratios.calc, ratios.calcCpu, GOAL_CALCULATE_SHARE));
  } finally {
    bare.stop();
  }
  if (ONLY_GOALS) throw new Finished();
  const healthz = await load('GET /healthz', { url: `${pglite.url}/healthz`, seconds: SECONDS, connections: CONNECTIONS });
  rows.push(row(healthz));
  const small = await calculateRun('POST /v1/plans:calculate, 1 instance', [pglite], JSON.stringify(SMALL_PLAN));
  const large = await calculateRun('POST /v1/plans:calculate, 100 instances', [pglite], JSON.stringify(largePlan(100)));
  const hooks = await webhookRun('webhooks stored, PGlite', [pglite], 'pgl');
  rows.push(row(small), row(large), row(hooks.figures, `stored ${hooks.stored.toLocaleString('en')} = ${Math.round(hooks.stored / hooks.figures.seconds).toLocaleString('en')}/s`));
  noErrors.push(small, large, hooks.figures);
  goals.push(`calculate (1 instance) / healthz = ${pct(small.reqPerSec / healthz.reqPerSec)} (goal >= ${pct(GOAL_CALCULATE_SHARE)}): ${verdict(small.reqPerSec >= GOAL_CALCULATE_SHARE * healthz.reqPerSec)}`);
  const rate = hooks.stored / hooks.figures.seconds;
  goals.push(`PGlite webhooks stored/s = ${Math.round(rate)} (goal >= ${GOAL_WEBHOOKS_PER_SECOND}): ${verdict(rate >= GOAL_WEBHOOKS_PER_SECOND)}; stored ${hooks.stored} of ${hooks.figures.ok} 2xx`);
} catch (error) {
  if (!(error instanceof Finished)) throw error;
} finally {
  await pglite.stop();
}

const pg = postgresAvailability();
if (ONLY_GOALS) {
  console.log('PostgreSQL and webhook runs skipped (BENCH_SCOPE=goals)');
} else if (!pg.ok) {
  console.log(`PostgreSQL runs skipped: ${pg.reason}`);
} else {
  const db = createTestDatabase('billing_http_bench');
  const env = { ...baseEnv, DATABASE_URL: db.url };
  const one = await startBenchServer(env);
  let two: BenchServer | undefined;
  try {
    const hooks1 = await webhookRun('webhooks stored, PostgreSQL, 1 process', [one], 'pg1_');
    const health1 = await load('GET /healthz, PostgreSQL process', { url: `${one.url}/healthz`, seconds: SECONDS, connections: CONNECTIONS });
    const calc1 = await calculateRun('POST /v1/plans:calculate, PostgreSQL, 1 process', [one], JSON.stringify(SMALL_PLAN));
    goals.push(`calculate / healthz on the PostgreSQL process = ${pct(calc1.reqPerSec / health1.reqPerSec)} (goal >= ${pct(GOAL_CALCULATE_SHARE)}): ${verdict(calc1.reqPerSec >= GOAL_CALCULATE_SHARE * health1.reqPerSec)}`);
    two = await startBenchServer(env);
    const hooks2 = await webhookRun('webhooks stored, PostgreSQL, 2 processes', [one, two], 'pg2_');
    const calc2 = await calculateRun('POST /v1/plans:calculate, PostgreSQL, 2 processes', [one, two], JSON.stringify(SMALL_PLAN));
    const perSecond = (h: { stored: number; figures: Figures }) => Math.round(h.stored / h.figures.seconds);
    rows.push(
      row(hooks1.figures, `stored ${hooks1.stored.toLocaleString('en')} = ${perSecond(hooks1).toLocaleString('en')}/s`),
      row(hooks2.figures, `stored ${hooks2.stored.toLocaleString('en')} = ${perSecond(hooks2).toLocaleString('en')}/s`),
      row(health1),
      row(calc1),
      row(calc2),
    );
    noErrors.push(hooks1.figures, hooks2.figures, health1, calc1, calc2);
    goals.push(`PostgreSQL webhooks stored/s = ${perSecond(hooks1)} with 1 process, ${perSecond(hooks2)} with 2 (goal >= ${GOAL_WEBHOOKS_PER_SECOND}): ${verdict(perSecond(hooks1) >= GOAL_WEBHOOKS_PER_SECOND)} / ${verdict(perSecond(hooks2) >= GOAL_WEBHOOKS_PER_SECOND)}`);
  } finally {
    await one.stop();
    await two?.stop();
    db.drop();
  }
}

console.log([HEADER, RULE, ...rows].join('\n'));
const failed = noErrors.filter((f) => f.errors > 0 || f.non2xx > 0);
goals.push(`no errors: ${failed.length === 0 ? 'met' : `MISSED (${failed.map((f) => `${f.name}: ${f.non2xx} non-2xx, ${f.errors} errors`).join('; ')})`}`);
console.log(`\nGoals:\n${goals.map((g) => `- ${g}`).join('\n')}`);
rmSync(scratch, { recursive: true, force: true });
