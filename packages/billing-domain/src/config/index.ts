export { BillingConfigError } from './billing-config-error.js';
export type { BillingConfigIssue } from './billing-config-error.js';
export { parseBillingConfig } from './parse-billing-config.js';
export { loadBillingConfig } from './load-billing-config.js';
export type { SecretEnvironment } from './resolve-secrets.js';
export { billingConfigSchema, DEFAULT_TOLERANCE_SECONDS, MAX_TOLERANCE_SECONDS } from './billing-config-schema.js';
