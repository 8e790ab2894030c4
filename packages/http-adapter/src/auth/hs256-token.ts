import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';

/**
 * A short public name of an HS256 secret: the first 12 hex digits of its SHA-256. Tokens carry it
 * as their `kid`, so a server that refuses a token's signature can say that the token was signed
 * with another secret than its own, and which, instead of only "invalid" (the secret is at least
 * 32 bytes, so 48 bits of its hash tell nothing usable about it).
 * @example keyIdOf('test-secret-0123456789-abcdefghijklmnop') // 'a1b2c3d4e5f6' (12 hex digits)
 */
export function keyIdOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex').slice(0, 12);
}

export interface Hs256TokenOptions {
  secret: string;
  organizations: readonly string[];
  subject: string;
  now: Date;
  ttlSeconds: number;
  issuer?: string | undefined;
  audience?: string | undefined;
}

/**
 * The one way this package signs a bearer token (development mode, `billing token`): HS256 with
 * `org_ids`, `sub`, `iat`, `exp`, `iss`/`aud` when given, and the secret's `kid`.
 * @example await signHs256Token({ secret, organizations: ['org_demo'], subject: 'dev-user', now: new Date(), ttlSeconds: 3600 })
 */
export async function signHs256Token(options: Hs256TokenOptions): Promise<string> {
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  let jwt = new SignJWT({ org_ids: [...options.organizations] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: keyIdOf(options.secret) })
    .setSubject(options.subject)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + options.ttlSeconds);
  if (options.issuer) jwt = jwt.setIssuer(options.issuer);
  if (options.audience) jwt = jwt.setAudience(options.audience);
  return jwt.sign(new TextEncoder().encode(options.secret));
}
