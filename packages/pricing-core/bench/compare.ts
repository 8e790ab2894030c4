import { calculatePlanJson } from '@billing/pricing-core';
import type { CalculateOptions } from '@billing/pricing-core';
import { referenceFloatResult, referenceInstances, referenceRequest } from './reference-plan.js';

// This build against another build of the package (main's, say), alternating in one process,
// with the floor (the float64 loop that builds the answer) timed in every round:
//   node --conditions=source --expose-gc --import tsx bench/compare.ts <other build's dist/index.js> [rounds]
// Prints, per round and build, CPU-time medians (user + system; on a shared machine they move
// far less than wall time) and each build's ratio to the floor of the same round.

type Calculate = (request: unknown, options?: CalculateOptions) => { total: string };

const CALLS = 2_000;

/** The median CPU time of `run` in ms, over `runs` runs after `warmups`. */
function cpuMedian(run: () => unknown, warmups: number, runs: number): number {
  for (let i = 0; i < warmups; i += 1) run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    samples.push((used.user + used.system) / 1000);
  }
  samples.sort((a, b) => a - b);
  return samples[runs >> 1] as number;
}

/** The plans timed: 10,000 x 6 with decimal and whole readings, and 3 instances priced one call at a time. */
function cases() {
  return [true, false].flatMap((decimal) => {
    const big = referenceInstances(10_000, decimal);
    const three = referenceInstances(3, decimal);
    const label = decimal ? 'decimal' : 'whole';
    return [
      { name: `10,000 x 6, ${label} (ms per call)`, body: referenceRequest(big), floor: () => referenceFloatResult(big), repeat: 1, runs: 15 },
      { name: `3 x 6, ${label} (us per call)`, body: referenceRequest(three), floor: () => referenceFloatResult(three), repeat: CALLS, runs: 15 },
    ];
  });
}

async function main(): Promise<void> {
  const otherPath = process.argv[2];
  if (otherPath === undefined) throw new Error('usage: compare.ts <other dist/index.js> [rounds]');
  const other = (await import(otherPath)) as { calculatePlanJson: Calculate };
  const rounds = Number(process.argv[3] ?? 4);
  const builds: [string, Calculate][] = [
    ['this', calculatePlanJson as Calculate],
    ['other', other.calculatePlanJson],
  ];
  for (const { name, body, floor, repeat, runs } of cases()) {
    // NOTE: per call: a batch of `repeat` calls is timed as one run (the CPU clock's resolution).
    const scale = repeat === 1 ? 1 : 1000 / repeat;
    const batch = (run: () => unknown) => () => {
      for (let i = 0; i < repeat; i += 1) run();
    };
    const totals = new Set(builds.map(([, calculate]) => calculate(body).total));
    console.log(`${name}: totals ${[...totals].join(', ')}`);
    for (let round = 1; round <= rounds; round += 1) {
      const order = round % 2 === 1 ? builds : [...builds].reverse();
      const floorTime = cpuMedian(batch(floor), 3, runs) * scale;
      const figures = order.map(([label, calculate]) => {
        const time = cpuMedian(batch(() => calculate(body)), 5, runs) * scale;
        return `${label} ${time.toFixed(2)} (${(time / floorTime).toFixed(1)}x)`;
      });
      console.log(`  round ${round}: floor ${floorTime.toFixed(2)}; ${figures.join('; ')}`);
    }
  }
}

await main();
