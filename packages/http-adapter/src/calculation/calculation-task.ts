import { calculatePlan, PricingValidationError, type PlanResult } from '@billing/pricing-core';
import { toPlainJson } from '../http/plain-json.js';
import type { CalculateOptions, LimitedFieldViolation } from '../limits/pricing-limits.js';

/** One calculation: the request body as parsed JSON and the library options. Structured-clonable. */
export interface CalculationTask {
  request: unknown;
  options: CalculateOptions;
}

/**
 * The outcome, structured-clonable so it crosses the worker boundary intact: the response JSON text,
 * or the library's violations (with their `limit`) and total.
 */
export type CalculationOutcome =
  | { ok: true; json: string }
  | { ok: false; violations: LimitedFieldViolation[]; total: number };

// TODO(merge): call `calculatePlan(request, options)` directly once the library takes options.
const calculate = calculatePlan as (request: unknown, options?: CalculateOptions) => PlanResult;

/**
 * Prices a plan and writes the answer as plain-decimal JSON; runs inline or in a worker thread.
 * @example runCalculation({ request: {}, options: {} }) // { ok: true, json: '{"lineItems":[],...}' }
 */
export function runCalculation(task: CalculationTask): CalculationOutcome {
  try {
    return { ok: true, json: toPlainJson(calculate(task.request, task.options)) };
  } catch (error) {
    if (!(error instanceof PricingValidationError)) throw error;
    const total = (error as PricingValidationError & { total?: number }).total ?? error.violations.length;
    return { ok: false, violations: error.violations.map((v) => ({ ...v })), total };
  }
}

/**
 * The size of a request as the offload rule counts it: instances x prices (0 when either is not a list).
 * @example entriesOf({ instances: [{}, {}], planConfig: { prices: [{}] } }) // 2
 */
export function entriesOf(request: unknown): number {
  if (typeof request !== 'object' || request === null) return 0;
  const { instances, planConfig } = request as { instances?: unknown; planConfig?: { prices?: unknown } };
  const prices = typeof planConfig === 'object' && planConfig !== null ? planConfig.prices : undefined;
  return Array.isArray(instances) && Array.isArray(prices) ? instances.length * prices.length : 0;
}
