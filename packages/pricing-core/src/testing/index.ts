// NOTE: the `@billing/pricing-core/testing` entry: fast-check arbitraries of valid plan requests
// and the pricing laws as reusable properties. It needs fast-check (an optional peer
// dependency) and never loads the engine: every law takes the calculator to check.
export {
  ADDON_CODES,
  ANY_PLAN,
  commitmentDrawArb,
  CURRENCIES,
  METRICS,
  MINOR_DIGITS,
  currencyOf,
  decimalArb,
  formulaArb,
  growUsage,
  instanceArb,
  planArb as planRequestArbitrary,
  priceArb,
  tiersArb,
  withCommitment,
} from './arbitraries.js';
export type { CommitmentDraw, Currency, PlanOptions } from './arbitraries.js';
export { canonical, moneyPattern, PricingLawViolation } from './check.js';
export {
  commitmentFloorLaw,
  instanceOrderLaw,
  moneyDigitsLaw,
  monotoneInUsageLaw,
  pricingLaws,
  pricingLawsAsync,
  sumOfPartsLaw,
  viewsAgreeLaw,
} from './laws.js';
export type { AsyncPlanCalculator, AsyncPricingLaw, CommittedPlan, GrownPlan, PlanCalculator, PlanKnobs, PricingLaw, ReorderedPlan } from './laws.js';
