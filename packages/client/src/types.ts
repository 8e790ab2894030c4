import type { components, operations } from './generated/api.js';

type Schemas = components['schemas'];

/** The body of `POST /v1/plans:calculate`: prices, instances and calculation settings. */
export type PlanRequest = Schemas['PlanRequest'];
/** The priced plan: line items, totals as decimal strings, and `debug` with `view: 'FULL'`. */
export type PlanResult = Schemas['PlanResult'];
/** An add-on of a VM subscription, as the server returns it. */
export type AddonSubscription = Schemas['AddonSubscription'];
/** One page of add-on subscriptions; `nextPageToken` is '' on the last page. */
export type AddonSubscriptionPage = Schemas['ListAddonSubscriptionsResponse'];
/** The filter and page of `GET /v1/addon-subscriptions`. */
export type ListAddonSubscriptionsQuery = NonNullable<operations['listAddonSubscriptions']['parameters']['query']>;
/** The AIP-193 error body every `/v1` endpoint answers with. */
export type ErrorBody = Schemas['Error'];
/** A canonical status of an AIP-193 error (`NOT_FOUND`, `INVALID_ARGUMENT`, ...). */
export type CanonicalStatus = ErrorBody['error']['status'];
/** One invalid field of a request: its path (`planConfig.prices[0].unitAmount`) and why. */
export type FieldViolation = Schemas['FieldViolation'];
/** An entry of an AIP-193 error's `details`. */
export type ErrorDetail = ErrorBody['error']['details'][number];

/** An endpoint of the organization that receives its events (never with its secret). */
export type EventDestination = Schemas['EventDestination'];
/** The body of `eventDestinations.create`. */
export type CreateEventDestinationRequest = Schemas['CreateEventDestinationRequest'];
/** The body of `eventDestinations.update`: any of url, eventTypes, description, disabled. */
export type UpdateEventDestinationRequest = Schemas['UpdateEventDestinationRequest'];
/** A new destination and its signing secret, shown only here (and by rotateSecret). */
export type CreatedEventDestination = Schemas['CreateEventDestinationResponse'];
/** One page of destinations; `nextPageToken` is '' on the last page. */
export type EventDestinationPage = Schemas['ListEventDestinationsResponse'];
/** One destination's delivery of an event, with its attempts, oldest first. */
export type EventDelivery = Schemas['EventDelivery'];
/** The filter and page of `GET /v1/events`. */
export type ListEventsQuery = NonNullable<operations['listEvents']['parameters']['query']>;
/** The page of `GET /v1/event-destinations`. */
export type PageQuery = NonNullable<operations['listEventDestinations']['parameters']['query']>;
/** Every event the service sends, one member per type: switch on `type`. */
export type BillingEvent =
  | Schemas['AddonSubscriptionCreatedEvent']
  | Schemas['AddonSubscriptionUpdatedEvent']
  | Schemas['AddonSubscriptionCanceledEvent']
  | Schemas['PingEvent'];
/** The type names of BillingEvent. */
export type BillingEventType = BillingEvent['type'];
/** One page of events, newest first; `nextPageToken` is '' on the last page. */
export type EventPage = { events: BillingEvent[]; nextPageToken: string };
/** The ping sent by `eventDestinations.ping` and the record of its delivery. */
export type PingResult = { event: BillingEvent; delivery: EventDelivery };
