import { decodeProtectedHeader, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { keyIdOf } from './hs256-token.js';
import { KeySetUnavailableError, remoteKeySet, type RemoteKeySetOptions } from './remote-key-set.js';
import { verifiedTokenCache } from './verified-tokens.js';

/** What a verified bearer token allows. */
export type TokenVerification =
  | {
      ok: true;
      /** Organizations the token may act for (`org_ids` and `org_id` claims). */
      organizationIds: readonly string[];
      /** The `sub` claim, or null. */
      subject: string | null;
    }
  | {
      ok: false;
      /** Why the token was refused; safe to show to the caller (never contains the token). */
      reason: string;
      /** True when the keys could not be fetched (JWKS down): a server problem, not the caller's. */
      unavailable: boolean;
    };

/** Checks a bearer token. Never throws. */
export interface TokenVerifier {
  verify(token: string): Promise<TokenVerification>;
}

export interface JwtVerifierOptions {
  /** HS256 shared secret. Exactly one of `secret` and `jwksUrl`. */
  secret?: string;
  /** Where `secret` comes from (`BILLING_JWT_SECRET`, the development secret's file), named when a signature does not match. */
  secretSource?: string;
  /** JWKS endpoint holding the public keys (asymmetric algorithms only). */
  jwksUrl?: string;
  /** When set, the `iss` claim must equal it. */
  issuer?: string;
  /** When set, the `aud` claim must contain it. */
  audience?: string;
  clock?: () => Date;
  /** JWKS fetch timeout, cooldown and cache age (defaults in remote-key-set.ts). */
  jwks?: RemoteKeySetOptions;
}

/** The `Retry-After` (seconds) of a 503 answered because the key set is unavailable. */
export const KEYS_RETRY_AFTER_SECONDS = 5;

/** Algorithms accepted with a shared secret. */
export const HMAC_ALGORITHMS = ['HS256'] as const;
/** Algorithms accepted with JWKS keys. */
export const JWKS_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'] as const;

/**
 * A verifier for JWTs: HS256 with a secret, or asymmetric keys from a JWKS URL. `exp` is required.
 * @example createJwtVerifier({ secret: process.env.BILLING_JWT_SECRET })
 */
export function createJwtVerifier(options: JwtVerifierOptions): TokenVerifier {
  const { key, algorithms } = keyOf(options);
  const clock = options.clock ?? (() => new Date());
  const nowMs = options.clock ? () => options.clock!().getTime() : Date.now;
  const verified = verifiedTokenCache();
  const ownKeyId = options.secret ? keyIdOf(options.secret) : undefined;
  const badSignature = (token: string) => signatureRefusal(token, ownKeyId, options.secretSource);
  return {
    async verify(token) {
      // NOTE: a remembered token costs one map lookup: no Date, no cryptography.
      const known = verified.get(token, nowMs());
      if (known) return { ok: true, ...known };
      const now = clock();
      try {
        const { payload } = await jwtVerify(token, typeof key === 'function' ? key : await key, {
          algorithms: [...algorithms],
          requiredClaims: ['exp'],
          currentDate: now,
          ...(options.issuer ? { issuer: options.issuer } : {}),
          ...(options.audience ? { audience: options.audience } : {}),
        });
        const allows = { organizationIds: organizationsOf(payload), subject: payload.sub ?? null };
        verified.set(token, now.getTime(), payload, allows);
        return { ok: true, ...allows };
      } catch (error) {
        return error instanceof errors.JWSSignatureVerificationFailed ? badSignature(token) : refusal(error);
      }
    },
  };
}

type HmacKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

function keyOf(options: JwtVerifierOptions): { key: Promise<HmacKey> | JWTVerifyGetKey; algorithms: readonly string[] } {
  if (options.secret && options.jwksUrl) throw new Error('configure either a JWT secret or a JWKS URL, not both');
  if (options.secret) {
    // NOTE: imported once; given raw bytes, jose would import the key again on every verification.
    const key = crypto.subtle.importKey('raw', new TextEncoder().encode(options.secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    return { key, algorithms: HMAC_ALGORITHMS };
  }
  if (options.jwksUrl) return { key: remoteKeySet(new URL(options.jwksUrl), options.jwks), algorithms: JWKS_ALGORITHMS };
  throw new Error('a JWT secret or a JWKS URL is required');
}

/** Organizations from `org_ids` (array of strings) and `org_id` (string); anything else is ignored. */
export function organizationsOf(payload: JWTPayload): string[] {
  const orgs = new Set<string>();
  const many = payload['org_ids'];
  if (Array.isArray(many)) for (const o of many) if (typeof o === 'string' && o !== '') orgs.add(o);
  const one = payload['org_id'];
  if (typeof one === 'string' && one !== '') orgs.add(one);
  return [...orgs];
}

/** The key ids `keyIdOf` makes; any other `kid` is not repeated back. */
const KEY_ID = /^[0-9a-f]{12}$/;
/**
 * A signature that does not verify, saying what changed when the token tells: HS256 tokens this
 * package signs carry their secret's key id, so a token of an earlier secret (a development
 * server whose data folder was removed, a rotated BILLING_JWT_SECRET) is told apart from a forgery.
 */
function signatureRefusal(token: string, ownKeyId: string | undefined, source: string | undefined): TokenVerification {
  let kid: unknown;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    kid = undefined;
  }
  const from = source ? ` (${source})` : '';
  const reason =
    typeof kid === 'string' && KEY_ID.test(kid) && ownKeyId !== undefined && kid !== ownKeyId
      ? `the token signature is invalid: it was signed with key ${kid}, and this server verifies with key ${ownKeyId}${from}; the signing secret changed since the token was made, so use a token made with the current one`
      : 'the token signature is invalid';
  return { ok: false, reason, unavailable: false };
}

function refusal(error: unknown): TokenVerification {
  const refused = (reason: string) => ({ ok: false, reason, unavailable: false }) as const;
  if (error instanceof errors.JWTExpired) return refused('the token has expired');
  if (error instanceof errors.JWTClaimValidationFailed) return refused(`the token's "${error.claim}" claim is not accepted`);
  if (error instanceof errors.JOSEAlgNotAllowed) return refused('the token algorithm is not accepted');
  if (error instanceof errors.JWKSNoMatchingKey) return refused('no key matches the token');
  // NOTE: a JWKS endpoint that times out, answers 5xx or garbage, or cannot be reached is our
  // outage, not a bad token: the caller gets 503, never 401.
  if (error instanceof KeySetUnavailableError || !(error instanceof errors.JOSEError)) {
    return { ok: false, reason: 'the token could not be verified right now (key set unavailable)', unavailable: true };
  }
  return refused('the token is malformed');
}
