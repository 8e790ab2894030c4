import type { FieldViolation } from '../errors/pricing-validation-error.js';
import { computePlan } from './calculate-plan.js';
import { PlanPricer } from './price-plan.js';
import type { PlanPrices } from '../resolved/resolved-plan.js';
import type { PlanRequest } from '../request/types.js';
import type { CalculateOptions } from '../limits.js';
import type { ResolvedOptions } from '../limits.js';
import { resolveOptions } from '../limits.js';
import { analyzeRequest } from '../validation/analyze.js';
import { ViolationCollector } from '../validation/collector.js';
import { copyRequest } from '../validation/copy-request.js';

/** Outcome of `validatePlanRequest`. */
export type ValidationOutcome =
  | { success: true; data: PlanRequest }
  | { success: false; violations: FieldViolation[]; total: number };

/**
 * Validates a request typed in TypeScript; `validatePlanRequestJson` takes raw JSON. A bad
 * request is reported, never thrown; bad options throw `RangeError` (see below).
 * @example validatePlanRequest({}) // { success: true, data: {} }
 */
export function validatePlanRequest(request: PlanRequest, options?: CalculateOptions): ValidationOutcome {
  return validatePlanRequestJson(request, options);
}

/**
 * Validates a request of any shape (a parsed JSON body) fully; a bad request is reported, never thrown. Bad options are a
 * programming error and throw `RangeError`: a limit that is not a whole number >= 0, or a view
 * other than 'BASIC' or 'FULL' (uppercase). Checks limits (`options.limits`, and the size of the FULL
 * view when `options.view` asks for it), shape, bounds, cross-field rules, and the
 * formulas on the actual usage (division by zero and negative results are found by
 * evaluating them, exactly as `calculatePlan` would).
 * @example validatePlanRequestJson(JSON.parse(body)).success
 */
export function validatePlanRequestJson(request: unknown, options?: CalculateOptions): ValidationOutcome {
  return validateResolved(request, resolveOptions(options));
}

function validateResolved(request: unknown, resolved: ResolvedOptions): ValidationOutcome {
  const v = new ViolationCollector();
  let pricer: PlanPricer | undefined;
  // NOTE: only plans with formulas can fail while computing; others need no dry run.
  const analysis = analyzeRequest(request, resolved, (prices) => (hasFormula(prices) ? (pricer = new PlanPricer(prices, v, resolved.exact, false)) : undefined));
  if (!analysis.ok) return { success: false, violations: analysis.violations, total: analysis.total };
  if (pricer !== undefined) computePlan(analysis.plan, pricer, v);
  if (!v.empty) return { success: false, violations: v.list, total: v.total };
  return { success: true, data: copyRequest(request as Record<string, unknown>) as PlanRequest };
}

function hasFormula(plan: PlanPrices): boolean {
  const all = [...plan.basePrices, ...plan.usagePrices, ...[...plan.addonPrices.values()].flat()];
  return all.some((price) => price.model.kind === 'FORMULA');
}
