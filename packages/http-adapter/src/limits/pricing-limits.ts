import type { FieldViolation } from '@billing/pricing-core';

// TODO(merge): replace this block with `import { DEFAULT_PRICING_LIMITS, type PricingLimits, type CalculateOptions }
// from '@billing/pricing-core'` once the library exports them; the names and values here are the shared ones.
/** The library's pricing limits (pricing.md section 0). */
export interface PricingLimits {
  maxInstances: number;
  maxPrices: number;
  maxTiersPerPrice: number;
  maxAddonsPerInstance: number;
  maxInstancePrices: number;
  maxFullViewEntries: number;
}
/** The options `calculatePlan` takes. */
export interface CalculateOptions {
  view?: 'BASIC' | 'FULL';
  limits?: Partial<PricingLimits>;
}
/** The library defaults of the pricing limits. */
export const DEFAULT_PRICING_LIMITS: PricingLimits = {
  maxInstances: 10_000,
  maxPrices: 1_000,
  maxTiersPerPrice: 1_000,
  maxAddonsPerInstance: 100,
  maxInstancePrices: 1_000_000,
  maxFullViewEntries: 100_000,
};
// end TODO(merge)

/** The server setting of each pricing limit. */
export const PRICING_LIMIT_SETTINGS = {
  maxInstances: 'BILLING_MAX_INSTANCES',
  maxPrices: 'BILLING_MAX_PRICES',
  maxTiersPerPrice: 'BILLING_MAX_TIERS_PER_PRICE',
  maxAddonsPerInstance: 'BILLING_MAX_ADDONS_PER_INSTANCE',
  maxInstancePrices: 'BILLING_MAX_INSTANCE_PRICES',
  maxFullViewEntries: 'BILLING_MAX_FULL_VIEW_ENTRIES',
} as const satisfies Record<keyof PricingLimits, string>;

/** A field violation as the library reports it, with the limit it names when it is a limit violation. */
export type LimitedFieldViolation = FieldViolation & { limit?: string };

/**
 * Appends the server setting to the description of each limit violation, and drops the `limit` property
 * (the API's FieldViolation is `{ field, description }`).
 * @example withSettingNames([{ field: 'instances', description: '... (limit maxInstances)', limit: 'maxInstances' }])
 * // [{ field: 'instances', description: '... (limit maxInstances); setting BILLING_MAX_INSTANCES' }]
 */
export function withSettingNames(violations: readonly LimitedFieldViolation[]): FieldViolation[] {
  return violations.map(({ field, description, limit }) => {
    const setting = limit !== undefined && Object.hasOwn(PRICING_LIMIT_SETTINGS, limit)
      ? PRICING_LIMIT_SETTINGS[limit as keyof PricingLimits]
      : undefined;
    return { field, description: setting === undefined ? description : `${description}; setting ${setting}` };
  });
}
