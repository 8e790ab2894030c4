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
} from './event-types.js';
export type {
  AttemptOutcome,
  DestinationCursor,
  DestinationRecord,
  EventListQuery,
  EventOutbox,
  LeaseRequest,
  LeasedDelivery,
} from './event-ports.js';
