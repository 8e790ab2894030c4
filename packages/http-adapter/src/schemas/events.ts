import { EVENT_TYPES, type EventDelivery, type EventDestination, type OutboundEvent } from '@billing/billing-domain';
import { z } from '@hono/zod-openapi';
import { addonSubscriptionSchema } from './addon-subscription.js';

const dateTime = z.string().openapi({ format: 'date-time', example: '2025-01-01T00:00:00.000Z' });
const eventType = z.enum(EVENT_TYPES as unknown as readonly [OutboundEvent['type'], ...OutboundEvent['type'][]]);

/** An event destination as answered (never its secret). */
export const eventDestinationSchema = z
  .object({
    id: z.string().openapi({ example: 'evd_6f1c2b0e9a7d4c3b8e5f0a1b2c3d4e5f' }),
    url: z.string().openapi({ example: 'https://vm.example.com/billing-events' }),
    eventTypes: z.array(eventType),
    description: z.string(),
    disabled: z.boolean(),
    disabledReason: z.string().nullable().openapi({ description: 'Why it is disabled (a 410 Gone, failing too long, a request); null when enabled.' }),
    createTime: dateTime,
    updateTime: dateTime,
  })
  .openapi('EventDestination');

const secretSchema = z.string().openapi({
  description: '`whsec_` + base64 of 32 random bytes: the Standard Webhooks signing secret. Shown only when made.',
  example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwMfKQ9r8GKYo=',
});

export const createEventDestinationBodySchema = z
  .object({
    url: z.string().openapi({ description: 'https (http only where allowed); at most 2,048 characters; no private network address.' }),
    eventTypes: z.array(z.string()).max(EVENT_TYPES.length).optional().openapi({
      description: `Known types only, no repeats; default every type but ping (${EVENT_TYPES.join(', ')}).`,
    }),
    description: z.string().optional(),
  })
  .strict()
  .openapi('CreateEventDestinationRequest');

export const updateEventDestinationBodySchema = z
  .object({
    url: z.string().optional(),
    eventTypes: z.array(z.string()).max(EVENT_TYPES.length).optional(),
    description: z.string().optional(),
    disabled: z.boolean().optional().openapi({ description: 'false enables it again: its pending deliveries resume.' }),
  })
  .strict()
  .openapi('UpdateEventDestinationRequest');

export const createEventDestinationResponseSchema = z
  .object({ eventDestination: eventDestinationSchema, secret: secretSchema })
  .openapi('CreateEventDestinationResponse');

export const rotateSecretResponseSchema = z.object({ secret: secretSchema }).openapi('RotateEventDestinationSecretResponse');

export const listEventDestinationsResponseSchema = z
  .object({ eventDestinations: z.array(eventDestinationSchema), nextPageToken: z.string() })
  .openapi('ListEventDestinationsResponse');

const attributesSchema = addonSubscriptionSchema.omit({ timestamps: true }).partial();

const addonEventDataSchema = z
  .object({
    addonSubscription: addonSubscriptionSchema.openapi({ description: 'The resource after the change, exactly as GET returns it.' }),
    previousAttributes: attributesSchema.optional().openapi({ description: 'The previous values of the fields that changed (updated and canceled only).' }),
  })
  .openapi('AddonSubscriptionEventData');

const pingDataSchema = z.object({ eventDestinationId: z.string() }).openapi('PingEventData');

const envelope = (type: z.ZodType, data: z.ZodType) =>
  z.object({
    id: z.string().openapi({ description: 'evt_...: the webhook-id of every request carrying this event.', example: 'evt_5b0e9a7d4c3b8e5f0a1b2c3d4e5f6f1c' }),
    type,
    timestamp: dateTime.openapi({ description: 'When the change committed.' }),
    organizationId: z.string(),
    sequence: z.number().int().openapi({ description: 'Strictly increasing per organization in commit order.' }),
    data,
  });

/** The event of each type, as a destination receives it (the OpenAPI `webhooks`). */
export const eventPayloadSchemas = {
  'addon_subscription.created': envelope(z.literal('addon_subscription.created'), addonEventDataSchema).openapi('AddonSubscriptionCreatedEvent'),
  'addon_subscription.updated': envelope(z.literal('addon_subscription.updated'), addonEventDataSchema).openapi('AddonSubscriptionUpdatedEvent'),
  'addon_subscription.canceled': envelope(z.literal('addon_subscription.canceled'), addonEventDataSchema).openapi('AddonSubscriptionCanceledEvent'),
  ping: envelope(z.literal('ping'), pingDataSchema).openapi('PingEvent'),
} as const;

export const eventSchema = envelope(eventType, z.union([addonEventDataSchema, pingDataSchema])).openapi('Event');

export const listEventsResponseSchema = z.object({ events: z.array(eventSchema), nextPageToken: z.string() }).openapi('ListEventsResponse');

export const deliverySchema = z
  .object({
    eventDestinationId: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed', 'canceled']),
    attempts: z.array(
      z.object({
        time: dateTime,
        httpStatus: z.number().int().nullable(),
        error: z.string().nullable(),
        durationMs: z.number().int(),
        response: z.string().openapi({ description: 'The first 1 KiB of the answer.' }),
      }),
    ),
    nextAttemptTime: dateTime.nullable(),
  })
  .openapi('EventDelivery');

export const listDeliveriesResponseSchema = z.object({ deliveries: z.array(deliverySchema) }).openapi('ListEventDeliveriesResponse');
export const pingResponseSchema = z.object({ event: eventSchema, delivery: deliverySchema }).openapi('PingEventDestinationResponse');
export const resendBodySchema = z.object({ eventDestinationId: z.string().optional() }).strict().openapi('ResendEventRequest');

export const listEventsQuerySchema = z.object({
  type: eventType.optional(),
  addonSubscriptionId: z.string().optional(),
  pageSize: z.string().optional().openapi({ type: 'integer', description: 'Default 50; above 1000 means 1000.' }),
  pageToken: z.string().optional().openapi({ description: 'nextPageToken of the previous page, for the same organization and filter.' }),
});

export const pageQuerySchema = z.object({
  pageSize: z.string().optional().openapi({ type: 'integer', description: 'Default 50; above 1000 means 1000.' }),
  pageToken: z.string().optional(),
});

export const destinationIdParamsSchema = z.object({
  eventDestinationId: z.string().openapi({ param: { name: 'eventDestinationId', in: 'path' } }),
});
export const eventIdParamsSchema = z.object({ eventId: z.string().openapi({ param: { name: 'eventId', in: 'path' } }) });

// NOTE: compile-time proof that the schemas answer exactly the domain's types.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const proofs: [Same<z.infer<typeof eventDestinationSchema>, EventDestination>, Same<z.infer<typeof deliverySchema>, EventDelivery>] = [true, true];
void proofs;
