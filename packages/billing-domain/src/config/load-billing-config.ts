import { readFileSync } from 'node:fs';
import type { BillingConfig } from '../contract.js';
import { BillingConfigError } from './billing-config-error.js';
import { parseBillingConfig } from './parse-billing-config.js';

/**
 * Reads and validates the `BILLING_CONFIG` JSON file. No path (undefined or '') means no webhook
 * endpoints. Errors name the file: missing or unreadable, invalid JSON, invalid content.
 * @example loadBillingConfig(process.env.BILLING_CONFIG) // { webhookEndpoints: [...] }
 * @example loadBillingConfig(undefined) // { webhookEndpoints: [] }
 */
export function loadBillingConfig(path: string | undefined): BillingConfig {
  if (path === undefined || path.trim() === '') return { webhookEndpoints: [] };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `cannot be read (${(error as Error).message})`;
    throw new BillingConfigError(`BILLING_CONFIG file ${path} ${reason}`, [{ path: '', message: `file ${reason}` }]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch (error) {
    const message = `not valid JSON: ${(error as Error).message}`;
    throw new BillingConfigError(`BILLING_CONFIG file ${path} is ${message}`, [{ path: '', message }]);
  }
  try {
    return parseBillingConfig(json);
  } catch (error) {
    if (error instanceof BillingConfigError) {
      throw new BillingConfigError(`BILLING_CONFIG file ${path} has ${error.issues.length} problem(s)`, error.issues);
    }
    throw error;
  }
}
