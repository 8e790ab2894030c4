import { calculatePlanJson } from '@billing/pricing-core';
import { referenceInstances, referenceRequest } from './reference-plan.js';

// The median CPU time (user + system) of calculatePlan on the reference plan, for quick
// before/after checks while profiling: node --conditions=source --import tsx bench/cpu-median.ts [runs]
const runs = Number(process.argv[2] ?? 41);
const body = referenceRequest(referenceInstances(10_000));
for (let i = 0; i < 15; i += 1) calculatePlanJson(body);
const samples: number[] = [];
for (let i = 0; i < runs; i += 1) {
  const start = process.cpuUsage();
  calculatePlanJson(body);
  const used = process.cpuUsage(start);
  samples.push((used.user + used.system) / 1000);
}
samples.sort((a, b) => a - b);
console.log(`median CPU ${samples[runs >> 1]?.toFixed(2)} ms over ${runs} runs`);
