import type { FieldViolation } from '../errors/pricing-validation-error.js';
import type { PathSegment } from './field-path.js';
import { formatPath } from './field-path.js';

/** Collects violations in discovery order, once per field and sentence. */
export class ViolationCollector {
  private readonly seen = new Set<string>();
  /** The violations so far. */
  readonly list: FieldViolation[] = [];

  /** Records a violation at a path. */
  add(path: readonly PathSegment[] | string, description: string): void {
    const field = typeof path === 'string' ? path : formatPath(path);
    const key = `${field}\u0000${description}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push({ field, description });
  }

  /** Whether anything was recorded. */
  get empty(): boolean {
    return this.list.length === 0;
  }
}
