import type { z } from 'zod';
import { MESSAGES } from '../errors/messages.js';
import type { ViolationCollector } from '../validation/collector.js';
import type { PathSegment } from '../validation/field-path.js';
import { knownFieldsAt } from '../validation/shape.js';
import { unknownFieldMessage } from '../validation/unknown-fields.js';

/**
 * Records zod's issues for the request schema as violations: the sentences the schema
 * carries, one violation per unknown field (with its did-you-mean), a generic sentence for
 * anything else. For callers who validate with `planRequestSchema` themselves.
 * @example reportSchemaIssues(planRequestSchema.safeParse(body).error?.issues ?? [], v)
 */
export function reportSchemaIssues(issues: readonly z.core.$ZodIssue[], v: ViolationCollector): void {
  for (const issue of issues) {
    const path = issue.path.filter((s): s is PathSegment => typeof s === 'string' || typeof s === 'number');
    if (issue.code === 'unrecognized_keys') {
      // NOTE: zod reports one issue per object; the API reports each unknown field at its own path.
      const known = knownFieldsAt(path);
      for (const key of issue.keys) v.add([...path, key], unknownFieldMessage(key, known));
      continue;
    }
    v.add(path, issue.message === '' ? MESSAGES.invalid : issue.message);
  }
}
