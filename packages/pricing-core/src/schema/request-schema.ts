import { z } from 'zod';
import type { PlanRequest } from '../request/types.js';
import { requestJsonSchema } from '../request/json-schema.js';
import { analyzeRequest } from '../validation/analyze.js';
import { copyRequest } from '../validation/copy-request.js';
import { pathOfField } from './field-segments.js';

// NOTE: the zod face of the one walk, for callers who validate with zod and for the OpenAPI
// document. Its check is `calculatePlan`'s own walk (limits, shape, bounds and every rule but
// the formulas' results on actual usage), its issues that walk's violations (the first 100, in
// the same order, with the same sentences), and its output the request's declared fields. Its
// JSON Schema is written from the same field tables and docs (`request/json-schema.ts`).

const schema = z.unknown().transform((value, ctx): PlanRequest => {
  const analysis = analyzeRequest(value);
  if (analysis.ok) return copyRequest(value as Record<string, unknown>) as PlanRequest;
  for (const violation of analysis.violations) {
    ctx.issues.push({ code: 'custom', message: violation.description, path: pathOfField(violation.field), input: value });
  }
  return z.NEVER;
});
// NOTE: zod's hook for a schema that describes itself: the walk is not made of zod parts.
schema._zod.toJSONSchema = requestJsonSchema;

/** The body of `POST /v1/plans:calculate` and the argument of `calculatePlan`: checked by the engine's walk. */
export const planRequestSchema: z.ZodType<PlanRequest, unknown> = schema;

export type { AddonUsage, CalcConfig, Instance, PlanConfig, PlanRequest, Price, Tier, Usage } from '../request/types.js';
