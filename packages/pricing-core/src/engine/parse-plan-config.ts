import { PricingValidationError } from '../errors/pricing-validation-error.js';
import type { CalculateOptions, ParsedPlanConfig } from '../limits.js';
import { resolveOptions } from '../limits.js';
import type { PlanConfig } from '../request/types.js';
import { analyzePlanConfig } from '../validation/analyze.js';

/**
 * Checks and resolves a `planConfig` once, for a caller that prices the same price list many
 * times: pass the result as `options.planConfig` to `calculatePlan` or `validatePlanRequest`
 * with requests that have no `planConfig` of their own; each call then walks only its instances
 * and `calcConfig`. The limits on the price list (`maxPrices`, `maxTiersPerPrice`) apply here;
 * those on the request apply in each call. Throws `PricingValidationError` with the violations
 * at their paths in a request (`planConfig.prices[0].unitAmount`), `RangeError` on bad options.
 * @example const plan = parsePlanConfig(catalogue); calculatePlan({ instances: [{ quantity: 2 }] }, { planConfig: plan })
 */
export function parsePlanConfig(planConfig: PlanConfig | null | undefined, options?: Pick<CalculateOptions, 'limits'>): ParsedPlanConfig {
  return parsePlanConfigJson(planConfig, options);
}

/**
 * `parsePlanConfig` for a `planConfig` of any shape, such as part of a parsed JSON body.
 * @example parsePlanConfigJson(JSON.parse(body).planConfig)
 */
export function parsePlanConfigJson(planConfig: unknown, options?: Pick<CalculateOptions, 'limits'>): ParsedPlanConfig {
  const outcome = analyzePlanConfig(planConfig, resolveOptions(options));
  if (!outcome.ok) throw new PricingValidationError(outcome.violations, outcome.total);
  return outcome.parts;
}
