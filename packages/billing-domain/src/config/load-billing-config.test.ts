import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BillingConfigError } from './billing-config-error.js';
import { loadBillingConfig } from './load-billing-config.js';

const dir = mkdtempSync(join(tmpdir(), 'billing-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('examples', () => {
  it('no path means no webhook endpoints', () => {
    expect(loadBillingConfig(undefined)).toEqual({ webhookEndpoints: [] });
    expect(loadBillingConfig('')).toEqual({ webhookEndpoints: [] });
  });

  it('reads and validates the file', () => {
    const path = file('ok.json', JSON.stringify({ webhookEndpoints: [{ provider: 'stripe', organizationId: 'org_1', secrets: ['whsec_a'], requireBearer: false }] }));
    expect(loadBillingConfig(path)).toEqual({
      webhookEndpoints: [{ provider: 'stripe', organizationId: 'org_1', secrets: ['whsec_a'], requireBearer: false, toleranceSeconds: 300 }],
    });
  });

  it('names the file when it is missing, not JSON, or invalid', () => {
    const missing = join(dir, 'nope.json');
    expect(() => loadBillingConfig(missing)).toThrow(new RegExp(`${missing}.*does not exist`));
    const broken = file('broken.json', '{ "webhookEndpoints": [ }');
    expect(() => loadBillingConfig(broken)).toThrow(new RegExp(`${broken} is not valid JSON`));
    const invalid = file('invalid.json', '[{ "provider": "paypal" }]');
    try {
      loadBillingConfig(invalid);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BillingConfigError);
      expect((error as Error).message).toContain(invalid);
      expect((error as BillingConfigError).issues.map((issue) => issue.field)).toEqual(['[0].provider', '[0].organizationId', '[0].secrets']);
    }
  });
});
