import type { FieldViolation } from '../errors/pricing-validation-error.js';
import { computePlan } from './calculate-plan.js';
import type { PlanRequest } from '../request/types.js';
import type { CalculateOptions } from '../limits.js';
import type { ResolvedOptions } from '../limits.js';
import { resolveOptions } from '../limits.js';
import { withExactPath } from '../money/decimal.js';
import { analyzeRequest } from '../validation/analyze.js';
import { ViolationCollector } from '../validation/collector.js';
import { copyRequest } from '../validation/shape.js';

/** Outcome of `validatePlanRequest`. */
export type ValidationOutcome =
  | { success: true; data: PlanRequest }
  | { success: false; violations: FieldViolation[]; total: number };

/**
 * Validates a request typed in TypeScript; `validatePlanRequestJson` takes raw JSON. Throws
 * only `RangeError` for invalid options (a bad `view`).
 * @example validatePlanRequest({}) // { success: true, data: {} }
 */
export function validatePlanRequest(request: PlanRequest, options?: CalculateOptions): ValidationOutcome {
  return validatePlanRequestJson(request, options);
}

/**
 * Validates a request of any shape fully, reporting instead of throwing: limits (`options.limits`, and the size of the FULL
 * view when `options.view` asks for it), shape, bounds, cross-field rules, and the
 * formulas on the actual usage (division by zero and negative results are found by
 * evaluating them, exactly as `calculatePlan` would). Invalid options (a bad `view`) throw a
 * `RangeError`: they are the caller's, not the request's.
 * @example validatePlanRequestJson(JSON.parse(body)).success
 */
export function validatePlanRequestJson(request: unknown, options?: CalculateOptions): ValidationOutcome {
  const resolved = resolveOptions(options);
  return withExactPath(resolved.exact, () => validateResolved(request, resolved));
}

function validateResolved(request: unknown, resolved: ResolvedOptions): ValidationOutcome {
  const analysis = analyzeRequest(request, resolved);
  if (!analysis.ok) return { success: false, violations: analysis.violations, total: analysis.total };
  const v = new ViolationCollector();
  // NOTE: only plans with formulas can fail while computing; others need no dry run.
  if (hasFormula(analysis.plan)) computePlan(analysis.plan, v);
  if (!v.empty) return { success: false, violations: v.list, total: v.total };
  // NOTE: the analysis found the shape valid; the copy is what a parse with `planRequestSchema` returns.
  return { success: true, data: copyRequest(request as Record<string, unknown>) as PlanRequest };
}

function hasFormula(plan: Parameters<typeof computePlan>[0]): boolean {
  const all = [...plan.basePrices, ...plan.usagePrices, ...[...plan.addonPrices.values()].flat()];
  return all.some((price) => price.model.kind === 'FORMULA');
}
