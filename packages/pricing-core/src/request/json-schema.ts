import { docsOf } from './field-docs.js';
import type { FieldKind, ObjectFields } from './fields.js';
import { REQUEST_FIELDS } from './fields.js';

// NOTE: the JSON Schema of the request, written from the field tables and their docs: what the
// OpenAPI document and the zod schema show. It describes; the walk of `validation/` checks.
// Every field but a required one may also be null; every object is closed.

/** A JSON Schema object. */
export type JsonSchema = { [keyword: string]: unknown };

const NUMBER_TEXT = { type: ['number', 'string'] };
const SERIES = { type: 'array', items: NUMBER_TEXT };
const USAGE = {
  anyOf: [{ type: 'object', propertyNames: { type: 'string' }, additionalProperties: { anyOf: [NUMBER_TEXT, SERIES] } }, NUMBER_TEXT, SERIES],
};

/** A field that may also be null: the types widened, or either schema. */
const nullable = (schema: JsonSchema): JsonSchema =>
  Array.isArray(schema.type) ? { ...schema, type: [...(schema.type as string[]), 'null'] } : { anyOf: [schema, { type: 'null' }] };

function fieldSchema(field: FieldKind): JsonSchema {
  switch (field.kind) {
    case 'number':
      return { type: ['number', 'string'] };
    case 'money':
      return { example: '12.30', type: ['string', 'number'] };
    case 'text':
      return { type: ['string'] };
    case 'requiredText':
      return { type: 'string' };
    case 'flag':
      return { type: ['boolean'] };
    case 'enum':
      return { type: 'string', enum: [...field.values] };
    case 'usage':
      return USAGE;
    case 'moneyMap':
      return { type: 'object', propertyNames: { type: 'string' }, additionalProperties: { type: ['string', 'number'] } };
    case 'list':
      return { type: 'array', items: objectSchema(field.of) };
    case 'object':
      return objectSchema(field.of);
    default: {
      const unreachable: never = field;
      return unreachable;
    }
  }
}

function objectSchema(spec: ObjectFields): JsonSchema {
  const docs = docsOf(spec);
  const fieldDocs = docs?.fieldDocs as Readonly<Record<string, string>> | undefined;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries(spec.fields)) {
    const description = fieldDocs?.[name];
    const schema = fieldSchema(field);
    if (field.kind === 'requiredText') {
      required.push(name);
      properties[name] = description === undefined ? schema : { ...schema, description };
    } else {
      properties[name] = description === undefined ? nullable(schema) : { description, ...nullable(schema) };
    }
  }
  const closed = { ...(required.length === 0 ? {} : { required }), additionalProperties: false };
  return { type: 'object', properties, ...closed, ...(docs === undefined ? {} : { description: docs.doc }) };
}

/**
 * The JSON Schema (draft 2020-12) of a request, made anew on each call (a caller may change it).
 * @example requestJsonSchema().properties // { planConfig: ..., instances: ..., calcConfig: ... }
 */
export function requestJsonSchema(): JsonSchema {
  return objectSchema(REQUEST_FIELDS);
}
