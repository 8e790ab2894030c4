import type { PricingLimitName } from '../limits.js';
import { MESSAGES } from './messages.js';

/** One violation of the request: where (a field path) and what (a sentence). */
export type FieldViolation = {
  /** Path of the offending field, e.g. `planConfig.prices[1].tiers[0].endExclusive`; `request` for the whole body. */
  field: string;
  /** A sentence saying what is wrong and, when possible, how to fix it. */
  description: string;
  /** For a request over a size limit: the limit's name (`maxInstances`, ...), so a server can name its setting. */
  limit?: PricingLimitName;
};

/** Most violations an error lists. */
const MAX_LISTED = 100;

/**
 * The only error `calculatePlan` throws: the request is invalid. Lists at most 100
 * violations; `total` counts them all.
 * @example
 * try { calculatePlan(body); } catch (e) { if (e instanceof PricingValidationError) e.violations; }
 */
export class PricingValidationError extends Error {
  /** The first 100 violations found, in a stable order. */
  readonly violations: FieldViolation[];
  /** How many violations were found in all (more than `violations.length` when the list was cut). */
  readonly total: number;

  constructor(violations: FieldViolation[], total: number = violations.length) {
    const listed = violations.slice(0, MAX_LISTED);
    const count = Math.max(total, violations.length);
    const first = listed[0];
    const summary = first ? `${first.field}: ${first.description}` : 'invalid request';
    const more = count > 1 ? ` (and ${count - 1} more)` : '';
    super(count > listed.length ? MESSAGES.truncated(count, listed.length) : `Invalid pricing request: ${summary}${more}`);
    this.name = 'PricingValidationError';
    this.violations = listed;
    this.total = count;
  }
}
