import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { calculatePlanJson, parsePlanConfigJson } from '@billing/pricing-core';
import type { CalculateOptions, PricingStats } from '@billing/pricing-core';
import { floatTotals, random, referenceFloatResult, referenceFloatTotal, referenceInstances, referenceRequest } from './reference-plan.js';

// Benchmark of calculatePlan on the reference plan (decimal and whole readings), against two
// float64 loops in the same run: one doing only the arithmetic, and the floor, which also builds
// the same answer (line items with money strings, totals). The same for a 3-instance plan priced
// one call at a time. calculatePlan and the floor run in alternation, and the ratio printed is the
// median of each round's own ratio. `pnpm bench -- --all` adds a plan with every model, linear scaling and
// peak memory. Run with `pnpm bench`: it builds the package and measures the built `dist/`, what an
// npm user imports (with `--conditions=source` it would time the sources through tsx instead, which
// ran 1.3x to 1.6x slower in one sitting).

interface BenchInstance {
  quantity: number;
  hoursUsed: number;
  region?: string;
  usage: { cpu: number; transfer: number };
  addons: ({ code: 'ipv4'; usage: number } | { code: 'backup'; usage: { backup_gb: number } })[];
}

const CAP_HOURS = 672;

/** Six prices, one per model: FLAT, FORMULA, graduated, volume, PACKAGE, pooled PER_UNIT. */
const PRICES = [
  { pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '12', prorate: true },
  {
    pricingModel: 'PRICING_MODEL_FORMULA',
    unitAmount: '0.0125',
    pricingFormula: 'quantity * unitAmount + min(units, 4) * 0.001',
    billingPeriod: 'BILLING_PERIOD_HOURLY',
  },
  {
    pricingModel: 'PRICING_MODEL_TIERED',
    metricName: 'cpu',
    freeUnits: 50,
    tiers: [
      { startInclusive: 0, endExclusive: 100, unitAmount: '0.05', flatFee: true, flatFeeAmount: '1' },
      { startInclusive: 100, endExclusive: 1000, unitAmount: '0.04' },
      { startInclusive: 1000, unitAmount: '0.03' },
    ],
  },
  {
    productType: 'PRODUCT_TYPE_ADDON',
    addonCode: 'ipv4',
    pricingModel: 'PRICING_MODEL_TIERED',
    tiers: [
      { startInclusive: 0, endExclusive: 4, unitAmount: '3', tierType: 'TIER_MODE_VOLUME' },
      { startInclusive: 4, endExclusive: 16, unitAmount: '2.50', tierType: 'TIER_MODE_VOLUME' },
      { startInclusive: 16, unitAmount: '2', tierType: 'TIER_MODE_VOLUME' },
    ],
  },
  {
    productType: 'PRODUCT_TYPE_ADDON',
    addonCode: 'backup',
    pricingModel: 'PRICING_MODEL_PACKAGE',
    metricName: 'backup_gb',
    freeUnits: 10,
    packageSize: 50,
    packagePrice: '2',
  },
  {
    productType: 'PRODUCT_TYPE_USAGE',
    pricingModel: 'PRICING_MODEL_PER_UNIT',
    metricName: 'transfer',
    freeUnits: 1000,
    unitAmount: '0.01',
  },
];

function buildInstances(count: number): BenchInstance[] {
  const next = random(count);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const regions = ['nyc3', 'fra1', 'sgp1', undefined];
  return Array.from({ length: count }, (): BenchInstance => {
    const addons: BenchInstance['addons'] = [];
    if (next() < 0.5) addons.push({ code: 'ipv4', usage: int(1, 20) });
    if (next() < 0.5) addons.push({ code: 'backup', usage: { backup_gb: int(0, 500) } });
    const region = regions[int(0, 3)];
    return {
      quantity: int(1, 3),
      hoursUsed: int(24, 744),
      ...(region === undefined ? {} : { region }),
      usage: { cpu: int(0, 3000), transfer: int(0, 3000) },
      addons,
    };
  });
}

function buildRequest(instances: BenchInstance[]) {
  return {
    planConfig: { currency: 'USD', prices: PRICES },
    instances,
    calcConfig: { capHours: CAP_HOURS, discountPercent: 5, couponValue: '10.00', taxRate: 0.2 },
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

function graduated(q: number): number {
  return 1 + Math.min(q, 100) * 0.05 + Math.max(0, Math.min(q, 1000) - 100) * 0.04 + Math.max(0, q - 1000) * 0.03;
}

function volume(q: number): number {
  return q * (q <= 4 ? 3 : q <= 16 ? 2.5 : 2);
}

/** The same plan priced with plain float64 numbers (not exact; for comparison only). */
function floatTotal(instances: readonly BenchInstance[], lines?: number[]): number {
  let subtotal = 0;
  let pooledUsage = 0;
  let allowance = 0;
  for (const instance of instances) {
    const q = instance.quantity;
    const billable = Math.min(instance.hoursUsed, CAP_HOURS);
    const factor = Math.min(instance.hoursUsed, CAP_HOURS) / CAP_HOURS;
    let base = 12 * q * factor;
    base += (q * 0.0125 + Math.min(q, 4) * 0.001) * billable;
    base += graduated(Math.max(0, instance.usage.cpu - 50 * q));
    let addons = 0;
    for (const entry of instance.addons) {
      if (entry.code === 'ipv4') addons += volume(q * entry.usage);
      else addons += Math.ceil(Math.max(0, entry.usage.backup_gb - 10 * q) / 50) * 2;
    }
    const line = round2(base) + round2(addons);
    lines?.push(line);
    subtotal += line;
    pooledUsage += instance.usage.transfer;
    allowance += 1000 * q;
  }
  return floatTotals(subtotal, pooledUsage, allowance).total;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

// NOTE: `cpuMs` is the process's CPU time (user + system, GC threads included) per run: on a
// shared machine it moves far less than wall time, which counts the time other processes ran.
function time<T>(run: () => T, warmups: number, iterations: number): { ms: number; cpuMs: number; value: T } {
  let value = run();
  for (let i = 1; i < warmups; i += 1) value = run();
  const samples: number[] = [];
  const cpuSamples: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    value = run();
    const used = process.cpuUsage(cpu);
    samples.push(performance.now() - start);
    cpuSamples.push((used.user + used.system) / 1000);
  }
  return { ms: median(samples), cpuMs: median(cpuSamples), value };
}

/** One timed run: wall and CPU milliseconds. */
function sample<T>(run: () => T): { ms: number; cpuMs: number; value: T } {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const value = run();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000, value };
}

/**
 * Times `a` and `b` in alternation, one run of each a round, and gives each one's median and the
 * median of the rounds' ratios a / b. On a shared machine whose speed moves from one second to the
 * next, both runs of a round see the same speed; timed one block after the other, a slow phase
 * would land in one figure only and move the ratio by a fifth or more.
 */
function paired<A, B>(a: () => A, b: () => B, warmups: number, rounds: number) {
  for (let i = 0; i < warmups; i += 1) (a(), b());
  const as: ReturnType<typeof sample<A>>[] = [];
  const bs: ReturnType<typeof sample<B>>[] = [];
  for (let i = 0; i < rounds; i += 1) (as.push(sample(a)), bs.push(sample(b)));
  const summary = <T>(runs: { ms: number; cpuMs: number; value: T }[]) => ({ ms: median(runs.map((r) => r.ms)), cpuMs: median(runs.map((r) => r.cpuMs)), value: runs.at(-1)!.value });
  return {
    a: summary(as),
    b: summary(bs),
    ratio: median(as.map((r, i) => r.ms / bs[i]!.ms)),
    cpuRatio: median(as.map((r, i) => r.cpuMs / Math.max(bs[i]!.cpuMs, 0.001))),
  };
}

/** The float loop's time per run, from batches long enough for the CPU clock to resolve. */
function floatTime(run: () => number): { ms: number; cpuMs: number; value: number } {
  const batch = 20;
  const timed = time(() => {
    let value = 0;
    for (let i = 0; i < batch; i += 1) value = run();
    return value;
  }, 5, 31);
  return { ms: timed.ms / batch, cpuMs: timed.cpuMs / batch, value: timed.value };
}

// NOTE: the scaling and memory runs price up to 100,000 instances, past the default request
// limits, and the serialized run measures the FULL debug view, as it did before views existed.
const BENCH_LIMITS: CalculateOptions['limits'] = { maxInstances: 1_000_000, maxInstancePrices: 100_000_000, maxFullViewEntries: 100_000_000 };
const BENCH: CalculateOptions = { limits: BENCH_LIMITS };
const BENCH_FULL: CalculateOptions = { view: 'FULL', limits: BENCH_LIMITS };

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Heap and RSS figures of pricing `count` instances; run in a child process for a clean peak. */
function measureMemory(count: number, plan: string): void {
  const request = plan === 'reference' ? referenceRequest(referenceInstances(count)) : buildRequest(buildInstances(count));
  gc?.();
  const before = process.memoryUsage();
  const result = calculatePlanJson(request, BENCH);
  const after = process.memoryUsage();
  gc?.();
  const retained = process.memoryUsage();
  console.log(
    JSON.stringify({
      count,
      plan,
      total: result.total,
      heapBeyondBaselineMb: mb(after.heapUsed - before.heapUsed),
      heapBeforeMb: mb(before.heapUsed),
      heapAfterMb: mb(after.heapUsed),
      heapRetainedMb: mb(retained.heapUsed),
      peakRssMb: mb(process.resourceUsage().maxRSS * 1024),
      gcExposed: gc !== undefined,
    }),
  );
}

function main(): void {
  const memoryArg = process.argv.indexOf('--memory');
  if (memoryArg !== -1) {
    measureMemory(Number(process.argv[memoryArg + 1]), process.argv[memoryArg + 2] ?? 'models');
    return;
  }

  const build = import.meta.resolve('@billing/pricing-core').includes('/src/') ? 'the sources through tsx' : 'the built dist';
  console.log(`calculatePlan benchmark (node ${process.version}, ${build}, median of timed runs)\n`);

  // The reference plan of the speed goal, decimal and whole readings, with its float64 loops in the same run.
  console.log('reference plan: 10,000 instances, 6 prices (HOURLY per-unit, graduated 3 tiers, FLAT add-on, metered add-on, PACKAGE with free units, prorated pooled USAGE), discount, coupon, tax');
  for (const decimal of [true, false]) {
    const reference = referenceInstances(10_000, decimal);
    const referenceBody = referenceRequest(reference);
    const stats: PricingStats = { smallInstances: 0, exactInstances: 0 };
    calculatePlanJson(referenceBody, { stats });
    const { a: engine, b: floor, ratio, cpuRatio } = paired(() => calculatePlanJson(referenceBody), () => referenceFloatResult(reference), 10, 21);
    const exactOnly = time(() => calculatePlanJson(referenceBody, { exact: true }), 3, 7);
    const arithmetic = floatTime(() => referenceFloatTotal(reference));
    const share = (100 * stats.smallInstances) / (stats.smallInstances + stats.exactInstances);
    console.log(`  ${decimal ? 'decimal readings (1 and 2 places, hours in quarters)' : 'whole-number readings'}: ${share.toFixed(1)}% of instances on the fast form`);
    console.log(`    calculatePlanJson (BASIC view):      ${engine.ms.toFixed(2).padStart(8)} ms   total ${engine.value.total}`);
    console.log(`    calculatePlan, { exact: true }:      ${exactOnly.ms.toFixed(2).padStart(8)} ms   total ${exactOnly.value.total}`);
    console.log(`    float64 loop, arithmetic only:       ${arithmetic.ms.toFixed(3).padStart(8)} ms   total ${arithmetic.value.toFixed(2)}`);
    console.log(`    float64 floor (builds the answer):   ${floor.ms.toFixed(3).padStart(8)} ms   total ${floor.value.total}`);
    console.log(`    ratio calculatePlan / floor:         ${ratio.toFixed(1).padStart(8)}x   (goal <= 3x, stretch 2x; CPU time: ${cpuRatio.toFixed(1)}x)`);
    console.log(`    ratio calculatePlan / arithmetic:    ${(engine.ms / arithmetic.ms).toFixed(1).padStart(8)}x`);
    console.log(`    ratio { exact: true } / floor:       ${(exactOnly.ms / floor.ms).toFixed(1).padStart(8)}x`);
  }
  console.log();

  // The 3-instance plan priced one call at a time, as most callers price: the fixed cost of a
  // call counts. Each figure is the median of batches of calls, per call.
  console.log('reference plan, 3 instances, one call at a time (us per call)');
  for (const decimal of [true, false]) {
    const three = referenceInstances(3, decimal);
    const body = referenceRequest(three);
    const calls = 2_000;
    const batch = <T>(run: () => T) => () => {
      let value = run();
      for (let i = 1; i < calls; i += 1) value = run();
      return value;
    };
    const perCall = <T>(timed: { ms: number; cpuMs: number; value: T }) => ({ us: timed.ms * (1000 / calls), cpuUs: timed.cpuMs * (1000 / calls), value: timed.value });
    const pair = paired(batch(() => calculatePlanJson(body)), batch(() => referenceFloatResult(three)), 5, 21);
    const [engine, floor] = [perCall(pair.a), perCall(pair.b)];
    const { planConfig, ...rest } = body;
    const parsedOnce = parsePlanConfigJson(planConfig);
    const reused = perCall(time(batch(() => calculatePlanJson(rest, { planConfig: parsedOnce })), 5, 21));
    const arithmetic = perCall(time(batch(() => referenceFloatTotal(three)), 5, 21));
    console.log(`  ${decimal ? 'decimal readings' : 'whole-number readings'}:`);
    console.log(`    calculatePlanJson:                   ${engine.us.toFixed(2).padStart(8)} us   total ${engine.value.total}`);
    console.log(`    with its planConfig parsed once:     ${reused.us.toFixed(2).padStart(8)} us   total ${reused.value.total}`);
    console.log(`    float64 loop, arithmetic only:       ${arithmetic.us.toFixed(2).padStart(8)} us   total ${arithmetic.value.toFixed(2)}`);
    console.log(`    float64 floor (builds the answer):   ${floor.us.toFixed(2).padStart(8)} us   total ${floor.value.total}`);
    console.log(`    ratio calculatePlan / floor:         ${pair.ratio.toFixed(1).padStart(8)}x   (goal <= 10x; CPU time: ${pair.cpuRatio.toFixed(1)}x)`);
    console.log(`    ratio calculatePlan / arithmetic:    ${(engine.us / arithmetic.us).toFixed(1).padStart(8)}x`);
  }
  console.log();
  if (!process.argv.includes('--all')) return;

  // Small plans, as a server prices them: each call gets a freshly parsed request (JSON.parse is
  // timed apart and taken off).
  console.log('small plans (a fresh JSON.parse copy per call, parse time taken off; us per call)');
  const small = {
    '3 x 6 (the reference plan, 3 instances)': referenceRequest(referenceInstances(3)),
    'README plan (1 price, 1 instance)': { planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '10.00' }] }, instances: [{ quantity: 2, region: 'eu-west' }], calcConfig: { taxRate: 0.2 } },
  };
  for (const [name, body] of Object.entries(small)) {
    const text = JSON.stringify(body);
    const calls = 2_000;
    const perCall = (options: CalculateOptions | undefined, price: boolean) =>
      time(() => {
        for (let i = 0; i < calls; i += 1) {
          const parsed: unknown = JSON.parse(text);
          if (price) calculatePlanJson(parsed, options);
        }
        return 0;
      }, 5, 15).ms * (1000 / calls);
    const parse = perCall(undefined, false);
    const priced = perCall(undefined, true) - parse;
    console.log(`  ${name}: ${priced.toFixed(1)} us; JSON.parse ${parse.toFixed(1)} us`);
  }
  console.log();

  console.log(`models plan: 10,000 instances, ${PRICES.length} prices, one per model`);

  const instances = buildInstances(10_000);
  const request = buildRequest(instances);
  // NOTE: ten warm-up runs let V8 grow its young generation to a steady size first; with
  // three, the first timed runs still paid for many small scavenges.
  const exact = time(() => calculatePlanJson(request, BENCH), 10, 15);
  const serialized = time(() => JSON.stringify(calculatePlanJson(request, BENCH_FULL)).length, 5, 9);
  const float = time(() => floatTotal(instances), 20, 51);
  const floatJson = time(() => JSON.stringify({ total: floatTotal(instances) }).length, 20, 51);
  console.log(`  calculatePlanJson (exact):                 ${exact.ms.toFixed(2).padStart(8)} ms   total ${exact.value.total}`);
  console.log(`  float64 loop:                          ${float.ms.toFixed(3).padStart(8)} ms   total ${float.value.toFixed(2)}`);
  console.log(`  ratio exact / float64:                 ${(exact.ms / float.ms).toFixed(0).padStart(8)}x`);
  console.log(`  JSON.stringify(calculatePlan) (FULL):  ${serialized.ms.toFixed(2).padStart(8)} ms   ${(serialized.value / 1024 / 1024).toFixed(1)} MB of JSON`);
  console.log(`  ratio serialized / float64:            ${(serialized.ms / floatJson.ms).toFixed(0).padStart(8)}x`);
  const floatLines: number[] = [];
  floatTotal(instances, floatLines);
  const differing = exact.value.lineItems.filter((line, i) => line.subtotal !== floatLines[i]?.toFixed(2)).length;
  console.log(`  line subtotals where float64 differs from exact: ${differing} of ${instances.length}\n`);

  console.log('scaling');
  for (const count of [1_000, 10_000, 50_000]) {
    const scaled = buildRequest(buildInstances(count));
    const { ms } = time(() => calculatePlanJson(scaled, BENCH), 2, count >= 50_000 ? 5 : 7);
    console.log(
      `  ${count.toLocaleString('en').padStart(7)} instances: ${ms.toFixed(1).padStart(8)} ms   ${((ms / count) * 1000).toFixed(2)} us/instance`,
    );
  }

  console.log('\nmemory (each size in a fresh process)');
  for (const [count, plan] of [[10_000, 'models'], [100_000, 'models'], [100_000, 'reference']] as const) {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--memory', String(count), plan],
      { encoding: 'utf8' },
    );
    const line = child.stdout.trim().split('\n').pop() ?? '';
    if (child.status !== 0 || line === '') {
      console.log(`  ${count} instances: failed (${child.stderr.trim().split('\n')[0] ?? 'no output'})`);
      continue;
    }
    const figures = JSON.parse(line) as Record<string, string | number | boolean>;
    console.log(
      `  ${plan.padEnd(9)} ${count.toLocaleString('en').padStart(7)} instances: heap ${figures.heapBeforeMb} -> ${figures.heapAfterMb} MB ` +
        `(+${figures.heapBeyondBaselineMb} MB beyond baseline), ` +
        `${figures.heapRetainedMb} MB retained after GC, peak RSS ${figures.peakRssMb} MB` +
        (figures.gcExposed ? '' : ' (run with --expose-gc for exact heap figures)'),
    );
  }
}

main();
