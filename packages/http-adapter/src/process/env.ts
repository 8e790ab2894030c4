import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { DEFAULT_REPLAY_CHECKPOINT_LAG_MS, formatFieldPath, MAX_PAGE_TOKEN_LENGTH, parseDuration, parseSchedule } from '@billing/billing-domain';
import { JWKS_CACHE_MAX_AGE_MS, JWKS_COOLDOWN_MS, JWKS_TIMEOUT_MS } from '../auth/remote-key-set.js';
import { DEFAULT_PRICING_LIMITS, PRICING_LIMIT_SETTINGS, type PricingLimits } from '../limits/pricing-limits.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const integer = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
      if (!Number.isSafeInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be an integer from ${min} to ${max}, got "${v}"` });
        return z.NEVER;
      }
      return n;
    });

const flag = (name: string) =>
  optionalText
    .pipe(z.enum(['0', '1'], { message: `${name} must be 0 or 1` }).optional())
    .transform((v) => v === '1');

const durations = (name: string, fallback: string, parse: (text: string) => unknown) =>
  optionalText.transform((v, ctx) => {
    const text = v ?? fallback;
    if (parse(text) === undefined) {
      ctx.addIssue({ code: 'custom', message: `${name} must be ${name.endsWith('SCHEDULE') ? 'a comma-separated list of durations' : 'a duration'} such as 5s, 30m, 2h or 5d, got "${text}"` });
      return z.NEVER;
    }
    return text;
  });

const MAX_LIMIT = 1_000_000_000;
/** Connections each process keeps to PostgreSQL at most, unless BILLING_DB_POOL_SIZE says otherwise. */
export const DEFAULT_DB_POOL_SIZE = 10;
/** PostgreSQL's own default `max_connections` is 100: one process never needs more than that. */
const MAX_DB_POOL_SIZE = 100;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Every variable the server reads, each with its default and bounds (docs/operations.md lists them).
 * Commands that need only a few read just those (`parseEnvSettings`), so an unrelated bad setting
 * never stops them.
 */
const serverEnvShape = {
  PORT: integer('PORT', 0, 65535, 8080),
  HOST: optionalText.transform((v) => v ?? '127.0.0.1'),
  DATABASE_URL: optionalText.refine(
    (v) => v === undefined || v === 'memory://' || /^postgres(?:ql)?:\/\//.test(v),
    'DATABASE_URL must be empty (PGlite in BILLING_DATA_DIR), memory://, or postgres://...',
  ),
  BILLING_DATA_DIR: optionalText.transform((v) => v ?? './.billing-data'),
  BILLING_DB_POOL_SIZE: integer('BILLING_DB_POOL_SIZE', 1, MAX_DB_POOL_SIZE, DEFAULT_DB_POOL_SIZE),
  BILLING_JWT_SECRET: optionalText.refine(
    (v) => v === undefined || Buffer.byteLength(v) >= 32,
    'BILLING_JWT_SECRET must be at least 32 bytes (HS256 needs a 256-bit key)',
  ),
  BILLING_JWKS_URL: optionalText.refine(
    (v) => v === undefined || /^https?:\/\/\S+$/.test(v),
    'BILLING_JWKS_URL must be an http(s) URL',
  ),
  BILLING_JWT_ISSUER: optionalText,
  BILLING_JWT_AUDIENCE: optionalText,
  BILLING_CONFIG: optionalText,
  BILLING_BODY_LIMIT_BYTES: integer('BILLING_BODY_LIMIT_BYTES', 1, 1024 * 1024 * 1024, 1024 * 1024),
  BILLING_MAX_INSTANCES: integer('BILLING_MAX_INSTANCES', 1, MAX_LIMIT, DEFAULT_PRICING_LIMITS.maxInstances),
  BILLING_MAX_PRICES: integer('BILLING_MAX_PRICES', 1, MAX_LIMIT, DEFAULT_PRICING_LIMITS.maxPrices),
  BILLING_MAX_TIERS_PER_PRICE: integer('BILLING_MAX_TIERS_PER_PRICE', 1, MAX_LIMIT, DEFAULT_PRICING_LIMITS.maxTiersPerPrice),
  BILLING_MAX_ADDONS_PER_INSTANCE: integer('BILLING_MAX_ADDONS_PER_INSTANCE', 1, MAX_LIMIT, DEFAULT_PRICING_LIMITS.maxAddonsPerInstance),
  BILLING_MAX_INSTANCE_PRICES: integer('BILLING_MAX_INSTANCE_PRICES', 1, MAX_LIMIT, DEFAULT_PRICING_LIMITS.maxInstancePrices),
  BILLING_MAX_FULL_VIEW_ENTRIES: integer('BILLING_MAX_FULL_VIEW_ENTRIES', 1, MAX_LIMIT, DEFAULT_PRICING_LIMITS.maxFullViewEntries),
  BILLING_REQUEST_TIMEOUT_MS: integer('BILLING_REQUEST_TIMEOUT_MS', 1, HOUR_MS, 10_000),
  BILLING_HEADERS_TIMEOUT_MS: integer('BILLING_HEADERS_TIMEOUT_MS', 1, HOUR_MS, 10_000),
  BILLING_BODY_TIMEOUT_MS: integer('BILLING_BODY_TIMEOUT_MS', 1, HOUR_MS, 30_000),
  BILLING_MAX_CONNECTIONS: integer('BILLING_MAX_CONNECTIONS', 1, 1_000_000, 10_000),
  BILLING_RATE_LIMIT_PER_SECOND: integer('BILLING_RATE_LIMIT_PER_SECOND', 0, 1_000_000, 0),
  BILLING_METRICS: optionalText
    .pipe(z.enum(['on', 'off'], { message: 'BILLING_METRICS must be on or off' }).optional())
    .transform((v) => v ?? 'on'),
  BILLING_WORKER_THREADS: integer('BILLING_WORKER_THREADS', 1, 256, Math.max(1, availableParallelism() - 1)),
  BILLING_OFFLOAD_MIN_ENTRIES: integer('BILLING_OFFLOAD_MIN_ENTRIES', 0, MAX_LIMIT, 2_000),
  BILLING_INGEST_GROUP_MAX: integer('BILLING_INGEST_GROUP_MAX', 1, 10_000, 64),
  BILLING_INGEST_GROUP_WINDOW_MS: integer('BILLING_INGEST_GROUP_WINDOW_MS', 0, 1_000, 1),
  // NOTE: PostgreSQL only (PGlite commits one group at a time); unset, min(8, pool size - 2).
  BILLING_INGEST_GROUP_CONCURRENCY: integer('BILLING_INGEST_GROUP_CONCURRENCY', 1, MAX_DB_POOL_SIZE, 0).transform((v) => (v === 0 ? undefined : v)),
  // NOTE: the server's own tokens are about 135 characters (a UUID id), so a maximum below 256
  // could refuse the tokens it hands out.
  BILLING_PAGE_TOKEN_MAX_LENGTH: integer('BILLING_PAGE_TOKEN_MAX_LENGTH', 256, 65_536, MAX_PAGE_TOKEN_LENGTH),
  BILLING_REPLAY_CHECKPOINT_LAG_MS: integer('BILLING_REPLAY_CHECKPOINT_LAG_MS', 0, 30 * DAY_MS, DEFAULT_REPLAY_CHECKPOINT_LAG_MS),
  BILLING_JWKS_TIMEOUT_MS: integer('BILLING_JWKS_TIMEOUT_MS', 1, 60_000, JWKS_TIMEOUT_MS),
  BILLING_JWKS_COOLDOWN_MS: integer('BILLING_JWKS_COOLDOWN_MS', 0, HOUR_MS, JWKS_COOLDOWN_MS),
  BILLING_JWKS_CACHE_MAX_AGE_MS: integer('BILLING_JWKS_CACHE_MAX_AGE_MS', 1_000, DAY_MS, JWKS_CACHE_MAX_AGE_MS),
  BILLING_EVENT_DELIVERY: optionalText
    .pipe(z.enum(['on', 'off'], { message: 'BILLING_EVENT_DELIVERY must be on or off' }).optional())
    .transform((v) => v ?? 'on'),
  BILLING_EVENT_TIMEOUT_MS: integer('BILLING_EVENT_TIMEOUT_MS', 1, 300_000, 15_000),
  BILLING_EVENT_LEASE_MARGIN_MS: integer('BILLING_EVENT_LEASE_MARGIN_MS', 1_000, 30_000, 10_000),
  BILLING_EVENT_RETRY_SCHEDULE: durations('BILLING_EVENT_RETRY_SCHEDULE', '5s,5m,30m,2h,5h,10h,10h', parseSchedule),
  BILLING_EVENT_DISABLE_AFTER: durations('BILLING_EVENT_DISABLE_AFTER', '5d', parseDuration),
  BILLING_EVENT_RETENTION_DAYS: integer('BILLING_EVENT_RETENTION_DAYS', 1, 3650, 30),
  BILLING_EVENT_SECRET_OVERLAP_S: integer('BILLING_EVENT_SECRET_OVERLAP_S', 0, 30 * 86_400, 86_400),
  BILLING_MAX_EVENT_DESTINATIONS: integer('BILLING_MAX_EVENT_DESTINATIONS', 1, 10_000, 20),
  BILLING_EVENT_URL_MAX_LENGTH: integer('BILLING_EVENT_URL_MAX_LENGTH', 16, 65_536, 2_048),
  BILLING_EVENT_DESCRIPTION_MAX_LENGTH: integer('BILLING_EVENT_DESCRIPTION_MAX_LENGTH', 0, 65_536, 1_024),
  BILLING_EVENT_DESTINATION_CONCURRENCY: integer('BILLING_EVENT_DESTINATION_CONCURRENCY', 1, 1_000, 10),
  BILLING_EVENT_MAX_IN_FLIGHT: integer('BILLING_EVENT_MAX_IN_FLIGHT', 1, 100_000, 500),
  BILLING_EVENT_POLL_MS: integer('BILLING_EVENT_POLL_MS', 10, 60_000, 250),
  BILLING_EVENT_ALLOW_HTTP: flag('BILLING_EVENT_ALLOW_HTTP'),
  BILLING_EVENT_ALLOW_PRIVATE_NETWORKS: flag('BILLING_EVENT_ALLOW_PRIVATE_NETWORKS'),
  LOG_LEVEL: optionalText.pipe(z.enum(LOG_LEVELS).optional()).transform((v) => v ?? 'info'),
  NODE_ENV: optionalText,
} as const;

type ServerEnvShape = typeof serverEnvShape;
/** The name of a variable the server reads. */
export type ServerEnvKey = keyof ServerEnvShape;

/** The names of every variable the server reads. */
export const SERVER_ENV_NAMES: readonly string[] = Object.keys(serverEnvShape);

/** The environment the server reads: every variable, and the rules between them. */
export const serverEnvSchema = z
  .object(serverEnvShape)
  .refine((env) => !(env.BILLING_JWT_SECRET && env.BILLING_JWKS_URL), {
    message: 'set either BILLING_JWT_SECRET or BILLING_JWKS_URL, not both',
    path: ['BILLING_JWT_SECRET'],
  })
  // NOTE: node refuses a headers timeout longer than the whole-request timeout.
  .refine((env) => env.BILLING_HEADERS_TIMEOUT_MS <= env.BILLING_BODY_TIMEOUT_MS, {
    message: 'BILLING_HEADERS_TIMEOUT_MS must not exceed BILLING_BODY_TIMEOUT_MS',
    path: ['BILLING_HEADERS_TIMEOUT_MS'],
  });

export type ServerEnv = z.output<typeof serverEnvSchema>;

export class ServerEnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ServerEnvError';
  }
}

/**
 * Reads and checks the server's environment; throws ServerEnvError listing every problem.
 * @example parseServerEnv({ PORT: '3000' }).PORT // 3000
 */
export function parseServerEnv(env: Record<string, string | undefined>): ServerEnv {
  return parseWith(serverEnvSchema, env);
}

/** The settings `names` picked from the server's environment. */
export type EnvSettings<K extends ServerEnvKey> = z.output<z.ZodObject<Pick<ServerEnvShape, K>>>;

/**
 * Reads and checks only the named variables (what one command needs); others are not looked at.
 * Throws ServerEnvError listing every problem of those.
 * @example parseEnvSettings({ PORT: 'abc', BILLING_MAX_INSTANCES: '5' }, ['BILLING_MAX_INSTANCES']) // { BILLING_MAX_INSTANCES: 5 }
 */
export function parseEnvSettings<K extends ServerEnvKey>(env: Record<string, string | undefined>, names: readonly K[]): EnvSettings<K> {
  const picked = Object.fromEntries(names.map((name) => [name, serverEnvShape[name]])) as Pick<ServerEnvShape, K>;
  return parseWith(z.object(picked), env);
}

function parseWith<T>(schema: z.ZodType<T>, env: Record<string, string | undefined>): T {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  // NOTE: messages name the variable but never echo a secret's value.
  throw new ServerEnvError(
    parsed.error.issues.map((issue) => {
      const name = formatFieldPath(issue.path);
      if (issue.code === 'invalid_value' && name === 'LOG_LEVEL') return `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`;
      return issue.message.includes(name) ? issue.message : `${name}: ${issue.message}`;
    }),
  );
}

/** The variables holding the pricing limits. */
export const PRICING_LIMIT_NAMES = Object.values(PRICING_LIMIT_SETTINGS);

/**
 * The pricing limits the server passes to `calculatePlan`, from their settings.
 * @example pricingLimitsOf(parseServerEnv({ BILLING_MAX_INSTANCES: '50' })).maxInstances // 50
 */
export function pricingLimitsOf(env: Pick<ServerEnv, (typeof PRICING_LIMIT_NAMES)[number]>): PricingLimits {
  const entries = Object.entries(PRICING_LIMIT_SETTINGS).map(([limit, setting]) => [limit, env[setting]]);
  return Object.fromEntries(entries) as PricingLimits;
}
