import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, freemem, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, postgresAvailability } from '../test/support/postgres.js';
import { signToken, TEST_SECRET } from '../test/support/tokens.js';
import { STANDARD_SECRET, STRIPE_SECRET } from '../test/support/webhook-payloads.js';
import { storedAddons, stripeCreations } from './deliveries.js';
import { combined, HEADER, load, row, RULE, type Figures } from './load.js';
import { largePlan, PLAN_3X6, README_PLAN, SMALL_PLAN } from './plans.js';
import { serverEntry, startBenchServer, type BenchServer } from './server.js';

// The HTTP server under load: `pnpm bench:http` at the repository root. Starts real server
// processes on 127.0.0.1 and measures them with autocannon; prints Markdown tables.
// BENCH_SECONDS (default 5) per run, BENCH_CONNECTIONS (default 32), BENCH_CPU_PROF=<dir> profiles
// the PGlite server (node --cpu-prof), BENCH_SCOPE=calculate runs only the calculate / healthz ratios.

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 32);
const GOAL_CALCULATE_SHARE = 0.6;
const GOAL_WEBHOOKS_PER_SECOND = 2000;
const ORG = 'org_a';
const ONLY_CALCULATE = process.env['BENCH_SCOPE'] === 'calculate';
/** The same operation sent past the calculate lane: a query string makes the lane pass it on to the app. */
const VIA_APP = '?view=BASIC';

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

/** `query` `?view=BASIC` sends the same operation past the calculate lane, through the app (the baseline). */
async function calculateRun(name: string, servers: BenchServer[], body: string, seconds = SECONDS, query = ''): Promise<Figures> {
  const parts = await Promise.all(
    servers.map((s) => load(name, { url: `${s.url}/v1/plans:calculate${query}`, seconds, connections: Math.ceil(CONNECTIONS / servers.length), method: 'POST', headers: auth, body })),
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
  // NOTE: the goal's ratios, in one server process: /healthz before and after the two plans, the
  // calculate rates divided by the mean of the two (the machine's load drifts during a run).
  // NOTE: each route is warmed up first (2 s, not measured): the first seconds of a fresh process are JIT compilation.
  await load('warm-up', { url: `${pglite.url}/healthz`, seconds: 2, connections: CONNECTIONS });
  for (const plan of [PLAN_3X6, README_PLAN]) {
    await calculateRun('warm-up', [pglite], JSON.stringify(plan), 2);
    await calculateRun('warm-up', [pglite], JSON.stringify(plan), 2, VIA_APP);
  }
  const health = (n: number) => load(`GET /healthz (${n})`, { url: `${pglite.url}/healthz`, seconds: SECONDS, connections: CONNECTIONS });
  const h1 = await health(1);
  const plan3x6 = await calculateRun('POST /v1/plans:calculate, 3 x 6 plan', [pglite], JSON.stringify(PLAN_3X6));
  const readme = await calculateRun('POST /v1/plans:calculate, README plan', [pglite], JSON.stringify(README_PLAN));
  const app3x6 = await calculateRun(`POST /v1/plans:calculate${VIA_APP}, 3 x 6 plan (through the app)`, [pglite], JSON.stringify(PLAN_3X6), SECONDS, VIA_APP);
  const appReadme = await calculateRun(`POST /v1/plans:calculate${VIA_APP}, README plan (through the app)`, [pglite], JSON.stringify(README_PLAN), SECONDS, VIA_APP);
  const h2 = await health(2);
  const healthRate = (h1.reqPerSec + h2.reqPerSec) / 2;
  const ratio = (f: Figures) => f.reqPerSec / healthRate;
  const noted = (f: Figures) => row(f, `${ratio(f).toFixed(2)}x healthz`);
  rows.push(row(h1), noted(plan3x6), noted(readme), noted(app3x6), noted(appReadme), row(h2));
  noErrors.push(h1, plan3x6, readme, app3x6, appReadme, h2);
  console.log(`ratios to /healthz (${Math.round(healthRate).toLocaleString('en')} req/s, mean of two runs): 3 x 6 plan ${ratio(plan3x6).toFixed(2)}x, README plan ${ratio(readme).toFixed(2)}x`);
  console.log(`the same through the app (${VIA_APP}, the baseline): 3 x 6 plan ${ratio(app3x6).toFixed(2)}x, README plan ${ratio(appReadme).toFixed(2)}x`);
  goals.push(`calculate (3 x 6 plan) / healthz = ${ratio(plan3x6).toFixed(2)}x (goal >= ${GOAL_CALCULATE_SHARE}x): ${verdict(ratio(plan3x6) >= GOAL_CALCULATE_SHARE)}`);
  goals.push(`calculate (README plan) / healthz = ${ratio(readme).toFixed(2)}x (goal >= ${GOAL_CALCULATE_SHARE}x): ${verdict(ratio(readme) >= GOAL_CALCULATE_SHARE)}`);
  if (ONLY_CALCULATE) throw new Finished();
  const healthz = h2;
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
if (ONLY_CALCULATE) {
  console.log('PostgreSQL and webhook runs skipped (BENCH_SCOPE=calculate)');
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
