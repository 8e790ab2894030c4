/** One violation of the request: where (a field path) and what (a sentence). */
export type FieldViolation = {
  /** Path of the offending field, e.g. `planConfig.prices[1].tiers[0].endExclusive`; `request` for the whole body. */
  field: string;
  /** A sentence saying what is wrong and, when possible, how to fix it. */
  description: string;
};

/**
 * The only error `calculatePlan` throws: the request is invalid, with every violation.
 * @example
 * try { calculatePlan(body); } catch (e) { if (e instanceof PricingValidationError) e.violations; }
 */
export class PricingValidationError extends Error {
  /** Every violation found, in a stable order. */
  readonly violations: FieldViolation[];

  constructor(violations: FieldViolation[]) {
    const first = violations[0];
    const summary = first ? `${first.field}: ${first.description}` : 'invalid request';
    const more = violations.length > 1 ? ` (and ${violations.length - 1} more)` : '';
    super(`Invalid pricing request: ${summary}${more}`);
    this.name = 'PricingValidationError';
    this.violations = violations;
  }
}
