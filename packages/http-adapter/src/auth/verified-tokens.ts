/** A verified token as remembered: what it allows and the times that bound it. */
interface Remembered {
  organizationIds: readonly string[];
  subject: string | null;
  /** `nbf` in ms, or 0. */
  notBefore: number;
  /** min(`exp`, verification time + TTL) in ms. */
  until: number;
}

/** How long a verification is reused at most (a key removed from a JWKS stops being honoured after this). */
export const VERIFIED_TOKEN_TTL_MS = 60_000;
/** Tokens remembered at most; the least recently used is forgotten first. */
export const VERIFIED_TOKEN_CAPACITY = 10_000;

/**
 * Remembers tokens that verified, so a client reusing its token is not re-verified on every
 * request (HMAC or RSA through WebCrypto was ~12% of a small calculate request): an LRU keyed by the
 * token text, so a hit is one map lookup and no cryptography. Only successes are kept; `nbf` and `exp`
 * are checked again at every use, and an entry lives at most the TTL.
 * @example const hit = cache.get(token, Date.now()) ?? verifyAndRemember()
 */
export function verifiedTokenCache(ttlMs = VERIFIED_TOKEN_TTL_MS, capacity = VERIFIED_TOKEN_CAPACITY) {
  const entries = new Map<string, Remembered>();
  return {
    get(token: string, nowMs: number): { organizationIds: readonly string[]; subject: string | null } | undefined {
      const entry = entries.get(token);
      if (entry === undefined) return undefined;
      if (nowMs >= entry.until || nowMs < entry.notBefore) {
        entries.delete(token);
        return undefined;
      }
      // NOTE: a hit moves the token to the young end of the map's insertion order (the LRU order).
      entries.delete(token);
      entries.set(token, entry);
      return { organizationIds: entry.organizationIds, subject: entry.subject };
    },
    set(token: string, nowMs: number, claims: { exp?: number; nbf?: number }, allows: { organizationIds: readonly string[]; subject: string | null }): void {
      if (claims.exp === undefined) return;
      if (!entries.delete(token) && entries.size >= capacity) entries.delete(entries.keys().next().value as string);
      entries.set(token, { ...allows, notBefore: (claims.nbf ?? 0) * 1000, until: Math.min(claims.exp * 1000, nowMs + ttlMs) });
    },
  };
}
