import type { OpenAPIHono } from '@hono/zod-openapi';
import { toJSONSchema, type ZodType } from 'zod';

type OpenAPIRegistry = OpenAPIHono['openAPIRegistry'];

/**
 * Registers a schema owned by another package as a named OpenAPI component and returns a
 * reference to it. Converted through zod's own JSON Schema output, so it does not depend on
 * the other package sharing this package's zod instance (whose prototype `.openapi()` extends).
 * @example const ref = foreignComponent(app.openAPIRegistry, 'PlanRequest', planRequestSchema, 'input')
 */
export function foreignComponent(
  registry: OpenAPIRegistry,
  name: string,
  schema: ZodType,
  io: 'input' | 'output',
): { $ref: string } {
  const { $schema: _dialect, ...jsonSchema } = toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  registry.registerComponent('schemas', name, jsonSchema as Parameters<OpenAPIRegistry['registerComponent']>[2]);
  return { $ref: `#/components/schemas/${name}` };
}
