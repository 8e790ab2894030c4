import { createBillingService, type BillingConfig, type ProviderName } from '@billing/billing-domain';
import { openTestStore } from '../../../../billing-domain/test/support/pglite.js';
import { createApp } from '../../../src/app.js';
import { createJwtVerifier } from '../../../src/auth/token-verifier.js';
import { createLogger } from '../../../src/process/logger.js';
import { OTHER_SECRET, signToken, TEST_SECRET, type TokenOptions } from '../../support/tokens.js';
import { STANDARD_SECRET, STRIPE_SECRET } from '../../support/webhook-payloads.js';
import { recordingStore, type RecordingStore } from './recording-store.js';
import { PADDLE_SECRET, signatureValues, signedSubscription, STANDARD_SECRET_B, STRANGER_SECRETS, type Delivery } from './signing.js';

export const ISSUER = 'https://auth.security.test';
export const AUDIENCE = 'billing-api';
const TOLERANCE = 300;

/**
 * Tenants: org_a receives Stripe by signature alone and standard with a bearer token; org_b
 * receives Paddle by signature alone and standard (its own secret) with a bearer token.
 */
export const SECURITY_CONFIG: BillingConfig = {
  webhookEndpoints: [
    { provider: 'stripe', organizationId: 'org_a', secrets: [STRIPE_SECRET], requireBearer: false, toleranceSeconds: TOLERANCE },
    { provider: 'paddle', organizationId: 'org_b', secrets: [PADDLE_SECRET], requireBearer: false, toleranceSeconds: TOLERANCE },
    { provider: 'standard', organizationId: 'org_a', secrets: [STANDARD_SECRET], requireBearer: true, toleranceSeconds: TOLERANCE },
    { provider: 'standard', organizationId: 'org_b', secrets: [STANDARD_SECRET_B], requireBearer: true, toleranceSeconds: TOLERANCE },
  ],
};

/** The organization each provider's signature-only or bearer endpoint stores into in `seed`. */
export const SEED_ORG: Record<ProviderName, string> = { stripe: 'org_a', paddle: 'org_b', standard: 'org_a' };

/** An app on a memory PGlite store, with issuer and audience checks, logging into memory. */
export interface SecurityWorld {
  app: ReturnType<typeof createApp>;
  recorder: RecordingStore;
  /** Everything the app logged, as written. */
  logText: () => string;
  /** Every token, secret and signature a test used; none may appear in the log. */
  sensitive: Set<string>;
  /** A valid token (registered as sensitive); options override the defaults. */
  token: (orgs?: string[], options?: TokenOptions) => Promise<string>;
  /** Sends a delivery (registering its signatures as sensitive). */
  deliver: (delivery: Delivery, extraHeaders?: Record<string, string>) => Promise<Response>;
  /** A JSON rendering of an organization's add-ons as the list API answers. */
  addonsOf: (org: string) => Promise<string>;
  close: () => Promise<void>;
}

export async function securityWorld(): Promise<SecurityWorld> {
  const recorder = recordingStore(await openTestStore({ databaseUrl: 'memory://' }));
  const chunks: string[] = [];
  const logger = createLogger('debug', { write: (chunk: string) => void chunks.push(chunk) });
  const billing = createBillingService({ store: recorder.store, config: SECURITY_CONFIG });
  const verifier = createJwtVerifier({ secret: TEST_SECRET, issuer: ISSUER, audience: AUDIENCE });
  const app = createApp({ billing, auth: verifier, logger, bodyLimitBytes: 256 * 1024 });
  const sensitive = new Set<string>([TEST_SECRET, OTHER_SECRET, STRIPE_SECRET, PADDLE_SECRET, STANDARD_SECRET, STANDARD_SECRET_B, ...Object.values(STRANGER_SECRETS)]);
  const token = async (orgs = ['org_a'], options: TokenOptions = {}) => {
    const jwt = await signToken({ orgs, issuer: ISSUER, audience: AUDIENCE, ...options });
    sensitive.add(jwt);
    return jwt;
  };
  const deliver = async (delivery: Delivery, extraHeaders: Record<string, string> = {}) => {
    for (const s of signatureValues(delivery)) sensitive.add(s);
    return app.request(`/api/v1/webhooks/${delivery.provider}`, { method: 'POST', body: delivery.body, headers: { ...delivery.headers, ...extraHeaders } });
  };
  const addonsOf = async (org: string) => {
    const res = await app.request('/v1/addon-subscriptions?pageSize=1000', { headers: { authorization: `Bearer ${await token([org])}`, 'x-organization-id': org } });
    if (res.status !== 200) throw new Error(`list answered ${res.status}`);
    return res.text();
  };
  return { app, recorder, logText: () => chunks.join(''), sensitive, token, deliver, addonsOf, close: () => billing.close() };
}

/** Stores one add-on per provider endpoint (org_a: stripe + standard, org_b: paddle + standard); returns their ids by org. */
export async function seed(world: SecurityWorld, tag: string): Promise<Record<string, string[]>> {
  const now = new Date();
  const bearer = async (org: string) => ({ authorization: `Bearer ${await world.token([org])}`, 'x-organization-id': org });
  const sends: [Delivery, Record<string, string>][] = [
    [signedSubscription('stripe', `${tag}_s`, now), {}],
    [signedSubscription('paddle', `${tag}_p`, now), {}],
    [signedSubscription('standard', `${tag}_a`, now), await bearer('org_a')],
    [signedSubscription('standard', `${tag}_b`, now, STANDARD_SECRET_B), await bearer('org_b')],
  ];
  for (const [delivery, headers] of sends) {
    const res = await world.deliver(delivery, headers);
    if (res.status !== 200) throw new Error(`seeding ${delivery.provider} answered ${res.status}: ${await res.text()}`);
  }
  const ids: Record<string, string[]> = {};
  for (const org of ['org_a', 'org_b']) {
    const page = JSON.parse(await world.addonsOf(org)) as { addonSubscriptions: { id: string }[] };
    ids[org] = page.addonSubscriptions.map((a) => a.id);
  }
  return ids;
}

/** Sensitive values found in the log (a token also counts when only its signature part is there). */
export function leakedInto(logText: string, sensitive: Iterable<string>): string[] {
  const leaks: string[] = [];
  for (const value of sensitive) {
    const parts = value.split('.').length === 3 ? [value, value.split('.')[2]!] : [value];
    for (const part of parts) if (part.length >= 12 && logText.includes(part)) leaks.push(part.slice(0, 12));
  }
  if (/bearer /i.test(logText)) leaks.push('a "Bearer " credential');
  return leaks;
}
