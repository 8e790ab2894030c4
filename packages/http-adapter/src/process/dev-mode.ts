import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';

/** The organization the development token acts for. */
export const DEV_ORGANIZATION = 'org_demo';
const DEV_TOKEN_DAYS = 30;

export interface DevCredentials {
  /** The random HS256 secret of this process. */
  secret: string;
  /** A token for `org_demo`, valid 30 days. */
  token: string;
}

/**
 * A random secret and a ready token for `org_demo`, for development mode only.
 * @example const { secret, token } = await createDevCredentials({ now: new Date() })
 */
export async function createDevCredentials(options: { now: Date; issuer?: string; audience?: string }): Promise<DevCredentials> {
  const secret = randomBytes(32).toString('base64url');
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  let jwt = new SignJWT({ org_ids: [DEV_ORGANIZATION] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('dev-user')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + DEV_TOKEN_DAYS * 24 * 3600);
  if (options.issuer) jwt = jwt.setIssuer(options.issuer);
  if (options.audience) jwt = jwt.setAudience(options.audience);
  const token = await jwt.sign(new TextEncoder().encode(secret));
  return { secret, token };
}

const SAMPLE_PLAN = {
  planConfig: {
    currency: 'USD',
    prices: [{ productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '10.00' }],
  },
  instances: [{ quantity: 2, region: 'eu-west' }],
  calcConfig: { taxRate: '0.2' },
};

/** The development-mode banner: a warning, the token and a sample curl. Printed once, to the terminal. */
export function devModeBanner(baseUrl: string, token: string): string {
  const rule = '='.repeat(78);
  return [
    rule,
    'WARNING: DEVELOPMENT MODE. No BILLING_JWT_SECRET or BILLING_JWKS_URL is set, so tokens are',
    'signed with a random secret that lives as long as this process. Never run this in production',
    '(with NODE_ENV=production the server refuses to start without auth).',
    '',
    `Token for organization ${DEV_ORGANIZATION} (valid ${DEV_TOKEN_DAYS} days):`,
    '',
    token,
    '',
    'Try:',
    '',
    `curl -sS -X POST '${baseUrl}/v1/plans:calculate' \\`,
    `  -H 'Authorization: Bearer ${token}' \\`,
    `  -H 'X-Organization-ID: ${DEV_ORGANIZATION}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${JSON.stringify(SAMPLE_PLAN)}'`,
    rule,
    '',
  ].join('\n');
}
