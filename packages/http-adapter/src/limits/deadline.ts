import type { Context, MiddlewareHandler } from 'hono';
import { errorResponse } from '../errors/aip193.js';
import type { AppEnv } from '../http/context.js';
import { arrivalOf } from '../http/arrival.js';
import { WEBHOOK_PREFIX } from '../http/webhook-prefix.js';

/** The reason a request's deadline signal aborts with. */
export class DeadlineExceededError extends Error {
  override readonly name = 'DeadlineExceededError';
}

/**
 * Caps the handling of a request at `timeoutMs`: past it the answer is 504 DEADLINE_EXCEEDED (the webhook
 * route keeps its acknowledgement shape) and `c.var.deadline` aborts, so work that listens to it (a worker
 * calculation) stops. Work that does not listen (a storage transaction) runs on to its end, whole or not at all.
 * @example app.use('*', deadline(10_000))
 */
export function deadline(timeoutMs: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const controller = new AbortController();
    const signal = controller.signal;
    c.set('deadline', signal);
    let timer: NodeJS.Timeout | undefined;
    // NOTE: a request the calculate lane passed on has been under way since it arrived; that time counts.
    const remainingMs = Math.max(0, timeoutMs - (performance.now() - arrivalOf(c)));
    try {
      // NOTE: one promise per request, settled by whichever comes first: the work (true), its failure (thrown
      // on), or the timer (false). A failure of the work after the deadline has answered settles nothing and
      // is not an unhandled rejection (the app's onError has logged it already). Work that stopped because
      // the deadline aborted it may finish first; the deadline still answers.
      const done = await new Promise<boolean>((resolve, reject) => {
        timer = setTimeout(() => {
          controller.abort(new DeadlineExceededError(deadlineExceededMessage(timeoutMs)));
          resolve(false);
        }, remainingMs);
        next().then(() => resolve(true), reject);
      });
      if (done && !signal.aborted) return;
    } finally {
      clearTimeout(timer);
    }
    c.get('log')?.warn({ timeoutMs }, 'request deadline exceeded');
    c.res = undefined;
    c.res = deadlineResponse(c);
  };
}

/**
 * Why a request was answered 504: the message of its error.
 * @example deadlineExceededMessage(10_000) // 'the request was not handled within 10000 ms (BILLING_REQUEST_TIMEOUT_MS)'
 */
export function deadlineExceededMessage(timeoutMs: number): string {
  return `the request was not handled within ${timeoutMs} ms (BILLING_REQUEST_TIMEOUT_MS)`;
}

/**
 * The 504 answer of a request whose deadline passed (the webhook route keeps its acknowledgement shape).
 * Also used by the app's onError for work the deadline aborted, so whichever answers, the answer is the same.
 */
export function deadlineResponse(c: Context<AppEnv>): Response {
  const reason: unknown = c.get('deadline')?.reason;
  const message = reason instanceof DeadlineExceededError ? reason.message : 'the request deadline passed';
  return c.req.path.startsWith(WEBHOOK_PREFIX)
    ? c.json({ success: false, eventId: '', message: `${message}; retry later` }, 504)
    : errorResponse(c, { status: 'DEADLINE_EXCEEDED', reason: 'DEADLINE_EXCEEDED', message });
}
