import { planRequestSchema, planResultSchema } from '@billing/pricing-core/schema';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { entriesOf, type CalculationOutcome } from '../calculation/calculation-task.js';
import { planRefusal } from '../calculation/plan-refusal.js';
import type { PlanCalculator } from '../calculation/plan-calculator.js';
import { errorResponse, invalidArgument } from '../errors/aip193.js';
import { readJsonBody } from '../http/body.js';
import type { AppEnv } from '../http/context.js';
import { requestScope } from '../http/request-scope.js';
import { observeCalculation } from '../metrics/metrics.js';
import type { PricingLimits } from '../limits/pricing-limits.js';
import { foreignComponent } from './foreign-schema.js';
import { PLAN_REQUEST_EXAMPLE, planResultExample } from './plan-example.js';
import { bodyErrorResponses, commonErrorResponses, organizationHeadersSchema } from './openapi-shared.js';

const VIEWS = ['BASIC', 'FULL'] as const;

const calculateRoute = createRoute({
  method: 'post',
  path: '/plans:calculate',
  operationId: 'calculatePlan',
  summary: 'Price a plan for one billing cycle',
  tags: ['Plans'],
  description: 'Exact decimal pricing. `/v1/plans%3Acalculate` is the same operation. Numbers are written without exponent.',
  request: {
    headers: organizationHeadersSchema,
    query: z.object({
      view: z.enum(VIEWS).optional().openapi({ description: 'BASIC (default) or FULL: `debug` with the per-instance breakdown' }),
    }),
    body: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/PlanRequest' }, example: PLAN_REQUEST_EXAMPLE } } },
  },
  responses: {
    200: { description: 'The priced plan', content: { 'application/json': { schema: { $ref: '#/components/schemas/PlanResult' }, example: planResultExample() } } },
    ...commonErrorResponses,
    ...bodyErrorResponses,
  },
});

export interface PlanRouteDeps {
  calculator: PlanCalculator;
  /** The pricing limits (from the BILLING_MAX_* settings). */
  limits: Partial<PricingLimits>;
  /** BILLING_BODY_LIMIT_BYTES. */
  bodyLimitBytes: number;
}

/** `POST /plans:calculate` (mounted at `/v1`): the body goes to `calculatePlan` untouched; its result comes back as plain-decimal JSON. */
export function registerPlanRoutes(app: OpenAPIHono<AppEnv>, deps: PlanRouteDeps): void {
  foreignComponent(app.openAPIRegistry, 'PlanRequest', planRequestSchema, 'input');
  foreignComponent(app.openAPIRegistry, 'PlanResult', planResultSchema, 'output');
  app.openAPIRegistry.registerPath(calculateRoute);
  app.post('/plans:calculate', async (c) => {
    // Most calls have no query string; parsing one is skipped then.
    const views = c.req.url.includes('?') ? (c.req.queries('view') ?? []) : [];
    const view = views.length === 0 ? 'BASIC' : views.length === 1 ? VIEWS.find((v) => v === views[0]) : undefined;
    if (view === undefined) {
      return invalidArgument(c, [{ field: 'view', description: `must be BASIC or FULL, in uppercase and once; got ${JSON.stringify(views.join(',').slice(0, 32))}` }]);
    }
    const body = await readJsonBody(c, deps.bodyLimitBytes);
    if (!body.ok) return body.response;
    const options = { view, limits: deps.limits };
    const started = performance.now();
    // The body is parsed once (here); its text goes along only for a worker, which parses its own copy
    // (cheaper for the event loop than cloning the tree). The size is counted once for the offload rule and the metric.
    const entries = entriesOf(body.value);
    const scope = requestScope(c);
    const outcome = await deps.calculator.calculate(body.value, body.text ?? '', options, scope, entries);
    observeCalculation(scope.metrics, entries, (performance.now() - started) / 1000);
    return answer(c, outcome);
  });
}

function answer(c: Context<AppEnv>, outcome: CalculationOutcome): Response {
  if (outcome.ok) return c.body(outcome.json, 200, { 'Content-Type': 'application/json' });
  return errorResponse(c, planRefusal(outcome.violations, outcome.total));
}
