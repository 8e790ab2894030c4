import type { z } from 'zod';
import type { BillingEvent, EventEnvelope, NormalizedAddonItem } from '../domain/billing-event.js';
import type { NormalizeInput, NormalizeResult } from './normalize-result.js';
import { formatFieldPath } from './field-path.js';
import { ignoredEvent } from './normalized-event.js';
import { parseJsonObject } from './read-json.js';
import {
  STANDARD_EVENT_TYPES, type StandardWebhookPayload, standardEnvelopeSchema, standardItemSchema,
  standardWebhookPayloadSchema,
} from './standard-schema.js';
import { mapProviderStatus } from './status.js';
import { standardHeader } from './verify-standard.js';

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${formatFieldPath(issue.path, 'body')}: ${issue.message}`).join('; ');
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

function standardEvent(envelope: EventEnvelope, payload: StandardWebhookPayload): BillingEvent {
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
  const head = standardEnvelopeSchema.safeParse(body);
  if (!head.success) return { ok: false, message: `invalid payload: ${describeIssues(head.error)}`, eventId };
  const envelope: EventEnvelope = {
    provider: 'standard',
    eventId,
    eventType: head.data.type,
    occurredAt: new Date(head.data.timestamp),
    subscriptionExternalId: '',
  };
  if (!STANDARD_EVENT_TYPES.includes(head.data.type)) return { ok: true, event: ignoredEvent(envelope) };
  const full = standardWebhookPayloadSchema.safeParse(body);
  if (!full.success) return { ok: false, message: `invalid payload: ${describeIssues(full.error)}`, eventId };
  return { ok: true, event: standardEvent(envelope, full.data) };
}
