// The main entry. The zod schemas are exported from `@billing/pricing-core/schema` and the
// property-testing kit from `@billing/pricing-core/testing`; this entry re-exports neither.
export { calculatePlan, calculatePlanJson } from './engine/calculate-plan.js';
export { validatePlanRequest, validatePlanRequestJson } from './engine/validate-plan-request.js';
export { parsePlanConfig, parsePlanConfigJson } from './engine/parse-plan-config.js';
export { isPricingValidationError, MAX_LISTED_VIOLATIONS, PRICING_VALIDATION_ERROR_CODE, PricingValidationError } from './errors/pricing-validation-error.js';
export {
  BILLING_PERIODS,
  CHARGE_TIMINGS,
  ENGINE_VERSION,
  METRIC_AGGREGATIONS,
  PRICING_MODELS,
  PRODUCT_TYPES,
  TIER_MODES,
} from './constants.js';
export { currencyMinorDigits, normalizeCurrency } from './money/currency.js';
export { DEFAULT_PRICING_LIMITS } from './limits.js';
export { MAX_INPUT_DECIMALS, MAX_MAGNITUDE_EXPONENT } from './money/bounds.js';
// The field-path format and the "did you mean" rule of every error, shared with the packages that
// report fields of their own.
export { formatPath } from './validation/field-path.js';
export type { PathSegment } from './validation/field-path.js';
export { closestName, editDistance } from './errors/did-you-mean.js';
export { unknownFieldMessage } from './validation/unknown-fields.js';
export type { FieldViolation } from './errors/pricing-validation-error.js';
export type {
  AddonUsage,
  CalcConfig,
  DecimalString,
  Instance,
  NumberLike,
  PlanConfig,
  PlanRequest,
  Price,
  Tier,
  Usage,
} from './request/types.js';
export type { InstanceDebug, LineItem, PlanDebug, PlanResult, PriceDebug, TotalsDebug } from './schema/result-types.js';
export type { BillingPeriod, ChargeTiming, MetricAggregation, PricingModel, ProductType, TierMode } from './constants.js';
export type { ValidationOutcome } from './engine/validate-plan-request.js';
export type { CalculateOptions, ParsedPlanConfig, PlanView, PricingLimitName, PricingLimits, PricingStats } from './limits.js';
