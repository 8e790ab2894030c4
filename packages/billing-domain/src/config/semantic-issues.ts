import { standardSecretKey } from '../webhooks/verify-standard.js';

type RawPath = (string | number)[];
export interface RawIssue {
  path: RawPath;
  message: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks that span fields, on the raw input so they are reported alongside shape errors:
 * standard secrets are `whsec_` + base64, and no (provider, organizationId) pair repeats.
 * @example semanticIssues([{ provider: 'standard', organizationId: 'o', secrets: ['x'] }], [])
 * // [{ path: [0, 'secrets', 0], message: 'a standard secret must be "whsec_" followed by base64' }]
 */
export function semanticIssues(endpoints: unknown, base: RawPath): RawIssue[] {
  if (!Array.isArray(endpoints)) return [];
  const issues: RawIssue[] = [];
  const seen = new Map<string, number>();
  endpoints.forEach((endpoint: unknown, index) => {
    if (!isRecord(endpoint)) return;
    const { provider, organizationId, secrets } = endpoint;
    if (provider === 'standard' && Array.isArray(secrets)) {
      secrets.forEach((secret: unknown, at) => {
        if (typeof secret !== 'string' || secret === '') return;
        if (!secret.startsWith('whsec_') || standardSecretKey(secret) === undefined) {
          issues.push({ path: [...base, index, 'secrets', at], message: 'a standard secret must be "whsec_" followed by base64' });
        }
      });
    }
    if (typeof provider !== 'string' || typeof organizationId !== 'string') return;
    const key = JSON.stringify([provider, organizationId.trim()]);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else {
      issues.push({
        path: [...base, index],
        message: `repeats endpoint ${first} (${provider}, ${organizationId.trim()}); list several secrets in one endpoint instead`,
      });
    }
  });
  return issues;
}
