import type { z } from 'zod';
import { MESSAGES } from '../errors/messages.js';
import type { ViolationCollector } from './collector.js';
import type { PathSegment } from './field-path.js';

/**
 * Records the schema's issues as violations; messages come from the catalogue (the schema
 * carries them), with a generic sentence for anything else.
 * @example reportSchemaIssues(result.error.issues, v)
 */
export function reportSchemaIssues(issues: readonly z.core.$ZodIssue[], v: ViolationCollector): void {
  for (const issue of issues) {
    const path = issue.path.filter((s): s is PathSegment => typeof s === 'string' || typeof s === 'number');
    v.add(path, issue.message === '' ? MESSAGES.invalid : issue.message);
  }
}
