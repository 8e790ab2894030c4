import { createRemoteJWKSet, errors, type JWTVerifyGetKey } from 'jose';

/** How long one JWKS request may take before it counts as unavailable. */
export const JWKS_TIMEOUT_MS = 5_000;
/** An unknown key id refetches the key set at most this often (default once a minute; BILLING_JWKS_COOLDOWN_MS). */
export const JWKS_COOLDOWN_MS = 60_000;
/** A fetched key set is used this long before it is fetched again. */
export const JWKS_CACHE_MAX_AGE_MS = 600_000;
/** After a failed fetch, requests answer "unavailable" this long without fetching again. */
export const JWKS_FAILURE_BACKOFF_MS = 5_000;

/** The key set could not be fetched (unreachable, timed out, not 200, not a key set): our outage. */
export class KeySetUnavailableError extends Error {
  override readonly name = 'KeySetUnavailableError';
}

export interface RemoteKeySetOptions {
  timeoutMs?: number;
  cooldownMs?: number;
  cacheMaxAgeMs?: number;
  failureBackoffMs?: number;
}

/** Errors about the token against a key set we have; anything else from the key lookup is the fetch failing. */
const TOKEN_ERRORS = [errors.JWKSNoMatchingKey, errors.JWKSMultipleMatchingKeys, errors.JOSENotSupported, errors.JOSEAlgNotAllowed];

/**
 * jose's remote key set with our timeout, cooldown and cache age, whose fetch failures all
 * become `KeySetUnavailableError` (jose throws a plain error for a 5xx answer, which would
 * otherwise read as a malformed token). Without a usable key set, a failure is not retried for
 * `failureBackoffMs`, so an outage is not met with one fetch per request.
 * @example const getKey = remoteKeySet(new URL('https://idp.example/.well-known/jwks.json'))
 */
export function remoteKeySet(url: URL, options: RemoteKeySetOptions = {}): JWTVerifyGetKey {
  const remote = createRemoteJWKSet(url, {
    timeoutDuration: options.timeoutMs ?? JWKS_TIMEOUT_MS,
    cooldownDuration: options.cooldownMs ?? JWKS_COOLDOWN_MS,
    cacheMaxAge: options.cacheMaxAgeMs ?? JWKS_CACHE_MAX_AGE_MS,
  });
  const backoffMs = options.failureBackoffMs ?? JWKS_FAILURE_BACKOFF_MS;
  let failedAt = Number.NEGATIVE_INFINITY;
  return async (header, token) => {
    // NOTE: only when there is no usable key set (none yet, or past its age) is the fetch certain;
    // a known key id is still served from the set in hand. jose reads Date.now(), and so does this.
    if (!remote.fresh && Date.now() - failedAt < backoffMs) throw new KeySetUnavailableError('the key set was unavailable moments ago');
    try {
      return await remote(header, token);
    } catch (error) {
      if (TOKEN_ERRORS.some((type) => error instanceof type)) throw error;
      failedAt = Date.now();
      throw new KeySetUnavailableError('the key set could not be fetched', { cause: error });
    }
  };
}
