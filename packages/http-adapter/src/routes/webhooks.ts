import {
  standardWebhookPayloadSchema,
  type WebhookOutcomeCode,
  type WebhookProcessor,
} from '@billing/billing-domain';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { optionalBearer } from '../auth/require-auth.js';
import { KEYS_RETRY_AFTER_SECONDS, type TokenVerifier } from '../auth/token-verifier.js';
import { WEBHOOK_HTTP_STATUS } from '../errors/status-table.js';
import { readBody } from '../http/body.js';
import { requestScope } from '../http/request-scope.js';
import type { AppEnv } from '../http/context.js';
import { recordWebhookDelivery } from '../metrics/webhook-outcome.js';
import { foreignComponent } from './foreign-schema.js';
import { webhookAuthMessage } from './webhook-auth-messages.js';
import { webhookAckSchema, webhookHeadersSchema, webhookParamsSchema, type WebhookAckBody } from '../schemas/webhook-ack.js';
import { requestHeader, requestHeaders } from '../http/request-header.js';

const ack = (description: string, example: WebhookAckBody = { success: false, eventId: '', message: 'invalid signature' }) => ({
  description,
  content: { 'application/json': { schema: webhookAckSchema, example } },
});
const STANDARD_EXAMPLE = {
  type: 'payment.succeeded',
  timestamp: '2024-06-10T06:13:20Z',
  data: { subscriptionId: 'sub_1PQy1b', amount: '22.40', currency: 'EUR' },
};

const deliverRoute = createRoute({
  method: 'post',
  path: '/{provider}',
  operationId: 'deliverWebhook',
  tags: ['Webhooks'],
  summary: 'Receive a payment-provider event',
  description: [
    'Verified over the raw body: `Stripe-Signature` (stripe), `Paddle-Signature` (paddle), or',
    '`webhook-id` / `webhook-timestamp` / `webhook-signature` (standard). Endpoints configured with',
    '`requireBearer` (the default) also need `Authorization: Bearer` and `X-Organization-ID`.',
    'Stripe and Paddle send their own event formats; the body schema below is the `standard` one.',
  ].join(' '),
  security: [{ bearerAuth: [] }, {}],
  request: {
    params: webhookParamsSchema,
    headers: webhookHeadersSchema,
    body: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/StandardWebhookPayload' }, example: STANDARD_EXAMPLE } } },
  },
  responses: {
    200: ack('Applied, duplicate, ignored, or stored for later', { success: true, eventId: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W', message: 'event msg_2KWPBgLlAfxdpx2AI54pPJ85f4W applied' }),
    400: ack('Missing signature headers (refused before the body is read), bad signature, stale timestamp, or malformed body; nothing stored'),
    401: ack('The endpoint requires a bearer token and none valid came'),
    403: ack('The bearer token may not act for the organization of any endpoint of the provider'),
    404: ack('Unknown provider, or no endpoint configured for it'),
    413: ack('Body over the limit'),
    500: ack('Internal error; retry'),
    503: ack('Storage unavailable, or the bearer token could not be checked (key set unavailable; Retry-After); nothing applied, retry'),
  },
});

const answer = (c: Context, body: WebhookAckBody, status: ContentfulStatusCode) => c.json(body, status);
const refuse = (c: Context, message: string, status: ContentfulStatusCode) => answer(c, { success: false, eventId: '', message }, status);

/** Outcomes that a token we could not check (keys unavailable) may have caused; they answer 503 instead. */
const TOKEN_DEPENDENT: ReadonlySet<WebhookOutcomeCode> = new Set(['webhook.unauthenticated', 'webhook.invalid_signature']);

/**
 * `POST /{provider}` (mounted at `/api/v1/webhooks`): checks in order the provider and its endpoints (404), its
 * signature headers (400, body unread), the body limit (413), then hands the raw bytes and headers to the domain,
 * whose code picks the status.
 */
export function registerWebhookRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: { webhooks: WebhookProcessor; auth: TokenVerifier; bodyLimitBytes: number; clock: () => Date },
): void {
  foreignComponent(app.openAPIRegistry, 'StandardWebhookPayload', standardWebhookPayloadSchema, 'input');
  app.openAPIRegistry.registerPath(deliverRoute);
  app.post('/:provider', async (c) => {
    const provider = c.req.param('provider');
    const headers = requestHeaders(c);
    // The provider (404), its endpoints (404) and its signature headers (400) are checked before the
    // body is read: a delivery that can never verify costs no body read.
    const refused = deps.webhooks.precheck(provider, headers);
    if (refused !== undefined) {
      // An unknown provider is not counted: callers must not create label values.
      if (refused.code !== 'webhook.unknown_provider') recordWebhookDelivery(c, provider, refused.code);
      return refuse(c, refused.message, WEBHOOK_HTTP_STATUS[refused.code]);
    }
    // The signature covers the exact bytes, so the body stays bytes (a leading byte-order mark and
    // invalid UTF-8 included); the domain decodes it only after verification.
    const declared = requestHeader(c, 'content-length')?.trim();
    const body = declared !== undefined && /^\d+$/.test(declared) && Number(declared) > deps.bodyLimitBytes ? undefined : await readBody(c, deps.bodyLimitBytes);
    if (body === undefined || !body.ok) {
      recordWebhookDelivery(c, provider, 'webhook.malformed');
      return refuse(c, `body over ${deps.bodyLimitBytes} bytes (BILLING_BODY_LIMIT_BYTES)`, 413);
    }
    const { keysUnavailable, principal, unauthenticated } = await optionalBearer(
      deps.auth,
      requestHeader(c, 'authorization'),
      requestHeader(c, 'x-organization-id'),
    );
    const result = await deps.webhooks.handle({ provider, headers, rawBody: body.bytes, principal, unauthenticated, now: deps.clock() });
    // When the token could not be checked (JWKS down), a refusal that a good token would have
    // avoided is our outage, not the sender's fault: 503 so the provider retries.
    if (keysUnavailable && TOKEN_DEPENDENT.has(result.code)) {
      recordWebhookDelivery(c, provider, 'webhook.unauthenticated');
      c.header('Retry-After', String(KEYS_RETRY_AFTER_SECONDS));
      requestScope(c).log.warn({ code: result.code }, 'webhook bearer token not checked: keys unavailable');
      return refuse(c, 'the bearer token could not be verified right now (key set unavailable); retry later', 503);
    }
    const status = WEBHOOK_HTTP_STATUS[result.code];
    recordWebhookDelivery(c, provider, result.code);
    if (status === 401) c.header('WWW-Authenticate', 'Bearer');
    if (status >= 500) requestScope(c).log.warn({ code: result.code, eventId: result.eventId }, 'webhook not processed');
    const message = webhookAuthMessage(result.code, provider, unauthenticated) ?? result.message;
    return answer(c, { success: result.success, eventId: result.eventId, message }, status);
  });
}
