import { describe, expect, it } from 'vitest';
import { BillingConfigError } from './billing-config-error.js';
import { parseBillingConfig } from './parse-billing-config.js';

const STANDARD = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

function issuesOf(json: unknown): { field: string; description: string }[] {
  try {
    parseBillingConfig(json);
  } catch (error) {
    if (error instanceof BillingConfigError) return error.issues;
    throw error;
  }
  throw new Error('expected a BillingConfigError');
}

describe('examples', () => {
  it('applies the defaults: requireBearer true, toleranceSeconds 300', () => {
    expect(parseBillingConfig({ webhookEndpoints: [{ provider: 'stripe', organizationId: 'org_acme', secrets: ['whsec_a'] }] })).toEqual({
      webhookEndpoints: [{ provider: 'stripe', organizationId: 'org_acme', secrets: ['whsec_a'], requireBearer: true, toleranceSeconds: 300 }],
    });
  });

  it('keeps explicit values and accepts the bare array form', () => {
    const endpoints = [
      { provider: 'paddle', organizationId: 'org_acme', secrets: ['pdl_ntfset_1', 'pdl_ntfset_2'], requireBearer: false, toleranceSeconds: 60 },
      { provider: 'standard', organizationId: 'org_acme', secrets: [STANDARD] },
    ];
    expect(parseBillingConfig(endpoints)).toEqual({
      webhookEndpoints: [endpoints[0], { ...endpoints[1], requireBearer: true, toleranceSeconds: 300 }],
    });
    expect(parseBillingConfig({ webhookEndpoints: [] })).toEqual({ webhookEndpoints: [] });
  });

  it('reports every problem with its path at once', () => {
    const issues = issuesOf({
      webhookEndpoints: [
        { provider: 'braintree', organizationId: '', secrets: [] },
        { provider: 'standard', organizationId: 'org_1', secrets: ['not-whsec', 'whsec_***', ''], toleranceSeconds: 1.5, requireBearer: 'yes' },
        { provider: 'stripe', organizationId: 'org_1', secrets: ['whsec_a'], tolerance: 30 },
      ],
    });
    const paths = issues.map((issue) => issue.field);
    expect(paths).toEqual(expect.arrayContaining([
      'webhookEndpoints[0].provider',
      'webhookEndpoints[0].organizationId',
      'webhookEndpoints[0].secrets',
      'webhookEndpoints[1].secrets[0]',
      'webhookEndpoints[1].secrets[1]',
      'webhookEndpoints[1].secrets[2]',
      'webhookEndpoints[1].toleranceSeconds',
      'webhookEndpoints[1].requireBearer',
      'webhookEndpoints[2]',
    ]));
    expect(issues.find((issue) => issue.field === 'webhookEndpoints[0].provider')?.description).toBe('must be one of stripe, paddle, standard');
    expect(issues.find((issue) => issue.field === 'webhookEndpoints[1].secrets[0]')?.description).toContain('whsec_');
    expect(issues.find((issue) => issue.field === 'webhookEndpoints[2]')?.description).toContain('tolerance');
  });

  it('rejects repeated (provider, organization) pairs, naming the first', () => {
    const issues = issuesOf([
      { provider: 'stripe', organizationId: 'org_1', secrets: ['whsec_a'] },
      { provider: 'stripe', organizationId: ' org_1 ', secrets: ['whsec_b'] },
      { provider: 'paddle', organizationId: 'org_1', secrets: ['p'] },
    ]);
    expect(issues).toEqual([{ field: '[1]', description: expect.stringContaining('repeats endpoint 0') }]);
  });

  it('rejects documents of the wrong shape', () => {
    expect(issuesOf({})).toEqual([{ field: 'webhookEndpoints', description: expect.any(String) }]);
    expect(issuesOf(null).length).toBe(1);
    expect(issuesOf({ webhookEndpoints: 'stripe' })).toEqual([{ field: 'webhookEndpoints', description: 'must be an array of endpoints' }]);
    expect(issuesOf({ webhookEndpoints: [{ provider: 'stripe', organizationId: 'o', secrets: ['s'], toleranceSeconds: 0 }] }))
      .toEqual([{ field: 'webhookEndpoints[0].toleranceSeconds', description: 'must be at least 1' }]);
    expect(issuesOf({ webhookEndpoints: [{ provider: 'stripe', organizationId: 'o', secrets: ['s'], toleranceSeconds: 86_401 }] }))
      .toEqual([{ field: 'webhookEndpoints[0].toleranceSeconds', description: 'must be at most 86400' }]);
  });

  it('lists the problems in the error message without any secret', () => {
    try {
      parseBillingConfig([{ provider: 'standard', organizationId: 'org_1', secrets: ['whsec_super-secret!'] }]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BillingConfigError);
      expect((error as Error).message).toContain('[0].secrets[0]');
      expect((error as Error).message).not.toContain('super-secret');
    }
  });
});
