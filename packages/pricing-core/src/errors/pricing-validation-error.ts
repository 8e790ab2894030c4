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

/** Most violations listed; the rest are only counted. */
export const MAX_LISTED_VIOLATIONS = 100;

/** The `code` every `PricingValidationError` carries, the same in every copy and version of the package. */
export const PRICING_VALIDATION_ERROR_CODE = 'PRICING_VALIDATION_ERROR';

/**
 * Whether a value is a `PricingValidationError` from any copy of this package (its CommonJS
 * and ESM builds are two classes; a bundle may hold another): recognised by its stable
 * `code` and its list of violations, not by its class.
 * @example try { calculatePlan(body); } catch (e) { if (isPricingValidationError(e)) e.violations; }
 */
export function isPricingValidationError(value: unknown): value is PricingValidationError {
  return value instanceof Error && (value as { code?: unknown }).code === PRICING_VALIDATION_ERROR_CODE && Array.isArray((value as { violations?: unknown }).violations);
}

/**
 * The only error `calculatePlan` throws: the request is invalid. Lists at most 100
 * violations; `total` counts them all. `instanceof` recognises one from any copy of the
 * package (see `isPricingValidationError`).
 * @example
 * try { calculatePlan(body); } catch (e) { if (e instanceof PricingValidationError) e.violations; }
 */
export class PricingValidationError extends Error {
  /** Always `PRICING_VALIDATION_ERROR`; with `name` (`PricingValidationError`), stable across copies and versions. */
  readonly code: typeof PRICING_VALIDATION_ERROR_CODE;
  /** The first 100 violations found, in a stable order. */
  readonly violations: FieldViolation[];
  /** How many violations were found in all (more than `violations.length` when the list was cut). */
  readonly total: number;

  constructor(violations: FieldViolation[], total: number = violations.length) {
    const listed = violations.slice(0, MAX_LISTED_VIOLATIONS);
    const count = Math.max(total, violations.length);
    const first = listed[0];
    const summary = first ? `${first.field}: ${first.description}` : 'invalid request';
    const more = count > 1 ? ` (and ${count - 1} more)` : '';
    super(count > listed.length ? MESSAGES.truncated(count, listed.length) : `Invalid pricing request: ${summary}${more}`);
    this.name = 'PricingValidationError';
    this.code = PRICING_VALIDATION_ERROR_CODE;
    this.violations = listed;
    this.total = count;
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return isPricingValidationError(value);
  }
}
