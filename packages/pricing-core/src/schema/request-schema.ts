import { z } from 'zod';
import { MESSAGES } from '../errors/messages.js';
import type { FieldKind, ObjectFields } from '../request/fields.js';
import type { PlanRequest } from '../request/types.js';
import { enumMessage } from '../validation/unknown-fields.js';
import { docsOf } from '../request/field-docs.js';
import { ADDON_ENTRY_FIELDS, INSTANCE_FIELDS, PRICE_FIELDS, REQUEST_FIELDS, TIER_FIELDS } from '../request/fields.js';

// NOTE: the zod schema of the request, derived from the field tables of `request/fields.ts`
// (the one description), for JSON Schema / OpenAPI and for callers who validate with zod.
// `calculatePlan` does not use it: `validation/shape.ts` walks the same tables, and a
// differential property test holds the two to the same issues at the same paths in order.
// Plain zod, no transforms; every object strict, every field nullish unless required.

/** A number field: a finite JSON number or a numeric string, as proto3 JSON allows. */
const numeric = z
  .union([z.number(), z.string()], { error: MESSAGES.number })
  .nullish()
  .meta({ description: 'A finite number, or a numeric string.' });

/** A money field: a decimal string (a JSON number is read through its shortest text). */
const money = z
  .union([z.string(), z.number()], { error: MESSAGES.money })
  .nullish()
  .meta({ description: 'A decimal amount as a string, e.g. "12.30".', example: '12.30' });

const text = z.string({ error: MESSAGES.string }).nullish();
const flag = z.boolean({ error: MESSAGES.boolean }).nullish();

const usageNumber = z.union([z.number(), z.string()], { error: MESSAGES.number });
const usageSeries = z.array(usageNumber, { error: MESSAGES.usageValue });

/** Usage: a bare number, an array of numbers, or a map from metric to number or array. */
export const usageSchema = z
  .union(
    // NOTE: the map comes first: it is the common case and a union pays for every failed branch.
    [z.record(z.string(), z.union([usageNumber, usageSeries], { error: MESSAGES.usageValue })), usageNumber, usageSeries],
    { error: MESSAGES.usageValue },
  )
  .nullish();

const moneyMap = z
  .record(z.string(), z.union([z.string(), z.number()], { error: MESSAGES.money }), { error: MESSAGES.object })
  .nullish();

/** The strict zod object of a field table (one per table: `objects` holds those already built). */
function objectSchema(spec: ObjectFields, objects: Map<ObjectFields, z.ZodObject>): z.ZodObject {
  let schema = objects.get(spec);
  if (schema === undefined) {
    const shape: Record<string, z.ZodType> = {};
    // NOTE: the descriptions come from the same docs as the TypeScript interfaces, so the
    // OpenAPI document and the editor say the same thing about each field.
    const docs = docsOf(spec);
    const described = (name: string): string | undefined => (docs?.fieldDocs as Record<string, string> | undefined)?.[name];
    for (const [name, field] of Object.entries(spec.fields)) {
      const description = described(name);
      const schema = fieldSchema(field, objects);
      shape[name] = description === undefined ? schema : schema.describe(description);
    }
    schema = z.strictObject(shape, { error: MESSAGES[spec.notObject] });
    if (docs !== undefined) schema = schema.describe(docs.doc);
    objects.set(spec, schema);
  }
  return schema;
}

function fieldSchema(field: FieldKind, objects: Map<ObjectFields, z.ZodObject>): z.ZodType {
  switch (field.kind) {
    case 'number':
      return numeric;
    case 'money':
      return money;
    case 'text':
      return text;
    case 'requiredText':
      return z.string({ error: MESSAGES.string });
    case 'flag':
      return flag;
    case 'enum':
      return z.enum(field.values, { error: (issue) => enumMessage(field, issue.input) }).nullish();
    case 'usage':
      return usageSchema;
    case 'moneyMap':
      return moneyMap;
    case 'list':
      return z.array(objectSchema(field.of, objects), { error: MESSAGES.array }).nullish();
    case 'object':
      return objectSchema(field.of, objects).nullish();
    default: {
      const unreachable: never = field;
      return unreachable;
    }
  }
}

/** Every schema, built at import; a table reached twice (from its parent and on its own) is one schema. */
function buildSchemas() {
  const objects = new Map<ObjectFields, z.ZodObject>();
  const of = (spec: ObjectFields) => objectSchema(spec, objects);
  return { tier: of(TIER_FIELDS), price: of(PRICE_FIELDS), addonEntry: of(ADDON_ENTRY_FIELDS), instance: of(INSTANCE_FIELDS), request: of(REQUEST_FIELDS) };
}
const SCHEMAS = buildSchemas();

/** One tier of a TIERED price. */
export const tierSchema: z.ZodObject = SCHEMAS.tier;
/** One price of a plan. */
export const priceSchema: z.ZodObject = SCHEMAS.price;
/** One add-on entry of an instance. */
export const addonEntrySchema: z.ZodObject = SCHEMAS.addonEntry;
/** One instance (an entry of `quantity` identical machines). */
export const instanceSchema: z.ZodObject = SCHEMAS.instance;
/** The body of `POST /v1/plans:calculate` and the argument of `calculatePlan`. */
export const planRequestSchema: z.ZodType<PlanRequest> = SCHEMAS.request as unknown as z.ZodType<PlanRequest>;

export type { AddonUsage, CalcConfig, Instance, PlanConfig, PlanRequest, Price, Tier, Usage } from '../request/types.js';
