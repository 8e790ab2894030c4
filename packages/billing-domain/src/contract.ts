/**
 * The public contract of billing-domain: the resource, the outcomes, the event union and the
 * service interfaces the HTTP adapter calls. Types only; implementations live beside them.
 */

import type { FieldViolation } from '@billing/pricing-core';

export type { FieldViolation };

/** Lifecycle of an add-on as billing sees it. */
export type AddonStatus =
  | 'ADDON_STATUS_PENDING'
  | 'ADDON_STATUS_ACTIVE'
  | 'ADDON_STATUS_PAST_DUE'
  | 'ADDON_STATUS_CANCELED';

/** The record's own status: ACTIVE while the add-on has not ended, INACTIVE once CANCELED. */
export type RecordStatus = 'STATUS_ACTIVE' | 'STATUS_INACTIVE';

export type AddonType = 'ADDON_TYPE_RECURRING' | 'ADDON_TYPE_USAGE' | 'ADDON_TYPE_ONE_TIME';

export type AddonPricingModel =
  | 'PRICING_MODEL_FLAT'
  | 'PRICING_MODEL_PER_UNIT'
  | 'PRICING_MODEL_PACKAGE'
  | 'PRICING_MODEL_TIERED'
  | 'PRICING_MODEL_FORMULA';

export type ProviderName = 'stripe' | 'paddle' | 'standard';
export const PROVIDERS: readonly ProviderName[] = ['stripe', 'paddle', 'standard'];

/** When an add-on subscription record was made and last changed (RFC 3339). */
export interface AddonSubscriptionTimestamps {
  /** Set once, when the record is made; never changes. */
  createTime: string;
  /** Changes with every change of the record (webhook, `:cancel`, `:undo-cancel`). */
  updateTime: string;
}

/**
 * An add-on subscribed to a VM subscription: the interface's fields in the interface's order,
 * then our extra fields. Every field is present in responses.
 */
export interface AddonSubscription {
  /** Our id (opaque string). */
  id: string;
  /** Units subscribed (an integer >= 0). */
  quantity: number;
  /** Start of the current period (RFC 3339) or null. */
  startDate: string | null;
  /** End of the current period; when a scheduled cancellation takes effect. */
  endDate: string | null;
  addonStatus: AddonStatus;
  /** True when the add-on is scheduled to end at `endDate`. */
  cancelAtPeriodEnd: boolean;
  /** When cancellation was requested (scheduled or immediate), or null. */
  canceledAt: string | null;
  /**
   * The provider's id of the add-on: Stripe item id, standard item id; for Paddle, whose items
   * carry no id, the add-on code (an add-on is one per subscription and code).
   */
  externalId: string;
  /** Our id of the parent VM subscription. */
  subscriptionId: string;
  /** The provider's product of the add-on (Stripe `price.product`, Paddle `product_id`), else the add-on code. */
  addonId: string;
  /** The provider's price id of the add-on; '' when the provider sent none. */
  addonPriceId: string;
  /** The parent subscription's name. */
  subscriptionName: string;
  /** The price's or product's name from the provider, else the add-on code. */
  addonName: string;
  /** The catalogue code of the add-on (`addon_code` / `addonCode`). */
  addonCode: string;
  /** Price of one unit in major units, a decimal string ("1.20"). */
  unitAmount: string;
  /** ISO 4217, upper-case. */
  currency: string;
  pricingModel: AddonPricingModel;
  addonType: AddonType;
  /** Free-form string metadata; `{}` when none. */
  metadata: Record<string, string>;
  status: RecordStatus;
  timestamps: AddonSubscriptionTimestamps;
  /** Resource name: `addonSubscriptions/{id}`. */
  name: string;
  /** Owning organization; every query is scoped by it. */
  organizationId: string;
  /** The provider whose events drive this add-on. */
  provider: ProviderName;
}

/** Codes of expected outcomes. The HTTP adapter owns the one table from codes to statuses. */
export type DomainErrorCode =
  | 'addon.not_found'
  | 'addon.ended'
  | 'addon.parent_cancelling'
  | 'addon.already_canceled'
  | 'request.invalid_argument'
  | 'request.invalid_page_token'
  | 'storage.unavailable'
  | 'concurrency.aborted'
  | 'event_destination.not_found'
  | 'event_destination.limit_reached'
  | 'event_destination.disabled'
  | 'event.not_found';

export interface DomainError {
  code: DomainErrorCode;
  /** A sentence for people. */
  message: string;
  /** The fields the error is about, AIP-193's shape (the one violation shape of every package). */
  fieldViolations?: FieldViolation[];
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: DomainError };

export interface ListAddonSubscriptionsQuery {
  /** Our id of the parent subscription; all of the organization's add-ons when absent. */
  subscriptionId?: string;
  /** The provider's id of the parent subscription; alone or with `subscriptionId` (both must hold). */
  externalSubscriptionId?: string;
  /** 1..1000 (the HTTP layer applies the default 50 and the cap). */
  pageSize: number;
  /** `nextPageToken` of an earlier page of the same organization and filter (any pageSize). */
  pageToken?: string;
}

export interface AddonSubscriptionPage {
  /** Newest first. */
  addonSubscriptions: AddonSubscription[];
  /** '' when there is no further page. */
  nextPageToken: string;
}

/** Operations on add-ons, always scoped by organization. `now` is passed in. */
export interface AddonSubscriptionService {
  get(organizationId: string, id: string): Promise<Outcome<AddonSubscription>>;
  list(organizationId: string, query: ListAddonSubscriptionsQuery): Promise<Outcome<AddonSubscriptionPage>>;
  cancel(organizationId: string, id: string, now: Date): Promise<Outcome<AddonSubscription>>;
  undoCancel(organizationId: string, id: string, now: Date): Promise<Outcome<AddonSubscription>>;
}

/** An authenticated caller of a webhook endpoint. */
export interface WebhookPrincipal {
  /** The organizations the caller may act for, already narrowed to the one it said it acts for. */
  organizationIds: readonly string[];
}

/**
 * Why a delivery has no principal, so the domain can tell 401 from 400: no credentials came,
 * credentials came that did not verify, or valid credentials came without naming the
 * organization they act for (they do not count then).
 */
export type UnauthenticatedReason = 'no_credentials' | 'invalid_credentials' | 'no_organization';

/** A webhook delivery as the HTTP adapter received it. */
export interface WebhookDelivery {
  /** The path segment, unchecked (`stripe`, `paddle`, `standard`, or anything a caller sent). */
  provider: string;
  /** Request headers with lower-case names. */
  headers: Readonly<Record<string, string | undefined>>;
  /** The body's bytes exactly as received; signatures cover these bytes, never decoded text. */
  rawBody: Uint8Array;
  /** Who sent it, as the HTTP adapter authenticated it; null when no one was authenticated. */
  principal: WebhookPrincipal | null;
  /** Why `principal` is null (`no_credentials` when absent); ignored when there is a principal. */
  unauthenticated?: UnauthenticatedReason;
  now: Date;
}

export type WebhookOutcomeCode =
  | 'webhook.applied'
  | 'webhook.duplicate'
  | 'webhook.ignored'
  | 'webhook.stored'
  | 'webhook.unknown_provider'
  | 'webhook.not_configured'
  | 'webhook.unauthenticated'
  | 'webhook.permission_denied'
  | 'webhook.missing_organization'
  | 'webhook.invalid_signature'
  | 'webhook.malformed'
  | 'storage.unavailable';

/** The acknowledgement; the HTTP adapter maps `code` to the status. */
export interface WebhookAck {
  code: WebhookOutcomeCode;
  success: boolean;
  /** The provider's event id, '' when not known. */
  eventId: string;
  message: string;
}

export interface WebhookProcessor {
  /**
   * What can be refused before the body is read: an unknown provider, a provider with no
   * endpoint configured, missing signature headers. `undefined` when the delivery may go on.
   */
  precheck(provider: string, headers: Readonly<Record<string, string | undefined>>): WebhookAck | undefined;
  handle(delivery: WebhookDelivery): Promise<WebhookAck>;
}

/** One configured webhook endpoint (`BILLING_CONFIG`). */
export interface WebhookEndpointConfig {
  provider: ProviderName;
  organizationId: string;
  /** Any one that verifies is accepted (rotation). */
  secrets: string[];
  /** Default true. */
  requireBearer: boolean;
  /** Default 300. */
  toleranceSeconds: number;
}

export interface BillingConfig {
  webhookEndpoints: WebhookEndpointConfig[];
}

/** What `createBillingService` hands the HTTP adapter. */
export interface BillingService {
  addons: AddonSubscriptionService;
  webhooks: WebhookProcessor;
  /** The events API (destinations, events, deliveries); absent when the service was made without it. */
  events?: EventService;
  /** Storage reachable? Never throws. */
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}

/** The event types an add-on change makes. */
export type AddonEventType = 'addon_subscription.created' | 'addon_subscription.updated' | 'addon_subscription.canceled';
/** Every event type, `ping` included. */
export type EventType = AddonEventType | 'ping';

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

/** What a destination is made from (`POST /v1/event-destinations`). */
export interface DestinationInput {
  url: string;
  /** Default: every type but `ping`. */
  eventTypes?: string[];
  description?: string;
}

/** What `PATCH /v1/event-destinations/{id}` may change. */
export interface DestinationPatch {
  url?: string;
  eventTypes?: string[];
  description?: string;
  disabled?: boolean;
}

/** A page of destinations. */
export interface DestinationPage {
  eventDestinations: EventDestination[];
  nextPageToken: string;
}

/** A page of events. */
export interface EventPage {
  events: OutboundEvent[];
  nextPageToken: string;
}

/** The events API (`/v1/event-destinations`, `/v1/events`), scoped by organization. */
export interface EventService {
  createDestination(organizationId: string, input: DestinationInput, now: Date): Promise<Outcome<{ eventDestination: EventDestination; secret: string }>>;
  listDestinations(organizationId: string, query: { pageSize: number; pageToken?: string }): Promise<Outcome<DestinationPage>>;
  getDestination(organizationId: string, id: string): Promise<Outcome<EventDestination>>;
  updateDestination(organizationId: string, id: string, patch: DestinationPatch, now: Date): Promise<Outcome<EventDestination>>;
  deleteDestination(organizationId: string, id: string): Promise<Outcome<null>>;
  rotateSecret(organizationId: string, id: string, now: Date): Promise<Outcome<{ secret: string }>>;
  ping(organizationId: string, id: string, now: Date): Promise<Outcome<{ event: OutboundEvent; delivery: EventDelivery }>>;
  listEvents(
    organizationId: string,
    query: { type?: string; addonSubscriptionId?: string; pageSize: number; pageToken?: string },
  ): Promise<Outcome<EventPage>>;
  getEvent(organizationId: string, id: string): Promise<Outcome<OutboundEvent>>;
  listDeliveries(organizationId: string, eventId: string): Promise<Outcome<{ deliveries: EventDelivery[] }>>;
  resend(organizationId: string, eventId: string, input: { eventDestinationId?: string }, now: Date): Promise<Outcome<null>>;
}
