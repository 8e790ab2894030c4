import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/context.js';

/**
 * The request deadline (BILLING_REQUEST_TIMEOUT_MS), as Hono's `timeout` middleware does it: `next()`
 * races a timer started from the request's arrival; when the timer wins, the work listening to the
 * request's signal (a worker calculation) is stopped and a `DeadlineExceededError` is thrown, which the
 * sub-app's `onError` answers as a 504 in its own shape. The handler's late answer is dropped.
 * Each sub-app whose handlers wait (storage, a body, a worker) uses it; a handler that never waits
 * cannot be overtaken by a timer and goes without.
 * @example v1.use('*', deadline)
 */
export const deadline: MiddlewareHandler<AppEnv> = async (c, next) => {
  const scope = c.get('scope');
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(scope.expire()), scope.remainingMs());
  });
  try {
    await Promise.race([next(), expired]);
  } finally {
    clearTimeout(timer);
  }
};

export { DeadlineExceededError, deadlineExceededMessage } from '../http/context.js';
