import type { BillingEvent, NormalizedAddonItem } from '../domain/billing-event.js';

// NOTE: a payload read from the database holds RFC 3339 strings; one not yet written holds the
// event's own Date objects (see encodeEvent). Both revive to the same instant.
const date = (value: unknown): Date => (value instanceof Date ? new Date(value.getTime()) : new Date(String(value)));
const dateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : date(value));

/**
 * An add-on line as stored. NOTE: events stored before the resource carried addonId,
 * addonPriceId and addonName hold `displayName` and no ids; they read as items that sent none.
 */
function decodeItem(raw: NormalizedAddonItem & { displayName?: string }): NormalizedAddonItem {
  const { displayName, currentPeriodStart, currentPeriodEnd, ...item } = raw;
  return {
    ...item,
    addonId: item.addonId ?? '',
    addonPriceId: item.addonPriceId ?? '',
    addonName: item.addonName ?? displayName ?? '',
    ...(currentPeriodStart === undefined ? {} : { currentPeriodStart: dateOrNull(currentPeriodStart) }),
    ...(currentPeriodEnd === undefined ? {} : { currentPeriodEnd: dateOrNull(currentPeriodEnd) }),
  };
}

/**
 * The normalized event as `webhook_events.payload`: the event itself, which the store writes as
 * JSON once, with the rest of its record (its dates become RFC 3339 strings there).
 * NOTE: no copy through JSON here: the record is serialized when its group is claimed, and a
 * round trip before that would serialize every delivery's event twice and parse it once for
 * nothing; decodeEvent reads either form.
 * @example JSON.parse(JSON.stringify(encodeEvent(event))).occurredAt // '2024-01-01T00:00:00.000Z'
 */
export function encodeEvent(event: BillingEvent): Record<string, unknown> {
  return event as unknown as Record<string, unknown>;
}

/**
 * The inverse of encodeEvent: revives the dates of a stored payload.
 * @example decodeEvent(encodeEvent(event)) // deep-equals event
 */
export function decodeEvent(payload: unknown): BillingEvent {
  const raw = payload as BillingEvent;
  const envelope = { ...raw, occurredAt: date(raw.occurredAt) };
  switch (raw.kind) {
    case 'subscription.upserted':
      return {
        ...envelope,
        kind: raw.kind,
        subscription: {
          ...raw.subscription,
          currentPeriodStart: dateOrNull(raw.subscription.currentPeriodStart),
          currentPeriodEnd: dateOrNull(raw.subscription.currentPeriodEnd),
          canceledAt: dateOrNull(raw.subscription.canceledAt),
          addons: raw.subscription.addons.map(decodeItem),
        },
      };
    case 'subscription.canceled':
      return { ...envelope, kind: raw.kind, canceledAt: date(raw.canceledAt) };
    case 'payment.succeeded':
    case 'payment.failed':
    case 'ignored':
      return { ...envelope, kind: raw.kind } as BillingEvent;
    default: {
      const unreachable: never = raw;
      throw new Error(`unknown stored event ${JSON.stringify(unreachable)}`);
    }
  }
}
