import { calculatePlanJson } from '@billing/pricing-core';
import { referenceInstances, referenceRequest } from './reference-plan.js';

// A CPU profile of calculatePlan on the reference plan of the speed goal (decimal readings, or
// whole ones with --whole):
//   node --conditions=source --import tsx --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile.ts [runs] [--whole]
//   node bench/profile-summary.mjs "$(ls -S /tmp/prof/*.cpuprofile | head -1)"   (the largest: the main thread)
// prints the functions with the most self time.

const runs = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 200);
const body = referenceRequest(referenceInstances(10_000, !process.argv.includes('--whole')));
let total = '';
for (let i = 0; i < runs; i += 1) total = calculatePlanJson(body).total;
console.log(`priced ${runs} times, total ${total}`);
