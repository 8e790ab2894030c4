import type { FieldKind, ObjectFields } from './fields.js';
import { docsOf, OBJECT_DOCS } from './field-docs.js';

// NOTE: writes the TypeScript interfaces of the request from its one description (the field
// tables of `fields.ts` and the sentences of `field-docs.ts`), so the types never drift from
// what `calculatePlan` checks. `pnpm --filter @billing/pricing-core generate:types` writes
// `types.ts`; a test fails when the committed file is not what this returns.

const HEADER = `// Generated from request/fields.ts and request/field-docs.ts by
// \`pnpm --filter @billing/pricing-core generate:types\`; do not edit by hand.
import type { BillingPeriod, ChargeTiming, MetricAggregation, PricingModel, ProductType, TierMode } from '../constants.js';

/** A decimal string like "12.50": money is sent as text, so it is exact (never a binary fraction). */
export type DecimalString = \`\${number}\`;

/** A number: a JSON number, or a string holding a plain decimal like "12.5". */
export type NumberLike = number | \`\${number}\`;

/** A usage value: a number, an array of numbers (aggregated by the price's metricAggregation), or a map from metric name to either. */
export type Usage = NumberLike | readonly NumberLike[] | { readonly [metric: string]: NumberLike | readonly NumberLike[] };
`;

/** The enum type of each list of values (by its first value, `<PREFIX>_UNSPECIFIED`). */
const ENUM_TYPES: Readonly<Record<string, string>> = {
  PRICING_MODEL_UNSPECIFIED: 'PricingModel',
  PRODUCT_TYPE_UNSPECIFIED: 'ProductType',
  BILLING_PERIOD_UNSPECIFIED: 'BillingPeriod',
  TIER_MODE_UNSPECIFIED: 'TierMode',
  METRIC_AGGREGATION_UNSPECIFIED: 'MetricAggregation',
  CHARGE_TIMING_UNSPECIFIED: 'ChargeTiming',
};

function nameOf(fields: ObjectFields): string {
  const docs = docsOf(fields);
  if (docs === undefined) throw new Error('a field table without docs in request/field-docs.ts');
  return docs.name;
}

function typeOf(field: FieldKind): string {
  switch (field.kind) {
    case 'number':
      return 'NumberLike';
    case 'money':
      return 'DecimalString';
    case 'text':
    case 'requiredText':
      return 'string';
    case 'flag':
      return 'boolean';
    case 'enum': {
      const type = ENUM_TYPES[field.values[0]];
      if (type === undefined) throw new Error(`no enum type for ${field.values[0]}`);
      return type;
    }
    case 'usage':
      return 'Usage';
    case 'moneyMap':
      return '{ readonly [metric: string]: DecimalString }';
    case 'list':
      return `readonly ${nameOf(field.of)}[]`;
    case 'object':
      return nameOf(field.of);
    default: {
      const unreachable: never = field;
      return unreachable;
    }
  }
}

/** A JSDoc block at the given indent. */
const jsdoc = (text: string, indent: string): string => `${indent}/** ${text.replace(/\*\//g, '*\\/')} */\n`;

/**
 * The text of `types.ts`.
 * @example generateTypes().includes('export interface PlanRequest') // true
 */
export function generateTypes(): string {
  let out = HEADER;
  for (const { name, fields, doc, fieldDocs } of OBJECT_DOCS) {
    out += `\n${jsdoc(doc, '')}export interface ${name} {\n`;
    for (const [field, kind] of Object.entries(fields.fields)) {
      const sentence = (fieldDocs as Record<string, string | undefined>)[field];
      if (sentence === undefined) throw new Error(`${name}.${field} has no docs in request/field-docs.ts`);
      out += jsdoc(sentence, '  ');
      out += kind.kind === 'requiredText' ? `  ${field}: ${typeOf(kind)};\n` : `  ${field}?: ${typeOf(kind)} | null;\n`;
    }
    out += '}\n';
  }
  return out;
}
