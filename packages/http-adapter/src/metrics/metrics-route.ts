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
    description: 'Prometheus text format; absent when BILLING_METRICS=off.',
    responses: { 200: { description: 'The metrics', content: { [metrics.registry.contentType]: { schema: { type: 'string' } } } } },
  });
  app.get('/metrics', async (c) => c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType }));
}
