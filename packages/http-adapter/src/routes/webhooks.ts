import { PROVIDERS, standardWebhookPayloadSchema, type WebhookProcessor } from '@billing/billing-domain';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { optionalBearer } from '../auth/require-auth.js';
import type { TokenVerifier } from '../auth/token-verifier.js';
import { WEBHOOK_HTTP_STATUS } from '../errors/status-table.js';
import type { AppEnv } from '../http/context.js';
import { recordWebhookDelivery } from '../metrics/webhook-outcome.js';
import { foreignComponent } from './foreign-schema.js';
import { webhookAckSchema, webhookHeadersSchema, webhookParamsSchema, type WebhookAckBody } from '../schemas/webhook-ack.js';

const ack = (description: string) => ({ description, content: { 'application/json': { schema: webhookAckSchema } } });

const deliverRoute = createRoute({
  method: 'post',
  path: '/api/v1/webhooks/{provider}',
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
    body: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/StandardWebhookPayload' } } } },
  },
  responses: {
    200: ack('Applied, duplicate, ignored, or stored for later'),
    400: ack('Bad or missing signature, stale timestamp, or malformed body; nothing stored'),
    401: ack('The endpoint requires a bearer token and none valid came'),
    403: ack('The bearer token may not act for the organization of any endpoint of the provider'),
    404: ack('Unknown provider, or no endpoint configured for it'),
    413: ack('Body over the limit'),
    500: ack('Internal error; retry'),
    503: ack('Storage unavailable; nothing applied, retry'),
  },
});

const answer = (c: Context, body: WebhookAckBody, status: ContentfulStatusCode) => c.json(body, status);
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
const isProvider = (name: string) => (PROVIDERS as readonly string[]).includes(name);

/** `POST /api/v1/webhooks/{provider}`: raw body and headers to the domain; its code picks the status. */
export function registerWebhookRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: { webhooks: WebhookProcessor; auth: TokenVerifier; bodyLimitBytes: number; clock: () => Date },
): void {
  foreignComponent(app.openAPIRegistry, 'StandardWebhookPayload', standardWebhookPayloadSchema, 'input');
  app.openAPIRegistry.registerPath(deliverRoute);
  app.post(
    '/api/v1/webhooks/:provider',
    async (c, next) => {
      const provider = c.req.param('provider');
      if (isProvider(provider)) return next();
      const message = `unknown provider "${provider.slice(0, 64)}"; supported: ${PROVIDERS.join(', ')}`;
      return answer(c, { success: false, eventId: '', message }, 404);
    },
    bodyLimit({
      maxSize: deps.bodyLimitBytes,
      onError: (c) => answer(c, { success: false, eventId: '', message: `body over ${deps.bodyLimitBytes} bytes` }, 413),
    }),
    async (c) => {
      // NOTE: the signature covers the exact bytes, so the body is read before anything parses it,
      // and decoded keeping a leading byte-order mark (`c.req.text()` would drop it).
      const rawBody = utf8.decode(await c.req.arrayBuffer());
      const bearer = await optionalBearer(deps.auth, c.req.header('authorization'), c.req.header('x-organization-id'));
      const headers: Record<string, string> = {};
      c.req.raw.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      const result = await deps.webhooks.handle({ provider: c.req.param('provider'), headers, rawBody, ...bearer, now: deps.clock() });
      const status = WEBHOOK_HTTP_STATUS[result.code];
      recordWebhookDelivery(c, c.req.param('provider'), result.code);
      if (status === 401) c.header('WWW-Authenticate', 'Bearer');
      if (status >= 500) c.var.log.warn({ code: result.code, eventId: result.eventId }, 'webhook not processed');
      return answer(c, { success: result.success, eventId: result.eventId, message: result.message }, status);
    },
  );
}

