import { describe, expect, it } from 'vitest';
import { BillingConfigError } from './billing-config-error.js';
import { loadBillingConfig } from './load-billing-config.js';

const STANDARD = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const inline = (endpoints: unknown[]) => JSON.stringify({ webhookEndpoints: endpoints });
const stripe = (secrets: string[]) => ({ provider: 'stripe', organizationId: 'org_1', secrets, requireBearer: false });

function failure(source: string, env: Record<string, string | undefined> = {}): BillingConfigError {
  try {
    loadBillingConfig(source, env);
  } catch (error) {
    if (error instanceof BillingConfigError) return error;
    throw error;
  }
  throw new Error('expected a BillingConfigError');
}

describe('examples: BILLING_CONFIG as JSON and "env:NAME" secrets', () => {
  it('takes the JSON itself when the value starts with {, and never reads it as a path', () => {
    expect(loadBillingConfig(`  ${inline([stripe(['whsec_a'])])}`)).toEqual({
      webhookEndpoints: [{ provider: 'stripe', organizationId: 'org_1', secrets: ['whsec_a'], requireBearer: false, toleranceSeconds: 300 }],
    });
    expect(failure('{ "webhookEndpoints": [ }').message).toMatch(/^BILLING_CONFIG \(inline JSON\) is not valid JSON/);
  });

  it('never prints the JSON text (it holds secrets) when it is not valid', () => {
    const error = failure('{"webhookEndpoints":[{"secrets":["whsec_TOPSECRET"] x');
    expect(error.message).not.toContain('TOPSECRET');
  });

  it('reads "env:NAME" from the environment passed in, trimmed, keeping other secrets as written', () => {
    const env = { STRIPE_WHSEC: ' whsec_from_env\n', STANDARD_WHSEC: STANDARD };
    const config = loadBillingConfig(
      inline([stripe(['env:STRIPE_WHSEC', 'whsec_literal']), { provider: 'standard', organizationId: 'org_2', secrets: ['env:STANDARD_WHSEC'] }]),
      env,
    );
    expect(config.webhookEndpoints.map((e) => e.secrets)).toEqual([['whsec_from_env', 'whsec_literal'], [STANDARD]]);
  });

  it('a missing or empty variable stops the start, naming the variable and the secret, printing no secret', () => {
    const error = failure(inline([stripe(['whsec_VISIBLE_NOT', 'env:MISSING_ONE', 'env:EMPTY_ONE', 'env:bad-name'])]), { EMPTY_ONE: '  ' });
    expect(error.issues).toEqual([
      { field: 'webhookEndpoints[0].secrets[1]', description: 'environment variable MISSING_ONE is not set' },
      { field: 'webhookEndpoints[0].secrets[2]', description: 'environment variable EMPTY_ONE is empty' },
      { field: 'webhookEndpoints[0].secrets[3]', description: expect.stringContaining('does not name an environment variable') },
    ]);
    expect(error.message).toContain('MISSING_ONE');
    expect(error.message).not.toContain('whsec_VISIBLE_NOT');
  });

  it('the loader reads no process environment: only what is passed in', () => {
    process.env['BILLING_TEST_ONLY_IN_PROCESS'] = 'whsec_process';
    try {
      expect(failure(inline([stripe(['env:BILLING_TEST_ONLY_IN_PROCESS'])])).issues[0]?.description).toContain('not set');
    } finally {
      delete process.env['BILLING_TEST_ONLY_IN_PROCESS'];
    }
  });
});

describe('examples: an API key where the signing secret belongs', () => {
  const cases: [string, string, string][] = [
    ['stripe', 'sk_live_51Habc', 'whsec_'],
    ['stripe', 'sk_test_51Habc', 'whsec_'],
    ['stripe', 'rk_live_51Habc', 'whsec_'],
    ['stripe', 'rk_test_51Habc', 'whsec_'],
    ['stripe', 'sk_51Habc', 'whsec_'],
    ['paddle', 'pdl_live_apikey_01gtgztp8f', 'pdl_ntfset_'],
    ['paddle', 'pdl_sdbx_apikey_01gtgztp8f', 'pdl_ntfset_'],
    ['standard', 'sk_live_51Habc', 'whsec_'],
  ];
  it.each(cases)('%s with %s stops the start asking for the signing secret (%s...), without printing the key', (provider, key, wanted) => {
    const error = failure(inline([{ provider, organizationId: 'org_1', secrets: ['env:KEY'] }]), { KEY: key });
    expect(error.issues).toEqual([{ field: 'webhookEndpoints[0].secrets[0]', description: expect.stringContaining('API key') }]);
    expect(error.issues[0]?.description).toContain('signing secret is wanted');
    expect(error.issues[0]?.description).toContain(wanted);
    expect(error.message).not.toContain(key);
  });

  it('signing secrets are accepted as they are', () => {
    const config = loadBillingConfig(
      inline([stripe(['whsec_abc']), { provider: 'paddle', organizationId: 'org_1', secrets: ['pdl_ntfset_01hv8x2d9k'] }]),
    );
    expect(config.webhookEndpoints).toHaveLength(2);
  });
});
