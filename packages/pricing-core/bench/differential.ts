import fc from 'fast-check';
import { calculatePlan, PricingValidationError, validatePlanRequestJson } from '@billing/pricing-core';
import type { CalculateOptions } from '@billing/pricing-core';
import { planArb } from '../src/testing/arbitraries.js';
import { mutatedPlanArb } from '../test/support/mutations.js';
import { referenceInstances, referenceRequest } from './reference-plan.js';

// A differential run: the answers of this build against those of another build of the package
// (an earlier release, say), byte for byte, on random valid and invalid plans, in both views,
// and the outcome of validatePlanRequestJson (the violations, or the copy of a valid request).
//   node --conditions=source --import tsx bench/differential.ts <path to the other build's dist/index.js> [plans]
// Prints the number of requests compared and the number whose answers differ (with the first few).
// A build without planConfig.minimumCommitment refuses the field, so requests that carry it are
// skipped (and counted); on the others this build's answer must equal the other's once its
// `commitmentTrueUp`, which must be zero, is left out (from both, so a build that has it compares too).

type Calculate = (request: unknown, options?: CalculateOptions) => unknown;
type Validate = (request: unknown) => unknown;

/** The whole answer as text: the result (its `debug` included), or the violations. */
function answer(calculate: Calculate, request: unknown, view: 'BASIC' | 'FULL'): string {
  try {
    return JSON.stringify(calculate(request, { view }));
  } catch (error) {
    const refusal = error as { name?: unknown; violations?: unknown; total?: unknown };
    if (!(error instanceof PricingValidationError) && refusal.name !== 'PricingValidationError') throw error;
    return JSON.stringify({ violations: refusal.violations, total: refusal.total });
  }
}

/** Whether the request names planConfig.minimumCommitment (null and "0" included). */
function namesCommitment(request: unknown): boolean {
  const planConfig = (request as { planConfig?: unknown } | null)?.planConfig;
  return typeof planConfig === 'object' && planConfig !== null && 'minimumCommitment' in planConfig;
}

/** The answer without its `commitmentTrueUp`, which must be zero (a refusal is kept as it is). */
function withoutTrueUp(text: string): string {
  const parsed = JSON.parse(text) as { commitmentTrueUp?: string };
  if (parsed.commitmentTrueUp === undefined) return text;
  if (!/^0(\.0+)?$/.test(parsed.commitmentTrueUp)) return `non-zero commitmentTrueUp ${parsed.commitmentTrueUp}`;
  delete parsed.commitmentTrueUp;
  return JSON.stringify(parsed);
}

async function main(): Promise<void> {
  const otherPath = process.argv[2];
  if (otherPath === undefined) throw new Error('usage: differential.ts <other dist/index.js> [plans]');
  const other = (await import(otherPath)) as { calculatePlan: Calculate; validatePlanRequestJson: Validate };
  const plans = Number(process.argv[3] ?? 6000);
  // Valid plans (every model, formulas, decimals, edges of the generators), invalid ones (a valid
  // plan with one field broken), and slices of the reference plan with decimal and whole readings.
  const requests: unknown[] = [
    ...fc.sample(planArb(), { numRuns: plans, seed: 1 }),
    ...fc.sample(mutatedPlanArb, { numRuns: plans, seed: 2 }),
    ...fc.sample(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.boolean(), fc.integer({ min: 1, max: 1000 })), { numRuns: plans, seed: 3 }).map(
      ([count, decimal, seed]) => referenceRequest(referenceInstances(count + seed, decimal).slice(0, count)),
    ),
  ];
  let compared = 0;
  let differ = 0;
  let skipped = 0;
  for (const request of requests) {
    if (namesCommitment(request)) {
      skipped += 1;
      continue;
    }
    for (const view of ['BASIC', 'FULL'] as const) {
      compared += 1;
      const mine = withoutTrueUp(answer(calculatePlan as Calculate, request, view));
      const theirs = withoutTrueUp(answer(other.calculatePlan, request, view));
      if (mine === theirs) continue;
      differ += 1;
      if (differ <= 3) console.log(`differs (${view}):\n  request ${JSON.stringify(request).slice(0, 400)}\n  this  ${mine.slice(0, 400)}\n  other ${theirs.slice(0, 400)}`);
    }
    compared += 1;
    const mine = JSON.stringify(validatePlanRequestJson(request));
    const theirs = JSON.stringify(other.validatePlanRequestJson(request));
    if (mine === theirs) continue;
    differ += 1;
    if (differ <= 3) console.log(`differs (validate):\n  request ${JSON.stringify(request).slice(0, 400)}\n  this  ${mine.slice(0, 400)}\n  other ${theirs.slice(0, 400)}`);
  }
  console.log(`${requests.length} requests, ${skipped} skipped (they name minimumCommitment), ${compared} answers compared (BASIC, FULL and validate), ${differ} differ`);
}

await main();
