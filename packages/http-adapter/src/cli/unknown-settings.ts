import { closestName, editDistance } from '@billing/pricing-core';
import { SERVER_ENV_NAMES } from '../process/env.js';

const PREFIX = 'BILLING';

/**
 * Variables of the BILLING_ family that the project's own tests and tools read (never the server):
 * set on a developer's machine or in CI, they are no typo.
 */
const TOOL_SETTINGS = new Set(['BILLING_FAULT_SCALE', 'BILLING_FAULT_SEED', 'BILLING_CHROMIUM', 'BILLING_PROPERTY_RUNS', 'BILLING_E2E_DIST']);
const TOOL_PREFIXES = ['BILLING_TEST_', 'BILLING_CI_'];

/** Whether `name` looks meant for this service: the prefix BILLING_ in any case, or a near miss of it. */
function meantForUs(name: string): boolean {
  const head = name.split('_')[0]?.toUpperCase() ?? '';
  if (head === PREFIX) return true;
  // NOTE: a prefix within two edits (BILLNG_, BILING_, BILLINGS_), or with its underscore lost (BILLINGJWT_SECRET).
  return (name.includes('_') && editDistance(head, PREFIX) <= 2) || name.toUpperCase().startsWith(PREFIX) && !name.toUpperCase().startsWith(`${PREFIX}_`);
}

/**
 * The variables of the environment that look meant for this service but that it does not read,
 * each with the closest name it does read when one is near: a typo that would otherwise leave a
 * setting silently at its default. `referenced` are the names BILLING_CONFIG reads secrets from.
 * @example unknownSettings({ BILLNG_JWT_SECRET: 'x' }) // ['BILLNG_JWT_SECRET is not a setting; did you mean BILLING_JWT_SECRET?']
 */
export function unknownSettings(environment: Record<string, string | undefined>, referenced: ReadonlySet<string> = new Set()): string[] {
  const known = SERVER_ENV_NAMES.filter((n) => n.startsWith(`${PREFIX}_`));
  const warnings: string[] = [];
  for (const name of Object.keys(environment).sort()) {
    if (!meantForUs(name) || referenced.has(name)) continue;
    if (known.includes(name) || TOOL_SETTINGS.has(name) || TOOL_PREFIXES.some((p) => name.startsWith(p))) continue;
    // The one "did you mean" rule of every error (pricing-core's: at most two edits).
    const best = closestName(name.toUpperCase(), known);
    const hint = best !== undefined ? `; did you mean ${best}?` : ' (the server does not read it)';
    warnings.push(`${name} is not a setting${hint}`);
  }
  return warnings;
}
