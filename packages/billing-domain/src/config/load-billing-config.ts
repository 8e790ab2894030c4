import { readFileSync } from 'node:fs';
import type { BillingConfig } from '../contract.js';
import { formatFieldPath } from '../webhooks/field-path.js';
import { BillingConfigError, type BillingConfigIssue } from './billing-config-error.js';
import { parseBillingConfig } from './parse-billing-config.js';
import { resolveSecretReferences, type SecretEnvironment } from './resolve-secrets.js';

/**
 * Reads and validates `BILLING_CONFIG`: a file path, or the JSON itself when it starts with `{`.
 * Secrets written `"env:NAME"` are read from `env` (passed in; nothing is read from the process).
 * No value (undefined or '') means no webhook endpoints. Errors name the source and every problem
 * with its path, never a secret: missing or unreadable file, invalid JSON, a missing or empty
 * variable, an API key where the signing secret belongs, invalid content.
 * @example loadBillingConfig(process.env.BILLING_CONFIG, process.env) // { webhookEndpoints: [...] }
 * @example loadBillingConfig('{"webhookEndpoints":[{"provider":"stripe","organizationId":"o","secrets":["env:WHSEC"]}]}', { WHSEC: 'whsec_1' })
 */
export function loadBillingConfig(source: string | undefined, env: SecretEnvironment = {}): BillingConfig {
  if (source === undefined || source.trim() === '') return { webhookEndpoints: [] };
  const inline = source.trimStart().startsWith('{');
  const label = inline ? 'BILLING_CONFIG (inline JSON)' : `BILLING_CONFIG file ${source}`;
  const text = inline ? source : readConfigFile(source, label);
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch (error) {
    const message = `not valid JSON: ${withoutSnippet((error as Error).message)}`;
    throw new BillingConfigError(`${label} is ${message}`, [{ field: '', description: message }]);
  }
  const resolved = resolveSecretReferences(json, env);
  const issues: BillingConfigIssue[] = resolved.issues.map((issue) => ({ field: formatFieldPath(issue.path), description: issue.message }));
  try {
    const config = parseBillingConfig(resolved.json);
    if (issues.length === 0) return config;
  } catch (error) {
    if (!(error instanceof BillingConfigError)) throw error;
    // NOTE: an unresolved "env:NAME" also fails the shape checks; its own issue says it better.
    const named = new Set(issues.map((issue) => issue.field));
    issues.push(...error.issues.filter((issue) => !named.has(issue.field)));
  }
  throw new BillingConfigError(`${label} has ${issues.length} problem(s)`, issues);
}

function readConfigFile(path: string, label: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `cannot be read (${(error as Error).message})`;
    throw new BillingConfigError(`${label} ${reason}`, [{ field: '', description: `file ${reason}` }]);
  }
}

/** V8 quotes the JSON text in its message (`..., "{"secrets": ...}" is not valid JSON`); the text may hold secrets. */
function withoutSnippet(message: string): string {
  return message.replace(/,\s*".*" is not valid JSON$/s, '');
}
