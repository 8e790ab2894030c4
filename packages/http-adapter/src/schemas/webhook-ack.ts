import { PROVIDERS } from '@billing/billing-domain';
import { z } from '@hono/zod-openapi';

/** The acknowledgement every webhook delivery gets. */
export const webhookAckSchema = z
  .object({
    success: z.boolean(),
    eventId: z.string().openapi({ description: "The provider's event id; '' when not known." }),
    message: z.string(),
  })
  .openapi('WebhookAck');

export type WebhookAckBody = z.infer<typeof webhookAckSchema>;

export const webhookParamsSchema = z.object({
  provider: z.enum(PROVIDERS as readonly [string, ...string[]]).openapi({ param: { name: 'provider', in: 'path' } }),
});

const optionalHeader = (description: string) => z.string().optional().openapi({ description });

/** The headers a delivery may carry; which ones count depends on the provider. */
export const webhookHeadersSchema = z.object({
  'Stripe-Signature': optionalHeader('stripe: `t=<unix>,v1=<hex>` (several v1 allowed).'),
  'Paddle-Signature': optionalHeader('paddle: `ts=<unix>;h1=<hex>` (several h1 allowed).'),
  'webhook-id': optionalHeader('standard: the event id (idempotency key).'),
  'webhook-timestamp': optionalHeader('standard: unix seconds.'),
  'webhook-signature': optionalHeader('standard: `v1,<base64>` (space-separated list).'),
  'X-Organization-ID': optionalHeader('Narrows a bearer token to one organization.'),
});
