import type { z } from 'zod';
import type { BillingEvent, EventEnvelope, NormalizedAddonItem } from '../../../domain/billing-event.js';
import { formatFieldPath } from '../../field-path.js';
import type { NormalizeInput, NormalizeResult } from '../../normalize-result.js';
import { parseJsonObject, readEvent } from '../../read-event.js';
import { mapProviderStatus } from '../../status.js';
import {
  STANDARD_EVENT_TYPES, type StandardWebhookPayload, standardEnvelopeSchema, standardItemSchema,
  standardWebhookPayloadSchema,
} from './schema.js';
import { standardHeader } from './verify.js';

/** Every violation of the body, each at its path (the body itself is `body`). */
function refuse(eventId: string, error: z.ZodError): NormalizeResult {
  const issues = error.issues.map((issue) => `${formatFieldPath(issue.path, 'body')}: ${issue.message}`).join('; ');
  return { ok: false, message: `invalid payload: ${issues}`, eventId };
}

function addonItem(item: z.infer<typeof standardItemSchema>): NormalizedAddonItem | undefined {
  if (item.addonCode === undefined || item.addonCode === null) return undefined;
  return {
    externalId: item.id,
    addonCode: item.addonCode,
    addonId: item.addonId ?? '',
    addonPriceId: item.addonPriceId ?? '',
    // NOTE: `name` is the field's earlier spelling, still accepted.
    addonName: item.addonName ?? item.name ?? item.addonCode,
    addonType: item.addonType ?? 'ADDON_TYPE_RECURRING',
    pricingModel: item.pricingModel ?? 'PRICING_MODEL_PER_UNIT',
    quantity: item.quantity,
    // NOTE: standard amounts are already major units; kept exactly as sent.
    unitAmount: item.unitAmount,
    currency: item.currency.toUpperCase(),
    metadata: item.metadata ?? {},
  };
}

const toDate = (value: string | null | undefined): Date | null => (value ? new Date(value) : null);

function standardEvent(payload: StandardWebhookPayload, envelope: EventEnvelope): BillingEvent {
  const subscriptionExternalId = payload.data.subscriptionId;
  switch (payload.type) {
    case 'subscription.updated': {
      const { data } = payload;
      const addonStatus = mapProviderStatus(data.status) ?? 'ADDON_STATUS_PENDING';
      const addons = data.items.flatMap((item) => addonItem(item) ?? []);
      return {
        ...envelope,
        subscriptionExternalId,
        kind: 'subscription.upserted',
        subscription: {
          name: data.name ?? data.subscriptionId,
          providerStatus: data.status,
          addonStatus,
          cancelAtPeriodEnd: data.cancelAtPeriodEnd,
          currentPeriodStart: toDate(data.currentPeriodStart),
          currentPeriodEnd: toDate(data.currentPeriodEnd),
          canceledAt: null,
          addons,
        },
      };
    }
    case 'subscription.canceled':
      return { ...envelope, subscriptionExternalId, kind: 'subscription.canceled', canceledAt: new Date(payload.data.canceledAt) };
    case 'payment.succeeded':
    case 'payment.failed':
      return { ...envelope, subscriptionExternalId, kind: payload.type, amount: payload.data.amount, currency: payload.data.currency.toUpperCase() };
    default: {
      const unreachable: never = payload;
      throw new Error(`unhandled standard event ${JSON.stringify(unreachable)}`);
    }
  }
}

/**
 * Normalizes a `standard` delivery: the event id is the `webhook-id` header, the body is
 * `{ type, timestamp, data }` validated by `standardWebhookPayloadSchema`.
 * @example normalizeStandardEvent({ headers: { 'webhook-id': 'msg_1' }, rawBody }) // { ok: true, event: { kind: 'payment.failed', ... } }
 */
export function normalizeStandardEvent(input: NormalizeInput): NormalizeResult {
  const eventId = standardHeader(input.headers, 'id') ?? '';
  if (eventId === '') return { ok: false, message: 'webhook-id header is required', eventId };
  const body = parseJsonObject(input.rawBody);
  if (body === undefined) return { ok: false, message: 'body is not a JSON object', eventId };
  return readEvent(body, eventId, {
    provider: 'standard', envelope: standardEnvelopeSchema, handled: STANDARD_EVENT_TYPES, event: standardWebhookPayloadSchema, refuse, normalize: standardEvent,
  });
}
