import type { RawIssue } from './semantic-issues.js';

/** The environment a configuration may read secrets from (passed in: the loader never reads process.env). */
export type SecretEnvironment = Readonly<Record<string, string | undefined>>;

const ENV_PREFIX = 'env:';
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Replaces every secret written `"env:NAME"` with the value of the environment variable NAME.
 * A missing or empty variable, or a name that is not a variable name, is an issue naming it;
 * values are never put into an issue. Returns a copy; the input is not changed.
 * @example resolveSecretReferences({ webhookEndpoints: [{ secrets: ['env:STRIPE_WHSEC'] }] }, { STRIPE_WHSEC: 'whsec_x' })
 * // { json: { webhookEndpoints: [{ secrets: ['whsec_x'] }] }, issues: [] }
 */
export function resolveSecretReferences(json: unknown, env: SecretEnvironment): { json: unknown; issues: RawIssue[] } {
  const bare = Array.isArray(json);
  const endpoints: unknown = bare ? json : isRecord(json) ? json['webhookEndpoints'] : undefined;
  if (!Array.isArray(endpoints)) return { json, issues: [] };
  const base = bare ? [] : ['webhookEndpoints'];
  const issues: RawIssue[] = [];
  const resolved = endpoints.map((endpoint: unknown, index) => {
    if (!isRecord(endpoint) || !Array.isArray(endpoint['secrets'])) return endpoint;
    const secrets = (endpoint['secrets'] as unknown[]).map((secret, at) => {
      if (typeof secret !== 'string' || !secret.startsWith(ENV_PREFIX)) return secret;
      const name = secret.slice(ENV_PREFIX.length);
      const path = [...base, index, 'secrets', at];
      if (!ENV_NAME.test(name)) {
        issues.push({ path, message: `"env:${name.slice(0, 64)}" does not name an environment variable (letters, digits and _)` });
        return secret;
      }
      const value = env[name];
      if (value === undefined || value.trim() === '') {
        issues.push({ path, message: `environment variable ${name} is ${value === undefined ? 'not set' : 'empty'}` });
        return secret;
      }
      return value.trim();
    });
    return { ...endpoint, secrets };
  });
  return { json: bare ? resolved : { ...(json as Record<string, unknown>), webhookEndpoints: resolved }, issues };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
