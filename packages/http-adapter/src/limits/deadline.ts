import type { Context } from 'hono';
import { errorResponse } from '../errors/aip193.js';
import { deadlineExceededMessage, type AppEnv } from '../http/context.js';
import type { WebhookAckBody } from '../schemas/webhook-ack.js';

/** The 504 acknowledgement of a webhook delivery whose deadline passed. */
export function webhookDeadlineBody(message: string): WebhookAckBody {
  return { success: false, eventId: '', message: `${message}; retry later` };
}

/**
 * The 504 answer of a request whose deadline passed (a webhook delivery keeps its acknowledgement shape).
 * Used by the request middleware and by the error handlers for work the deadline aborted, so whichever
 * answers, the answer is the same.
 */
export function deadlineResponse(c: Context<AppEnv>): Response {
  const scope = c.get('scope');
  const message = deadlineExceededMessage(scope.timeoutMs);
  return scope.acknowledges ? c.json(webhookDeadlineBody(message), 504) : errorResponse(c, { status: 'DEADLINE_EXCEEDED', reason: 'DEADLINE_EXCEEDED', message });
}

export { DeadlineExceededError, deadlineExceededMessage } from '../http/context.js';
