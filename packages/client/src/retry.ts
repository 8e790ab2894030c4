/** How the client retries an operation that is safe to repeat. */
export interface RetryPolicy {
  /** Attempts after the first; 0 turns retries off. */
  maxRetries: number;
  /** The first backoff; each further retry doubles it (with jitter), up to `maxDelayMs`. */
  baseDelayMs: number;
  /** The longest wait before a retry. A `Retry-After` asking for longer ends the retries at once. */
  maxDelayMs: number;
}

/** 2 retries (3 attempts), backoff from 250 ms, at most 20 s of wait before any one retry. */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({ maxRetries: 2, baseDelayMs: 250, maxDelayMs: 20_000 });

/** Hard ceilings on a caller's policy, so a typo cannot make a call wait for hours. */
export const RETRY_POLICY_LIMITS = Object.freeze({ maxRetries: 10, maxDelayMs: 300_000 });

/** The answers worth another attempt: the server is overloaded or briefly unavailable. */
export const RETRIED_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** The policy from a caller's options, each field checked against its bound. */
export function retryPolicyOf(option: Partial<RetryPolicy> | false | undefined): RetryPolicy {
  if (option === false) return { ...DEFAULT_RETRY_POLICY, maxRetries: 0 };
  const policy = { ...DEFAULT_RETRY_POLICY, ...option };
  const check = (field: keyof RetryPolicy, max: number) => {
    const value = policy[field];
    if (!Number.isInteger(value) || value < 0 || value > max) {
      throw new RangeError(`retry.${field} must be an integer from 0 to ${max}, got ${String(value)}`);
    }
  };
  check('maxRetries', RETRY_POLICY_LIMITS.maxRetries);
  check('baseDelayMs', RETRY_POLICY_LIMITS.maxDelayMs);
  check('maxDelayMs', RETRY_POLICY_LIMITS.maxDelayMs);
  return policy;
}

/**
 * The wait a `Retry-After` header asks for, in milliseconds: delay-seconds or an HTTP date.
 * Undefined when the header is absent or unreadable.
 * @example retryAfterMs('2', Date.now()) // 2000
 */
export function retryAfterMs(header: string | null, nowMs: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // NOTE: only the IMF-fixdate form HTTP prescribes (`Sun, 06 Nov 1994 08:49:37 GMT`): Date.parse
  // alone reads '-1' as a date in the year -1.
  if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/**
 * The wait before retry number `retry` (0 for the first): the exponential backoff with jitter,
 * and never less than the server's `Retry-After`. Undefined when the server asks for longer than
 * the policy allows: the caller gets the error at once rather than a call that hangs.
 * @example retryDelayMs(0, 1000, DEFAULT_RETRY_POLICY, () => 0.5) // 1000 (Retry-After wins)
 */
export function retryDelayMs(retry: number, serverMs: number | undefined, policy: RetryPolicy, random: () => number): number | undefined {
  if (serverMs !== undefined && serverMs > policy.maxDelayMs) return undefined;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  // NOTE: "equal jitter": half the backoff fixed, half random, so many clients that failed
  // together do not retry together, and no retry comes sooner than half its backoff.
  const backoff = Math.round(ceiling / 2 + (ceiling / 2) * random());
  return Math.max(backoff, serverMs ?? 0);
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
function sleep(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A fetch that repeats a request answered 429 or 503, as the policy says. Only for operations
 * that are safe to repeat: the caller decides which.
 */
export function retryingFetch(
  fetchOnce: (request: Request) => Promise<Response>,
  policy: RetryPolicy,
  random: () => number = Math.random,
): (request: Request) => Promise<Response> {
  return async (request) => {
    for (let retry = 0; ; retry += 1) {
      const last = retry >= policy.maxRetries;
      // NOTE: a request's body can be read once; each attempt but the last sends a copy.
      const response = await fetchOnce(last ? request : request.clone());
      if (last || !RETRIED_STATUSES.has(response.status)) return response;
      const wait = retryDelayMs(retry, retryAfterMs(response.headers.get('retry-after'), Date.now()), policy, random);
      if (wait === undefined) return response;
      await response.body?.cancel();
      await sleep(wait, request.signal);
    }
  };
}
