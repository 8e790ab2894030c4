import type { AddonSubscription } from '../contract.js';

/** The event types an add-on change makes, in the order a destination lists them by default. */
export const ADDON_EVENT_TYPES = ['addon_subscription.created', 'addon_subscription.updated', 'addon_subscription.canceled'] as const;

/** Every event type, `ping` included (made only by `:ping`, sent only to that destination). */
export const EVENT_TYPES = [...ADDON_EVENT_TYPES, 'ping'] as const;

export type AddonEventType = (typeof ADDON_EVENT_TYPES)[number];
export type EventType = (typeof EVENT_TYPES)[number];

/** The fields of an add-on a change can move: every field of the resource but `timestamps`. */
export type AddonAttributes = Omit<AddonSubscription, 'timestamps'>;

/** The data of an add-on event. */
export interface AddonEventData {
  /** The resource after the change, exactly as `GET /v1/addon-subscriptions/{id}` returns it. */
  addonSubscription: AddonSubscription;
  /** The previous values of the fields that changed (updated and canceled only). */
  previousAttributes?: Partial<AddonAttributes>;
}

/** The data of a `ping`. */
export interface PingEventData {
  eventDestinationId: string;
}

/** One event as sent to destinations and as `GET /v1/events/{id}` returns it. */
export interface OutboundEvent {
  /** `evt_` and 32 hex digits; the `webhook-id` of every request that carries it. */
  id: string;
  type: EventType;
  /** When the change committed (RFC 3339). */
  timestamp: string;
  organizationId: string;
  /** Strictly increasing per organization in commit order, without gaps. */
  sequence: number;
  data: AddonEventData | PingEventData;
}

/** An endpoint of the organization's that receives its events (never shows its secret). */
export interface EventDestination {
  id: string;
  url: string;
  eventTypes: EventType[];
  description: string;
  disabled: boolean;
  /** Why it is disabled (by a 410, by failing too long, or by a caller); null when enabled. */
  disabledReason: string | null;
  createTime: string;
  updateTime: string;
}

/** The state of one event's delivery to one destination. */
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';

/** One attempt to deliver. */
export interface DeliveryAttempt {
  /** When the attempt started (RFC 3339). */
  time: string;
  /** The answer's status; null when there was none (see `error`). */
  httpStatus: number | null;
  /** Why there was no answer (timeout, refused address, connection error); null when there was one. */
  error: string | null;
  durationMs: number;
  /** The first 1 KiB of the answer's body, as text. */
  response: string;
}

/** One event's delivery to one destination, as `GET /v1/events/{id}/deliveries` lists it. */
export interface EventDelivery {
  eventDestinationId: string;
  status: DeliveryStatus;
  /** Oldest first. */
  attempts: DeliveryAttempt[];
  /** When the next attempt is due; null unless pending. */
  nextAttemptTime: string | null;
}

/**
 * True when `value` names an event type.
 * @example isEventType('ping') // true
 */
export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}
