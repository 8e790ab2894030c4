import { calculatePlanJson, PricingValidationError } from '@billing/pricing-core';
import { toPlainJson } from '../http/plain-json.js';
import type { CalculateOptions, LimitedFieldViolation } from '../limits/pricing-limits.js';

/**
 * One calculation: the request body (parsed, or its JSON text) and the library options. Structured-clonable.
 * A worker gets the text: copying one string is far cheaper for the event loop than cloning a tree
 * of 10,000 instances.
 */
export type CalculationTask = ({ request: unknown } | { requestJson: string }) & { options: CalculateOptions };

/** The refusal of a request: the library's violations (with their `limit`) and their total. Structured-clonable. */
export type CalculationRefusal = { ok: false; violations: LimitedFieldViolation[]; total: number };

/** The outcome: the response JSON (text inline, UTF-8 bytes from a worker), or the refusal. */
export type CalculationOutcome = { ok: true; json: string | Uint8Array<ArrayBuffer> } | CalculationRefusal;

/** What crosses the worker boundary: the answer's UTF-8 bytes (moved, not copied), or the refusal. */
export type WorkerOutcome = Uint8Array<ArrayBuffer> | CalculationRefusal;

/**
 * Prices a plan and writes the answer as plain-decimal JSON; runs inline or in a worker thread.
 * @example runCalculation({ request: {}, options: {} }) // { ok: true, json: '{"lineItems":[],...}' }
 * @example runCalculation({ requestJson: '{}', options: {} }) // the same
 */
export function runCalculation(task: CalculationTask): { ok: true; json: string } | CalculationRefusal {
  try {
    const request = 'requestJson' in task ? (JSON.parse(task.requestJson) as unknown) : task.request;
    return { ok: true, json: toPlainJson(calculatePlanJson(request, task.options)) };
  } catch (error) {
    if (!(error instanceof PricingValidationError)) throw error;
    const total = error.total;
    return { ok: false, violations: error.violations.map((v) => ({ ...v })), total };
  }
}

/**
 * The size of a request as the offload rule counts it: instances x the summed weight of the prices
 * (0 when either is not a list). A price weighs 1, plus 1 per tier, plus 1 per 4 characters of its
 * formula: a formula or tier table costs per instance about in proportion to its length.
 * @example entriesOf({ instances: [{}, {}], planConfig: { prices: [{}] } }) // 2
 */
export function entriesOf(request: unknown): number {
  if (typeof request !== 'object' || request === null) return 0;
  const { instances, planConfig } = request as { instances?: unknown; planConfig?: { prices?: unknown } };
  const prices = typeof planConfig === 'object' && planConfig !== null ? planConfig.prices : undefined;
  if (!Array.isArray(instances) || !Array.isArray(prices)) return 0;
  let weight = 0;
  for (const price of prices as unknown[]) weight += priceWeight(price);
  return instances.length * weight;
}

function priceWeight(price: unknown): number {
  if (typeof price !== 'object' || price === null) return 1;
  const { tiers, pricingFormula } = price as { tiers?: unknown; pricingFormula?: unknown };
  const tierCount = Array.isArray(tiers) ? tiers.length : 0;
  const formulaLength = typeof pricingFormula === 'string' ? pricingFormula.length : 0;
  return 1 + tierCount + Math.ceil(formulaLength / 4);
}
