import type { ProviderName } from '../contract.js';
import { WEBHOOK_PROVIDERS } from '../webhooks/providers/index.js';

type RawPath = (string | number)[];
export interface RawIssue {
  path: RawPath;
  message: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks that span fields, on the raw input so they are reported alongside shape errors:
 * no secret is an API key, standard secrets are `whsec_` + base64, and no (provider,
 * organizationId) pair repeats.
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
    if (Array.isArray(secrets)) {
      secrets.forEach((secret: unknown, at) => {
        if (typeof secret !== 'string' || secret === '') return;
        const apiKey = apiKeyKind(secret);
        if (apiKey !== undefined) {
          issues.push({ path: [...base, index, 'secrets', at], message: apiKeyMessage(apiKey, provider) });
          return;
        }
        const issue = isProvider(provider) ? WEBHOOK_PROVIDERS[provider].secretIssue(secret) : undefined;
        if (issue !== undefined) issues.push({ path: [...base, index, 'secrets', at], message: issue });
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

const API_KEYS: [RegExp, string][] = [
  [/^sk_/, 'Stripe secret API key (sk_...)'],
  [/^rk_/, 'Stripe restricted API key (rk_...)'],
  [/^pdl_(?:live|sdbx)_apikey_/, 'Paddle API key (pdl_..._apikey_...)'],
];
const isProvider = (value: unknown): value is ProviderName => typeof value === 'string' && Object.hasOwn(WEBHOOK_PROVIDERS, value);

/**
 * What kind of API key a secret is, `undefined` when it is not one.
 * NOTE: an API key in place of the signing secret would never verify a delivery, and it is a far
 * more powerful credential that has no place in this file; refusing it at start says so early.
 * @example apiKeyKind('sk_live_abc') // 'Stripe secret API key (sk_...)'
 */
export function apiKeyKind(secret: string): string | undefined {
  return API_KEYS.find(([pattern]) => pattern.test(secret))?.[1];
}

function apiKeyMessage(kind: string, provider: unknown): string {
  const wanted = isProvider(provider) ? WEBHOOK_PROVIDERS[provider].signingSecret : 'the webhook signing secret (whsec_... or pdl_ntfset_...)';
  return `is a ${kind}, not a webhook signing secret; the webhook signing secret is wanted: ${wanted}`;
}
