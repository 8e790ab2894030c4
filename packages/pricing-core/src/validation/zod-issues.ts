import { z } from 'zod';
import { MESSAGES } from '../errors/messages.js';
import { planRequestSchema } from '../schema/request-schema.js';
import type { ViolationCollector } from './collector.js';
import type { PathSegment } from './field-path.js';
import type { ShapeIssue } from './instance-shape.js';
import { checkInstancesShape } from './instance-shape.js';
import { unknownFieldMessage, unknownKeys } from './unknown-fields.js';

const ROOT_FIELDS: readonly string[] = Object.keys(planRequestSchema.shape);
const ROOT_FIELD_SET: ReadonlySet<string> = new Set(ROOT_FIELDS);

/**
 * The declared fields of the object the request schema expects at `path` (array indices
 * step into elements; optional and nullable wrappers are looked through).
 * @example knownFieldsAt(['planConfig', 'prices', 0, 'tiers', 3]) // ['tierOrder', 'tierName', ...]
 */
export function knownFieldsAt(path: readonly PropertyKey[]): string[] {
  let schema: z.ZodType = planRequestSchema;
  for (let i = 0; i <= path.length; i += 1) {
    while (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) schema = schema.unwrap() as z.ZodType;
    if (i === path.length) break;
    const step = path[i];
    if (schema instanceof z.ZodArray && typeof step === 'number') schema = schema.element as z.ZodType;
    else if (schema instanceof z.ZodObject && typeof step === 'string') schema = schema.shape[step] as z.ZodType;
    else return [];
  }
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/**
 * Records the schema's issues as violations; messages come from the catalogue (the schema
 * carries them), with a generic sentence for anything else.
 * @example reportSchemaIssues(result.error.issues, v)
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
  // NOTE: the root's own unknown fields come last, where the schema reports them.
  const rootUnknown = unknownKeys(root, ROOT_FIELD_SET);
  for (const key of rootUnknown) v.add([key], unknownFieldMessage(key, ROOT_FIELDS));
  return parsed.success && instanceIssues.length === 0 && rootUnknown.length === 0;
}
