import { describe, expect, it } from 'vitest';
import { parseServerEnv, ServerEnvError } from './env.js';

const problems = (env: Record<string, string>) => {
  try {
    parseServerEnv(env);
  } catch (error) {
    if (error instanceof ServerEnvError) return error.problems;
    throw error;
  }
  return [];
};

describe('examples: parseServerEnv', () => {
  it('defaults', () => {
    expect(parseServerEnv({})).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      BILLING_DATA_DIR: './.billing-data',
      BILLING_BODY_LIMIT_BYTES: 1048576,
      LOG_LEVEL: 'info',
    });
  });

  it('empty strings mean unset', () => {
    expect(parseServerEnv({ DATABASE_URL: '', PORT: '', BILLING_JWT_SECRET: '' })).toMatchObject({ PORT: 8080, DATABASE_URL: undefined, BILLING_JWT_SECRET: undefined });
  });

  it('reads what is given', () => {
    const env = parseServerEnv({ PORT: '0', DATABASE_URL: 'postgres://u@h/db', BILLING_BODY_LIMIT_BYTES: '2048', LOG_LEVEL: 'debug' });
    expect(env).toMatchObject({ PORT: 0, DATABASE_URL: 'postgres://u@h/db', BILLING_BODY_LIMIT_BYTES: 2048, LOG_LEVEL: 'debug' });
  });

  it('lists every problem at once, naming the variable', () => {
    const found = problems({ PORT: '70000', DATABASE_URL: 'mysql://x', BILLING_BODY_LIMIT_BYTES: '-1', LOG_LEVEL: 'loud', BILLING_JWKS_URL: 'nope' });
    expect(found).toHaveLength(5);
    for (const name of ['PORT', 'DATABASE_URL', 'BILLING_BODY_LIMIT_BYTES', 'LOG_LEVEL', 'BILLING_JWKS_URL']) {
      expect(found.some((p) => p.includes(name)), name).toBe(true);
    }
  });

  it('a short secret is refused without echoing it; secret and JWKS together are refused', () => {
    const short = problems({ BILLING_JWT_SECRET: 'hunter2' });
    expect(short.join()).toMatch(/BILLING_JWT_SECRET must be at least 32 bytes/);
    expect(short.join()).not.toContain('hunter2');
    const both = problems({ BILLING_JWT_SECRET: 'x'.repeat(32), BILLING_JWKS_URL: 'https://idp.test/jwks' });
    expect(both.join()).toMatch(/either BILLING_JWT_SECRET or BILLING_JWKS_URL/);
  });
});
