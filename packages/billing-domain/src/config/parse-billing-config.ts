import type { BillingConfig } from '../contract.js';
import { BillingConfigError, type BillingConfigIssue } from './billing-config-error.js';
import { billingConfigSchema, webhookEndpointsSchema } from './billing-config-schema.js';
import { formatFieldPath } from '../webhooks/field-path.js';
import { semanticIssues, type RawIssue } from './semantic-issues.js';

/**
 * Validates the parsed `BILLING_CONFIG` document: `{ "webhookEndpoints": [...] }` or the bare
 * array of endpoints. Applies the defaults (`requireBearer` true, `toleranceSeconds` 300) and
 * throws `BillingConfigError` listing every problem with its path.
 * @example
 * parseBillingConfig({ webhookEndpoints: [{ provider: 'stripe', organizationId: 'org_1', secrets: ['whsec_a'] }] })
 * // { webhookEndpoints: [{ provider: 'stripe', organizationId: 'org_1', secrets: ['whsec_a'], requireBearer: true, toleranceSeconds: 300 }] }
 */
export function parseBillingConfig(json: unknown): BillingConfig {
  const bare = Array.isArray(json);
  const result = bare ? webhookEndpointsSchema.safeParse(json) : billingConfigSchema.safeParse(json);
  const endpoints: unknown = bare ? json : (json as { webhookEndpoints?: unknown } | null)?.webhookEndpoints;
  const raw: RawIssue[] = [
    ...(result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path as (string | number)[], message: issue.message }))),
    ...semanticIssues(endpoints, bare ? [] : ['webhookEndpoints']),
  ];
  if (raw.length > 0) {
    const issues: BillingConfigIssue[] = raw.map((issue) => ({ field: formatFieldPath(issue.path), description: issue.message }));
    throw new BillingConfigError(`billing configuration has ${issues.length} problem(s)`, issues);
  }
  if (!result.success) throw new Error('unreachable: no issues but no result');
  const data = result.data;
  return { webhookEndpoints: Array.isArray(data) ? data : data.webhookEndpoints };
}
