import { z } from 'zod';
import { PROVIDERS, type ProviderName } from '../contract.js';

export const DEFAULT_TOLERANCE_SECONDS = 300;
// NOTE: a tolerance of a day or more would leave replays open for that long; nobody needs it.
export const MAX_TOLERANCE_SECONDS = 86_400;

/** One webhook endpoint: the shape only; `semanticIssues` checks what depends on several fields. */
export const webhookEndpointSchema = z.strictObject({
  provider: z.enum(PROVIDERS as readonly ProviderName[] as [ProviderName, ...ProviderName[]], {
    error: `must be one of ${PROVIDERS.join(', ')}`,
  }),
  organizationId: z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty'),
  secrets: z
    .array(z.string({ error: 'must be a string' }).min(1, 'must not be empty'), { error: 'must be an array of strings' })
    .min(1, 'at least one secret is required'),
  requireBearer: z.boolean({ error: 'must be true or false' }).default(true),
  toleranceSeconds: z
    .int({ error: 'must be a whole number of seconds' })
    .min(1, 'must be at least 1')
    .max(MAX_TOLERANCE_SECONDS, `must be at most ${MAX_TOLERANCE_SECONDS}`)
    .default(DEFAULT_TOLERANCE_SECONDS),
});

export const webhookEndpointsSchema = z.array(webhookEndpointSchema, { error: 'must be an array of endpoints' });

/** `BILLING_CONFIG` as an object; the bare array form is handled by `parseBillingConfig`. */
export const billingConfigSchema = z.looseObject({ webhookEndpoints: webhookEndpointsSchema });
