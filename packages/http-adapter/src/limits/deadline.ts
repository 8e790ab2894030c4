import type { MiddlewareHandler } from 'hono';
import { errorResponse } from '../errors/aip193.js';
import type { AppEnv } from '../http/context.js';

/** The reason a request's deadline signal aborts with. */
export class DeadlineExceededError extends Error {
  override readonly name = 'DeadlineExceededError';
}

/**
 * Caps the handling of a request at `timeoutMs`: past it the answer is 504 DEADLINE_EXCEEDED (the webhook
 * route keeps its acknowledgement shape) and `c.var.deadline` aborts, so work that listens to it (a worker
 * calculation) stops. Work that does not listen (a storage transaction) runs on to its end, whole or not at all.
 * @example app.use('*', deadline(10_000, (path) => path.startsWith('/api/v1/webhooks/')))
 */
export function deadline(timeoutMs: number, isWebhook: (path: string) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const controller = new AbortController();
    c.set('deadline', controller.signal);
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<'expired'>((resolve) => {
      timer = setTimeout(() => {
        controller.abort(new DeadlineExceededError(`the request took longer than ${timeoutMs} ms`));
        resolve('expired');
      }, timeoutMs);
    });
    const work = next().then(() => 'done' as const);
    // NOTE: once the deadline has answered, a late failure of the abandoned work must not surface as an
    // unhandled rejection; the app's onError has logged it already.
    work.catch(() => undefined);
    try {
      if ((await Promise.race([work, expired])) === 'done') return;
    } finally {
      clearTimeout(timer);
    }
    c.var.log?.warn({ timeoutMs }, 'request deadline exceeded');
    const message = `the request was not handled within ${timeoutMs} ms (BILLING_REQUEST_TIMEOUT_MS)`;
    c.res = undefined;
    c.res = isWebhook(c.req.path)
      ? c.json({ success: false, eventId: '', message: `${message}; retry later` }, 504)
      : errorResponse(c, { status: 'DEADLINE_EXCEEDED', reason: 'DEADLINE_EXCEEDED', message });
  };
}
