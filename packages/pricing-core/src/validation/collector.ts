import type { FieldViolation } from '../errors/pricing-validation-error.js';
import { MAX_LISTED_VIOLATIONS } from '../errors/pricing-validation-error.js';
import type { PricingLimitName } from '../limits.js';
import type { PathSegment } from './field-path.js';
import { formatPath } from './field-path.js';

/** Where a check records what it finds. */
export interface Violations {
  /** Records a violation at a path; `limit` names the request limit it breaks, if any. */
  add(path: readonly PathSegment[] | string, description: string, limit?: PricingLimitName): void;
  /** How many distinct violations the whole collector holds. */
  readonly total: number;
}

// NOTE: the list has a fixed order (the request's shape in field order, then the rules), while
// the walk reads some parts before others (the cycle in calcConfig resolves the prices). So a
// collector has sections, listed one after the other in the order they were made, whatever
// order they were written in.

/** Collects violations once per field and sentence, in sections; lists the first 100 and counts all. */
export class ViolationCollector implements Violations {
  // NOTE: made on the first violation: most collectors of a valid request never hold one.
  private seen: Set<string> | undefined;
  private readonly sections: FieldViolation[][] = [[]];
  /** How many distinct violations were recorded, listed or not. */
  total = 0;

  add(path: readonly PathSegment[] | string, description: string, limit?: PricingLimitName): void {
    this.record(0, path, description, limit);
  }

  /**
   * A section of this collector listed after every section made before it.
   * @example const rules = v.section(); rules.add(['x'], 'late'); v.add(['y'], 'early'); v.list // y, then x
   */
  section(): Violations {
    return new Section(this, this.sections.push([]) - 1);
  }

  /** The first `MAX_LISTED_VIOLATIONS` violations, section by section. */
  get list(): FieldViolation[] {
    return this.sections.flat().slice(0, MAX_LISTED_VIOLATIONS);
  }

  /** Whether anything was recorded. */
  get empty(): boolean {
    return this.total === 0;
  }

  /** @internal records into section `at`; see `section`. */
  record(at: number, path: readonly PathSegment[] | string, description: string, limit: PricingLimitName | undefined): void {
    const field = typeof path === 'string' ? path : formatPath(path);
    const key = `${field}\u0000${description}`;
    const seen = (this.seen ??= new Set());
    if (seen.has(key)) return;
    seen.add(key);
    this.total += 1;
    const section = this.sections[at] as FieldViolation[];
    // NOTE: no section lists more than the whole list does, so the first 100 overall are kept.
    if (section.length >= MAX_LISTED_VIOLATIONS) return;
    section.push(limit === undefined ? { field, description } : { field, description, limit });
  }
}

/** One section of a collector: what it records is listed in the section's place. */
class Section implements Violations {
  constructor(
    private readonly owner: ViolationCollector,
    private readonly at: number,
  ) {}

  add(path: readonly PathSegment[] | string, description: string, limit?: PricingLimitName): void {
    this.owner.record(this.at, path, description, limit);
  }

  get total(): number {
    return this.owner.total;
  }
}
