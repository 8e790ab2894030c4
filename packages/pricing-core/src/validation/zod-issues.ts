import type { z } from 'zod';
import { MESSAGES } from '../errors/messages.js';
import { planRequestSchema } from '../schema/request-schema.js';
import type { ViolationCollector } from './collector.js';
import type { PathSegment } from './field-path.js';
import type { ShapeIssue } from './instance-shape.js';
import { checkInstancesShape } from './instance-shape.js';

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

/**
 * Checks the request's shape against `planRequestSchema` and records every issue, in the
 * schema's order; returns whether the shape is valid. `instances` is checked by hand (the
 * same rules, much faster on many entries), the rest by the schema itself.
 * @example checkRequestShape({ instances: 'x' }, v) // false; violation on `instances`
 */
export function checkRequestShape(request: unknown, v: ViolationCollector): boolean {
  const isObject = typeof request === 'object' && request !== null && !Array.isArray(request);
  if (!isObject) {
    const parsed = planRequestSchema.safeParse(request);
    if (!parsed.success) reportSchemaIssues(parsed.error.issues, v);
    return parsed.success;
  }
  const root = request as Record<string, unknown>;
  const parsed = planRequestSchema.safeParse({ planConfig: root.planConfig, calcConfig: root.calcConfig });
  const zodIssues = parsed.success ? [] : parsed.error.issues;
  const instanceIssues: ShapeIssue[] = [];
  checkInstancesShape(root.instances, instanceIssues);
  // NOTE: the schema lists planConfig, instances, calcConfig in that order; so do the issues.
  reportSchemaIssues(zodIssues.filter((issue) => issue.path[0] === 'planConfig'), v);
  for (const issue of instanceIssues) v.add(issue.path, issue.message);
  reportSchemaIssues(zodIssues.filter((issue) => issue.path[0] !== 'planConfig'), v);
  return parsed.success && instanceIssues.length === 0;
}
