import {
  BILLING_PERIODS,
  CHARGE_TIMINGS,
  METRIC_AGGREGATIONS,
  PRICING_MODELS,
  PRODUCT_TYPES,
  TIER_MODES,
} from '../constants.js';

// NOTE: the one description of a pricing request. Every object of the request is a table of
// its fields and their kinds; from it (and the field docs of `field-docs.ts`) come the
// TypeScript interfaces of `types.ts` (generated: `pnpm generate:types`), the walk that reads a
// request into its types (`validation/read-fields.ts`, unknown fields and did-you-mean
// included), and the JSON Schema of `json-schema.ts` (for the zod schema and the OpenAPI
// document). Adding a request field is one line here, then its value rules in `validation/`.
// Shapes only: value rules (formats, bounds, cross-field rules) are the rules of `validation/`.
// Every field is optional and nullable (proto3 JSON: unset means default) unless its kind says
// `required`; every object is strict (an unknown field is an error, never a price of zero).

/** The kind of one field. */
export type FieldKind =
  /** A finite JSON number or a numeric string. */
  | { readonly kind: 'number' }
  /** A decimal string (a JSON number is read through its shortest text). */
  | { readonly kind: 'money' }
  /** A string. */
  | { readonly kind: 'text' }
  /** A string that must be present. */
  | { readonly kind: 'requiredText' }
  /** A boolean. */
  | { readonly kind: 'flag' }
  /** One of the listed strings (the first is `<PREFIX>_UNSPECIFIED`); `label` names the enum in messages. */
  | { readonly kind: 'enum'; readonly values: readonly [string, ...string[]]; readonly label: string }
  /** A bare number, an array of numbers, or a map from metric to either. */
  | { readonly kind: 'usage' }
  /** A map from a name to a money value. */
  | { readonly kind: 'moneyMap' }
  /** An array of objects. */
  | { readonly kind: 'list'; readonly of: ObjectFields }
  /** A nested object. */
  | { readonly kind: 'object'; readonly of: ObjectFields };

/** A strict object: its fields in order, and the sentence for a value that is not an object. */
export interface ObjectFields {
  readonly fields: Readonly<Record<string, FieldKind>>;
  readonly notObject: 'object' | 'requestObject';
}

const number = { kind: 'number' } as const;
const money = { kind: 'money' } as const;
const text = { kind: 'text' } as const;
const flag = { kind: 'flag' } as const;
const oneOf = <T extends readonly [string, ...string[]]>(values: T, label: string) => ({ kind: 'enum', values, label }) as const;

/** One tier of a TIERED price. */
export const TIER_FIELDS = {
  notObject: 'object',
  fields: {
    tierOrder: number,
    tierName: text,
    startInclusive: number,
    endExclusive: number,
    unitAmount: money,
    flatFee: flag,
    flatFeeAmount: money,
    tierType: oneOf(TIER_MODES, 'a tier mode'),
  },
} as const satisfies ObjectFields;

/** One price of a plan. */
export const PRICE_FIELDS = {
  notObject: 'object',
  fields: {
    productType: oneOf(PRODUCT_TYPES, 'a product type'),
    addonCode: text,
    pricingModel: oneOf(PRICING_MODELS, 'a pricing model'),
    unitAmount: money,
    unitName: text,
    unitQuantity: number,
    overagePrice: money,
    packageSize: number,
    packagePrice: money,
    tiers: { kind: 'list', of: TIER_FIELDS },
    pricingFormula: text,
    metricName: text,
    metricAggregation: oneOf(METRIC_AGGREGATIONS, 'a metric aggregation'),
    freeUnits: number,
    prorate: flag,
    billingPeriod: oneOf(BILLING_PERIODS, 'a billing period'),
    billingInterval: number,
    minimumCharge: money,
    maximumCharge: money,
    chargeTiming: oneOf(CHARGE_TIMINGS, 'a charge timing'),
  },
} as const satisfies ObjectFields;

/** One add-on entry of an instance. */
export const ADDON_ENTRY_FIELDS = {
  notObject: 'object',
  fields: { code: { kind: 'requiredText' }, usage: { kind: 'usage' } },
} as const satisfies ObjectFields;

/** One instance (an entry of `quantity` identical machines). */
export const INSTANCE_FIELDS = {
  notObject: 'object',
  fields: {
    quantity: number,
    hoursUsed: number,
    region: text,
    usage: { kind: 'usage' },
    addons: { kind: 'list', of: ADDON_ENTRY_FIELDS },
  },
} as const satisfies ObjectFields;

/** The plan: its prices, their currency and its minimum commitment. */
export const PLAN_CONFIG_FIELDS = {
  notObject: 'object',
  fields: {
    // NOTE: planName, assetCategory and assetType are part of the interface; they name the
    // plan and do not change its price, but a strict request must accept them.
    planName: text,
    assetCategory: text,
    assetType: text,
    currency: text,
    prices: { kind: 'list', of: PRICE_FIELDS },
    minimumCommitment: money,
  },
} as const satisfies ObjectFields;

/** The settings of one calculation. */
export const CALC_CONFIG_FIELDS = {
  notObject: 'object',
  fields: {
    capHours: number,
    overageRates: { kind: 'moneyMap' },
    discountPercent: number,
    couponValue: money,
    taxRate: number,
  },
} as const satisfies ObjectFields;

/** The body of `POST /v1/plans:calculate` and the argument of `calculatePlan`. */
export const REQUEST_FIELDS = {
  notObject: 'requestObject',
  fields: {
    planConfig: { kind: 'object', of: PLAN_CONFIG_FIELDS },
    instances: { kind: 'list', of: INSTANCE_FIELDS },
    calcConfig: { kind: 'object', of: CALC_CONFIG_FIELDS },
  },
} as const satisfies ObjectFields;
