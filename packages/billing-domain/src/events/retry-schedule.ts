import type { AttemptOutcome, LeasedDelivery } from './event-ports.js';

/** How deliveries are retried and when a destination is given up on. */
export interface DeliveryPolicy {
  /** Waits before the 2nd, 3rd, ... attempt, in milliseconds (BILLING_EVENT_RETRY_SCHEDULE). */
  scheduleMs: readonly number[];
  /** Each wait moves by a random part of itself up to this fraction either way (0.1). */
  jitter: number;
  /** Longest `Retry-After` honoured, in milliseconds (one hour). */
  maxRetryAfterMs: number;
  /** A destination whose attempts have all failed this long is disabled (BILLING_EVENT_DISABLE_AFTER). */
  disableAfterMs: number;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * A duration such as `5s`, `30m`, `2h`, `5d` or `250ms` in milliseconds; undefined when it is not one.
 * @example parseDuration('5m') // 300000
 */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,9})(ms|s|m|h|d)$/.exec(text.trim());
  if (match === null) return undefined;
  return Number(match[1]) * (UNIT_MS[match[2]!] ?? Number.NaN);
}

/**
 * A comma-separated list of durations (the retry schedule); undefined when any part is not one, or
 * when it has no part or more than 50.
 * @example parseSchedule('5s,5m,30m') // [5000, 300000, 1800000]
 */
export function parseSchedule(text: string): number[] | undefined {
  const parts = text.split(',');
  if (parts.length === 0 || parts.length > 50) return undefined;
  const waits = parts.map(parseDuration);
  return waits.every((w): w is number => w !== undefined) ? waits : undefined;
}

/** The default policy: `5s,5m,30m,2h,5h,10h,10h` (8 attempts over about 28 hours), 10% jitter, disable after 5 days. */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  scheduleMs: parseSchedule('5s,5m,30m,2h,5h,10h,10h')!,
  jitter: 0.1,
  maxRetryAfterMs: 3_600_000,
  disableAfterMs: 5 * 86_400_000,
};

/** What one attempt came to, before it is recorded. */
export interface AttemptResult {
  /** The answer's status; undefined when there was no answer. */
  httpStatus?: number;
  /** Why there was no answer. */
  error?: string;
  durationMs: number;
  /** The first 1 KiB of the answer's body. */
  response: string;
  /** The answer's `Retry-After`, in milliseconds, when it had one. */
  retryAfterMs?: number;
}

/**
 * `Retry-After` in milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable.
 * @example retryAfterMs('120', new Date()) // 120000
 */
export function retryAfterMs(header: string | undefined, now: Date): number | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/**
 * What follows an attempt: success ends the delivery; a 410 disables the destination and cancels
 * its pending deliveries; any other failure waits the schedule's next wait (jittered, or the
 * answer's `Retry-After` on a 429 or 503 when longer, at most `maxRetryAfterMs`), and after the
 * last one the delivery has failed. A destination whose attempts have all failed for
 * `disableAfterMs` is disabled. `random` answers in [0, 1).
 * @example nextStep(leased, { httpStatus: 500, durationMs: 3, response: '' }, DEFAULT_DELIVERY_POLICY, now, Math.random).status // 'pending'
 */
export function nextStep(
  delivery: Pick<LeasedDelivery, 'attemptsInRun' | 'failingSince'>,
  result: AttemptResult,
  policy: DeliveryPolicy,
  now: Date,
  random: () => number,
): Omit<AttemptOutcome, 'delivery' | 'attempt'> {
  const attemptsInRun = delivery.attemptsInRun + 1;
  const status = result.httpStatus;
  if (status !== undefined && status >= 200 && status < 300) {
    return { status: 'succeeded', attemptsInRun, nextAttemptTime: null, succeeded: true, disableReason: null, cancelPending: false };
  }
  if (status === 410) {
    return {
      status: 'failed',
      attemptsInRun,
      nextAttemptTime: null,
      succeeded: false,
      disableReason: 'the destination answered 410 Gone',
      cancelPending: true,
    };
  }
  const failingSince = delivery.failingSince === null ? now.getTime() : Date.parse(delivery.failingSince);
  const disableReason =
    now.getTime() - failingSince >= policy.disableAfterMs
      ? `every attempt failed since ${new Date(failingSince).toISOString()} (BILLING_EVENT_DISABLE_AFTER)`
      : null;
  const wait = policy.scheduleMs[attemptsInRun - 1];
  if (wait === undefined) {
    return { status: 'failed', attemptsInRun, nextAttemptTime: null, succeeded: false, disableReason, cancelPending: false };
  }
  let delay = wait * (1 + (random() * 2 - 1) * policy.jitter);
  if ((status === 429 || status === 503) && result.retryAfterMs !== undefined && result.retryAfterMs > delay) {
    delay = Math.min(result.retryAfterMs, policy.maxRetryAfterMs);
  }
  const nextAttemptTime = new Date(now.getTime() + Math.round(delay)).toISOString();
  return { status: 'pending', attemptsInRun, nextAttemptTime, succeeded: false, disableReason, cancelPending: false };
}
