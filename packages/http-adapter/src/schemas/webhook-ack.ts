import { PROVIDERS, WEBHOOK_PROVIDERS } from '@billing/billing-domain';
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

/** The headers a delivery may carry (each provider's, from the registry); which ones count depends on the provider. */
export const webhookHeadersSchema = z.object({
  ...Object.fromEntries(PROVIDERS.flatMap((provider) => WEBHOOK_PROVIDERS[provider].deliveryHeaders.map((h) => [h.name, optionalHeader(h.description)]))),
  'X-Organization-ID': optionalHeader('Narrows a bearer token to one organization.'),
});
