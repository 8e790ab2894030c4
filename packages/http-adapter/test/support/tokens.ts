import { SignJWT, type JWTPayload } from 'jose';

export const TEST_SECRET = 'test-secret-0123456789-abcdefghijklmnop';
export const OTHER_SECRET = 'other-secret-0123456789-abcdefghijklmno';

const encode = (secret: string) => new TextEncoder().encode(secret);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export interface TokenOptions {
  orgs?: string[];
  claims?: JWTPayload;
  secret?: string;
  /** Seconds from now; negative for an expired token; null for no `exp`. */
  expiresIn?: number | null;
  issuer?: string;
  audience?: string;
  alg?: 'HS256' | 'HS384' | 'HS512';
}

/** An HS256 token for the given organizations (default `org_a`), valid one hour. */
export async function signToken(options: TokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  let jwt = new SignJWT({ org_ids: options.orgs ?? ['org_a'], ...options.claims })
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .setIssuedAt(now - 5);
  const expiresIn = options.expiresIn === undefined ? 3600 : options.expiresIn;
  if (expiresIn !== null) jwt = jwt.setExpirationTime(now + expiresIn);
  if (options.issuer) jwt = jwt.setIssuer(options.issuer);
  if (options.audience) jwt = jwt.setAudience(options.audience);
  return jwt.sign(encode(options.secret ?? TEST_SECRET));
}

/** An unsigned token (`alg: none`) that would otherwise be acceptable. */
export function unsignedToken(orgs: string[] = ['org_a']): string {
  const now = Math.floor(Date.now() / 1000);
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ org_ids: orgs, exp: now + 3600 })}.`;
}

/** Headers of an authenticated call. */
export function authHeaders(token: string, organizationId = 'org_a'): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'x-organization-id': organizationId };
}
