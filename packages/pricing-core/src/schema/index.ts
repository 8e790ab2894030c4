// NOTE: the `@billing/pricing-core/schema` entry. The zod schemas live here and not in the main
// entry so that `calculatePlan` (and a browser bundle of it) never loads zod; the server, the
// OpenAPI document and users who want a zod schema import them from this subpath.
export { planRequestSchema } from './request-schema.js';
export { planResultSchema } from './result-schema.js';
export type { AddonUsage, CalcConfig, Instance, PlanConfig, PlanRequest, Price, Tier, Usage } from './request-schema.js';
export type { PlanResult } from './result-types.js';
