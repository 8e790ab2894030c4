import type { FieldViolation, PricingLimits } from '@billing/pricing-core';

export { DEFAULT_PRICING_LIMITS } from '@billing/pricing-core';
export type { CalculateOptions, PricingLimits } from '@billing/pricing-core';

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
export type LimitedFieldViolation = Omit<FieldViolation, 'limit'> & { limit?: string };

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
