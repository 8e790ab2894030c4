export { createBillingClient } from './client.js';
export { BillingApiError, isBillingApiError } from './errors.js';
export { paginate } from './pages.js';
export { DEFAULT_RETRY_POLICY, RETRIED_STATUSES, RETRY_POLICY_LIMITS } from './retry.js';
export type { BillingClient, BillingClientOptions, CallOptions } from './client.js';
export type { BillingApiErrorInit } from './errors.js';
export type { paths, components, operations } from './generated/api.js';
export type { Page } from './pages.js';
export type { RetryPolicy } from './retry.js';
export type {
  AddonSubscription,
  AddonSubscriptionPage,
  BillingEvent,
  BillingEventType,
  CanonicalStatus,
  CreatedEventDestination,
  CreateEventDestinationRequest,
  EventDelivery,
  EventDestination,
  EventDestinationPage,
  EventPage,
  ListEventsQuery,
  PageQuery,
  PingResult,
  UpdateEventDestinationRequest,
  ErrorBody,
  ErrorDetail,
  FieldViolation,
  ListAddonSubscriptionsQuery,
  PlanRequest,
  PlanResult,
} from './types.js';
export { EventVerificationError, verifyEvent } from './events.js';
export type { ReceivedHeaders } from './events.js';
