import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { errorResponse } from '../errors/aip193.js';
import type { AppEnv } from '../http/context.js';
import { errorResponseSpec } from './openapi-shared.js';

const healthSchema = z.object({ status: z.literal('ok') }).openapi('Health');
const ok = { description: 'OK', content: { 'application/json': { schema: healthSchema, example: { status: 'ok' } } } };

const routes = [
  createRoute({
    method: 'get',
    path: '/healthz',
    operationId: 'liveness',
    tags: ['Health'],
    summary: 'Liveness',
    description: 'Answers 200 while the process serves requests; it reads no storage. No auth.',
    security: [],
    responses: { 200: ok },
  }),
  createRoute({
    method: 'get',
    path: '/readyz',
    operationId: 'readiness',
    tags: ['Health'],
    summary: 'Readiness',
    description: 'Ready when storage is reachable (and the process is not shutting down). No auth.',
    security: [],
    responses: { 200: ok, 503: errorResponseSpec('UNAVAILABLE: storage unreachable') },
  }),
];

/** `GET /healthz` (the process answers) and `GET /readyz` (storage reachable). No auth. */
export function registerHealthRoutes(app: OpenAPIHono<AppEnv>, isReady: () => Promise<boolean>): void {
  for (const route of routes) app.openAPIRegistry.registerPath(route);
  app.get('/healthz', (c) => c.json({ status: 'ok' as const }, 200));
  app.get('/readyz', async (c) => {
    if (await isReady()) return c.json({ status: 'ok' as const }, 200);
    return errorResponse(c, { status: 'UNAVAILABLE', reason: 'STORAGE_UNAVAILABLE', message: 'storage is not reachable' });
  });
}

