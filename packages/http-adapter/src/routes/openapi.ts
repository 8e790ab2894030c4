import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/context.js';
import { bearerSecurity } from './openapi-shared.js';

/** Version of this HTTP API, as the OpenAPI document states it. */
export const API_VERSION = '1.0.0';

/** `GET /openapi.json`: the OpenAPI 3.1 document, built once from the routes' own zod schemas. */
export function registerOpenApiRoute(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'HS256 or JWKS-verified JWT with `exp` and `org_ids` (or `org_id`).',
  });
  let document: unknown;
  app.get('/openapi.json', (c) => {
    document ??= app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'Billing API',
        version: API_VERSION,
        description: 'Exact plan pricing, add-on subscriptions, provider webhooks. Errors follow Google AIP-193. A readable form of this document is served at `/docs`, and a pricing calculator at `/calculator`.',
        license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
      },
      // NOTE: relative, so the document is right wherever the server is reached.
      servers: [{ url: '/', description: 'The server that serves this document' }],
      // NOTE: global, so a reader (and /docs) sees authentication as required by default.
      security: bearerSecurity,
    });
    return c.json(document, 200);
  });
}
