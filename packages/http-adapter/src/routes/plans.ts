import { calculatePlan, planRequestSchema, planResultSchema, PricingValidationError } from '@billing/pricing-core';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { invalidArgument } from '../errors/aip193.js';
import { readJsonBody } from '../http/body.js';
import type { AppEnv } from '../http/context.js';
import { foreignComponent } from './foreign-schema.js';
import { bearerSecurity, bodyErrorResponses, commonErrorResponses, organizationHeadersSchema } from './openapi-shared.js';

const calculateRoute = createRoute({
  method: 'post',
  path: '/v1/plans:calculate',
  operationId: 'calculatePlan',
  summary: 'Price a plan for one billing cycle',
  tags: ['Plans'],
  description: 'Exact decimal pricing. `/v1/plans%3Acalculate` is the same operation.',
  security: bearerSecurity,
  request: {
    headers: organizationHeadersSchema,
    body: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/PlanRequest' } } } },
  },
  responses: {
    200: { description: 'The priced plan', content: { 'application/json': { schema: { $ref: '#/components/schemas/PlanResult' } } } },
    ...commonErrorResponses,
    ...bodyErrorResponses,
  },
});

/** `POST /v1/plans:calculate`: the body goes to `calculatePlan` untouched; its result comes back untouched. */
export function registerPlanRoutes(app: OpenAPIHono<AppEnv>): void {
  foreignComponent(app.openAPIRegistry, 'PlanRequest', planRequestSchema, 'input');
  foreignComponent(app.openAPIRegistry, 'PlanResult', planResultSchema, 'output');
  app.openAPIRegistry.registerPath(calculateRoute);
  app.post('/v1/plans:calculate', async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return body.response;
    try {
      return c.json(calculatePlan(body.value), 200);
    } catch (error) {
      if (error instanceof PricingValidationError) return invalidArgument(c, error.violations, 'PLAN_INVALID');
      throw error;
    }
  });
}
