import { decMinus, decOf, decPlus, decText } from '../money/decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculatePlan, calculatePlanJson } from '../index.js';
import type { PlanResult } from '../index.js';
import { commitmentFloorLaw, instanceOrderLaw, moneyDigitsLaw, monotoneInUsageLaw, pricingLaws, PricingLawViolation, sumOfPartsLaw, viewsAgreeLaw } from './index.js';
import type { PlanCalculator } from './index.js';

const RUNS = Number(process.env.PRICING_PROPERTY_RUNS ?? 60);

/** `calculatePlan` with `change` applied to its result. */
const broken =
  (change: (result: PlanResult, request: unknown, view: string | undefined) => PlanResult): PlanCalculator =>
  (request, options) =>
    change(calculatePlanJson(request, options), request, options?.view);

/** Runs a law and returns the error of its counterexample, or undefined when it held. */
function counterexampleError(law: fc.IProperty<[unknown]>): unknown {
  const details = fc.check(law, { numRuns: RUNS * 2 });
  return details.failed ? details.errorInstance : undefined;
}

describe('the laws hold for calculatePlan', () => {
  for (const [name, law] of Object.entries(pricingLaws(calculatePlan))) {
    it(name, () => {
      fc.assert(law, { numRuns: RUNS });
    });
  }
});

// NOTE: each law must be able to fail: a calculator that breaks exactly that law is caught.
describe('the laws catch a calculator that breaks them', () => {
  const cases: [string, fc.IProperty<[unknown]>][] = [
    ['total = sum of parts: a total one cent high', sumOfPartsLaw(broken((r) => ({ ...r, total: decText(decPlus(decOf(r.total), decOf('0.01'))) })), { currencies: ['USD'] })],
    ['money digits: a tax with one digit too many', moneyDigitsLaw(broken((r) => ({ ...r, tax: `${r.tax}0` })))],
    ['monotone in usage: a total that falls as the price grows', monotoneInUsageLaw(broken((r) => ({ ...r, total: decText(decMinus(decOf('100000'), decOf(r.total))) })), { currencies: ['USD'] })],
    [
      'instance order: a calculator that prices only the first instance',
      instanceOrderLaw((request, options) => {
        const plan = request as { instances?: unknown[] };
        return calculatePlanJson({ ...plan, instances: (plan.instances ?? []).slice(0, 1) }, options);
      }),
    ],
    ['commitment floor: a calculator that never bills a true-up', commitmentFloorLaw(broken((r) => ({ ...r, commitmentTrueUp: '0' })))],
    ['views agree: a FULL view whose totals differ', viewsAgreeLaw(broken((r, _q, view) => (view === 'FULL' ? { ...r, debug: { ...r.debug, totals: { ...r.debug.totals, taxRate: '0.5' } } } : r)))],
  ];
  for (const [name, law] of cases) {
    it(name, () => {
      const error = counterexampleError(law);
      expect(error).toBeInstanceOf(PricingLawViolation);
      expect(String((error as Error).message)).toMatch(new RegExp(`^${name.split(':')[0]!.replace(/[()]/g, '.')}`));
    });
  }
});
