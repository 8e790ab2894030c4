import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { DEFAULT_PRICING_LIMITS } from '../limits/pricing-limits.js';
import { parseEnvSettings, parseServerEnv, pricingLimitsOf, PRICING_LIMIT_NAMES, ServerEnvError } from './env.js';

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

  it('limit settings: defaults are the library and documented defaults', () => {
    const env = parseServerEnv({});
    expect(env).toMatchObject({
      BILLING_REQUEST_TIMEOUT_MS: 10_000,
      BILLING_HEADERS_TIMEOUT_MS: 10_000,
      BILLING_BODY_TIMEOUT_MS: 30_000,
      BILLING_MAX_CONNECTIONS: 10_000,
      BILLING_RATE_LIMIT_PER_SECOND: 0,
      BILLING_METRICS: 'on',
      BILLING_WORKER_THREADS: Math.max(1, availableParallelism() - 1),
      BILLING_OFFLOAD_MIN_ENTRIES: 2_000,
      BILLING_INGEST_GROUP_MAX: 64,
      BILLING_INGEST_GROUP_WINDOW_MS: 1,
    });
    expect(pricingLimitsOf(env)).toEqual(DEFAULT_PRICING_LIMITS);
  });

  it('limit settings: read what is given; pricing limits map to the library names', () => {
    const env = parseServerEnv({ BILLING_MAX_INSTANCES: '50', BILLING_MAX_FULL_VIEW_ENTRIES: '7', BILLING_METRICS: 'off', BILLING_RATE_LIMIT_PER_SECOND: '5' });
    expect(pricingLimitsOf(env)).toEqual({ ...DEFAULT_PRICING_LIMITS, maxInstances: 50, maxFullViewEntries: 7 });
    expect(env).toMatchObject({ BILLING_METRICS: 'off', BILLING_RATE_LIMIT_PER_SECOND: 5 });
    expect(parseServerEnv({}).BILLING_INGEST_GROUP_CONCURRENCY).toBeUndefined();
    expect(parseServerEnv({ BILLING_INGEST_GROUP_CONCURRENCY: '3' }).BILLING_INGEST_GROUP_CONCURRENCY).toBe(3);
    expect(problems({ BILLING_INGEST_GROUP_CONCURRENCY: '0' }).join()).toMatch(/BILLING_INGEST_GROUP_CONCURRENCY must be an integer from 1/);
  });

  it('BILLING_EVENT_LEASE_MARGIN_MS: 10 s by default, read from 1,000 to 30,000 ms, anything else named', () => {
    expect(parseServerEnv({}).BILLING_EVENT_LEASE_MARGIN_MS).toBe(10_000);
    expect(parseServerEnv({ BILLING_EVENT_LEASE_MARGIN_MS: '1000' }).BILLING_EVENT_LEASE_MARGIN_MS).toBe(1_000);
    for (const bad of ['999', '30001', 'soon']) expect(problems({ BILLING_EVENT_LEASE_MARGIN_MS: bad }).join()).toMatch(/BILLING_EVENT_LEASE_MARGIN_MS must be an integer from 1000 to 30000/);
  });

  it('limit settings: bad values are named', () => {
    const found = problems({ BILLING_MAX_PRICES: '0', BILLING_METRICS: 'maybe', BILLING_WORKER_THREADS: 'two' });
    for (const name of ['BILLING_MAX_PRICES', 'BILLING_METRICS', 'BILLING_WORKER_THREADS']) {
      expect(found.some((p) => p.includes(name)), name).toBe(true);
    }
    expect(problems({ BILLING_HEADERS_TIMEOUT_MS: '40000' }).join()).toMatch(/BILLING_HEADERS_TIMEOUT_MS must not exceed BILLING_BODY_TIMEOUT_MS/);
  });

  const settings = [
    // [variable, default, a valid value, an invalid value]
    ['BILLING_PAGE_TOKEN_MAX_LENGTH', 1024, '4096', '255'],
    ['BILLING_REPLAY_CHECKPOINT_LAG_MS', 3_600_000, '0', '-1'],
    ['BILLING_JWKS_TIMEOUT_MS', 5_000, '2500', '0'],
    ['BILLING_JWKS_COOLDOWN_MS', 60_000, '30000', '1.5'],
    ['BILLING_JWKS_CACHE_MAX_AGE_MS', 600_000, '120000', '999'],
    ['BILLING_DB_POOL_SIZE', 10, '25', '101'],
  ] as const;

  it.each(settings)('%s: default %d', (name, fallback) => {
    expect(parseServerEnv({})[name]).toBe(fallback);
  });

  it.each(settings)('%s: reads a valid value', (name, _fallback, valid) => {
    expect(parseServerEnv({ [name]: valid })[name]).toBe(Number(valid));
  });

  it.each(settings)('%s: an invalid value is refused, naming the variable', (name, _fallback, _valid, invalid) => {
    expect(problems({ [name]: invalid }).join()).toContain(`${name} must be an integer`);
  });
});

describe('examples: parseEnvSettings', () => {
  it('reads only the named settings: a bad PORT does not matter to the pricing limits', () => {
    const settings = parseEnvSettings({ PORT: 'abc', BILLING_MAX_INSTANCES: '5' }, PRICING_LIMIT_NAMES);
    expect(pricingLimitsOf(settings)).toEqual({ ...DEFAULT_PRICING_LIMITS, maxInstances: 5 });
    expect(Object.keys(settings).sort()).toEqual([...PRICING_LIMIT_NAMES].sort());
  });

  it('a bad value of a named setting is refused, naming it', () => {
    expect(() => parseEnvSettings({ BILLING_DB_POOL_SIZE: '0', PORT: 'abc' }, ['BILLING_DB_POOL_SIZE'])).toThrow(/BILLING_DB_POOL_SIZE must be an integer from 1 to 100, got "0"/);
  });
});
