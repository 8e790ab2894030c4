import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/context.js';
import type { ServiceMetrics } from './metrics.js';

/** `GET /metrics`: the Prometheus text format of the service's registry. No auth. */
export function registerMetricsRoute(app: OpenAPIHono<AppEnv>, metrics: ServiceMetrics): void {
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/metrics',
    operationId: 'metrics',
    tags: ['Health'],
    summary: 'Prometheus metrics',
    description: 'Prometheus text format (request counts and durations by route and status, webhook deliveries by outcome, calculation durations). Absent when BILLING_METRICS=off. No auth.',
    security: [],
    responses: {
      200: {
        description: 'The metrics',
        content: {
          [metrics.registry.contentType]: {
            schema: { type: 'string' },
            example: '# HELP http_requests_total HTTP requests answered, by method, route pattern and status\n# TYPE http_requests_total counter\nhttp_requests_total{method="GET",route="/healthz",status="200"} 1\n',
          },
        },
      },
    },
  });
  app.get('/metrics', async (c) => c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType }));
}
