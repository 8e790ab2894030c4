export { ADDON_EVENT_TYPES, EVENT_TYPES, isEventType } from './event-types.js';
export type {
  AddonAttributes,
  AddonEventData,
  AddonEventType,
  DeliveryAttempt,
  DeliveryStatus,
  EventDelivery,
  EventDestination,
  EventType,
  OutboundEvent,
  PingEventData,
} from '../contract.js';
export type {
  AttemptOutcome,
  DestinationCursor,
  DestinationRecord,
  EventListQuery,
  EventOutbox,
  LeaseRequest,
  LeasedDelivery,
} from './event-ports.js';
export { createEventService } from './event-service.js';
export type { EventServiceOptions } from './event-service.js';
export type { DestinationInput, DestinationPage, DestinationPatch, EventPage, EventService } from '../contract.js';
export { createDeliverer } from './deliverer.js';
export type { Deliverer, DelivererOptions } from './deliverer.js';
export { httpEventSender, senderAgents, RESPONSE_PREVIEW_BYTES } from './http-sender.js';
export type { EventSender, OutboundRequest, SenderAgents } from './http-sender.js';
export { DEFAULT_DELIVERY_POLICY, nextStep, parseDuration, parseSchedule, retryAfterMs } from './retry-schedule.js';
export type { AttemptResult, DeliveryPolicy } from './retry-schedule.js';
export { signatureOf, webhookHeaders } from './signing.js';
export { checkDestinationUrl, isPrivateAddress, parseDestinationUrl, resolveChecked, systemResolveAll } from './url-guard.js';
export type { ResolveAll, UrlPolicy } from './url-guard.js';
