import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBillingConfig, PROVIDERS, WEBHOOK_PROVIDERS, type ProviderName, type WebhookEndpointConfig } from '@billing/billing-domain';
import { jwtVerify } from 'jose';
import { z } from 'zod';
import { keyIdOf, signHs256Token } from '../auth/hs256-token.js';

/** The organization the development token acts for, and the demonstration webhook endpoints' organization. */
export const DEV_ORGANIZATION = 'org_demo';
/** The file in the data folder that keeps the development credentials across restarts. */
export const DEV_CREDENTIALS_FILE = 'development.json';
const DEV_TOKEN_DAYS = 30;
/** A kept token with less time left than this is replaced at start. */
const RENEW_BEFORE_MS = 86_400_000;

const devCredentialsSchema = z.object({
  /** The HS256 secret tokens are signed and verified with. */
  jwtSecret: z.string().min(32),
  /** When the secrets were made (ISO 8601). */
  createdAt: z.string(),
  /** A token for `org_demo`. */
  token: z.string(),
  /** One signing secret per provider, for the demonstration endpoints of `org_demo`. */
  webhookSecrets: z.object(Object.fromEntries(PROVIDERS.map((p) => [p, z.string().min(1)])) as Record<ProviderName, z.ZodString>),
  /** Where the development server last listened, so the CLI finds it without flags. */
  url: z.string().optional(),
});

/** What a development-mode server runs with, and what the CLI reads back. */
export type DevCredentials = z.infer<typeof devCredentialsSchema>;

/** The file of the development credentials in a data folder. */
export const devCredentialsPath = (dataDir: string): string => join(dataDir, DEV_CREDENTIALS_FILE);

/**
 * The development credentials kept in `dataDir`, or null when there are none (no development
 * server has started there) or the file is not ours to read.
 * @example readDevCredentials('./.billing-data')?.token
 */
export function readDevCredentials(dataDir: string): DevCredentials | null {
  let text: string;
  try {
    text = readFileSync(devCredentialsPath(dataDir), 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = devCredentialsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The development credentials: the ones kept in `dataDir` when there are any, else new random
 * ones (`dataDir` null: new ones every start, as for a store in memory). The kept token is used
 * again while it verifies for at least another day, else a new one is signed.
 * Nothing is written here: `keepDevCredentials` writes once the server listens.
 * @example const dev = await devCredentials({ dataDir: './.billing-data', now: new Date() })
 */
export async function devCredentials(options: { dataDir: string | null; now: Date; issuer?: string | undefined; audience?: string | undefined }): Promise<DevCredentials> {
  const kept = options.dataDir === null ? null : readDevCredentials(options.dataDir);
  const base = kept ?? { jwtSecret: randomBytes(32).toString('base64url'), createdAt: options.now.toISOString(), token: '', webhookSecrets: Object.fromEntries(PROVIDERS.map((p) => [p, WEBHOOK_PROVIDERS[p].newSecret()])) as Record<ProviderName, string> };
  const claims = { issuer: options.issuer, audience: options.audience };
  const token = (await stillValid(base.token, base.jwtSecret, new Date(options.now.getTime() + RENEW_BEFORE_MS), claims))
    ? base.token
    : await signHs256Token({ secret: base.jwtSecret, organizations: [DEV_ORGANIZATION], subject: 'dev-user', now: options.now, ttlSeconds: DEV_TOKEN_DAYS * 86_400, ...claims });
  return { jwtSecret: base.jwtSecret, createdAt: base.createdAt, token, webhookSecrets: base.webhookSecrets };
}

async function stillValid(token: string, secret: string, at: Date, claims: { issuer?: string | undefined; audience?: string | undefined }): Promise<boolean> {
  if (token === '') return false;
  try {
    await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      currentDate: at,
      ...(claims.issuer ? { issuer: claims.issuer } : {}),
      ...(claims.audience ? { audience: claims.audience } : {}),
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes the credentials and the server's URL to the data folder, readable by its owner only,
 * through a temporary file and a rename, so a reader never sees half a file.
 * @example keepDevCredentials('./.billing-data', dev, 'http://127.0.0.1:8080')
 */
export function keepDevCredentials(dataDir: string, credentials: DevCredentials, url: string): void {
  mkdirSync(dataDir, { recursive: true });
  const file = devCredentialsPath(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ ...credentials, url }, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}

/**
 * The demonstration webhook endpoints of development mode: one per provider for `org_demo`,
 * verified by their signature alone, so `billing webhook send` needs no token. A provider that
 * `BILLING_CONFIG` already configures for `org_demo` keeps its configured endpoint only.
 * @example devWebhookEndpoints(dev, config.webhookEndpoints)
 */
export function devWebhookEndpoints(credentials: DevCredentials, configured: readonly WebhookEndpointConfig[]): WebhookEndpointConfig[] {
  const missing = PROVIDERS.filter((provider) => !configured.some((e) => e.provider === provider && e.organizationId === DEV_ORGANIZATION));
  // Through the configuration's own parser, so the endpoints get its checks and its defaults (the tolerance).
  return parseBillingConfig(
    missing.map((provider) => ({ provider, organizationId: DEV_ORGANIZATION, secrets: [credentials.webhookSecrets[provider]], requireBearer: false })),
  ).webhookEndpoints;
}

/** Where the development secret comes from, as a token refusal names it. */
export function devSecretSource(credentials: DevCredentials, dataDir: string | null): string {
  const where = dataDir === null ? 'made at start, kept in memory only' : `kept in ${devCredentialsPath(dataDir)}`;
  return `the development secret made ${credentials.createdAt}, ${where}`;
}

const SAMPLE_PLAN = {
  planConfig: {
    currency: 'USD',
    prices: [{ productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '10.00' }],
  },
  instances: [{ quantity: 2, region: 'eu-west' }],
  calcConfig: { taxRate: '0.2' },
};

/** The development-mode banner: a warning, the token, the demonstration endpoints and a sample curl. Printed once, to the terminal. */
export function devModeBanner(baseUrl: string, credentials: DevCredentials, dataDir: string | null): string {
  const rule = '='.repeat(78);
  const kept = dataDir === null
    ? ['The token and the webhook secrets were made for this process (the store is not on disk).']
    : [`The token and the webhook secrets are kept in ${devCredentialsPath(dataDir)} (key ${keyIdOf(credentials.jwtSecret)}),`, 'so they survive a restart; `pnpm billing` run from this folder finds them there.'];
  return [
    rule,
    'WARNING: DEVELOPMENT MODE. No BILLING_JWT_SECRET or BILLING_JWKS_URL is set, so tokens are',
    'signed with a development secret. Never run this in production (with NODE_ENV=production',
    'the server refuses to start without auth).',
    '',
    ...kept,
    '',
    `Token for organization ${DEV_ORGANIZATION} (valid ${DEV_TOKEN_DAYS} days from when it was made):`,
    '',
    credentials.token,
    '',
    `Demonstration webhook endpoints for ${DEV_ORGANIZATION}: ${PROVIDERS.map((p) => `${baseUrl}/api/v1/webhooks/${p}`).join(', ')}`,
    '',
    'Try:',
    '',
    `curl -sS -X POST '${baseUrl}/v1/plans:calculate' \\`,
    `  -H 'Authorization: Bearer ${credentials.token}' \\`,
    `  -H 'X-Organization-ID: ${DEV_ORGANIZATION}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${JSON.stringify(SAMPLE_PLAN)}'`,
    '',
    'pnpm billing webhook send stripe customer.subscription.created',
    rule,
    '',
  ].join('\n');
}
