import type { FieldViolation } from '../errors/pricing-validation-error.js';
import { MAX_LISTED_VIOLATIONS } from '../errors/pricing-validation-error.js';
import type { PricingLimitName } from '../limits.js';
import type { PathSegment } from './field-path.js';
import { formatPath } from './field-path.js';

/** Collects violations in discovery order, once per field and sentence; lists the first 100 and counts all. */
export class ViolationCollector {
  // NOTE: made on the first violation: most collectors of a valid request never hold one.
  private seen: Set<string> | undefined;
  /** The first `MAX_LISTED_VIOLATIONS` violations. */
  readonly list: FieldViolation[] = [];
  /** How many distinct violations were recorded, listed or not. */
  total = 0;

  /** Records a violation at a path; `limit` names the request limit it breaks, if any. */
  add(path: readonly PathSegment[] | string, description: string, limit?: PricingLimitName): void {
    const field = typeof path === 'string' ? path : formatPath(path);
    const key = `${field}\u0000${description}`;
    const seen = (this.seen ??= new Set());
    if (seen.has(key)) return;
    seen.add(key);
    this.total += 1;
    if (this.list.length >= MAX_LISTED_VIOLATIONS) return;
    this.list.push(limit === undefined ? { field, description } : { field, description, limit });
  }

  /** Whether anything was recorded. */
  get empty(): boolean {
    return this.total === 0;
  }
}
